/**
 * /revision_student/{course_id}/{rev_id}: the revisions feature's attempt played on the player
 * feature's timed player (the competitions' countdown, Submit ALL and task views).
 */
import { RevisionStudentPage } from '@/features/revisions/components/revision-student-page';
import { TimedPlayer } from '@/features/player/components/timed-player';

export function RevisionStudentRoute() {
  return <RevisionStudentPage player={(props) => <TimedPlayer {...props} />} />;
}
