/**
 * The task editors of types 1-7 (spec/2 §2.9): /admin_content, /admin_type24, /admin_type56,
 * /admin_type7 (lesson_id, id) and /task_edit (…, id_type, …, id); id 0 is a new task. Two language
 * panes, Settings (type switch, score, flags), the lock countdown, language icon rows and the edit
 * toolbar. The server enforces the lock and the rights; this screen mirrors them.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Lock from '@mui/icons-material/Lock';
import Refresh from '@mui/icons-material/Refresh';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteSweep from '@mui/icons-material/DeleteSweep';
import ViewAgenda from '@mui/icons-material/ViewAgenda';
import ViewColumn from '@mui/icons-material/ViewColumn';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { gapAnswers, languageById, languages, LOCK_WARNING_SECONDS, NO_EDIT_PERMISSION } from '@lectio/shared';
import { api, isApiError } from '@/lib/api-client';
import { pathTo } from '@/lib/paths';
import { useSession } from '@/lib/auth';
import { storage } from '@/lib/storage';
import { SafeHtml } from '@/components/safe-html';
import { useFeedback } from '@/components/feedback/feedback';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { NotBuilt } from '@/components/not-built';
import { EditorPane } from './editor-pane';
import { contentFrom, emptyContent, ensureLanguage, globalsFrom, isProgramType, maxScoreProblem, toStored, type EditorTask } from './model';
import { defaultVisibility, newProgram, programFrom, SECTIONS, type SectionKey } from './program-model';
import { ProgramSections } from './program-sections';
import { useTaskLock } from './use-task-lock';

const typesOfRoute: Record<string, number[]> = {
  admin_content: [1],
  admin_type24: [2, 3, 4],
  admin_type56: [5, 6],
  admin_type7: [7],
  admin_type8: [8, 9, 10],
};

function newTask(type: number, extension = ''): EditorTask {
  const program = isProgramType(type) ? newProgram(type as 8 | 9 | 10, type === 10 ? 'sql' : extension) : undefined;
  const base = ensureLanguage(ensureLanguage({ type, maxScore: type === 1 ? '0' : program ? '20' : '10', globals: globalsFrom(type, ''), contents: { 1: emptyContent() }, visible: { 1: 1, 2: 1 }, program }, 2), 1);
  if (type < 2 || type > 4) return base;
  const contents = Object.fromEntries(Object.entries(base.contents).map(([l, c]) => [l, { ...c, answer_list: [{ answer: '', feedback: '', status: 1 }] }]));
  return { ...base, contents, globals: { ...base.globals, ratings: [100] } };
}

/** Types 11 and above have their own editors (HTML, notebooks). */
export function TaskEditorPage() {
  const params = useParams();
  const routeName = useLocation().pathname.split('/')[1] ?? '';
  if (routeName === 'task_edit' && !(Number(params.id_type) >= 1 && Number(params.id_type) <= 10)) {
    return <NotBuilt routeName="task_edit" params={{ id_type: params.id_type }} />;
  }
  return <QuestionEditor />;
}

function QuestionEditor() {
  const { t } = useTranslation();
  const params = useParams();
  const routeName = useLocation().pathname.split('/')[1] ?? '';
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { isAdmin } = useSession();
  const taskId = Number(params.id ?? 0);
  const lessonId = Number(params.lesson_id ?? 0);
  const allowed = routeName === 'task_edit' ? [Number(params.id_type)] : (typesOfRoute[routeName] ?? []);
  const stored = Number(storage.get('qtype'));
  const initialType = allowed.includes(stored) ? stored : allowed[0]!;

  const loaded = useQuery({
    queryKey: ['authoring', 'task', taskId],
    queryFn: () => api('getTaskInAllLang', { params: { id: taskId } }),
    enabled: taskId > 0,
    meta: { handlesErrors: true },
    gcTime: 0,
  });
  const data = loaded.data;
  const denied = taskId > 0 && (loaded.isError || (data && !allowed.includes(data.task_type_id)));

  const courseId = Number(params.course_id ?? 0);
  const courseInfo = useQuery({
    queryKey: ['authoring', 'vpl-course-info', courseId],
    queryFn: () => api('getVplCourseInfo', { params: { course_id: courseId } }),
    enabled: courseId > 0 && allowed.some(isProgramType),
  });
  const extension = courseInfo.data?.extension ?? '';
  const [task, setTask] = useState<EditorTask | null>(taskId === 0 && !isProgramType(initialType) ? newTask(initialType) : null);
  // A new program task waits for the course's extension (its first file is file1.{extension}).
  useEffect(() => {
    if (taskId === 0 && !task && isProgramType(initialType) && (courseInfo.data || courseInfo.isError || courseId === 0)) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the new task is made once, when the course's extension has arrived
      setTask(newTask(initialType, courseInfo.data?.extension ?? ''));
    }
  }, [taskId, task, initialType, courseInfo.data, courseInfo.isError, courseId]);
  const [left, setLeft] = useState(1);
  const [right, setRight] = useState(2);
  const [vertical, setVertical] = useState(false);
  const [showGaps, setShowGaps] = useState(false);
  const [saving, setSaving] = useState(false);
  const lock = useTaskLock(taskId, data ? (data.islocked ? 0 : data.locked) : taskId === 0 ? null : null, isAdmin);
  const readOnly = taskId > 0 && (!data || data.islocked || lock.count === 0 || lock.count === -1);
  const canObject = taskId === 0 || (data?.only_translation ?? 1) === 0;
  const langAllowed = (l: number) => taskId === 0 || (data?.list.find((x) => x.lang_id === l)?.permissions ?? 0) === 1;

  useEffect(() => {
    if (!data || !allowed.includes(data.task_type_id)) return;
    const contents = Object.fromEntries(data.list.map((l) => [l.lang_id, contentFrom(data.task_type_id, l.content)]));
    const visible = Object.fromEntries(data.list.map((l) => [l.lang_id, l.visible]));
    const source = data.list.find((l) => l.content !== '')?.content ?? '';
    const program = isProgramType(data.task_type_id) ? programFrom(data.task_type_id, source, data.globals) : undefined;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the editor state is a copy of the fetched task, taken once per fetch
    setTask({ type: data.task_type_id, maxScore: data.max_score, globals: globalsFrom(data.task_type_id, data.globals), contents, visible, program });
    // `allowed` comes from the route, which does not change while the page is shown.
  }, [data]); // eslint-disable-line

  useBreadcrumbs(
    data
      ? [
          { label: data.brc.course.name, to: pathTo('course_admin_content', { id: data.brc.course.id }) },
          { label: data.brc.chapter.name, to: pathTo('edit_lessons', { id: data.brc.chapter.id }) },
          { label: data.brc.lesson.name, to: pathTo('task_list', { id: data.brc.lesson.id }) },
          { label: t('taskEditor.title') },
        ]
      : [{ label: t('taskEditor.title') }],
  );

  const scoreProblem = task && task.type !== 1 ? maxScoreProblem(task.maxScore) : null;
  const gaps = useMemo(() => (task ? gapAnswers(task.contents[left]?.content ?? '') : []), [task, left]);

  if (denied) return <Alert severity="error" data-testid="access-denied">{NO_EDIT_PERMISSION}</Alert>;
  if (taskId > 0 && loaded.isPending) return <PageSpinner />;
  if (!task) return <PageSpinner />;
  const withLangs = ensureLanguage(ensureLanguage(task, left), right);

  const save = async (close: boolean) => {
    if (scoreProblem) return;
    setSaving(true);
    try {
      const { globals, contents } = toStored(withLangs);
      // A translator saves texts only: what decides grading goes back as it was stored (the server refuses any change to it).
      const kept = !canObject && data ? data : null;
      const res = await api('createEditTaskAllLang', {
        body: {
          lesson_id: taskId ? (data?.lesson_id ?? lessonId) : lessonId,
          task_id: taskId,
          task_type_id: kept ? kept.task_type_id : withLangs.type,
          max_score: kept ? kept.max_score : withLangs.type === 1 ? '0' : withLangs.maxScore,
          globals: kept ? kept.globals : globals,
          content_list: Object.entries(contents)
            .filter(([l]) => taskId === 0 || langAllowed(Number(l)))
            .map(([l, content]) => ({ lang_id: Number(l), content, visible: withLangs.visible[Number(l)] ?? 1 })),
          only_translation: canObject ? 0 : 1,
        },
      });
      feedback.show(t('taskEditor.saved'), 'success');
      if (close) void navigate(-1);
      else if (taskId === 0) {
        const path = routeName === 'task_edit'
          ? pathTo('task_edit', { course_id: params.course_id!, lesson_id: lessonId, id_type: withLangs.type, show_lang: params.show_lang!, edit_lang: params.edit_lang!, id: res.task_id })
          : routeName === 'admin_type8'
            ? pathTo('admin_type8', { course_id: courseId, lesson_id: lessonId, id: res.task_id })
            : pathTo(routeName as 'admin_type24', { lesson_id: lessonId, id: res.task_id });
        void navigate(path, { replace: true });
      } else void loaded.refetch();
    } catch (e) {
      feedback.show(isApiError(e) ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  const closeWithoutSaving = () => void navigate(pathTo('lesson_admin_content', { id: data?.lesson_id ?? lessonId }));
  const setType = (type: number) => {
    storage.set('qtype', String(type));
    if (isProgramType(type) && withLangs.program) {
      // A new task takes the new type's default files; a stored one keeps its files and shows the new type's sections.
      const program = taskId === 0 ? newProgram(type as 8 | 9 | 10, type === 10 ? 'sql' : extension) : { ...withLangs.program, visibility: defaultVisibility(type) };
      setTask({ ...withLangs, type, program });
      return;
    }
    setTask({ ...withLangs, type });
  };
  const setVisibility = (key: SectionKey, field: 'show' | 'collapse', value: boolean) =>
    withLangs.program && setTask({ ...withLangs, program: { ...withLangs.program, visibility: { ...withLangs.program.visibility, [key]: { ...withLangs.program.visibility[key], [field]: value } } } });
  const translated = languages.filter((l) => (withLangs.contents[l.id]?.content ?? '') !== '');
  const untranslated = languages.filter((l) => (withLangs.contents[l.id]?.content ?? '') === '');
  const setFlag = (flag: 'ignoreSpace' | 'ignoreSeparators' | 'caseSensitive' | 'aqSome', value: boolean) => setTask({ ...withLangs, globals: { ...withLangs.globals, [flag]: value } });
  const flags = withLangs.type >= 5 ? (['ignoreSpace', 'caseSensitive', 'aqSome'] as const) : (['ignoreSpace', 'ignoreSeparators', 'caseSensitive', 'aqSome'] as const);
  const count = lock.count;

  return (
    <>
      <PageHeading title={taskId ? t('taskEditor.editTitle', { id: taskId }) : t('taskEditor.newTitle')} subtitle={t(`taskEditor.types.t${withLangs.type}` as 'taskEditor.types.t1')} />
      {data?.islocked && (
        <Alert severity="warning" icon={<Lock />} sx={{ mb: 2 }} data-testid="locked-message">
          {t('taskEditor.lockedByOther')}
        </Alert>
      )}
      {taskId > 0 && !data?.islocked && (
        <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} data-testid="lock-bar">
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box sx={{ flexGrow: 1 }}>
              <LinearProgress
                variant="determinate"
                value={Math.max(0, count) / 18}
                color={count <= LOCK_WARNING_SECONDS ? 'error' : 'primary'}
                aria-label={t('taskEditor.lockTime')}
                sx={{ height: 8, borderRadius: 4 }}
              />
              <Typography variant="caption" data-testid="countdown">
                {count > 0 ? t('taskEditor.lockLeft', { time: `${Math.floor(count / 60)}:${String(count % 60).padStart(2, '0')}` }) : ''}
              </Typography>
              {count === 0 && <SafeHtml html={t('taskEditor.expired')} sx={{ color: 'error.main' }} />}
              {lock.error && <Typography color="error" variant="body2" data-testid="lock-error">{lock.error}</Typography>}
            </Box>
            <Button startIcon={<Refresh />} onClick={() => void lock.refresh()} data-testid="refresh-lock">
              {t('taskEditor.refresh')}
            </Button>
          </Stack>
        </Paper>
      )}

      <Stack direction="row" role="toolbar" aria-label={t('taskEditor.toolbar')} sx={{ flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}>
        <Tooltip title={vertical ? t('taskEditor.horizontal') : t('taskEditor.vertical')}>
          <IconButton aria-label={vertical ? t('taskEditor.horizontal') : t('taskEditor.vertical')} onClick={() => setVertical(!vertical)}>
            {vertical ? <ViewColumn /> : <ViewAgenda />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t('taskEditor.copyParts')}>
          <span>
            <IconButton aria-label={t('taskEditor.copyParts')} disabled={readOnly || !langAllowed(right)} onClick={() => setTask({ ...withLangs, contents: { ...withLangs.contents, [right]: { ...withLangs.contents[left]! } } })} data-testid="copy-parts">
              <ContentCopy />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('taskEditor.toggleVisibility')}>
          <span>
            <IconButton
              aria-label={t('taskEditor.toggleVisibility')}
              aria-pressed={(withLangs.visible[right] ?? 1) === 1}
              disabled={readOnly || !langAllowed(right)}
              onClick={() => setTask({ ...withLangs, visible: { ...withLangs.visible, [right]: (withLangs.visible[right] ?? 1) === 1 ? 0 : 1 } })}
            >
              {(withLangs.visible[right] ?? 1) === 1 ? <Visibility /> : <VisibilityOff />}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('taskEditor.deleteTranslation')}>
          <span>
            <IconButton
              aria-label={t('taskEditor.deleteTranslation')}
              disabled={readOnly || !langAllowed(right) || right === 1}
              onClick={() => setTask({ ...withLangs, contents: { ...withLangs.contents, [right]: { ...emptyContent(), answer_list: withLangs.contents[right]!.answer_list.map((a) => ({ ...a, answer: '', feedback: '' })) } } })}
            >
              <DeleteSweep />
            </IconButton>
          </span>
        </Tooltip>
        {(withLangs.type === 5 || withLangs.type === 6) && (
          <Button size="small" onClick={() => setShowGaps(true)} data-testid="show-gaps">
            {t('taskEditor.showGaps')}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={closeWithoutSaving} data-testid="close-without-saving">
          {t('taskEditor.closeWithoutSaving')}
        </Button>
        {!readOnly && (
          <>
            <Button variant="outlined" onClick={() => void save(false)} disabled={saving || !!scoreProblem} data-testid="save">
              {t('taskEditor.save')}
            </Button>
            {(count > 0 || count === -100 || taskId === 0) && (
              <Button variant="contained" onClick={() => void save(true)} disabled={saving || !!scoreProblem} data-testid="save-close">
                {t('taskEditor.saveAndClose')}
              </Button>
            )}
          </>
        )}
      </Stack>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }} data-testid="language-icons">
        <Typography variant="body2">{t('taskEditor.translated')}</Typography>
        {translated.map((l) => (
          <Chip key={l.id} size="small" label={l.shortcut.toUpperCase()} color="primary" onClick={() => l.id !== left && setRight(l.id)} aria-label={`${l.shortcut.toUpperCase()}, ${t('taskEditor.showLanguage', { language: l.name })}`} />
        ))}
        <Typography variant="body2" sx={{ ml: 2 }}>
          {t('taskEditor.notTranslated')}
        </Typography>
        {untranslated.map((l) => (
          <Chip key={l.id} size="small" variant="outlined" label={l.shortcut.toUpperCase()} onClick={() => l.id !== left && setRight(l.id)} aria-label={`${l.shortcut.toUpperCase()}, ${t('taskEditor.editLanguage', { language: l.name })}`} />
        ))}
      </Box>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="settings-heading">
        <Typography id="settings-heading" variant="subtitle1" component="h2" sx={{ mb: 1.5, fontWeight: 600 }}>
          {t('taskEditor.settings')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1.5 }}>
          {allowed.length > 1 && (
            <TextField select size="small" label={t('taskEditor.type')} value={withLangs.type} onChange={(e) => setType(Number(e.target.value))} disabled={!canObject || readOnly} sx={{ minWidth: 240 }} slotProps={{ select: { inputProps: { 'data-testid': 'type-select' } } }}>
              {allowed.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`taskEditor.types.t${type}` as 'taskEditor.types.t1')}
                </MenuItem>
              ))}
            </TextField>
          )}
          {withLangs.type !== 1 && (
            <TextField
              size="small"
              label={t('taskEditor.score')}
              value={withLangs.maxScore}
              onChange={(e) => setTask({ ...withLangs, maxScore: e.target.value })}
              disabled={!canObject || readOnly}
              error={!!scoreProblem}
              helperText={scoreProblem ? t(`taskEditor.scoreErrors.${scoreProblem}`) : ' '}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'max-score' } }}
              sx={{ width: 140 }}
            />
          )}
          {withLangs.type >= 2 &&
            withLangs.type <= 6 &&
            flags.map((flag) => (
              <FormControlLabel
                key={flag}
                control={<Checkbox checked={withLangs.globals[flag]} onChange={(e) => setFlag(flag, e.target.checked)} disabled={!canObject || readOnly} />}
                label={t(`taskEditor.flags.${flag}`)}
              />
            ))}
        </Stack>
        {withLangs.program && (
          <Box sx={{ mt: 1.5 }} data-testid="section-visibility">
            <Typography variant="subtitle2" component="h3">
              {t('programEditor.visibility')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
              {SECTIONS.map((key) => (
                <Box key={key} sx={{ display: 'flex', alignItems: 'center' }} role="group" aria-label={t(`programEditor.sections.${key}`)}>
                  <Typography variant="body2" sx={{ minWidth: 110 }}>
                    {t(`programEditor.sections.${key}`)}
                  </Typography>
                  <FormControlLabel
                    control={<Checkbox size="small" checked={withLangs.program!.visibility[key].show} onChange={(e) => setVisibility(key, 'show', e.target.checked)} disabled={!canObject || readOnly} />}
                    label={t('programEditor.show')}
                  />
                  <FormControlLabel
                    control={<Checkbox size="small" checked={withLangs.program!.visibility[key].collapse} onChange={(e) => setVisibility(key, 'collapse', e.target.checked)} disabled={!canObject || readOnly} />}
                    label={t('programEditor.collapse')}
                  />
                </Box>
              ))}
            </Box>
          </Box>
        )}
      </Paper>

      <Grid container spacing={2} sx={{ mb: 2 }}>
        {[
          { lang: left, other: right, primary: true, onLang: setLeft },
          { lang: right, other: left, primary: false, onLang: setRight },
        ].map((p) => (
          <Grid key={p.primary ? 'left' : 'right'} size={{ xs: 12, md: vertical ? 12 : 6 }}>
            <EditorPane
              task={withLangs}
              lang={p.lang}
              otherLang={p.other}
              primary={p.primary}
              canEdit={!readOnly && langAllowed(p.lang)}
              canObject={canObject && !readOnly}
              onLang={(l) => {
                setTask(ensureLanguage(withLangs, l));
                p.onLang(l);
              }}
              onTask={setTask}
            />
          </Grid>
        ))}
      </Grid>

      {withLangs.program && (
        <ProgramSections
          type={withLangs.type}
          parts={withLangs.program}
          onParts={(program) => setTask({ ...withLangs, program })}
          extension={withLangs.type === 10 ? 'sql' : extension}
          template={courseInfo.data?.editorType ?? ''}
          readOnly={readOnly || !canObject}
          taskId={taskId}
          courseId={data?.course.id ?? courseId}
        />
      )}

      <Dialog open={showGaps} onClose={() => setShowGaps(false)} aria-labelledby="gaps-title">
        <DialogTitle id="gaps-title">{t('taskEditor.showGaps')}</DialogTitle>
        <DialogContent>
          {gaps.length ? (
            <List dense>
              {gaps.map((g, i) => (
                <ListItem key={i} sx={{ fontFamily: 'monospace' }}>
                  {i + 1}. {g}
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography>{t('taskEditor.noGaps', { language: languageById(left).name })}</Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setShowGaps(false)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
