/**
 * The notebook editor (task_edit with id_type 12-15; issue 25 item 2; spec/2 §2.9, §5): two language panes
 * of cells (each with its preview, the shared notebook view), the answers of 13-15 with their ratings and
 * the sum colour of spec/2 §5 (15 sums to 0, 13 and 14 have a maximum of 100), the max score, the runner
 * choice (a live kernel when available, or Python in the browser), the lock countdown of the question
 * editor, Save / Save and close / Close without saving. Code cells run while authoring and keep their outputs.
 */
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Grid,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Lock from '@mui/icons-material/Lock';
import { useTranslation } from 'react-i18next';
import {
  ALLOWED_RATINGS,
  languageById,
  languages,
  NO_EDIT_PERMISSION,
  ratingsBalanced,
  type NotebookCell,
  type NotebookOutput,
} from '@lectio/shared';
import { api, isApiError } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';
import { pathTo } from '@/lib/paths';
import { useSession } from '@/lib/auth';
import { chooseRunner } from '@/lib/notebook-runner';
import type { CellRunner } from '@/lib/cell-runner';
import { useFeedback } from '@/components/feedback/feedback';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { NotebookView } from '@/components/notebook';
import { useAuthoringRefresh, useEditedTask, type EditedTask } from '../api/authoring';
import { useTaskLock } from '../task-editor/use-task-lock';
import { useTaskEditorCrumbs } from '../task-editor/use-task-crumbs';
import { LockBar } from '../task-editor/lock-bar';
import { maxScoreProblem } from '../task-editor/model';
import { CellEditor } from './cell-editor';
import { draftFromStored, isQuizType, newDraft, toStored, type NotebookDraft } from './model';

/** The short-answer comparison flags of type 13, as the type 2 editor offers them (spec/2 §2.9). */
const SHORT_ANSWER_FLAGS = ['ignoreSpace', 'ignoreSeparators', 'caseSensitive', 'aqSome'] as const;

export function NotebookEditorPage() {
  const params = useParams();
  const { isAdmin } = useSession();
  const taskId = Number(params.id ?? 0);
  const type = Number(params.id_type);
  const loaded = useEditedTask(taskId);
  const data = loaded.data;
  const lock = useTaskLock(taskId, data ? (data.islocked ? 0 : data.locked) : null, isAdmin);
  if (taskId > 0 && (loaded.isError || (data && data.task_type_id !== type)))
    return (
      <Alert severity="error" data-testid="access-denied">
        {NO_EDIT_PERMISSION}
      </Alert>
    );
  if (taskId > 0 && !data) return <PageSpinner />;
  return <NotebookForm key={taskId} type={type} data={data} lock={lock} />;
}

type TaskData = EditedTask;

function NotebookForm({ type, data, lock }: { type: number; data: TaskData | undefined; lock: ReturnType<typeof useTaskLock> }) {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const refresh = useAuthoringRefresh();
  const taskId = Number(params.id ?? 0);
  const lessonId = data?.lesson_id ?? Number(params.lesson_id ?? 0);
  useTaskEditorCrumbs(data?.brc, lessonId, taskId === 0);
  const [draft, setDraft] = useState<NotebookDraft>(() => (data ? draftFromStored(data) : newDraft(type)));
  const [panes, setPanes] = useState<[number, number]>([1, 2]);
  const [running, setRunning] = useState(false);
  const [runner, setRunner] = useState<Promise<CellRunner> | null>(null);
  const readOnly = taskId > 0 && (!data || data.islocked || lock.count === 0 || lock.count === -1);
  const canObject = taskId === 0 || (data?.only_translation ?? 1) === 0;
  const langAllowed = (l: number) => taskId === 0 || (data?.list.find((x) => x.lang_id === l)?.permissions ?? 0) === 1;
  const scoreProblem = type === 12 ? null : maxScoreProblem(draft.maxScore);
  const save = useAction({
    mutationFn: (body: Parameters<typeof api<'createEditTaskAllLang'>>[1]['body']) => api('createEditTaskAllLang', { body }),
    onSuccess: () => refresh(),
    onError: (e) => feedback.show(isApiError(e) ? e.message : String(e)),
  });

  /** Applies a change; one computed from the draft gets the newest draft (never one from an older render). */
  const change = (next: Partial<NotebookDraft> | ((d: NotebookDraft) => Partial<NotebookDraft>)) =>
    setDraft((d) => ({ ...d, ...(typeof next === 'function' ? next(d) : next) }));
  /** Changes one option's text, feedback or cells in one language. */
  const setAnswerText = (i: number, lang: number, part: Partial<{ answer: string; feedback: string; cells: NotebookCell[] }>) =>
    setDraft((d) => ({
      ...d,
      answers: d.answers.map((x, j) =>
        j === i
          ? {
              ...x,
              texts: {
                ...x.texts,
                [lang]: {
                  answer: x.texts[lang]?.answer ?? '',
                  feedback: x.texts[lang]?.feedback ?? '',
                  ...x.texts[lang],
                  ...part,
                },
              },
            }
          : x,
      ),
    }));
  const setCells = (lang: number, cells: NotebookCell[]) => setDraft((d) => ({ ...d, cells: { ...d.cells, [lang]: cells } }));

  /** Runs a code cell while authoring (the runner the task would use) and answers what it printed. */
  const run = useCallback(
    async (code: string, onInput: (prompt: string, password: boolean) => Promise<string>) => {
      const current = runner ?? chooseRunner(draft.runner);
      if (!runner) setRunner(current);
      const r = await current;
      const outputs: NotebookOutput[] = [];
      setRunning(true);
      try {
        const result = await r.run(code, {
          onOutput: (o) => outputs.push(o.atype === 'png' ? { ...o, width: o.width ?? 100 } : o),
          onInput,
        });
        return { outputs, count: result.executionCount };
      } finally {
        setRunning(false);
      }
    },
    [runner, draft.runner],
  );

  const submit = (close: boolean) => {
    const { globals, contents } = toStored(draft);
    const kept = !canObject && data ? data : null;
    const body = {
      lesson_id: lessonId,
      task_id: taskId,
      task_type_id: type,
      max_score: kept ? String(kept.max_score) : type === 12 ? '0' : draft.maxScore,
      globals: kept ? kept.globals : globals,
      content_list: Object.entries(contents)
        .filter(([l]) => langAllowed(Number(l)))
        .map(([l, content]) => ({ lang_id: Number(l), content, visible: draft.visible[Number(l)] ?? 1 })),
      only_translation: canObject ? 0 : 1,
    };
    save.mutate(body, {
      onSuccess: (res) => {
        feedback.show(t('taskEditor.saved'), 'success');
        if (close) void navigate(pathTo('lesson_admin_content', { id: lessonId }));
        else if (taskId === 0)
          void navigate(
            pathTo('task_edit', {
              course_id: params.course_id ?? '',
              lesson_id: lessonId,
              id_type: type,
              show_lang: params.show_lang ?? '',
              edit_lang: params.edit_lang ?? '',
              id: res.task_id,
            }),
            { replace: true },
          );
      },
    });
  };

  const count = lock.count;
  const ratings = draft.answers.map((a) => a.rating);
  const balanced = ratingsBalanced(type, ratings);
  return (
    <Box data-testid="notebook-editor">
      <PageHeading
        title={taskId ? t('taskEditor.editTitle', { id: taskId }) : t('taskEditor.newTitle')}
        subtitle={t(`notebook.types.t${type}` as 'notebook.types.t12')}
      />
      {data?.islocked && (
        <Alert severity="warning" icon={<Lock />} sx={{ mb: 2 }} data-testid="locked-message">
          {t('taskEditor.lockedByOther')}
        </Alert>
      )}
      {taskId > 0 && !data?.islocked && <LockBar lock={lock} />}

      <Stack
        direction="row"
        role="toolbar"
        aria-label={t('taskEditor.toolbar')}
        sx={{ flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}
      >
        <Box sx={{ flexGrow: 1 }} />
        <Button
          onClick={() => void navigate(pathTo('lesson_admin_content', { id: lessonId }))}
          data-testid="close-without-saving"
        >
          {t('taskEditor.closeWithoutSaving')}
        </Button>
        {!readOnly && (
          <>
            <Button
              variant="outlined"
              onClick={() => submit(false)}
              disabled={save.isPending || !!scoreProblem}
              data-testid="save"
            >
              {t('taskEditor.save')}
            </Button>
            {(count > 0 || count === -100 || taskId === 0) && (
              <Button
                variant="contained"
                onClick={() => submit(true)}
                disabled={save.isPending || !!scoreProblem}
                data-testid="save-close"
              >
                {t('taskEditor.saveAndClose')}
              </Button>
            )}
          </>
        )}
      </Stack>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="nb-settings">
        <Typography id="nb-settings" variant="subtitle1" component="h2" sx={{ mb: 1.5, fontWeight: 600 }}>
          {t('taskEditor.settings')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'flex-start', rowGap: 1.5 }}>
          {type !== 12 && (
            <TextField
              size="small"
              label={t('taskEditor.score')}
              value={draft.maxScore}
              onChange={(e) => change({ maxScore: e.target.value })}
              disabled={!canObject || readOnly}
              error={!!scoreProblem}
              helperText={scoreProblem ? t(scoreProblem as 'taskEditor.scoreErrors.required') : ' '}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'max-score' } }}
              sx={{ width: 140 }}
            />
          )}
          <TextField
            select
            size="small"
            label={t('notebook.runner')}
            value={draft.runner ?? 'kernel'}
            onChange={(e) => change({ runner: e.target.value === 'browser' ? 'browser' : undefined })}
            disabled={!canObject || readOnly}
            sx={{ minWidth: 280 }}
            slotProps={{ select: { inputProps: { 'data-testid': 'runner-choice' } } }}
          >
            <MenuItem value="kernel">{t('notebook.runnerAuto')}</MenuItem>
            <MenuItem value="browser">{t('notebook.runnerBrowserOnly')}</MenuItem>
          </TextField>
          {type === 13 &&
            SHORT_ANSWER_FLAGS.map((flag) => (
              <FormControlLabel
                key={flag}
                control={
                  <Checkbox
                    checked={draft.globals[flag] === true}
                    onChange={(e) => {
                      const checked = e.target.checked;
                      change((d) => ({ globals: { ...d.globals, [flag]: checked } }));
                    }}
                    disabled={!canObject || readOnly}
                    slotProps={{ input: { 'data-testid': `flag-${flag}` } as object }}
                  />
                }
                label={t(`taskEditor.flags.${flag}`)}
              />
            ))}
        </Stack>
      </Paper>

      <Grid container spacing={2} sx={{ mb: 2 }}>
        {panes.map((lang, side) => {
          const language = languageById(lang);
          const editable = !readOnly && langAllowed(lang);
          return (
            <Grid key={side} size={{ xs: 12, lg: 6 }}>
              <Paper
                variant="outlined"
                sx={{ p: 2 }}
                component="section"
                aria-label={t('taskEditor.pane', { language: language.name })}
                data-testid={side === 0 ? 'pane-primary' : 'pane-secondary'}
              >
                <TextField
                  select
                  size="small"
                  label={side === 0 ? t('taskEditor.primaryLanguage') : t('taskEditor.secondaryLanguage')}
                  value={lang}
                  onChange={(e) => {
                    const next = Number(e.target.value);
                    if (next === panes[1 - side]) return;
                    setPanes((p) => (side === 0 ? [next, p[1]] : [p[0], next]));
                  }}
                  sx={{ minWidth: 200, mb: 2 }}
                >
                  {languages.map((l) => (
                    <MenuItem key={l.id} value={l.id}>
                      {l.name}
                    </MenuItem>
                  ))}
                </TextField>
                <CellEditor
                  lang={lang}
                  langName={language.shortcut}
                  cells={draft.cells[lang] ?? []}
                  onCells={(cells) => setCells(lang, cells)}
                  readOnly={!editable}
                  onRun={run}
                  running={running}
                  onMessage={(text, severity) => feedback.show(text, severity)}
                />
                {isQuizType(type) && (
                  <Box
                    component="section"
                    aria-label={t('taskEditor.answers', { count: draft.answers.length })}
                    sx={{ mt: 2 }}
                    data-testid={`answers-${lang}`}
                  >
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                      {t('taskEditor.answers', { count: draft.answers.length })}
                    </Typography>
                    {draft.answers.map((a, i) => (
                      <Box key={i}>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
                          <TextField
                            size="small"
                            label={t('taskEditor.answer', { n: i + 1 })}
                            value={a.texts[lang]?.answer ?? ''}
                            disabled={!editable}
                            onChange={(e) => setAnswerText(i, lang, { answer: e.target.value })}
                            slotProps={{ htmlInput: { 'data-testid': `answer-${lang}-${i}` } }}
                          />
                          <TextField
                            size="small"
                            label={t('taskEditor.feedback')}
                            value={a.texts[lang]?.feedback ?? ''}
                            disabled={!editable}
                            onChange={(e) => setAnswerText(i, lang, { feedback: e.target.value })}
                          />
                          {side === 0 && (
                            <>
                              <TextField
                                select
                                size="small"
                                label={t('taskEditor.rating')}
                                value={a.rating}
                                disabled={!editable || !canObject}
                                onChange={(e) => {
                                  const rating = Number(e.target.value);
                                  change((d) => ({ answers: d.answers.map((x, j) => (j === i ? { ...x, rating } : x)) }));
                                }}
                                sx={{ width: 110 }}
                                slotProps={{ select: { inputProps: { 'data-testid': `rating-${i}` } } }}
                              >
                                {ALLOWED_RATINGS.map((r) => (
                                  <MenuItem key={r} value={r}>
                                    {r}
                                  </MenuItem>
                                ))}
                              </TextField>
                              <Tooltip title={t('taskEditor.deleteAnswer')}>
                                <span>
                                  <IconButton
                                    aria-label={`${t('taskEditor.deleteAnswer')} ${i + 1}`}
                                    disabled={!editable || !canObject || i === 0}
                                    onClick={() => change((d) => ({ answers: d.answers.filter((_, j) => j !== i) }))}
                                  >
                                    <Delete />
                                  </IconButton>
                                </span>
                              </Tooltip>
                            </>
                          )}
                        </Stack>
                        {(type === 14 || type === 15) && (
                          <Accordion disableGutters variant="outlined" sx={{ mt: 1 }}>
                            <AccordionSummary expandIcon={<ExpandMore />}>
                              <Typography variant="body2">{t('notebook.answerCells', { n: i + 1 })}</Typography>
                            </AccordionSummary>
                            <AccordionDetails>
                              <CellEditor
                                lang={lang}
                                langName={`${language.shortcut}-${i + 1}`}
                                cells={a.texts[lang]?.cells ?? []}
                                onCells={(cells) => setAnswerText(i, lang, { cells })}
                                readOnly={!editable}
                                onRun={run}
                                running={running}
                                onMessage={(text, severity) => feedback.show(text, severity)}
                                testIdSuffix={`-a${i}`}
                              />
                            </AccordionDetails>
                          </Accordion>
                        )}
                      </Box>
                    ))}
                    {side === 0 && (
                      <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center' }}>
                        <Button
                          startIcon={<Add />}
                          disabled={!editable || !canObject}
                          onClick={() => change((d) => ({ answers: [...d.answers, { texts: {}, rating: 0 }] }))}
                          data-testid="add-answer"
                        >
                          {t('taskEditor.addAnswer')}
                        </Button>
                        <Typography
                          variant="body2"
                          sx={{ color: balanced ? 'success.dark' : 'error.main', fontWeight: 600 }}
                          data-testid="rating-sum"
                          data-balanced={balanced}
                        >
                          {type === 15
                            ? t('taskEditor.ratingSum', { sum: Math.round(ratings.reduce((s, r) => s + r, 0) * 100) / 100 })
                            : t('taskEditor.ratingMax', { max: Math.max(0, ...ratings) })}
                        </Typography>
                      </Stack>
                    )}
                  </Box>
                )}
                <Box
                  component="section"
                  aria-label={t('notebook.preview')}
                  sx={{ mt: 2, pt: 1, borderTop: 1, borderColor: 'divider' }}
                  data-testid={`preview-${lang}`}
                >
                  <Typography variant="subtitle2" component="h3">
                    {t('notebook.preview')}
                  </Typography>
                  <NotebookView cells={draft.cells[lang] ?? []} />
                </Box>
              </Paper>
            </Grid>
          );
        })}
      </Grid>
    </Box>
  );
}
