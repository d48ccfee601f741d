/**
 * /student_detail/{student_id} (spec/3 "Teacher screens", issue 21 item 5): one student of the
 * caller's groups: each course the caller teaches them in, with the student's score per chapter
 * (quizzes and programs of their maxima); a chapter leads to the student's chapter page.
 */
import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Box, Link, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useErrorText } from '@/lib/server-error-text';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useStudentDetail, type StudentDetail } from '../api/teaching';
import { TeachingGrid, outOf, studentName } from './student-grid';

type ChapterRow = StudentDetail['courses'][number]['chapters'][number];

export function StudentDetailPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const studentId = Number(useParams().student_id);
  const detail = useStudentDetail(studentId);
  const name = studentName(detail.data?.student);
  const first = detail.data?.courses[0];
  useBreadcrumbs([
    { label: t('teaching.dashboard.title'), to: pathTo('teacher_dashboard') },
    ...(first ? [{ label: t('teaching.students.title'), to: pathTo('teacher_students', { course_id: first.id, group_id: 0 }) }] : []),
    { label: name || t('teaching.student.title') },
  ]);
  const columns = useMemo(
    (): GridColDef<ChapterRow>[] => [
      {
        field: 'name',
        headerName: t('teaching.student.chapter'),
        flex: 1,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={pathTo('student_chapter', { student_id: studentId, chapter_id: row.id })} data-testid="chapter-link">
            {row.name}
          </Link>
        ),
      },
      { field: 'score_tasks', headerName: t('teaching.student.quizzes'), type: 'number', width: 150, valueFormatter: (_v, row) => outOf(row.score_tasks, row.max_score_tasks) },
      { field: 'score_programs', headerName: t('teaching.student.programs'), type: 'number', width: 150, valueFormatter: (_v, row) => outOf(row.score_programs, row.max_score_programs) },
      { field: 'passed_tasks', headerName: t('teaching.student.passedTasks'), type: 'number', width: 150, valueFormatter: (_v, row) => `${row.passed_tasks} / ${row.max_tasks}` },
      { field: 'passed_programs', headerName: t('teaching.student.passedPrograms'), type: 'number', width: 170, valueFormatter: (_v, row) => `${row.passed_programs} / ${row.max_programs}` },
    ],
    [studentId, t],
  );
  return (
    <>
      <PageHeading title={name || t('teaching.student.title')} subtitle={t('teaching.student.subtitle')} />
      {detail.error ? (
        <Alert severity="error" data-testid="teaching-refused">
          {errorText(detail.error)}
        </Alert>
      ) : !detail.data ? (
        <PageSpinner />
      ) : (
        detail.data.courses.map((course) => (
          <Box component="section" key={course.id} sx={{ mb: 4 }} aria-labelledby={`student-course-${course.id}`} data-testid="student-course">
            <Typography variant="h5" component="h2" id={`student-course-${course.id}`}>
              {course.course_name}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {t('teaching.student.groups', { area: course.area_name, groups: course.groups.map((g) => g.group_name).join(', ') })}
            </Typography>
            <TeachingGrid
              rows={course.chapters}
              columns={columns}
              label={t('teaching.student.chaptersTable', { course: course.course_name })}
              fileName={`student-${studentId}-course-${course.id}`}
              testId="student-chapters-grid"
            />
          </Box>
        ))
      )}
    </>
  );
}
