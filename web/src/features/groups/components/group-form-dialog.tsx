/**
 * The Groups page's create/edit dialog (spec/3 §5): name at least 5 characters; a private group's
 * group key and teacher key at least 5 (the shared rules, so the texts match the server's). An edit
 * that changes nothing closes without a call (spec/3 §4).
 */
import { useId } from 'react';
import * as z from 'zod';
import { FormProvider, useWatch } from 'react-hook-form';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { checkGroupFields, GROUP_TEXT_MAX } from '@lectio/shared';
import { FormTextField } from '@/components/form/form-fields';
import { useZodForm } from '@/components/form/use-zod-form';
import { useGroupsCall, type MyGroups } from '../api/groups';

const text = z.string().max(GROUP_TEXT_MAX, `At most ${GROUP_TEXT_MAX} characters`);
const groupFormSchema = z
  .object({ name: text, group_key: text, teacher_key: text, isPublic: z.boolean() })
  .superRefine((v, ctx) => checkGroupFields({ ...v, isPrivate: !v.isPublic }, ctx));
type GroupFormValues = z.infer<typeof groupFormSchema>;

export type OwnGroup = MyGroups['my_owns'][number];

const valuesOf = (group?: OwnGroup): GroupFormValues => ({
  name: group?.name ?? '',
  group_key: group?.group_key ?? '',
  teacher_key: group?.teacher_key ?? '',
  isPublic: group?.type === 1,
});

function GroupForm({ group, onClose }: { group?: OwnGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const initial = valuesOf(group);
  const form = useZodForm(groupFormSchema, { defaultValues: initial });
  const add = useGroupsCall('addGroup');
  const change = useGroupsCall('changeGroup');
  const isPublic = useWatch({ control: form.control, name: 'isPublic' });
  const saving = add.isPending || change.isPending;

  const onSubmit = form.handleSubmit((v) => {
    const trimmed = { name: v.name.trim(), group_key: v.group_key.trim(), teacher_key: v.teacher_key.trim() };
    if (!group) {
      add.mutate({ ...trimmed, group_type: v.isPublic ? 1 : 0 }, { onSuccess: onClose });
      return;
    }
    const same = trimmed.name === initial.name && trimmed.group_key === initial.group_key && trimmed.teacher_key === initial.teacher_key && v.isPublic === initial.isPublic;
    if (same) return onClose();
    change.mutate({ id: group.id, ...trimmed, public: v.isPublic ? 1 : 0 }, { onSuccess: onClose });
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={titleId} data-testid="group-form">
        <DialogTitle id={titleId}>{group ? t('groups.form.editTitle') : t('groups.form.newTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField name="name" label={t('groups.form.name')} required autoFocus />
            <FormControlLabel
              control={<Checkbox checked={isPublic} onChange={(e) => form.setValue('isPublic', e.target.checked, { shouldValidate: form.formState.isSubmitted })} />}
              label={t('groups.form.public')}
              data-testid="group-public"
            />
            <FormTextField name="group_key" label={t('groups.form.groupKey')} required={!isPublic} />
            <FormTextField name="teacher_key" label={t('groups.form.teacherKey')} required={!isPublic} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('groups.actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving} data-testid="group-save">
            {t('groups.actions.save')}
          </Button>
        </DialogActions>
      </form>
    </FormProvider>
  );
}

/** `group` undefined: a new group. The form is made fresh each time the dialog opens. */
export function GroupFormDialog({ open, group, onClose }: { open: boolean; group?: OwnGroup; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      {open && <GroupForm key={group?.id ?? 0} group={group} onClose={onClose} />}
    </Dialog>
  );
}
