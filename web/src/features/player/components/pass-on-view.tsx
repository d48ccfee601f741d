/**
 * A content task (types 1 and 12) passes on viewing (set-passed-tasks-content2, spec/3 "Player and scoring"),
 * once it has painted: its request and the lists' refresh after it delayed that paint on a phone. A component
 * of its own that renders nothing, so the request's states (sending, done) render only it, not the task's pane
 * (issue 20 item 22).
 */
import { useEffect } from 'react';
import { afterPaint } from '@/lib/after-paint';
import { useContentPassed } from '../api/player';

interface PassOnViewProps {
  chapterId: number;
  userCourseId: number;
  taskId: number;
}

export function PassOnView({ chapterId, userCourseId, taskId }: PassOnViewProps) {
  const { mutate: pass } = useContentPassed(chapterId);
  useEffect(() => afterPaint(() => pass({ user_course_id: userCourseId, task_id: taskId })), [pass, userCourseId, taskId]);
  return null;
}
