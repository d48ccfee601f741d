/**
 * /course_admin_content/{id} (spec/2 §2.2): the type filter (chapters, competitions, exercises), the
 * chapter rows with icon, name, lesson count, edit, delete and moves, one chapter expanded at a time
 * with its lessons (number, name, counts and scores, open, edit, delete, moves), Add chapter / Add
 * lesson, the book generator, and the course export/import.
 */
import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import {
  Box,
  Button,
  Chip,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import MenuBook from '@mui/icons-material/MenuBook';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useAdminContent, useAuthoringCall, type AdminContent } from '../api/authoring';
import { AccessDenied } from './access-denied';
import { ConfirmDialog } from './confirm-dialog';
import { CourseTransfer } from './course-transfer';

type Chapter = AdminContent['chapterlist'][number];
type Lesson = Chapter['lessons'][number];

const filters = [
  { type: 1, key: 'chapters' },
  { type: 2, key: 'competitions' },
  { type: 3, key: 'exercises' },
] as const;

function MoveButtons({ index, count, label, onMove, testPrefix }: { index: number; count: number; label: string; onMove: (d: 'up' | 'down') => void; testPrefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      {index > 0 ? (
        <Tooltip disableInteractive title={t('authoring.actions.moveUp', { name: label })}>
          <IconButton size="small" aria-label={t('authoring.actions.moveUp', { name: label })} onClick={() => onMove('up')} data-testid={`${testPrefix}-up`}>
            <ArrowUpward fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Box component="span" sx={{ display: 'inline-block', width: 34 }} />
      )}
      {index < count - 1 ? (
        <Tooltip disableInteractive title={t('authoring.actions.moveDown', { name: label })}>
          <IconButton size="small" aria-label={t('authoring.actions.moveDown', { name: label })} onClick={() => onMove('down')} data-testid={`${testPrefix}-down`}>
            <ArrowDownward fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Box component="span" sx={{ display: 'inline-block', width: 34 }} />
      )}
    </>
  );
}

export function CourseAdminContentPage() {
  const { t } = useTranslation();
  const courseId = Number(useParams().id);
  const query = useAdminContent(courseId);
  const [search] = useSearchParams();
  const [filter, setFilter] = useState(() => ([1, 2, 3].includes(Number(search.get('type'))) ? Number(search.get('type')) : 1));
  // A form that comes back (a saved lesson) names its chapter, which stays open (?chapter=).
  const [expanded, setExpanded] = useState<number | null>(() => Number(search.get('chapter')) || null);
  const [confirm, setConfirm] = useState<{ kind: 'chapter' | 'lesson'; id: number } | null>(null);
  const chapterOrder = useAuthoringCall('chapterChangeOrder');
  const lessonOrder = useAuthoringCall('lessonChangeOrder');
  const deleteChapter = useAuthoringCall('deleteChapterById');
  const deleteLesson = useAuthoringCall('deleteLessonById');
  const data = query.data;
  useBreadcrumbs(
    data
      ? [
          { label: data.category.name, to: pathTo('areas', { id: data.category.id }) },
          { label: data.area.name, to: pathTo('courses', { id: data.area.id }) },
          { label: data.course.name },
        ]
      : [{ label: '' }],
  );
  if (query.isPending) return <PageSpinner />;
  if (!data) return <AccessDenied error={query.error} />;

  const chapters = data.chapterlist.filter((c) => c.chapter_type === filter);
  const busy = chapterOrder.isPending || lessonOrder.isPending || deleteChapter.isPending || deleteLesson.isPending;
  const chapterName = (c: Chapter) => c.name || t('authoring.notTranslatedChapter');
  const lessonName = (l: Lesson) => l.lesson || t('authoring.notTranslatedLesson');

  const moveChapter = (index: number, direction: 'up' | 'down') => {
    const a = chapters[index]!;
    const b = chapters[direction === 'up' ? index - 1 : index + 1];
    if (!b || busy) return;
    chapterOrder.mutate({ body: { chapter_id1: a.chapter_id, chapter_order1: a.chapter_order, chapter_id2: b.chapter_id, chapter_order2: b.chapter_order } });
  };
  const moveLesson = (lessons: Lesson[], index: number, direction: 'up' | 'down') => {
    const a = lessons[index]!;
    const b = lessons[direction === 'up' ? index - 1 : index + 1];
    if (!b || busy) return;
    lessonOrder.mutate({ body: { lesson_id1: a.lesson_id, lesson_order1: a.lesson_order, lesson_id2: b.lesson_id, lesson_order2: b.lesson_order } });
  };
  const onConfirm = (yes: boolean) => {
    const c = confirm;
    setConfirm(null);
    if (!yes || !c) return;
    if (c.kind === 'chapter') deleteChapter.mutate({ params: { id: c.id } });
    else deleteLesson.mutate({ params: { id: c.id } });
  };

  return (
    <>
      <PageHeading
        title={data.course.name}
        subtitle={t('authoring.adminContent.subtitle')}
        action={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<MenuBook />} component={RouterLink} to={pathTo('book_generator', { id: courseId })} data-testid="book-generator">
              {t('authoring.adminContent.bookGenerator')}
            </Button>
            <CourseTransfer courseId={courseId} areaId={data.area.id} />
          </Stack>
        }
      />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <ToggleButtonGroup
          exclusive
          value={filter}
          onChange={(_, v: number | null) => {
            if (v !== null) {
              setFilter(v);
              setExpanded(null);
            }
          }}
          aria-label={t('authoring.adminContent.filter')}
          size="small"
          color="primary"
        >
          {filters.map((f) => (
            <ToggleButton key={f.type} value={f.type} data-testid={`filter-${f.key}`}>
              {t(`authoring.adminContent.${f.key}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button
          variant="contained"
          startIcon={<Add />}
          component={RouterLink}
          to={pathTo('admin_chapter', { area_id: data.area.id, course_id: courseId, id: 0, ch_type: filter })}
          data-testid="add-chapter"
        >
          {t('authoring.adminContent.addChapter')}
        </Button>
      </Box>
      {chapters.length === 0 && (
        <Typography color="text.secondary" data-testid="no-chapters">
          {t('authoring.adminContent.empty')}
        </Typography>
      )}
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('authoring.adminContent.chapterList')}>
        {chapters.map((chapter, index) => {
          const open = expanded === chapter.chapter_id;
          const name = chapterName(chapter);
          return (
            <Paper component="li" variant="outlined" key={chapter.chapter_id} data-testid="chapter-row">
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1 }}>
                <IconButton
                  aria-expanded={open}
                  aria-label={t(open ? 'authoring.adminContent.collapse' : 'authoring.adminContent.expand', { name })}
                  onClick={() => setExpanded(open ? null : chapter.chapter_id)}
                  data-testid="chapter-toggle"
                  size="small"
                >
                  {open ? <ExpandLess /> : <ExpandMore />}
                </IconButton>
                {chapter.chapter_icon ? (
                  <Box component="img" src={chapter.chapter_icon} alt="" sx={{ width: 32, height: 32 }} />
                ) : (
                  <FolderOutlined color="action" aria-hidden />
                )}
                <Typography
                  sx={{ flex: 1, cursor: 'pointer', color: chapter.name ? 'text.primary' : 'text.secondary', fontStyle: chapter.name ? 'normal' : 'italic' }}
                  onClick={() => setExpanded(open ? null : chapter.chapter_id)}
                  data-testid="chapter-name"
                >
                  {name}
                </Typography>
                <Chip size="small" label={t('authoring.adminContent.lessonCount', { count: chapter.lessons.length })} />
                <Tooltip disableInteractive title={t('authoring.actions.edit', { name })}>
                  <IconButton
                    size="small"
                    component={RouterLink}
                    to={pathTo('admin_chapter', { area_id: data.area.id, course_id: courseId, id: chapter.chapter_id, ch_type: filter })}
                    aria-label={t('authoring.actions.edit', { name })}
                    data-testid="chapter-edit"
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip disableInteractive title={t('authoring.actions.delete', { name })}>
                  <IconButton size="small" aria-label={t('authoring.actions.delete', { name })} onClick={() => setConfirm({ kind: 'chapter', id: chapter.chapter_id })} data-testid="chapter-delete">
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Tooltip>
                <MoveButtons index={index} count={chapters.length} label={name} onMove={(d) => moveChapter(index, d)} testPrefix="chapter" />
              </Box>
              {open && (
                <Box sx={{ px: 2, pb: 2 }}>
                  <TableContainer>
                    <Table size="small" aria-label={t('authoring.adminContent.lessonsOf', { name })}>
                      <TableHead>
                        <TableRow>
                          <TableCell>#</TableCell>
                          <TableCell>{t('authoring.adminContent.lesson')}</TableCell>
                          <TableCell align="right">{t('authoring.adminContent.tasks')}</TableCell>
                          <TableCell align="right">{t('authoring.adminContent.programs')}</TableCell>
                          <TableCell align="right">{t('authoring.adminContent.taskScore')}</TableCell>
                          <TableCell align="right">{t('authoring.adminContent.programScore')}</TableCell>
                          <TableCell align="right">{t('authoring.adminContent.actions')}</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {chapter.lessons.map((lesson, li) => {
                          const lname = lessonName(lesson);
                          return (
                            <TableRow key={lesson.lesson_id} data-testid="lesson-row">
                              <TableCell>{li + 1}</TableCell>
                              <TableCell sx={{ color: lesson.lesson ? 'text.primary' : 'text.secondary', fontStyle: lesson.lesson ? 'normal' : 'italic' }} data-testid="lesson-name">
                                {lname}
                              </TableCell>
                              <TableCell align="right">{lesson.tasks}</TableCell>
                              <TableCell align="right">{lesson.programs}</TableCell>
                              <TableCell align="right">{lesson.tasks_score}</TableCell>
                              <TableCell align="right">{lesson.programs_score}</TableCell>
                              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                                <Tooltip disableInteractive title={t('authoring.actions.open', { name: lname })}>
                                  <IconButton size="small" component={RouterLink} to={pathTo('lesson_admin_content', { id: lesson.lesson_id })} aria-label={t('authoring.actions.open', { name: lname })} data-testid="lesson-open">
                                    <OpenInNew fontSize="small" />
                                  </IconButton>
                                </Tooltip>
                                <Tooltip disableInteractive title={t('authoring.actions.edit', { name: lname })}>
                                  <IconButton
                                    size="small"
                                    component={RouterLink}
                                    to={pathTo('admin_lesson', { course_id: courseId, chapter_id: chapter.chapter_id, id: lesson.lesson_id })}
                                    aria-label={t('authoring.actions.edit', { name: lname })}
                                    data-testid="lesson-edit"
                                  >
                                    <EditOutlined fontSize="small" />
                                  </IconButton>
                                </Tooltip>
                                <Tooltip disableInteractive title={t('authoring.actions.delete', { name: lname })}>
                                  <IconButton size="small" aria-label={t('authoring.actions.delete', { name: lname })} onClick={() => setConfirm({ kind: 'lesson', id: lesson.lesson_id })} data-testid="lesson-delete">
                                    <DeleteOutline fontSize="small" />
                                  </IconButton>
                                </Tooltip>
                                <MoveButtons index={li} count={chapter.lessons.length} label={lname} onMove={(d) => moveLesson(chapter.lessons, li, d)} testPrefix="lesson" />
                              </TableCell>
                            </TableRow>
                          );
                        })}
                      </TableBody>
                    </Table>
                  </TableContainer>
                  <Button
                    sx={{ mt: 1 }}
                    startIcon={<Add />}
                    component={RouterLink}
                    to={pathTo('admin_lesson', { course_id: courseId, chapter_id: chapter.chapter_id, id: 0 })}
                    data-testid="add-lesson"
                  >
                    {t('authoring.adminContent.addLesson')}
                  </Button>
                </Box>
              )}
            </Paper>
          );
        })}
      </Stack>
      <ConfirmDialog
        open={confirm !== null}
        variant="icons"
        text={confirm?.kind === 'lesson' ? t('authoring.adminContent.deleteLessonQuestion') : t('authoring.adminContent.deleteChapterQuestion')}
        onClose={onConfirm}
      />
    </>
  );
}
