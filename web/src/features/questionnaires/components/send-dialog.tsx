/**
 * Send a questionnaire to groups and courses (spec/3 §7 POST /send-questionnaire): the groups the
 * server offers with the list, the courses of get-leaders-filter-data. At least one target is needed.
 */
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormGroup, FormHelperText, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { useFeedback } from '@/components/feedback/feedback';
import { useZodForm } from '@/components/form/use-zod-form';
import { useErrorText } from '@/lib/server-error-text';
import { useSendQuestionnaire, useSendTargets } from '../api/questionnaires';

const targetsForm = z.object({ group_list: z.array(z.number()), course_list: z.array(z.number()) });

interface Props {
  questionnaire: { id: number; name: string };
  groups: Array<{ id: number; group_name: string }>;
  onClose: () => void;
}

export function SendDialog({ questionnaire, groups, onClose }: Props) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const errorText = useErrorText();
  const targets = useSendTargets();
  const send = useSendQuestionnaire();
  const schema = targetsForm.refine((v) => v.group_list.length + v.course_list.length > 0, { message: t('questionnaires.send.noTargets'), path: ['group_list'] });
  const { handleSubmit, watch, setValue, formState } = useZodForm(schema, { defaultValues: { group_list: [], course_list: [] } });
  const chosen = { group_list: watch('group_list'), course_list: watch('course_list') };
  const toggle = (field: 'group_list' | 'course_list', id: number) => {
    const list = chosen[field];
    setValue(field, list.includes(id) ? list.filter((x) => x !== id) : [...list, id], { shouldValidate: formState.isSubmitted });
  };
  const onSend = handleSubmit((values) =>
    send.mutate(
      { ...values, questionnaire_id: questionnaire.id },
      {
        onSuccess: () => {
          feedback.show(t('questionnaires.send.sent', { name: questionnaire.name }), 'success');
          onClose();
        },
        onError: (error) => feedback.show(errorText(error)),
      },
    ),
  );
  const list = (field: 'group_list' | 'course_list', title: string, items: Array<{ id: number; name: string }>) => (
    <Stack sx={{ flex: 1, minWidth: 220 }}>
      <Typography variant="subtitle1" component="h3" id={`send-${field}`}>
        {title}
      </Typography>
      <FormGroup role="group" aria-labelledby={`send-${field}`} sx={{ maxHeight: 320, overflowY: 'auto', flexWrap: 'nowrap' }} data-testid={`send-${field}`}>
        {items.map((item) => (
          <FormControlLabel key={item.id} control={<Checkbox checked={chosen[field].includes(item.id)} onChange={() => toggle(field, item.id)} />} label={item.name} />
        ))}
      </FormGroup>
    </Stack>
  );
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="send-title">
      <DialogTitle id="send-title">{t('questionnaires.send.title', { name: questionnaire.name })}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
          {list('group_list', t('questionnaires.send.groups'), groups.map((g) => ({ id: g.id, name: g.group_name })))}
          {list('course_list', t('questionnaires.send.courses'), targets.data?.courses ?? [])}
        </Stack>
        {formState.errors.group_list && (
          <FormHelperText error role="alert">
            {formState.errors.group_list.message}
          </FormHelperText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('questionnaires.cancel')}</Button>
        <Button variant="contained" onClick={() => void onSend()} disabled={send.isPending} data-testid="send-confirm">
          {t('questionnaires.send.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
