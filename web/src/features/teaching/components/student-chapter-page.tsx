/**
 * /student_chapter/{student_id}/{chapter_id} (spec/3 "Teacher screens", issue 21 item 5): one student
 * in one chapter: the lessons with their scores, then every task with the student's score, whether it
 * is passed and how many attempts; a task leads to its detail table.
 */
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Box, Link, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useErrorText } from '@/lib/server-error-text';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useStudentChapter, type StudentChapter } from '../api/teaching';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { TeachingGrid, outOf, studentName } from './student-grid';

type LessonRow = StudentChapter['lessons'][number];
type TaskRow = LessonRow['tasks'][number] & { lesson: LessonRow };

export function StudentChapterPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const params = useParams();
  const studentId = Number(params.student_id);
  const chapterId = Number(params.chapter_id);
  const chapter = useStudentChapter(studentId, chapterId);
  const data = chapter.data;
  const name = studentName(data?.student);
  const courseId = data?.course.id ?? 0;
  // Teacher dashboard › Students › the student › the chapter (the course's own crumbs would hide the student's).
  useBreadcrumbs([
    { label: t('teaching.dashboard.title'), to: pathTo('teacher_dashboard') },
    ...(data ? [{ label: t('teaching.students.title'), to: pathTo('teacher_students', { course_id: courseId, group_id: 0 }) }] : []),
    { label: name || t('teaching.student.title'), to: pathTo('student_detail', { student_id: studentId }) },
    { label: data?.chapter?.name ?? '' },
  ]);
  const lessonColumns = useMemo(
    (): GridColDef<LessonRow>[] => [
      { field: 'name', headerName: t('teaching.student.lesson'), flex: 1, minWidth: 180 },
      { field: 'score_tasks', headerName: t('teaching.student.quizzes'), type: 'number', width: 150, valueFormatter: (_v, row) => outOf(row.score_tasks, row.max_score_tasks) },
      { field: 'score_programs', headerName: t('teaching.student.programs'), type: 'number', width: 150, valueFormatter: (_v, row) => outOf(row.score_programs, row.max_score_programs) },
      { field: 'passed_tasks', headerName: t('teaching.student.passedTasks'), type: 'number', width: 150, valueFormatter: (_v, row) => `${row.passed_tasks} / ${row.max_tasks}` },
      { field: 'passed_programs', headerName: t('teaching.student.passedPrograms'), type: 'number', width: 170, valueFormatter: (_v, row) => `${row.passed_programs} / ${row.max_programs}` },
    ],
    [t],
  );
  const taskColumns = useMemo(
    (): GridColDef<TaskRow>[] => [
      { field: 'lesson', headerName: t('teaching.student.lesson'), flex: 1, minWidth: 180, valueGetter: (_v, row) => row.lesson.name },
      {
        field: 'task',
        headerName: t('teaching.student.task'),
        width: 120,
        valueGetter: (_v, row) => row.task_order,
        renderCell: ({ row }) => (
          <Link
            component={RouterLink}
            to={pathTo('teacher_task_detail', { course_id: courseId, chapter_id: chapterId, lesson_id: row.lesson.id, task_id: row.id })}
            aria-label={t('teaching.student.taskLink', { lesson: row.lesson.name, task: t('teaching.tasks.task', { n: row.name }) })}
          >
            {t('teaching.tasks.task', { n: row.name })}
          </Link>
        ),
      },
      { field: 'score', headerName: t('teaching.detail.score'), type: 'number', width: 120, valueFormatter: (_v, row) => outOf(row.score, row.max_score) },
      { field: 'passed', headerName: t('teaching.student.passed'), width: 110, valueFormatter: (_v, row) => (row.passed ? t('teaching.actions.yes') : t('teaching.actions.no')) },
      { field: 'attempts', headerName: t('teaching.detail.attempts'), type: 'number', width: 110 },
    ],
    [courseId, chapterId, t],
  );
  const tasks: TaskRow[] = (data?.lessons ?? []).flatMap((lesson) => lesson.tasks.map((task) => ({ ...task, lesson })));
  const score = data?.chapter_score;
  return (
    <>
      <PageHeading
        title={data ? t('teaching.student.chapterTitle', { student: name, chapter: data.chapter?.name ?? '' }) : t('teaching.student.title')}
        subtitle={
          score
            ? t('teaching.student.chapterScore', {
                quizzes: outOf(score.score_tasks, score.max_score_tasks),
                programs: outOf(score.score_programs, score.max_score_programs),
              })
            : undefined
        }
      />
      {chapter.error ? (
        <Alert severity="error" data-testid="teaching-refused">
          {errorText(chapter.error)}
        </Alert>
      ) : !data ? (
        <PageSpinner />
      ) : (
        <>
          <Box component="section" sx={{ mb: 4 }} aria-labelledby="student-lessons">
            <Typography variant="h5" component="h2" id="student-lessons" sx={{ mb: 1 }}>
              {t('teaching.student.lessons')}
            </Typography>
            <TeachingGrid rows={data.lessons} columns={lessonColumns} label={t('teaching.student.lessons')} fileName={`student-${studentId}-chapter-${chapterId}`} testId="student-lessons-grid" />
          </Box>
          <Box component="section" aria-labelledby="student-tasks">
            <Typography variant="h5" component="h2" id="student-tasks" sx={{ mb: 1 }}>
              {t('teaching.student.tasks')}
            </Typography>
            <TeachingGrid rows={tasks} columns={taskColumns} label={t('teaching.student.tasks')} fileName={`student-${studentId}-chapter-${chapterId}-tasks`} testId="student-tasks-grid" />
          </Box>
        </>
      )}
    </>
  );
}
