/**
 * /course_content/{id}: the catalogue's course page with the competitions and revisions features' tabs, and the
 * teacher box for a caller who teaches the course (the teaching feature's dashboard courses).
 */
import { useParams } from 'react-router';
import { CourseContentPage } from '@/features/catalogue/components/course-content-page';
import { CompetitionsTab } from '@/features/competitions/components/competitions-tab';
import { useTeachesCourse } from '@/features/teaching/api/teaching';
import { OpenedRevisions } from '@/features/revisions/components/student-revisions-page';

export function CourseContentRoute() {
  const teaches = useTeachesCourse(Number(useParams().id));
  return (
    <CourseContentPage
      competitionsTab={(courseId) => <CompetitionsTab courseId={courseId} />}
      revisionsTab={(courseId) => <OpenedRevisions courseId={courseId} />}
      teachesCourse={teaches}
    />
  );
}
