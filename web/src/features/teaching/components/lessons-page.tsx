/** /teacher_lessons/{course_id}/{chapter_id}: students × the chapter's lessons (headers and cells lead to the task table) and the chapter's heat map. */
import { useParams } from 'react-router';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useLessonsTable } from '../api/teaching';
import { HeatMap } from './heat-map';
import { ScoreGrid, type ScoreColumn, type ScoreRow } from './score-grid';
import { TableFrame, useCourseTables, useTeachingCrumbs } from './table-frame';

export function LessonsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const courseId = Number(params.course_id);
  const chapterId = Number(params.chapter_id);
  const frame = useCourseTables(courseId);
  const table = useLessonsTable(courseId, chapterId, frame.ids, frame.ready);
  const chapter = table.data?.chapter?.name ?? '';
  useTeachingCrumbs(courseId, frame.course.data, [
    { label: t('teaching.students.title'), to: pathTo('teacher_students', { course_id: courseId, group_id: 0 }) },
    { label: chapter },
  ]);
  const columns: ScoreColumn[] = (table.data?.lessons ?? []).map((l) => ({
    ...l,
    to: pathTo('teacher_tasks', { course_id: courseId, chapter_id: chapterId, lesson_id: l.id }),
  }));
  const rows: ScoreRow[] = (table.data?.students ?? []).map((s) => ({ ...s, cells: s.lessons }));
  return (
    <TableFrame title={t('teaching.lessons.title', { chapter })} subtitle={frame.course.data?.course.name} frame={frame} pending={table.isPending} error={table.error}>
      <ScoreGrid rows={rows} columns={columns} groupNames={frame.groupNames} label={t('teaching.lessons.table', { chapter })} fileName={`lessons-${chapterId}`} rowTo={(row) => pathTo('student_detail', { student_id: row.id })} testId="lessons-grid" />
      <Box sx={{ mt: 3 }}>
        <HeatMap rows={rows} columns={columns} title={t('teaching.heatMap.lessons', { chapter })} />
      </Box>
    </TableFrame>
  );
}
