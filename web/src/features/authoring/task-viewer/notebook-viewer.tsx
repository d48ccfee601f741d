/**
 * The admin viewer of notebook tasks 12-15 (spec/2 §2.8: "types 12 to 17 as notebook-style preview
 * types"; issue 25): the cells as the learner sees them and the left bar of every viewer — for 13-15 Show
 * help, Show answer (the accepted answers with their feedback) and Check (the answer part, options in a
 * learner's order, checked locally with the server's rules), and Close.
 */
import { useMemo, useState } from 'react';
import { Alert, Box, Button, Grid, List, ListItem, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { learnerContent, notebookGlobals, solutionOf } from '@lectio/shared';
import { SafeHtml } from '@/components/safe-html';
import { NotebookAnswerFields, NotebookView, emptyNotebookAnswer, notebookAnswerList, parseNotebookView } from '@/components/notebook';
import { checkLocally } from './check-locally';

interface NotebookViewerProps {
  type: number;
  content: string;
  globals: string;
  solutionsFirst: boolean;
  onClose: () => void;
}

export function NotebookViewer({ type, content, globals, solutionsFirst, onClose }: NotebookViewerProps) {
  const { t } = useTranslation();
  const quiz = type >= 13 && type <= 15;
  const [seed] = useState(() => Math.floor(Math.random() * 2 ** 31));
  const view = useMemo(() => {
    try {
      return parseNotebookView(learnerContent({ type, content, seed, helpEarned: true }));
    } catch {
      return parseNotebookView('');
    }
  }, [type, content, seed]);
  const solutions = useMemo(() => {
    if (!quiz) return [];
    try {
      return solutionOf(type, content, notebookGlobals.parse(JSON.parse(globals || '{}')).ratings);
    } catch {
      return [];
    }
  }, [quiz, type, content, globals]);
  const [answer, setAnswer] = useState(emptyNotebookAnswer);
  const [rating, setRating] = useState<number | null>(null);
  const [showHelp, setShowHelp] = useState(false);
  const [showAnswer, setShowAnswer] = useState(solutionsFirst);
  const check = () => setRating(checkLocally(type, content, globals, seed, JSON.stringify(notebookAnswerList(type, answer))).rating);

  return (
    <Grid container spacing={2} data-testid="notebook-viewer">
      <Grid size={{ xs: 12, md: 3, lg: 2 }}>
        <Stack spacing={1}>
          {quiz && (
            <>
              <Button variant="outlined" onClick={() => setShowHelp(!showHelp)} aria-pressed={showHelp} data-testid="viewer-help">
                {t('taskViewer.showHelp')}
              </Button>
              <Button variant="outlined" onClick={() => setShowAnswer(!showAnswer)} aria-pressed={showAnswer} data-testid="viewer-answer">
                {t('taskViewer.showAnswer')}
              </Button>
              <Button variant="contained" onClick={check} data-testid="viewer-check">
                {t('taskViewer.check')}
              </Button>
            </>
          )}
          <Button onClick={onClose} data-testid="viewer-close">
            {t('taskViewer.close')}
          </Button>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 9, lg: 10 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <NotebookView cells={view.cells} />
          {quiz && (
            <Box component="section" aria-label={t('notebook.yourAnswer')} sx={{ mt: 2 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {t('notebook.yourAnswer')}
              </Typography>
              <NotebookAnswerFields type={type} options={view.answer_list} value={answer} onChange={setAnswer} />
            </Box>
          )}
          {rating !== null && (
            <Alert severity={rating >= 100 ? 'success' : rating > 0 ? 'warning' : 'error'} sx={{ mt: 2 }} data-testid="viewer-rating">
              {rating >= 100 ? t('player.correct') : rating <= 0 ? t('player.badAnswer') : t('taskViewer.rating', { rating: rating.toFixed(1) })}
            </Alert>
          )}
          {showHelp && (
            <Box sx={{ mt: 2 }} data-testid="viewer-help-panel">
              <Typography variant="subtitle2" component="h2">
                {t('player.help')}
              </Typography>
              {view.help ? <SafeHtml html={view.help} /> : <Typography color="text.secondary">{t('player.noHelp')}</Typography>}
            </Box>
          )}
          {showAnswer && quiz && (
            <Box sx={{ mt: 2 }} data-testid="viewer-answer-panel">
              <Typography variant="subtitle2" component="h2">
                {t('player.answer')}
              </Typography>
              <List dense>
                {solutions.map((s, i) => (
                  <ListItem key={i} sx={{ display: 'block' }}>
                    <Typography component="span" sx={{ fontFamily: 'monospace' }}>
                      {s.answer}
                    </Typography>
                    {s.feedback && <Typography variant="body2" color="text.secondary">{s.feedback}</Typography>}
                  </ListItem>
                ))}
              </List>
            </Box>
          )}
        </Paper>
      </Grid>
    </Grid>
  );
}
