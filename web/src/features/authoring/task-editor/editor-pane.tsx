/**
 * One language pane of the task editor (spec/2 §2.9): language drop-down, Assignment, Answers
 * (2-4), fake words (6), lines (7), Help. Object-level controls (ratings, delete, add) act on
 * every language at once and appear in the primary pane only.
 */
import { useState } from 'react';
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
import { addAnswer, deleteAnswer, harmonise, isProgramType, type EditorContent, type EditorTask } from './model';
import { characterCount } from './program-model';

export interface EditorPaneProps {
  task: EditorTask;
  lang: number;
  otherLang: number;
  primary: boolean;
  canEdit: boolean;
  canObject: boolean;
  onLang: (lang: number) => void;
  onTask: (task: EditorTask) => void;
}

export function EditorPane({ task, lang, otherLang, primary, canEdit, canObject, onLang, onTask }: EditorPaneProps) {
  const { t } = useTranslation();
  const [fake, setFake] = useState('');
  const c = task.contents[lang]!;
  const code = languageById(lang).shortcut;
  const set = (patch: Partial<EditorContent>) => onTask({ ...task, contents: { ...task.contents, [lang]: { ...c, ...patch } } });
  const type = task.type;
  const ratings = task.globals.ratings;
  const live = c.answer_list.map((a, i) => ({ a, i })).filter(({ a }) => a.status !== 2);
  const sumOk = ratingsBalanced(type, live.map(({ i }) => ratings[i] ?? 0));
  const readOnly = !canEdit;
  /** What every rich text of a task needs: its language, read-only, images, the code-block tool, a smaller area. */
  const taskText = { lang: code, readOnly, images: true, codeBlockLabel: t('taskEditor.codeBlock'), compact: true };
  const id = primary ? 'left' : 'right';

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

      {isProgramType(type) && (
        <TextField
          size="small"
          fullWidth
          label={t('programEditor.title')}
          value={c.title}
          onChange={(e) => set({ title: e.target.value })}
          disabled={readOnly}
          sx={{ mb: 2 }}
          slotProps={{ htmlInput: { lang: code, maxLength: 500, 'data-testid': `title-${id}` } }}
        />
      )}
      {(!isProgramType(type) || task.program?.visibility.assignment.show !== false) && (
      <RichTextField
        {...taskText}
        label={type === 1 ? t('taskEditor.contentPanel') : t('taskEditor.assignment')}
        value={c.content}
        onChange={(content) => set({ content })}
        gapLabel={type === 5 || type === 6 ? t('taskEditor.markGap') : undefined}
        testId={`content-${id}`}
      />
      )}
      {isProgramType(type) && (
        <Typography variant="caption" color="text.secondary" data-testid={`char-count-${id}`}>
          {t('programEditor.characters', { count: characterCount(c.content) })}
        </Typography>
      )}

      {type >= 2 && type <= 4 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('taskEditor.answers', { count: live.length })}
          </Typography>
          <Stack spacing={1.5}>
            {live.map(({ a, i }, pos) => (
              <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }} data-testid={`answer-${id}`}>
                <TextField
                  size="small"
                  label={t('taskEditor.answer', { n: pos + 1 })}
                  value={a.answer}
                  onChange={(e) => set({ answer_list: c.answer_list.map((x, k) => (k === i ? { ...x, answer: e.target.value } : x)) })}
                  disabled={readOnly}
                  sx={{ flex: '1 1 160px' }}
                  slotProps={{ htmlInput: { lang: code, maxLength: 2000 } }}
                />
                <TextField
                  size="small"
                  label={t('taskEditor.feedback')}
                  value={a.feedback}
                  onChange={(e) => set({ answer_list: c.answer_list.map((x, k) => (k === i ? { ...x, feedback: e.target.value } : x)) })}
                  disabled={readOnly}
                  sx={{ flex: '1 1 160px' }}
                  slotProps={{ htmlInput: { lang: code, maxLength: 5000 } }}
                />
                {primary && (
                  <>
                    <FormControl size="small" sx={{ width: 110 }}>
                      <InputLabel id={`rating-${i}`}>{t('taskEditor.rating')}</InputLabel>
                      <Select
                        labelId={`rating-${i}`}
                        label={t('taskEditor.rating')}
                        value={ratings[i] ?? 0}
                        disabled={!canObject}
                        onChange={(e) => onTask({ ...task, globals: { ...task.globals, ratings: ratings.map((r, k) => (k === i ? Number(e.target.value) : r)) } })}
                        data-testid="rating-select"
                      >
                        {ALLOWED_RATINGS.map((r) => (
                          <MenuItem key={r} value={r}>
                            {r} %
                          </MenuItem>
                        ))}
                      </Select>
                    </FormControl>
                    <Tooltip title={t('taskEditor.deleteAnswer')}>
                      <span>
                        <IconButton aria-label={t('taskEditor.deleteAnswer')} disabled={!canObject || i === 0} onClick={() => onTask(deleteAnswer(task, i))}>
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
              <Button size="small" startIcon={<Add />} onClick={() => onTask(addAnswer(task))} data-testid="add-answer">
                {t('taskEditor.addAnswer')}
              </Button>
              {type === 4 && (
                <Button size="small" onClick={() => onTask(harmonise(task))} data-testid="harmonise">
                  {t('taskEditor.harmonise')}
                </Button>
              )}
              <Typography variant="body2" sx={{ color: sumOk ? 'success.main' : 'error.main', fontWeight: 600 }} data-testid="rating-sum">
                {type === 4
                  ? t('taskEditor.ratingSum', { sum: Math.round(live.reduce((s, { i }) => s + (ratings[i] ?? 0), 0) * 100) / 100 })
                  : t('taskEditor.ratingMax', { max: Math.max(0, ...live.map(({ i }) => ratings[i] ?? 0)) })}
              </Typography>
            </Box>
          )}
        </Box>
      )}

      {type === 6 && (
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
              if (fake.trim()) set({ fakes: [...c.fakes, fake.trim()] });
              setFake('');
            }}
            slotProps={{ htmlInput: { 'data-testid': `fake-input-${id}`, lang: code, maxLength: 500 } }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            {c.fakes.map((f, k) => (
              <Chip key={`${f}-${k}`} label={f} onClick={readOnly ? undefined : () => set({ fakes: c.fakes.filter((_, x) => x !== k) })} aria-label={t('taskEditor.removeFake', { word: f })} sx={{ fontFamily: 'monospace' }} />
            ))}
          </Box>
        </Box>
      )}

      {type === 7 && (
        <Box sx={{ mt: 2 }}>
          <TextField
            label={t('taskEditor.lines')}
            value={c.code}
            onChange={(e) => set({ code: e.target.value })}
            disabled={readOnly}
            multiline
            minRows={4}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': `lines-${id}`, lang: code, spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        </Box>
      )}

      {type >= 2 && task.program?.visibility.help.show !== false && (
        <Box sx={{ mt: 2 }}>
          <RichTextField {...taskText} label={t('taskEditor.help')} value={c.help} onChange={(help) => set({ help })} testId={`help-${id}`} />
        </Box>
      )}
    </Paper>
  );
}
