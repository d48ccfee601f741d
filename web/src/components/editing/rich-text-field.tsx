/** Lazy entry to the rich-text editor, so tiptap is downloaded only by the course form. */
import { lazy, Suspense } from 'react';
import { Box, Skeleton } from '@mui/material';
import type { RichTextEditorProps } from './rich-text-editor';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <Box>
          <Skeleton variant="text" width={160} />
          <Skeleton variant="rounded" height={160} />
        </Box>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
