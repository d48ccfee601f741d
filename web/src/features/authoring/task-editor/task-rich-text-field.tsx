/** Lazy entry to the task editors' rich text, so tiptap loads only on editor screens. */
import { lazy, Suspense } from 'react';
import { Skeleton } from '@mui/material';
import type { TaskRichTextProps } from './task-rich-text';

const TaskRichText = lazy(() => import('./task-rich-text'));

export function TaskRichTextField(props: TaskRichTextProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
      <TaskRichText {...props} />
    </Suspense>
  );
}
