/**
 * The screens spec/3 §2 itself calls placeholders (student_quizzes, student_duels, course_teachers): a
 * heading that says what the screen is and a note that it has nothing to show, not the "not built" page.
 */
import { useMatches } from 'react-router';
import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { currentHandle } from '../route-handle';

const titles = {
  student_quizzes: 'placeholder.studentQuizzes',
  student_duels: 'placeholder.studentDuels',
  course_teachers: 'placeholder.courseTeachers',
} as const;

export function SpecPlaceholderRoute() {
  const { t } = useTranslation();
  const name = (currentHandle(useMatches())?.name ?? 'student_quizzes') as keyof typeof titles;
  const title = t(titles[name] ?? titles.student_quizzes);
  useBreadcrumbs([{ label: title }]);
  return (
    <>
      <PageHeading title={title} />
      <Alert severity="info" data-testid="spec-placeholder" data-screen={name}>
        {t('placeholder.text')}
      </Alert>
    </>
  );
}
