/**
 * The admin viewer of notebook tasks 12-15 (spec/2 §2.8 "types 12 to 17 as notebook-style preview types";
 * issue 25): the shared notebook view of the cells and, for 13-15, the answers with their ratings and
 * feedback (an author may read them).
 */
import { useMemo } from 'react';
import { Box, List, ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { notebookGlobals, parseContent } from '@lectio/shared';
import { NotebookView } from '@/components/notebook';

export function NotebookViewer({ type, content, globals }: { type: number; content: string; globals: string }) {
  const { t } = useTranslation();
  const parsed = useMemo(() => {
    try {
      return parseContent(type as 12, content);
    } catch {
      return { cells: [], help: '', answer_list: [] };
    }
  }, [type, content]);
  const ratings = useMemo(() => {
    try {
      return notebookGlobals.parse(JSON.parse(globals || '{}')).ratings;
    } catch {
      return [];
    }
  }, [globals]);
  return (
    <Box data-testid="notebook-viewer">
      <NotebookView cells={parsed.cells} />
      {type >= 13 && (
        <Box component="section" aria-label={t('taskEditor.answers', { count: parsed.answer_list.length })} sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('taskEditor.answers', { count: parsed.answer_list.length })}
          </Typography>
          <List dense>
            {parsed.answer_list.map((a, i) => (
              <ListItem key={i} sx={{ display: 'block' }}>
                <Typography component="span" sx={{ fontFamily: 'monospace', color: (ratings[i] ?? 0) > 0 ? 'success.dark' : 'error.main' }}>
                  {a.answer} ({ratings[i] ?? 0})
                </Typography>
                {a.feedback && <Typography variant="body2" color="text.secondary">{a.feedback}</Typography>}
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </Box>
  );
}
