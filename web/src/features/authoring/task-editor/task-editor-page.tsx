/**
 * The task editors of types 1-7 (spec/2 §2.9): /admin_content, /admin_type24, /admin_type56,
 * /admin_type7 (lesson_id, id) and /task_edit (…, id_type, …, id); id 0 is a new task. Two language
 * panes, Settings (type switch, score, flags), the lock countdown, language icon rows and the edit
 * toolbar. The server enforces the lock and the rights; this screen mirrors them.
 */
import { useMemo, useState } from 'react';
import { Controller, FormProvider, useFieldArray, useWatch } from 'react-hook-form';
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
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteSweep from '@mui/icons-material/DeleteSweep';
import ViewAgenda from '@mui/icons-material/ViewAgenda';
import ViewColumn from '@mui/icons-material/ViewColumn';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { gapAnswers, isEssayType, languageById, languages, NO_EDIT_PERMISSION } from '@lectio/shared';
import { api, isApiError, type ApiRequest } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';
import { useZodForm } from '@/components/form/use-zod-form';
import { pathTo } from '@/lib/paths';
import { useSession } from '@/lib/auth';
import { storage } from '@/lib/storage';
import { useFeedback } from '@/components/feedback/feedback';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { NotBuilt } from '@/components/not-built';
import { EditorPane } from './editor-pane';
import { answerTextOf, contentOf, emptyAnswerText, emptyContent, ensureLanguage, flagsFrom, isProgramType, newAnswer, taskFromStored, toStored, type EditorTask } from './model';
import { HTML_RULE_EMPTY_SLOT, taskFormSchema } from '../forms/schemas';
import { htmlFrom, newHtml } from './html-model';
import { HtmlSections } from './html-sections';
import { useAuthoringRefresh, useEditedTask, type EditedTask } from '../api/authoring';
import { ConfirmDialog } from '../components/confirm-dialog';
import { defaultVisibility, newProgram, programFrom, SECTIONS } from './program-model';
import { ProgramSections } from './program-sections';
import { useTaskLock } from './use-task-lock';
import { useTaskEditorCrumbs } from './use-task-crumbs';
import { LockBar } from './lock-bar';
import { NotebookEditorPage } from '../notebook-editor/notebook-editor-page';

type TaskData = EditedTask;

const typesOfRoute: Record<string, number[]> = {
  admin_content: [1],
  admin_type24: [2, 3, 4],
  admin_type56: [5, 6],
  admin_type7: [7],
  admin_type8: [8, 9, 10],
  admin_type_11: [11],
};

function newTask(type: number, extension = ''): EditorTask {
  const program = isProgramType(type) ? newProgram(type as 8 | 9 | 10, type === 10 ? 'sql' : extension) : undefined;
  const answers = type >= 2 && type <= 4 ? [newAnswer([])] : [];
  const html = type === 11 ? newHtml() : undefined;
  return { type, maxScore: type === 1 ? '0' : program ? '20' : '10', flags: flagsFrom(type, ''), contents: { 1: emptyContent(), 2: emptyContent() }, visible: { 1: 1, 2: 1 }, answers, program, html };
}

/** The working copy of a fetched task (the form's values: a new fetch, e.g. after a save, resets the form). */
function taskOfData(data: TaskData): EditorTask {
  const source = data.list.find((l) => l.content !== '')?.content ?? '';
  const program = isProgramType(data.task_type_id) ? programFrom(data.task_type_id, source, data.globals) : undefined;
  const html = data.task_type_id === 11 ? htmlFrom(source) : undefined;
  const task = taskFromStored({ type: data.task_type_id, maxScore: data.max_score, globals: data.globals, list: data.list, program, html });
  return ensureLanguage(ensureLanguage(task, 1), 2);
}

/** Types 12-15 have their own editors (notebooks); essay and GenAI (16, 17) use the question editor. */
export function TaskEditorPage() {
  const params = useParams();
  const routeName = useLocation().pathname.split('/')[1] ?? '';
  if (routeName === 'task_edit' && Number(params.id_type) >= 12 && Number(params.id_type) <= 15) return <NotebookEditorPage />;
  // essay and GenAI (16, 17): the question editor's panes (assignment and help per language, max score, lock)
  if (routeName === 'task_edit' && !(Number(params.id_type) >= 1 && Number(params.id_type) <= 11) && !isEssayType(Number(params.id_type))) {
    return <NotBuilt routeName="task_edit" params={{ id_type: params.id_type }} />;
  }
  return <QuestionEditor />;
}

function QuestionEditor() {
  const params = useParams();
  const routeName = useLocation().pathname.split('/')[1] ?? '';
  const { isAdmin } = useSession();
  const taskId = Number(params.id ?? 0);
  const lessonId = Number(params.lesson_id ?? 0);
  const allowed = routeName === 'task_edit' ? [Number(params.id_type)] : (typesOfRoute[routeName] ?? []);
  const stored = Number(storage.get('qtype'));
  const initialType = allowed.includes(stored) ? stored : allowed[0]!;

  const loaded = useEditedTask(taskId);
  const data = loaded.data;
  const denied = taskId > 0 && (loaded.isError || (data && !allowed.includes(data.task_type_id)));

  const courseId = Number(params.course_id ?? 0);
  const courseInfo = useQuery({
    queryKey: ['authoring', 'vpl-course-info', courseId],
    queryFn: () => api('getVplCourseInfo', { params: { course_id: courseId } }),
    enabled: courseId > 0 && allowed.some(isProgramType),
  });
  // What the editor shows, kept across the save of a new task (its id comes into the route).
  const [layout, setLayout] = useState<Layout>({ left: 1, right: 2, vertical: false });
  const lock = useTaskLock(taskId, data ? (data.islocked ? 0 : data.locked) : null, isAdmin);

  useTaskEditorCrumbs(data?.brc, lessonId, taskId === 0);

  if (denied) return <Alert severity="error" data-testid="access-denied">{NO_EDIT_PERMISSION}</Alert>;
  if (taskId > 0 && !data) return <PageSpinner />;
  // A new program task waits for the course's extension (its first file is file1.{extension}).
  if (taskId === 0 && isProgramType(initialType) && !(courseInfo.data || courseInfo.isError || courseId === 0)) return <PageSpinner />;
  return (
    <QuestionForm
      key={taskId}
      route={{ name: routeName, taskId, lessonId, courseId, allowed, showLang: params.show_lang ?? '', editLang: params.edit_lang ?? '', courseParam: params.course_id ?? '' }}
      data={data}
      newTask={() => newTask(initialType, courseInfo.data?.extension ?? '')}
      extension={courseInfo.data?.extension ?? ''}
      template={courseInfo.data?.editorType ?? ''}
      layout={layout}
      onLayout={setLayout}
      lock={lock}
    />
  );
}

interface Layout {
  left: number;
  right: number;
  vertical: boolean;
}

interface QuestionFormProps {
  route: { name: string; taskId: number; lessonId: number; courseId: number; allowed: number[]; showLang: string; editLang: string; courseParam: string };
  /** The fetched task (undefined for a new one). */
  data: TaskData | undefined;
  newTask: () => EditorTask;
  extension: string;
  template: string;
  layout: Layout;
  onLayout: (layout: Layout) => void;
  lock: ReturnType<typeof useTaskLock>;
}

/** The question form: its values are the fetched task (or a new one); lists are field arrays, the max score is the schema's check. */
function QuestionForm({ route, data, newTask: makeNewTask, extension: courseExtension, template, layout, onLayout, lock }: QuestionFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { taskId, lessonId, courseId, allowed } = route;
  const { left, right, vertical } = layout;
  const [showGaps, setShowGaps] = useState(false);
  const loadedTask = useMemo(() => (data ? taskOfData(data) : undefined), [data]);
  const [initial] = useState(() => loadedTask ?? makeNewTask());
  const form = useZodForm(taskFormSchema, { mode: 'onChange', defaultValues: initial, values: loadedTask });
  const { control, getValues, setValue } = form;
  const answers = useFieldArray({ control, name: 'answers' });
  const type = useWatch({ control, name: 'type' });
  const program = useWatch({ control, name: 'program' });
  const html = useWatch({ control, name: 'html' });
  const contents = useWatch({ control, name: 'contents' });
  const visible = useWatch({ control, name: 'visible' });
  const scoreError = form.formState.errors.maxScore?.message;
  const refresh = useAuthoringRefresh();
  const save = useAction({
    mutationFn: (body: ApiRequest<'createEditTaskAllLang'>['body']) => api('createEditTaskAllLang', { body }),
    // Every list that shows the task (task list, counts, the learner's lists) refetches before the editor moves on.
    onSuccess: () => refresh(),
    onError: (e) => feedback.show(isApiError(e) ? e.message : String(e)),
  });

  const readOnly = taskId > 0 && (!data || data.islocked || lock.count === 0 || lock.count === -1);
  const canObject = taskId === 0 || (data?.only_translation ?? 1) === 0;
  const langAllowed = (l: number) => taskId === 0 || (data?.list.find((x) => x.lang_id === l)?.permissions ?? 0) === 1;
  const extension = type === 10 ? 'sql' : courseExtension;
  const gaps = useMemo(() => gapAnswers(contents[left]?.content ?? ''), [contents, left]);

  const submit = (close: boolean) =>
    form.handleSubmit((values) => {
      const task = ensureLanguage(ensureLanguage(values as EditorTask, left), right);
      const { globals, contents: stored } = toStored(task);
      // A translator saves texts only: what decides grading goes back as it was stored (the server refuses any change to it).
      const kept = !canObject && data ? data : null;
      const body = {
        lesson_id: taskId ? (data?.lesson_id ?? lessonId) : lessonId,
        task_id: taskId,
        task_type_id: kept ? kept.task_type_id : task.type,
        max_score: kept ? kept.max_score : task.type === 1 ? '0' : task.maxScore,
        globals: kept ? kept.globals : globals,
        content_list: Object.entries(stored)
          .filter(([l]) => taskId === 0 || langAllowed(Number(l)))
          .map(([l, content]) => ({ lang_id: Number(l), content, visible: task.visible[l] ?? 1 })),
        only_translation: canObject ? 0 : 1,
      };
      save.mutate(body, {
        onSuccess: (res) => {
          feedback.show(t('taskEditor.saved'), 'success');
          // Save and close goes to the task's lesson whatever the history (a bookmark, a new tab: spec/2 §2.1).
          if (close) void navigate(pathTo('lesson_admin_content', { id: body.lesson_id }));
          else if (taskId === 0) {
            const path = route.name === 'task_edit'
              ? pathTo('task_edit', { course_id: route.courseParam, lesson_id: lessonId, id_type: task.type, show_lang: route.showLang, edit_lang: route.editLang, id: res.task_id })
              : route.name === 'admin_type8'
                ? pathTo('admin_type8', { course_id: courseId, lesson_id: lessonId, id: res.task_id })
                : pathTo(route.name as 'admin_type24', { lesson_id: lessonId, id: res.task_id });
            void navigate(path, { replace: true });
          }
        },
      });
    }, (errors) => {
      // The max score shows its own error; anything else (not expected) is said as feedback.
      const other = Object.entries(errors).find(([name]) => name !== 'maxScore');
      const message = String((other?.[1] as { message?: unknown } | undefined)?.message ?? 'Invalid');
      if (other) feedback.show(message === HTML_RULE_EMPTY_SLOT ? t(HTML_RULE_EMPTY_SLOT) : `${other[0]}: ${message}`);
    })();

  /** A language shown in a pane has its content. */
  const showLanguage = (lang: number) => {
    if (!getValues(`contents.${lang}`)) setValue(`contents.${lang}`, emptyContent());
  };
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const dirty = form.formState.isDirty;
  const leave = () => void navigate(pathTo('lesson_admin_content', { id: data?.lesson_id ?? lessonId }));
  // Edits are not thrown away without asking.
  const closeWithoutSaving = () => (dirty ? setConfirmDiscard(true) : leave());
  const setType = (next: number) => {
    storage.set('qtype', String(next));
    const parts = getValues('program');
    if (isProgramType(next) && parts) {
      // A new task takes the new type's default files; a stored one keeps its files and shows the new type's sections.
      setValue('program', taskId === 0 ? newProgram(next as 8 | 9 | 10, next === 10 ? 'sql' : courseExtension) : { ...parts, visibility: defaultVisibility(next) });
    }
    setValue('type', next, { shouldValidate: true });
  };
  const copyParts = () => {
    showLanguage(right);
    setValue(`contents.${right}`, { ...contentOf(getValues(), left) }, { shouldDirty: true });
    getValues('answers').forEach((a, i) => setValue(`answers.${i}.texts.${right}`, answerTextOf(a, left), { shouldDirty: true }));
  };
  const deleteTranslation = () => {
    setValue(`contents.${right}`, emptyContent(), { shouldDirty: true });
    getValues('answers').forEach((_a, i) => setValue(`answers.${i}.texts.${right}`, emptyAnswerText(), { shouldDirty: true }));
  };
  const rightVisible = (visible[right] ?? 1) === 1;
  const translated = languages.filter((l) => (contents[l.id]?.content ?? '') !== '');
  const untranslated = languages.filter((l) => (contents[l.id]?.content ?? '') === '');
  const flags = type >= 5 ? (['ignoreSpace', 'caseSensitive', 'aqSome'] as const) : (['ignoreSpace', 'ignoreSeparators', 'caseSensitive', 'aqSome'] as const);
  const count = lock.count;
  const selectRight = (lang: number) => {
    showLanguage(lang);
    onLayout({ ...layout, right: lang });
  };

  return (
    <FormProvider {...form}>
      <PageHeading title={taskId ? t('taskEditor.editTitle', { id: taskId }) : t('taskEditor.newTitle')} subtitle={t(`taskEditor.types.t${type}` as 'taskEditor.types.t1')} />
      {data?.islocked && (
        <Alert severity="warning" icon={<Lock />} sx={{ mb: 2 }} data-testid="locked-message">
          {t('taskEditor.lockedByOther')}
        </Alert>
      )}
      {taskId > 0 && !data?.islocked && (
        <LockBar lock={lock} />
      )}

      <Stack direction="row" role="toolbar" aria-label={t('taskEditor.toolbar')} sx={{ flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}>
        <Tooltip title={vertical ? t('taskEditor.horizontal') : t('taskEditor.vertical')}>
          <IconButton aria-label={vertical ? t('taskEditor.horizontal') : t('taskEditor.vertical')} onClick={() => onLayout({ ...layout, vertical: !vertical })}>
            {vertical ? <ViewColumn /> : <ViewAgenda />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t('taskEditor.copyParts')}>
          <span>
            <IconButton aria-label={t('taskEditor.copyParts')} disabled={readOnly || !langAllowed(right)} onClick={copyParts} data-testid="copy-parts">
              <ContentCopy />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('taskEditor.toggleVisibility')}>
          <span>
            <IconButton
              aria-label={t('taskEditor.toggleVisibility')}
              aria-pressed={rightVisible}
              disabled={readOnly || !langAllowed(right)}
              onClick={() => setValue(`visible.${right}`, rightVisible ? 0 : 1, { shouldDirty: true })}
            >
              {rightVisible ? <Visibility /> : <VisibilityOff />}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('taskEditor.deleteTranslation')}>
          <span>
            <IconButton aria-label={t('taskEditor.deleteTranslation')} disabled={readOnly || !langAllowed(right) || right === 1} onClick={deleteTranslation}>
              <DeleteSweep />
            </IconButton>
          </span>
        </Tooltip>
        {(type === 5 || type === 6) && (
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
            <Button variant="outlined" onClick={() => void submit(false)} disabled={save.isPending || !!scoreError} data-testid="save">
              {t('taskEditor.save')}
            </Button>
            {(count > 0 || count === -100 || taskId === 0) && (
              <Button variant="contained" onClick={() => void submit(true)} disabled={save.isPending || !!scoreError} data-testid="save-close">
                {t('taskEditor.saveAndClose')}
              </Button>
            )}
          </>
        )}
      </Stack>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }} data-testid="language-icons">
        <Typography variant="body2">{t('taskEditor.translated')}</Typography>
        {translated.map((l) => (
          <Chip key={l.id} size="small" label={l.shortcut.toUpperCase()} color="primary" onClick={() => l.id !== left && selectRight(l.id)} aria-label={`${l.shortcut.toUpperCase()}, ${t('taskEditor.showLanguage', { language: l.name })}`} />
        ))}
        <Typography variant="body2" sx={{ ml: 2 }}>
          {t('taskEditor.notTranslated')}
        </Typography>
        {untranslated.map((l) => (
          <Chip key={l.id} size="small" variant="outlined" label={l.shortcut.toUpperCase()} onClick={() => l.id !== left && selectRight(l.id)} aria-label={`${l.shortcut.toUpperCase()}, ${t('taskEditor.editLanguage', { language: l.name })}`} />
        ))}
      </Box>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="settings-heading">
        <Typography id="settings-heading" variant="subtitle1" component="h2" sx={{ mb: 1.5, fontWeight: 600 }}>
          {t('taskEditor.settings')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1.5 }}>
          {allowed.length > 1 && (
            <TextField select size="small" label={t('taskEditor.type')} value={type} onChange={(e) => setType(Number(e.target.value))} disabled={!canObject || readOnly} sx={{ minWidth: 240 }} slotProps={{ select: { inputProps: { 'data-testid': 'type-select' } } }}>
              {allowed.map((choice) => (
                <MenuItem key={choice} value={choice}>
                  {t(`taskEditor.types.t${choice}` as 'taskEditor.types.t1')}
                </MenuItem>
              ))}
            </TextField>
          )}
          {type !== 1 && (
            <Controller
              control={control}
              name="maxScore"
              render={({ field }) => (
                <TextField
                  size="small"
                  label={t('taskEditor.score')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  disabled={!canObject || readOnly}
                  error={!!scoreError}
                  helperText={scoreError ? t(scoreError as 'taskEditor.scoreErrors.required') : ' '}
                  slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'max-score' } }}
                  sx={{ width: 140 }}
                />
              )}
            />
          )}
          {type >= 2 &&
            type <= 6 &&
            flags.map((flag) => (
              <Controller
                key={flag}
                control={control}
                name={`flags.${flag}`}
                render={({ field }) => (
                  <FormControlLabel
                    control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} disabled={!canObject || readOnly} />}
                    label={t(`taskEditor.flags.${flag}`)}
                  />
                )}
              />
            ))}
        </Stack>
        {program && (
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
                  {(['show', 'collapse'] as const).map((part) => (
                    <Controller
                      key={part}
                      control={control}
                      name={`program.visibility.${key}.${part}`}
                      render={({ field }) => (
                        <FormControlLabel
                          control={<Checkbox size="small" checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} disabled={!canObject || readOnly} />}
                          label={t(`programEditor.${part}`)}
                        />
                      )}
                    />
                  ))}
                </Box>
              ))}
            </Box>
          </Box>
        )}
      </Paper>

      <Grid container spacing={2} sx={{ mb: 2 }}>
        {[
          { lang: left, other: right, primary: true, onLang: (l: number) => onLayout({ ...layout, left: l }) },
          { lang: right, other: left, primary: false, onLang: (l: number) => onLayout({ ...layout, right: l }) },
        ].map((p) => (
          <Grid key={p.primary ? 'left' : 'right'} size={{ xs: 12, md: vertical ? 12 : 6 }}>
            <EditorPane
              lang={p.lang}
              otherLang={p.other}
              primary={p.primary}
              canEdit={!readOnly && langAllowed(p.lang)}
              canObject={canObject && !readOnly}
              onLang={(l) => {
                showLanguage(l);
                p.onLang(l);
              }}
              answers={answers}
            />
          </Grid>
        ))}
      </Grid>

      {program && (
        <Controller
          control={control}
          name="program"
          render={({ field }) => (
            <ProgramSections
              type={type}
              parts={field.value!}
              onParts={field.onChange}
              extension={extension}
              template={template}
              readOnly={readOnly || !canObject}
              taskId={taskId}
              courseId={data?.course.id ?? courseId}
            />
          )}
        />
      )}

      {html && (
        <Controller control={control} name="html" render={({ field }) => <HtmlSections parts={field.value!} onParts={field.onChange} readOnly={readOnly || !canObject} />} />
      )}

      <ConfirmDialog
        open={confirmDiscard}
        text={t('taskEditor.discardChanges')}
        variant="buttons"
        onClose={(confirmed) => {
          setConfirmDiscard(false);
          if (confirmed) leave();
        }}
      />

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
    </FormProvider>
  );
}
