/**
 * The student's course cards (spec/1 §2): name, description, content, task and program
 * passed/count and the progress percent with a bar, in the area's colour; a card opens the course.
 */
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { CardGrid, CardGridItem } from '@/components/cards/card-grid';
import { ColourCard } from '@/components/cards/colour-card';
import { ProgressLine } from '@/components/cards/progress-line';
import type { DashboardCourse } from '../api/dashboard';

function CourseCard({ course }: { course: DashboardCourse }) {
  const { t } = useTranslation();
  // A translated pattern, not Intl's percent: Intl would load ICU's number data in the first screen's render.
  const percent = t('catalogue.progress.percent', { value: Math.round(course.progress) });
  const counts = [
    { key: 'content', label: t('catalogue.progress.content'), done: course.content_passed, all: course.content_count },
    { key: 'tasks', label: t('catalogue.progress.tasks'), done: course.task_passed, all: course.task_count },
    { key: 'programs', label: t('catalogue.progress.programs'), done: course.program_passed, all: course.program_count },
  ];
  return (
    <ColourCard colour={course.area_color} title={course.name} to={pathTo('course_content', { id: course.course_id })}>
      {course.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {course.description}
        </Typography>
      )}
      <Box component="dl" sx={{ m: 0, mb: 1.5, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, rowGap: 0.25 }}>
        {counts.map((c) => (
          <Box key={c.key} sx={{ display: 'contents' }} data-testid={`course-${c.key}`}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {c.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              {`${c.done}/${c.all}`}
            </Typography>
          </Box>
        ))}
      </Box>
      <ProgressLine
        label={t('dashboardPanels.courses.progress')}
        value={percent}
        percent={course.progress}
        testId="course-progress"
      />
    </ColourCard>
  );
}

export function MyCourses({ courses }: { courses: DashboardCourse[] }) {
  const { t } = useTranslation();
  if (courses.length === 0) {
    return (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to={pathTo('categories')} color="inherit" size="small">
            {t('dashboardPanels.courses.browse')}
          </Button>
        }
      >
        {t('dashboardPanels.courses.none')}
      </Alert>
    );
  }
  return (
    <CardGrid label={t('dashboard.courses')} testId="my-courses">
      {courses.map((course) => (
        <CardGridItem key={course.course_id} testId="my-course-card">
          <CourseCard course={course} />
        </CardGridItem>
      ))}
    </CardGrid>
  );
}
