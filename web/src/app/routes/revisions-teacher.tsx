/**
 * /revisions_teacher/{course_id}: the revisions feature's students overview with the teaching
 * feature's group chips and grid (paging, CSV, the grid's texts in the UI language).
 */
import { RevisionStudentsPage } from '@/features/revisions/components/revision-students-page';
import { GroupChips } from '@/features/teaching/components/group-chips';
import { TeachingGrid } from '@/features/teaching/components/student-grid';

export function RevisionsTeacherRoute() {
  return <RevisionStudentsPage slots={{ groups: (props) => <GroupChips {...props} />, grid: (props) => <TeachingGrid {...props} /> }} />;
}
