/**
 * Create or edit a course group (spec/3 §5): name, group key and teacher key, each required and 5-30
 * characters ('The value is required', 'Use 5-30 chars.': the shared rules). An unchanged edit closes
 * without a call (spec/3 §4).
 */
import { useId } from 'react';
import { FormProvider } from 'react-hook-form';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { courseGroupForm, type CourseGroupForm } from '@lectio/shared';
import { FormTextField } from '@/components/form/form-fields';
import { useZodForm } from '@/components/form/use-zod-form';
import { useGroupsCall, type CourseGroup } from '../api/groups';

function CourseGroupFormBody({ courseId, group, onClose }: { courseId: number; group?: CourseGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const initial: CourseGroupForm = { group_name: group?.group_name ?? '', group_key: group?.group_key ?? '', teacher_key: group?.teacher_key ?? '' };
  const form = useZodForm(courseGroupForm, { defaultValues: initial });
  const save = useGroupsCall('editCourseGroup');

  const onSubmit = form.handleSubmit((v) => {
    if (group && v.group_name === initial.group_name && v.group_key === initial.group_key && v.teacher_key === initial.teacher_key) return onClose();
    save.mutate({ ...v, group_id: group?.id ?? 0, course_id: courseId }, { onSuccess: onClose });
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={titleId} data-testid="course-group-form">
        <DialogTitle id={titleId}>{group ? t('groups.form.editTitle') : t('groups.form.newTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField name="group_name" label={t('groups.form.name')} required autoFocus />
            <FormTextField name="group_key" label={t('groups.form.groupKey')} required />
            <FormTextField name="teacher_key" label={t('groups.form.teacherKey')} required />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('groups.actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="course-group-save">
            {t('groups.actions.save')}
          </Button>
        </DialogActions>
      </form>
    </FormProvider>
  );
}

export function CourseGroupFormDialog({ open, courseId, group, onClose }: { open: boolean; courseId: number; group?: CourseGroup; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      {open && <CourseGroupFormBody key={group?.id ?? 0} courseId={courseId} group={group} onClose={onClose} />}
    </Dialog>
  );
}
