/** /teacher_tasks/{course_id}/{chapter_id}/{lesson_id}: students × the lesson's tasks (headers and cells lead to the task detail) and its heat map. */
import { useParams } from 'react-router';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useTasksTable } from '../api/teaching';
import { HeatMap } from './heat-map';
import { ScoreGrid, type ScoreColumn, type ScoreRow } from './score-grid';
import { TableFrame, useCourseTables, useTeachingCrumbs } from './table-frame';

export function TasksPage() {
  const { t } = useTranslation();
  const params = useParams();
  const courseId = Number(params.course_id);
  const chapterId = Number(params.chapter_id);
  const lessonId = Number(params.lesson_id);
  const frame = useCourseTables(courseId);
  const table = useTasksTable(courseId, chapterId, lessonId, frame.ids, frame.ready);
  const chapter = table.data?.chapter?.name ?? '';
  const lesson = table.data?.lesson?.name ?? '';
  useTeachingCrumbs(courseId, frame.course.data, [
    { label: t('teaching.students.title'), to: pathTo('teacher_students', { course_id: courseId, group_id: 0 }) },
    { label: chapter, to: pathTo('teacher_lessons', { course_id: courseId, chapter_id: chapterId }) },
    { label: lesson },
  ]);
  const columns: ScoreColumn[] = (table.data?.tasks ?? []).map((task) => ({
    ...task,
    name: t('teaching.tasks.task', { n: task.name }),
    to: pathTo('teacher_task_detail', { course_id: courseId, chapter_id: chapterId, lesson_id: lessonId, task_id: task.id }),
  }));
  const rows: ScoreRow[] = (table.data?.students ?? []).map((s) => ({ ...s, cells: s.tasks }));
  return (
    <TableFrame title={t('teaching.tasks.title', { lesson })} subtitle={chapter} frame={frame} pending={table.isPending} error={table.error}>
      <ScoreGrid rows={rows} columns={columns} groupNames={frame.groupNames} label={t('teaching.tasks.table', { lesson })} fileName={`tasks-${lessonId}`} testId="tasks-grid" />
      <Box sx={{ mt: 3 }}>
        <HeatMap rows={rows} columns={columns} title={t('teaching.heatMap.tasks', { lesson })} />
      </Box>
    </TableFrame>
  );
}
