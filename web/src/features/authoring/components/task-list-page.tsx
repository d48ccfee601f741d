/**
 * /task_list/{lessonId} and /lesson_admin_content/{lessonId} (spec/2 §2.7): the tasks of a lesson
 * with type and lock icons, intro, max score, the actions solutions, view, edit, clone, delete, up,
 * down and a checkbox; per-language visibility saved at once; the Select type buttons (Content,
 * Question menu 2-7, Programs menu 8-11; types without an editor yet are disabled with a tooltip);
 * and the chapter/lesson picker with Move and Delete for the checked tasks.
 */
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  IconButton,
  InputLabel,
  Menu,
  MenuItem,
  Paper,
  Select,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Code from '@mui/icons-material/Code';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Lock from '@mui/icons-material/Lock';
import MenuBook from '@mui/icons-material/MenuBook';
import Quiz from '@mui/icons-material/QuizOutlined';
import Preview from '@mui/icons-material/Preview';
import Lightbulb from '@mui/icons-material/LightbulbOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Web from '@mui/icons-material/Web';
import { LanguageSelect } from '@/components/form/language-select';
import { catalogueTrail } from '../lib/trail';
import { useTranslation } from 'react-i18next';
import { pickerLabel } from '@lectio/shared';
import { pathTo } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { languageIdOf } from '@/lib/i18n';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useAuthoringCall, useCourseChapterPicker, useTaskList, type TaskList } from '../api/authoring';
import { useCourseLanguage, useMay } from '../lib/permissions';
import { editorExists, editorPath, NOTEBOOK_MENU, PROGRAM_MENU, QUESTION_MENU } from '../lib/task-types';
import { canMove, DIALOG_CLOSED, DIALOG_DELETE_MANY, DIALOG_DELETE_ONE, DIALOG_MOVE, dialogText, resultCodeOf, type DialogState } from '../lib/task-list-dialog';
import { AccessDenied } from './access-denied';
import { ConfirmDialog } from './confirm-dialog';

type Task = TaskList['element_list'][number];

function TypeIcon({ type }: { type: number }) {
  const { t } = useTranslation();
  const label = t(`authoring.taskTypes.t${type}` as 'authoring.taskTypes.t1', { defaultValue: `#${type}` });
  const icon = type === 1 ? <MenuBook /> : type >= 8 && type <= 10 ? <Code /> : type === 11 ? <Web /> : <Quiz />;
  return (
    <Tooltip disableInteractive title={label}>
      <Box component="span" role="img" aria-label={label} sx={{ display: 'inline-flex', color: 'primary.main' }}>
        {icon}
      </Box>
    </Tooltip>
  );
}

function TypeMenu({ label, types, onPick, testId }: { label: string; types: readonly number[]; onPick: (type: number) => void; testId: string }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button variant="outlined" onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu" aria-expanded={anchor !== null} data-testid={testId}>
        {label}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {types.map((type) => {
          const name = t(`authoring.taskTypes.t${type}` as 'authoring.taskTypes.t1');
          const built = editorExists(type);
          return built ? (
            <MenuItem
              key={type}
              onClick={() => {
                setAnchor(null);
                onPick(type);
              }}
              data-testid={`new-type-${type}`}
            >
              {name}
            </MenuItem>
          ) : (
            <Tooltip disableInteractive key={type} title={t('authoring.taskList.editorMissing')} placement="right">
              <span>
                <MenuItem disabled data-testid={`new-type-${type}`}>
                  {name}
                </MenuItem>
              </span>
            </Tooltip>
          );
        })}
      </Menu>
    </>
  );
}

export function TaskListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const lessonId = Number(useParams().id);
  const query = useTaskList(lessonId, languageIdOf(i18n.resolvedLanguage ?? i18n.language));
  const data = query.data;
  const [langId, setLangId] = useCourseLanguage(data?.course_id);
  const [checked, setChecked] = useState<number[]>([]);
  const [targetChapter, setTargetChapter] = useState<number | ''>('');
  const [targetLesson, setTargetLesson] = useState<number | ''>('');
  const [dialog, setDialog] = useState<{ state: DialogState; taskId?: number }>({ state: DIALOG_CLOSED });
  const picker = useCourseChapterPicker(data?.course_id ?? 0).data?.chapters ?? [];
  const visibility = useAuthoringCall('changeTaskVisibility');
  const order = useAuthoringCall('changeTaskOrder');
  const clone = useAuthoringCall('taskClone');
  const remove = useAuthoringCall('deleteTask');
  const many = useAuthoringCall('multipleChanges2');
  const mayDo = useMay(data?.permissions.list);
  useBreadcrumbs(
    data
      ? [
          ...catalogueTrail(data.brc),
          { label: data.brc.course?.name ?? '', to: pathTo('course_admin_content', { id: data.course_id }) },
          { label: data.brc.chapter?.name ?? '', to: pathTo('edit_lessons', { id: data.chapter_id }) },
          { label: data.brc.lesson?.name ?? '' },
        ]
      : [{ label: t('authoring.taskList.title') }],
  );
  if (query.isPending) return <PageSpinner />;
  if (!data) return <AccessDenied error={query.error} />;

  const tasks = data.element_list;
  const scope = { chapterId: data.chapter_id, lessonId };
  const canObject = mayDo({ kind: 'object', list: 'task-list', ...scope });
  const canTranslate = mayDo({ kind: 'translate', langId, ...scope });
  const busy = visibility.isPending || order.isPending || clone.isPending || remove.isPending || many.isPending;
  const ids = { courseId: data.course_id, lessonId };
  const lessonsOfTarget = picker.find((c) => c.id === targetChapter)?.lessons ?? [];
  const toggle = (id: number) => setChecked((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));

  const newTask = (type: number) => {
    storage.set('qtype', String(type));
    void navigate(editorPath(type, { ...ids, taskId: 0 }));
  };
  const swap = (a: Task, b: Task | undefined) => {
    if (b && !busy) order.mutate({ body: { id1: a.id, id2: b.id, order1: a.order, order2: b.order } });
  };
  const onDialog = (ok: boolean) => {
    const d = dialog;
    setDialog({ state: DIALOG_CLOSED });
    if (!ok) return;
    const code = resultCodeOf(d.state);
    if (code === 2 && d.taskId) remove.mutate({ body: { id: d.taskId } });
    if (code === 4) many.mutate({ body: { operation: 'move', newLesson: Number(targetLesson), newChapter: Number(targetChapter), changes: JSON.stringify(checked) } }, { onSuccess: () => setChecked([]) });
    if (code === 6) many.mutate({ body: { operation: 'delete', changes: JSON.stringify(checked) } }, { onSuccess: () => setChecked([]) });
  };

  return (
    <>
      <PageHeading
        title={data.brc.lesson?.name || t('authoring.notTranslatedLesson')}
        subtitle={t('authoring.taskList.title')}
        action={
          <LanguageSelect label={t('authoring.lists.language')} value={langId} onChange={setLangId} testId="task-language" />
        }
      />
      {tasks.length === 0 && <Typography color="text.secondary">{t('authoring.taskList.empty')}</Typography>}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('authoring.taskList.title')}>
        {tasks.map((task, index) => {
          const tr = task.translations.find((x) => x.lang_id === langId) ?? { visible: 1, translated: 0 };
          const intro = task.intro || t('authoring.notTranslated');
          const editable = canObject && !task.islocked;
          return (
            <Paper component="li" variant="outlined" key={task.id} data-testid="task-row" sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, flexWrap: 'wrap' }}>
              <Checkbox
                checked={checked.includes(task.id)}
                onChange={() => toggle(task.id)}
                disabled={!canObject}
                slotProps={{ input: { 'aria-label': t('authoring.taskList.check', { n: index + 1 }), ...{ 'data-testid': 'task-check' } } }}
              />
              <TypeIcon type={task.type_id} />
              {task.islocked && (
                <Tooltip disableInteractive title={t('authoring.taskList.locked')}>
                  <Lock color="warning" aria-label={t('authoring.taskList.locked')} data-testid="task-lock" />
                </Tooltip>
              )}
              <Typography sx={{ flex: 1, minWidth: 240, color: task.intro ? 'text.primary' : 'text.secondary' }} data-testid="task-intro">
                {intro}
              </Typography>
              <Typography variant="body2" sx={{ minWidth: 64 }} data-testid="task-score">
                {t('authoring.taskList.maxScore', { score: task.max_score })}
              </Typography>
              {canTranslate && (
                <Tooltip disableInteractive title={tr.visible ? t('authoring.lists.hide', { name: `#${index + 1}` }) : t('authoring.lists.show', { name: `#${index + 1}` })}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={tr.visible ? t('authoring.lists.hide', { name: `#${index + 1}` }) : t('authoring.lists.show', { name: `#${index + 1}` })}
                      aria-pressed={tr.visible === 0}
                      disabled={busy || task.islocked}
                      onClick={() => visibility.mutate({ body: { task_id: task.id, visibility: tr.visible ? 0 : 1, lang_id: langId } })}
                      data-testid="task-visibility"
                    >
                      {tr.visible ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
                    </IconButton>
                  </span>
                </Tooltip>
              )}
              <Tooltip disableInteractive title={t('authoring.taskList.solutions')}>
                <IconButton size="small" component={RouterLink} to={pathTo('show_solutions', { id: task.id })} aria-label={t('authoring.taskList.solutions')}>
                  <Lightbulb fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip disableInteractive title={t('authoring.taskList.view')}>
                <IconButton size="small" component={RouterLink} to={pathTo('show_content', { id: task.id })} aria-label={t('authoring.taskList.view')}>
                  <Preview fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip disableInteractive title={editorExists(task.type_id) ? t('authoring.taskList.edit') : t('authoring.taskList.editorMissing')}>
                <span>
                  <IconButton
                    size="small"
                    component={RouterLink}
                    to={editorPath(task.type_id, { ...ids, taskId: task.id })}
                    aria-label={t('authoring.taskList.edit')}
                    disabled={!editorExists(task.type_id) || task.islocked}
                    data-testid="task-edit"
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              {canObject && (
                <>
                  <Tooltip disableInteractive title={t('authoring.taskList.clone')}>
                    <span>
                      <IconButton size="small" aria-label={t('authoring.taskList.clone')} disabled={busy} onClick={() => clone.mutate({ body: { task_id: task.id } })} data-testid="task-clone">
                        <ContentCopy fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip disableInteractive title={t('authoring.taskList.delete')}>
                    <span>
                      <IconButton size="small" aria-label={t('authoring.taskList.delete')} disabled={busy || !editable} onClick={() => setDialog({ state: DIALOG_DELETE_ONE, taskId: task.id })} data-testid="task-delete">
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip disableInteractive title={t('authoring.actions.moveUp', { name: `#${index + 1}` })}>
                    <span>
                      <IconButton size="small" aria-label={t('authoring.actions.moveUp', { name: `#${index + 1}` })} disabled={busy || index === 0} onClick={() => swap(task, tasks[index - 1])} data-testid="task-up">
                        <ArrowUpward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip disableInteractive title={t('authoring.actions.moveDown', { name: `#${index + 1}` })}>
                    <span>
                      <IconButton size="small" aria-label={t('authoring.actions.moveDown', { name: `#${index + 1}` })} disabled={busy || index === tasks.length - 1} onClick={() => swap(task, tasks[index + 1])} data-testid="task-down">
                        <ArrowDownward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </>
              )}
            </Paper>
          );
        })}
      </Stack>
      {canObject && (
        <Paper variant="outlined" sx={{ mt: 3, p: 2 }} component="section" aria-labelledby="select-type-heading">
          <Typography id="select-type-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            {t('authoring.taskList.selectType')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            {editorExists(1) ? (
              <Button variant="outlined" onClick={() => newTask(1)} data-testid="new-content">
                {t('authoring.taskList.content')}
              </Button>
            ) : (
              <Tooltip disableInteractive title={t('authoring.taskList.editorMissing')}>
                <span>
                  <Button variant="outlined" disabled data-testid="new-content">
                    {t('authoring.taskList.content')}
                  </Button>
                </span>
              </Tooltip>
            )}
            <TypeMenu label={t('authoring.taskList.questions')} types={QUESTION_MENU} onPick={newTask} testId="menu-questions" />
            <TypeMenu label={t('authoring.taskList.programs')} types={PROGRAM_MENU} onPick={newTask} testId="menu-programs" />
            <TypeMenu label={t('notebook.menu')} types={NOTEBOOK_MENU} onPick={newTask} testId="menu-notebooks" />
          </Stack>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mt: 3, mb: 1 }}>
            {t('authoring.taskList.checkedTasks', { count: checked.length })}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <FormControl size="small" sx={{ minWidth: 220 }}>
              <InputLabel id="target-chapter-label">{t('authoring.taskList.chapter')}</InputLabel>
              <Select
                labelId="target-chapter-label"
                label={t('authoring.taskList.chapter')}
                value={targetChapter}
                onChange={(e) => {
                  const id = Number(e.target.value);
                  setTargetChapter(id);
                  setTargetLesson(picker.find((c) => c.id === id)?.lessons[0]?.id ?? '');
                }}
                data-testid="target-chapter"
              >
                {picker.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {pickerLabel(c.name || t('authoring.notTranslatedChapter'))}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControl size="small" sx={{ minWidth: 220 }} disabled={targetChapter === ''}>
              <InputLabel id="target-lesson-label">{t('authoring.taskList.lesson')}</InputLabel>
              <Select labelId="target-lesson-label" label={t('authoring.taskList.lesson')} value={lessonsOfTarget.length ? targetLesson : 0} onChange={(e) => setTargetLesson(Number(e.target.value))} data-testid="target-lesson">
                {lessonsOfTarget.length === 0 ? (
                  <MenuItem value={0}>---</MenuItem>
                ) : (
                  lessonsOfTarget.map((l) => (
                    <MenuItem key={l.id} value={l.id}>
                      {pickerLabel(l.name || t('authoring.notTranslatedLesson'))}
                    </MenuItem>
                  ))
                )}
              </Select>
            </FormControl>
            <Button
              variant="contained"
              disabled={busy}
              onClick={() => canMove(checked.length, lessonsOfTarget.length ? Number(targetLesson) || null : null) && setDialog({ state: DIALOG_MOVE })}
              data-testid="move-checked"
            >
              {t('authoring.taskList.move')}
            </Button>
            <Button variant="outlined" color="error" disabled={busy} onClick={() => checked.length > 0 && setDialog({ state: DIALOG_DELETE_MANY })} data-testid="delete-checked">
              {t('authoring.taskList.deleteChecked')}
            </Button>
          </Stack>
        </Paper>
      )}
      <ConfirmDialog
        open={dialog.state !== DIALOG_CLOSED}
        variant="buttons"
        text={dialogText(dialog.state, dialog.state === DIALOG_DELETE_ONE ? 1 : checked.length, (k, o) => t(k as 'authoring.taskList.move', o ?? {}))}
        onClose={onDialog}
      />
    </>
  );
}

