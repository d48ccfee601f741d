/**
 * /chapter_content/{id}: the task player of a chapter (spec/3 "Task player", §4 navigation). A tab
 * per task with its status colour, previous and next, the lesson sidebar with done markers; past
 * the last task the next lesson opens, after the last lesson the course page.
 */
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Box, IconButton, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Paper, Typography } from '@mui/material';
import { AfterFirstScreen } from '@/components/after-first-screen';
import { DeferredTooltip } from '@/components/deferred-tooltip';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { courseCrumbs, useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useLessons, useLessonTasks, type LessonList, type PlayerTaskData } from '../api/player';
import { withOpenLessonProgress } from '../lib/lesson-progress';
import { firstLessonToOpen, firstTaskToOpen } from '../lib/navigation';
import { TaskPaneFor } from './task-panes';
import { TaskTabs } from './task-tabs';

export function ChapterContentPage() {
  const chapterId = Number(useParams().id);
  const [search] = useSearchParams();
  const lessons = useLessons(chapterId);
  // The page renders with the chapter's lessons and the lesson's tasks in a deferred (interruptible) render: a
  // query's answer is a synchronous update, and a new or refreshed list (a task passed) re-rendered the whole
  // page in one long task on a phone (issue 20 item 22). The synchronous render reaches only this component:
  // the player below is memoised and its props are the deferred values, unchanged until the deferred render.
  const data = useDeferredValue(lessons.data);
  const requested = Number(search.get('lesson')) || null;
  const lessonId = data
    ? requested && data.lesson_list.some((l) => l.lesson_id === requested)
      ? requested
      : firstLessonToOpen(data.lesson_list)
    : null;
  const tasks = useLessonTasks(data?.course.id ?? 0, chapterId, lessonId);
  // The list is kept with its lesson, so a lesson never opens with the previous lesson's tasks.
  const answer = tasks.data;
  const loaded = useDeferredValue(useMemo(() => (answer ? { lessonId, list: answer.task_list } : undefined), [answer, lessonId]));
  const list = loaded?.lessonId === lessonId ? loaded.list : undefined;
  // No lesson in this language: the task query never runs (it would spin forever).
  const tasksLoading = Boolean(tasks.isPending || (tasks.data && !list)) && lessonId !== null;

  useBreadcrumbs(data ? [...courseCrumbs(data), { label: data.chapter.name }] : [{ label: '' }]);

  if (lessons.isPending || (lessons.data && !data)) return <PageSpinner />;
  if (!data) return null;
  return <ChapterPlayer chapterId={chapterId} data={data} lessonId={lessonId} list={list} tasksLoading={tasksLoading} />;
}

interface ChapterPlayerProps {
  chapterId: number;
  data: LessonList;
  lessonId: number | null;
  list: PlayerTaskData[] | undefined;
  tasksLoading: boolean;
}

/** The tabs, the open task and the lesson sidebar, for the lessons and the task list the page has rendered. */
const ChapterPlayer = memo(function ChapterPlayer({ chapterId, data, lessonId, list, tasksLoading }: ChapterPlayerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  // The open task of the open lesson (null until its task list is there).
  const [opened, setOpened] = useState<{ lessonId: number; index: number } | null>(null);
  const [showSidebar, setShowSidebar] = useState(true);
  const [fullScreen, setFullScreen] = useState(false);
  const playerRef = useRef<HTMLDivElement>(null);

  // A new lesson opens at its first unfinished task (or the one asked for with ?task=last), chosen once when
  // its list arrives. Set while rendering, so the lesson's first render already shows the task: set in an
  // effect, it cost a second render and commit of the whole pane (a long task on a phone, issue 20 item 22).
  if (list && lessonId !== null && opened?.lessonId !== lessonId) {
    setOpened({ lessonId, index: search.get('task') === 'last' ? Math.max(0, list.length - 1) : firstTaskToOpen(list) });
  }
  const index = opened && opened.lessonId === lessonId ? opened.index : null;
  const setIndex = (value: number) => {
    if (lessonId !== null) setOpened({ lessonId, index: value });
  };

  useEffect(() => {
    const onChange = () => setFullScreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const lessonPos = data.lesson_list.findIndex((l) => l.lesson_id === lessonId);
  const openLesson = (id: number, last = false) => {
    setOpened(null);
    setSearch(last ? { lesson: String(id), task: 'last' } : { lesson: String(id) }, { replace: false });
  };
  const next = () => {
    if (!list || index === null) return;
    if (index < list.length - 1) return setIndex(index + 1);
    const following = data.lesson_list[lessonPos + 1];
    if (following) openLesson(following.lesson_id);
    else void navigate(pathTo('course_content', { id: data.course.id }));
  };
  const previous = () => {
    if (index === null) return;
    if (index > 0) return setIndex(index - 1);
    const before = data.lesson_list[lessonPos - 1];
    if (before) openLesson(before.lesson_id, true);
  };
  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void playerRef.current?.requestFullscreen?.();
  };
  const current = list && index !== null ? list[index] : undefined;
  const lessonName = data.lesson_list[lessonPos]?.lesson_name ?? '';

  return (
    <>
      <PageHeading title={data.chapter.name} subtitle={lessonName} />
      {/* Two columns from md (8 + 4 of twelve, 9 + 3 from lg), one below the other on a phone. */}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: showSidebar
            ? { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 1fr)' }
            : 'minmax(0, 1fr)',
        }}
      >
        <Box>
          <Box
            ref={playerRef}
            sx={{ bgcolor: 'background.default', p: fullScreen ? 2 : 0, overflow: 'auto' }}
            data-testid="player"
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
              <DeferredTooltip title={t('player.previous')}>
                <span>
                  <IconButton
                    aria-label={t('player.previous')}
                    onClick={previous}
                    disabled={index === null || (index === 0 && lessonPos <= 0)}
                    data-testid="previous"
                  >
                    <ArrowBack />
                  </IconButton>
                </span>
              </DeferredTooltip>
              <TaskTabs tasks={list ?? []} value={index} onChange={setIndex} />
              <DeferredTooltip title={t('player.next')}>
                <span>
                  <IconButton aria-label={t('player.next')} onClick={next} disabled={index === null} data-testid="next">
                    <ArrowForward />
                  </IconButton>
                </span>
              </DeferredTooltip>
            </Box>
            {tasksLoading && <PageSpinner />}
            {lessonId === null && (
              <Typography color="text.secondary" data-testid="no-lessons">
                {t('coursePage.chapters.emptyLanguage')}
              </Typography>
            )}
            {current && (
              <TaskPaneFor
                task={current}
                chapterId={chapterId}
                canBuy={data.chapter.chapter_type === 1}
                fullScreen={fullScreen}
                onToggleFullScreen={toggleFullScreen}
                onToggleView={() => setShowSidebar((s) => !s)}
              />
            )}
            {list && list.length === 0 && <Typography color="text.secondary">{t('player.noTasks')}</Typography>}
          </Box>
        </Box>
        {showSidebar && (
          // Below the player on a phone: shown once the task list is there, so the task's pane (with its place
          // kept while its code loads) does not push it down the screen (a layout shift of 0.26, issue 20); and
          // rendered after the player, in a commit of its own (its own grid column from md).
          <AfterFirstScreen>
            <Box sx={{ display: { xs: tasksLoading ? 'none' : 'block', md: 'block' } }}>
              <Paper variant="outlined" component="nav" aria-label={t('player.lessons')}>
                <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
                  {t('player.lessons')}
                </Typography>
                <List dense>
                  {data.lesson_list.map((listed) => {
                    // The open lesson's counts follow its task list at once (the aggregate catches up a moment later).
                    const l = listed.lesson_id === lessonId ? withOpenLessonProgress(listed, list) : listed;
                    const done = l.tasks_nonfinished + l.programs_nonfinished === 0;
                    return (
                      <ListItem key={l.lesson_id} disablePadding>
                        <ListItemButton
                          selected={l.lesson_id === lessonId}
                          onClick={() => openLesson(l.lesson_id)}
                          data-testid="lesson-item"
                          data-done={done}
                        >
                          <ListItemIcon sx={{ minWidth: 32 }}>
                            {done ? (
                              <CheckCircle color="success" fontSize="small" titleAccess={t('player.lessonDone')} />
                            ) : (
                              <RadioButtonUnchecked fontSize="small" titleAccess={t('player.lessonOpen')} />
                            )}
                          </ListItemIcon>
                          <ListItemText
                            primary={l.lesson_name}
                            secondary={[
                              l.max_tasks > 0 || l.max_programs === 0
                                ? t('player.lessonCounts', { tasks: l.max_tasks - l.tasks_nonfinished, max: l.max_tasks })
                                : '',
                              l.max_programs > 0
                                ? t('programming.lessonPrograms', {
                                    done: l.max_programs - l.programs_nonfinished,
                                    max: l.max_programs,
                                  })
                                : '',
                            ]
                              .filter(Boolean)
                              .join(' · ')}
                          />
                        </ListItemButton>
                      </ListItem>
                    );
                  })}
                </List>
              </Paper>
            </Box>
          </AfterFirstScreen>
        )}
      </Box>
    </>
  );
});
