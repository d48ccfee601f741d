/**
 * What every student table page shares: the course (breadcrumbs) with the caller's groups, the group
 * chips and their stored choice, the trail Dashboard › … › course › Teacher dashboard › Students › …,
 * and the refusal a caller who teaches nothing in the course gets.
 */
import type { ReactNode } from 'react';
import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useErrorText } from '@/lib/server-error-text';
import { courseCrumbs, useBreadcrumbs, type Crumb } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useTeachingCourse } from '../api/teaching';
import { GroupChips, chosenIds, useGroupChoice } from './group-chips';

export function useCourseTables(courseId: number, routeGroup = 0) {
  const course = useTeachingCourse(courseId);
  const { chosen, toggle } = useGroupChoice(courseId, routeGroup);
  const groups = course.data?.groups;
  return {
    course,
    chosen,
    toggle,
    ids: chosenIds(groups, chosen),
    groupNames: new Map((groups ?? []).map((g) => [g.id, g.group_name])),
    ready: Boolean(course.data),
  };
}

/** The crumbs of a course's teacher pages, then the page's own. */
export function useTeachingCrumbs(courseId: number, place: { category: { id: number; name: string }; area: { id: number; name: string }; course: { name: string } } | undefined, own: Crumb[]) {
  const { t } = useTranslation();
  useBreadcrumbs(
    place
      ? [
          ...courseCrumbs({ ...place, course: { ...place.course, id: courseId } }),
          { label: t('teaching.dashboard.title'), to: pathTo('teacher_dashboard') },
          ...own,
        ]
      : own,
  );
}

/** The page: its heading, the group chips, then the table (or the refusal, or the spinner). */
export function TableFrame(props: {
  title: string;
  subtitle?: string;
  frame: ReturnType<typeof useCourseTables>;
  pending: boolean;
  error: unknown;
  action?: ReactNode;
  children: ReactNode;
}) {
  const errorText = useErrorText();
  const { frame } = props;
  const failure = frame.course.error ?? props.error;
  return (
    <>
      <PageHeading title={props.title} subtitle={props.subtitle} action={props.action} />
      {failure ? (
        <Alert severity="error" data-testid="teaching-refused">
          {errorText(failure)}
        </Alert>
      ) : !frame.ready ? (
        <PageSpinner />
      ) : (
        <>
          <GroupChips groups={frame.course.data!.groups} chosen={frame.chosen} onToggle={frame.toggle} />
          {props.pending ? <PageSpinner /> : props.children}
        </>
      )}
    </>
  );
}
