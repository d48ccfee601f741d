/**
 * One language pane of the task editor (spec/2 §2.9): language drop-down, Assignment, Answers
 * (2-4), fake words (6), lines (7), Help. The pane's fields are bound to the question form
 * (`contents.{lang}`, `answers.{i}.texts.{lang}`). Object-level controls (ratings, delete, add) act
 * on every language at once and appear in the primary pane only.
 */
import { useState } from 'react';
import { Controller, useFormContext, useWatch, type UseFieldArrayReturn } from 'react-hook-form';
import {
  Box,
  Button,
  Chip,
  FormControl,
  IconButton,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import { LanguageSelect } from '@/components/form/language-select';
import { useTranslation } from 'react-i18next';
import { ALLOWED_RATINGS, languageById, ratingsBalanced } from '@lectio/shared';
import { RichTextField } from '@/components/editing/rich-text-field';
import { answerDeletion, harmonisedRatings, hasTitle, isProgramType, newAnswer, type EditorTask } from './model';
import { characterCount } from './program-model';

export interface EditorPaneProps {
  lang: number;
  otherLang: number;
  primary: boolean;
  canEdit: boolean;
  canObject: boolean;
  onLang: (lang: number) => void;
  /** The question form's answers (one field array for both panes). */
  answers: UseFieldArrayReturn<EditorTask, 'answers'>;
}

export function EditorPane({ lang, otherLang, primary, canEdit, canObject, onLang, answers }: EditorPaneProps) {
  const { t } = useTranslation();
  const { control, getValues, setValue } = useFormContext<EditorTask>();
  const [fake, setFake] = useState('');
  const code = languageById(lang).shortcut;
  const type = useWatch({ control, name: 'type' });
  const visibility = useWatch({ control, name: 'program.visibility' });
  const answerValues = useWatch({ control, name: 'answers' });
  const live = answers.fields.map((field, i) => ({ field, i })).filter(({ i }) => answerValues[i]?.status !== 2);
  const liveRatings = live.map(({ i }) => answerValues[i]?.rating ?? 0);
  const sumOk = ratingsBalanced(type, liveRatings);
  const readOnly = !canEdit;
  /** What every rich text of a task needs: its language, read-only, images, the code-block tool, a smaller area. */
  const taskText = { lang: code, readOnly, images: true, codeBlockLabel: t('taskEditor.codeBlock'), compact: true };
  const id = primary ? 'left' : 'right';
  const at = `contents.${lang}` as const;

  const remove = (i: number) => {
    const how = answerDeletion(getValues('answers'), i);
    if (how === 'remove') answers.remove(i);
    else if (how === 'mark') setValue(`answers.${i}.status`, 2, { shouldDirty: true });
  };
  const harmonise = () => harmonisedRatings(getValues('answers')).forEach((rating, i) => setValue(`answers.${i}.rating`, rating, { shouldDirty: true }));

  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} component="section" aria-label={t('taskEditor.pane', { language: languageById(lang).name })} data-testid={`pane-${id}`}>
      <LanguageSelect
        label={primary ? t('taskEditor.primaryLanguage') : t('taskEditor.secondaryLanguage')}
        value={lang}
        // A choice equal to the other pane's language is ignored.
        onChange={(choice) => choice !== otherLang && onLang(choice)}
        testId={`lang-select-${id}`}
        sx={{ mb: 2, minWidth: 200 }}
      />

      {hasTitle(type) && (
        <Controller
          control={control}
          name={`${at}.title`}
          render={({ field }) => (
            <TextField
              size="small"
              fullWidth
              label={t('programEditor.title')}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={readOnly}
              sx={{ mb: 2 }}
              slotProps={{ htmlInput: { lang: code, maxLength: 500, 'data-testid': `title-${id}` } }}
            />
          )}
        />
      )}
      <Controller
        control={control}
        name={`${at}.content`}
        render={({ field }) => (
          <>
            {(!isProgramType(type) || visibility?.assignment.show !== false) && (
              <RichTextField
                {...taskText}
                label={type === 1 ? t('taskEditor.contentPanel') : t('taskEditor.assignment')}
                value={field.value ?? ''}
                onChange={field.onChange}
                gapLabel={type === 5 || type === 6 ? t('taskEditor.markGap') : undefined}
                testId={`content-${id}`}
              />
            )}
            {isProgramType(type) && (
              <Typography variant="caption" color="text.secondary" data-testid={`char-count-${id}`}>
                {t('programEditor.characters', { count: characterCount(field.value ?? '') })}
              </Typography>
            )}
          </>
        )}
      />

      {type >= 2 && type <= 4 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('taskEditor.answers', { count: live.length })}
          </Typography>
          <Stack spacing={1.5}>
            {live.map(({ field: row, i }, pos) => (
              <Box key={row.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }} data-testid={`answer-${id}`}>
                <Controller
                  control={control}
                  name={`answers.${i}.texts.${lang}.answer`}
                  render={({ field }) => (
                    <TextField
                      size="small"
                      label={t('taskEditor.answer', { n: pos + 1 })}
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      disabled={readOnly}
                      sx={{ flex: '1 1 160px' }}
                      slotProps={{ htmlInput: { lang: code, maxLength: 2000 } }}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name={`answers.${i}.texts.${lang}.feedback`}
                  render={({ field }) => (
                    <TextField
                      size="small"
                      label={t('taskEditor.feedback')}
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                      disabled={readOnly}
                      sx={{ flex: '1 1 160px' }}
                      slotProps={{ htmlInput: { lang: code, maxLength: 5000 } }}
                    />
                  )}
                />
                {primary && (
                  <>
                    <Controller
                      control={control}
                      name={`answers.${i}.rating`}
                      render={({ field }) => (
                        <FormControl size="small" sx={{ width: 110 }}>
                          <InputLabel id={`rating-${row.id}`}>{t('taskEditor.rating')}</InputLabel>
                          <Select
                            labelId={`rating-${row.id}`}
                            label={t('taskEditor.rating')}
                            value={field.value ?? 0}
                            disabled={!canObject}
                            onChange={(e) => field.onChange(Number(e.target.value))}
                            onBlur={field.onBlur}
                            inputRef={field.ref}
                            data-testid="rating-select"
                          >
                            {ALLOWED_RATINGS.map((r) => (
                              <MenuItem key={r} value={r}>
                                {r} %
                              </MenuItem>
                            ))}
                          </Select>
                        </FormControl>
                      )}
                    />
                    <Tooltip title={t('taskEditor.deleteAnswer')}>
                      <span>
                        <IconButton aria-label={t('taskEditor.deleteAnswer')} disabled={!canObject || i === 0} onClick={() => remove(i)}>
                          <Delete />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </>
                )}
              </Box>
            ))}
          </Stack>
          {primary && canObject && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
              <Button size="small" startIcon={<Add />} onClick={() => answers.append(newAnswer(getValues('answers')))} data-testid="add-answer">
                {t('taskEditor.addAnswer')}
              </Button>
              {type === 4 && (
                <Button size="small" onClick={harmonise} data-testid="harmonise">
                  {t('taskEditor.harmonise')}
                </Button>
              )}
              <Typography variant="body2" sx={{ color: sumOk ? 'success.main' : 'error.main', fontWeight: 600 }} data-testid="rating-sum">
                {type === 4
                  ? t('taskEditor.ratingSum', { sum: Math.round(liveRatings.reduce((s, r) => s + r, 0) * 100) / 100 })
                  : t('taskEditor.ratingMax', { max: Math.max(0, ...liveRatings) })}
              </Typography>
            </Box>
          )}
        </Box>
      )}

      {type === 6 && (
        <Controller
          control={control}
          name={`${at}.fakes`}
          render={({ field }) => {
            const fakes = field.value ?? [];
            return (
              <Box sx={{ mt: 2 }}>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                  {t('taskEditor.fakes')}
                </Typography>
                <TextField
                  size="small"
                  label={t('taskEditor.addFake')}
                  value={fake}
                  disabled={readOnly}
                  onChange={(e) => setFake(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key !== 'Enter') return;
                    e.preventDefault();
                    if (fake.trim()) field.onChange([...fakes, fake.trim()]);
                    setFake('');
                  }}
                  slotProps={{ htmlInput: { 'data-testid': `fake-input-${id}`, lang: code, maxLength: 500 } }}
                />
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
                  {fakes.map((f, k) => (
                    <Chip key={`${f}-${k}`} label={f} onClick={readOnly ? undefined : () => field.onChange(fakes.filter((_, x) => x !== k))} aria-label={t('taskEditor.removeFake', { word: f })} sx={{ fontFamily: 'monospace' }} />
                  ))}
                </Box>
              </Box>
            );
          }}
        />
      )}

      {type === 7 && (
        <Box sx={{ mt: 2 }}>
          <Controller
            control={control}
            name={`${at}.code`}
            render={({ field }) => (
              <TextField
                label={t('taskEditor.lines')}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                disabled={readOnly}
                multiline
                minRows={4}
                fullWidth
                slotProps={{ htmlInput: { 'data-testid': `lines-${id}`, lang: code, spellCheck: false, style: { fontFamily: 'monospace' } } }}
              />
            )}
          />
        </Box>
      )}

      {type >= 2 && visibility?.help.show !== false && (
        <Box sx={{ mt: 2 }}>
          <Controller
            control={control}
            name={`${at}.help`}
            render={({ field }) => <RichTextField {...taskText} label={t('taskEditor.help')} value={field.value ?? ''} onChange={field.onChange} testId={`help-${id}`} />}
          />
        </Box>
      )}
    </Paper>
  );
}
