/**
 * /course_preview/{id}: title, description, the sanitised detailed description and the chapter list
 * with lessons, tasks and programs. A new course (status null) offers Start course, which creates the
 * user's course and goes to the course page (spec/1 §4).
 */
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import {
  Box,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { pageGate } from '@/components/not-found/page-gate';
import { SafeHtml } from '@/components/safe-html';
import { useCoursePreview, useStartCourse } from '../api/course';
import { PageHeading } from '@/components/layout/page-heading';

export function CoursePreviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const courseId = Number(useParams().id);
  const query = useCoursePreview(courseId);
  const start = useStartCourse(courseId);
  const info = query.data?.info;
  useBreadcrumbs(
    info
      ? [
          { label: info.category.name, to: pathTo('areas', { id: info.category.id }) },
          { label: info.area.name, to: pathTo('courses', { id: info.area.id }) },
          { label: info.title },
        ]
      : [{ label: '' }],
  );

  const gate = pageGate(query);
  if (gate || !info) return gate;
  const isNew = info.course_status === null;
  const contentPath = pathTo('course_content', { id: courseId });

  const action = isNew ? (
    <Button
      variant="contained"
      size="large"
      startIcon={<PlayArrow />}
      disabled={start.isPending}
      data-testid="start-course"
      onClick={() => start.mutate(undefined, { onSuccess: () => void navigate(contentPath) })}
    >
      {t('coursePage.preview.start')}
    </Button>
  ) : (
    <Button variant="contained" component={RouterLink} to={contentPath} data-testid="open-course">
      {t('coursePage.preview.open')}
    </Button>
  );

  return (
    <Stack spacing={3}>
      <PageHeading title={info.title} subtitle={info.description} action={action} />
      {info.description_detail && (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="preview-detail-heading">
          <Typography id="preview-detail-heading" variant="h6" component="h2" gutterBottom>
            {t('coursePage.preview.detail')}
          </Typography>
          <SafeHtml html={info.description_detail} />
        </Paper>
      )}
      <Box component="section" aria-labelledby="preview-chapters-heading">
        <Typography id="preview-chapters-heading" variant="h6" component="h2" gutterBottom>
          {t('coursePage.preview.chapters')}
        </Typography>
        {info.chapterlist.length === 0 ? (
          <Typography color="text.secondary">{t('coursePage.preview.noChapters')}</Typography>
        ) : (
          <Stack spacing={2}>
            {info.chapterlist.map((chapter, index) => (
              <Paper key={chapter.chapter_id} variant="outlined" data-testid="preview-chapter">
                <Typography variant="subtitle1" component="h3" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
                  {t('coursePage.preview.chapterTitle', { number: index + 1, name: chapter.name })}
                </Typography>
                <TableContainer>
                  <Table size="small" aria-label={chapter.name}>
                    <TableHead>
                      <TableRow>
                        <TableCell scope="col">{t('coursePage.preview.lesson')}</TableCell>
                        <TableCell scope="col" align="right" sx={{ width: 120 }}>
                          {t('coursePage.preview.tasks')}
                        </TableCell>
                        <TableCell scope="col" align="right" sx={{ width: 120 }}>
                          {t('coursePage.preview.programs')}
                        </TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {chapter.lessons.length === 0 ? (
                        <TableRow>
                          <TableCell colSpan={3}>{t('coursePage.preview.noLessons')}</TableCell>
                        </TableRow>
                      ) : (
                        chapter.lessons.map((lesson) => (
                          <TableRow key={lesson.lesson_id}>
                            <TableCell>{lesson.lesson}</TableCell>
                            <TableCell align="right">{lesson.tasks}</TableCell>
                            <TableCell align="right">{lesson.programs}</TableCell>
                          </TableRow>
                        ))
                      )}
                    </TableBody>
                  </Table>
                </TableContainer>
              </Paper>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
