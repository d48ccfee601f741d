/** Renders server-provided HTML (messages, descriptions) after sanitising it with DOMPurify. */
import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { Box, type SxProps, type Theme } from '@mui/material';

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

export function SafeHtml({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Box sx={{ '& > :first-of-type': { mt: 0 }, ...sx }} dangerouslySetInnerHTML={{ __html: clean }} />;
}
