/**
 * The editor's form of one element (spec/3 §3 content fields): description (rich text, sanitised
 * again on the server), choices one per line (types 2-5), the 'other' label (4, 5), the Likert
 * scale's first and last labels (7, 8). react-hook-form + zod via useZodForm.
 */
import { Controller } from 'react-hook-form';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormHelperText, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { CHOICE_TYPES, LIKERT_POINTS, OTHER_TYPES, choicesOf, questionnaireLimits as limits } from '@lectio/shared/api/questionnaires';
import { languageById } from '@lectio/shared';
import { RichTextField } from '@/components/editing/rich-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { readContent } from '../lib/content';

export interface ElementDraft {
  id: number;
  qType: number;
  content: string;
}

interface Props {
  draft: ElementDraft;
  langId: number;
  saving: boolean;
  onSave: (content: string) => void;
  onClose: () => void;
}

export function ElementForm({ draft, langId, saving, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const hasChoices = CHOICE_TYPES.includes(draft.qType);
  const schema = z
    .object({
      description: z.string().max(limits.descriptionChars, t('questionnaires.editor.tooLong')),
      choices: z.string().max(limits.choices * (limits.choiceChars + 1), t('questionnaires.editor.tooLong')),
      other_descr: z.string().max(limits.shortChars, t('questionnaires.editor.tooLong')),
      desc_first: z.string().max(limits.shortChars, t('questionnaires.editor.tooLong')),
      desc_last: z.string().max(limits.shortChars, t('questionnaires.editor.tooLong')),
    })
    .refine((v) => !hasChoices || choicesOf(v).length > 0, { message: t('questionnaires.editor.noChoices'), path: ['choices'] })
    .refine((v) => choicesOf(v).length <= limits.choices, { message: t('questionnaires.editor.tooManyChoices', { max: limits.choices }), path: ['choices'] });
  const initial = readContent(draft.content);
  const { control, register, handleSubmit, formState } = useZodForm(schema, {
    defaultValues: { description: initial.description, choices: initial.choices, other_descr: initial.other_descr, desc_first: initial.desc_first, desc_last: initial.desc_last },
  });
  const errors = formState.errors;
  const submit = handleSubmit((values) => onSave(JSON.stringify(values)));
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="element-form-title">
      <DialogTitle id="element-form-title">
        {t(draft.id ? 'questionnaires.editor.editElement' : 'questionnaires.editor.newElement', { type: t(`questionnaires.types.${draft.qType}` as 'questionnaires.types.0') })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="element-form">
          <Controller
            control={control}
            name="description"
            render={({ field }) => (
              <RichTextField label={t('questionnaires.editor.description')} value={field.value ?? ''} onChange={field.onChange} lang={languageById(langId).shortcut} testId="element-description" compact />
            )}
          />
          {errors.description && (
            <FormHelperText error role="alert">
              {errors.description.message}
            </FormHelperText>
          )}
          {hasChoices && (
            <TextField
              label={t('questionnaires.editor.choices')}
              multiline
              minRows={3}
              {...register('choices')}
              error={Boolean(errors.choices)}
              helperText={errors.choices?.message ?? t('questionnaires.editor.choicesHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'element-choices' } }}
            />
          )}
          {OTHER_TYPES.includes(draft.qType) && (
            <TextField label={t('questionnaires.editor.otherDescr')} {...register('other_descr')} error={Boolean(errors.other_descr)} helperText={errors.other_descr?.message} slotProps={{ htmlInput: { 'data-testid': 'element-other' } }} />
          )}
          {draft.qType in LIKERT_POINTS && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField fullWidth label={t('questionnaires.editor.descFirst')} {...register('desc_first')} error={Boolean(errors.desc_first)} helperText={errors.desc_first?.message} slotProps={{ htmlInput: { 'data-testid': 'element-first' } }} />
              <TextField fullWidth label={t('questionnaires.editor.descLast')} {...register('desc_last')} error={Boolean(errors.desc_last)} helperText={errors.desc_last?.message} slotProps={{ htmlInput: { 'data-testid': 'element-last' } }} />
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('questionnaires.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={saving} data-testid="element-save">
          {t('questionnaires.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
