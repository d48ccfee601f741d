/** /course_content/{id}: the catalogue's course page with the competitions feature's tab. */
import { CourseContentPage } from '@/features/catalogue/components/course-content-page';
import { CompetitionsTab } from '@/features/competitions/components/competitions-tab';

export function CourseContentRoute() {
  return <CourseContentPage competitionsTab={(courseId) => <CompetitionsTab courseId={courseId} />} />;
}
