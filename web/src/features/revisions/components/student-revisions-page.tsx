/**
 * /revisions_student/{course_id} (spec/3 §4 "Revisions"): the revisions opened to the student — title,
 * time limit in seconds, task count, chapter count and a start icon that goes to revision_student.
 */
import { Link as RouterLink, useParams } from 'react-router';
import { Alert, IconButton, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useStudentRevisions } from '../api/revisions';

export function StudentRevisionsPage() {
  const { t } = useTranslation();
  const courseId = Number(useParams().course_id);
  useBreadcrumbs([
    { label: t('revisions.course'), to: pathTo('course_content', { id: courseId }) },
    { label: t('revisions.student.title') },
  ]);
  return (
    <>
      <PageHeading title={t('revisions.student.title')} />
      <OpenedRevisions courseId={courseId} />
    </>
  );
}

/** The opened revisions table; also the course page's Revisions tab (composed in app/routes/course-content.tsx). */
export function OpenedRevisions({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const list = useStudentRevisions(courseId);
  if (list.isPending) return <PageSpinner />;
  const opened = list.data?.opened ?? [];
  return opened.length === 0 ? (
    <Alert severity="info">{t('revisions.student.none')}</Alert>
  ) : (
    <TableContainer component={Paper}>
      <Table aria-label={t('revisions.student.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('revisions.fields.title')}</TableCell>
            <TableCell align="right">{t('revisions.fields.timeLimit')}</TableCell>
            <TableCell align="right">{t('revisions.fields.tasks')}</TableCell>
            <TableCell align="right">{t('revisions.fields.chapters')}</TableCell>
            <TableCell align="right">{t('revisions.student.start')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {opened.map((r) => (
            <TableRow key={r.id}>
              <TableCell>{r.rev_title}</TableCell>
              <TableCell align="right">{r.time_limit}</TableCell>
              <TableCell align="right">{r.task_number}</TableCell>
              <TableCell align="right">{r.chapter_count}</TableCell>
              <TableCell align="right">
                <IconButton
                  component={RouterLink}
                  to={pathTo('revision_student', { course_id: courseId, rev_id: r.id })}
                  aria-label={t('revisions.student.startOne', { title: r.rev_title })}
                >
                  <PlayArrowIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
