/**
 * The frame of the viewers a task is checked in (spec/2 §2.8): the left bar (Show help, Show answer,
 * Check, Close) beside the task, and under it the check's rating, the help and the accepted answers.
 * Used by the question preview (2-7) and the notebook viewer (12-15; a 12 has only Close).
 */
import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Grid, List, ListItem, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '@/components/safe-html';

interface CheckViewerFrameProps {
  /** Show help, Show answer and Check are offered (a task with an answer). */
  checkable: boolean;
  onCheck: () => void;
  onClose: () => void;
  /** The last check's rating, if any. */
  rating: number | null;
  help: string;
  /** The accepted answers: an answer's HTML and its feedback. */
  solutions: () => Array<{ answer: string; feedback: string }>;
  solutionsFirst: boolean;
  testId?: string;
  children: ReactNode;
}

export function CheckViewerFrame({ checkable, onCheck, onClose, rating, help, solutions, solutionsFirst, testId, children }: CheckViewerFrameProps) {
  const { t } = useTranslation();
  const [showHelp, setShowHelp] = useState(false);
  const [showAnswer, setShowAnswer] = useState(solutionsFirst);
  return (
    <Grid container spacing={2} data-testid={testId}>
      <Grid size={{ xs: 12, md: 3, lg: 2 }}>
        <Stack spacing={1}>
          {checkable && (
            <>
              <Button variant="outlined" onClick={() => setShowHelp(!showHelp)} aria-pressed={showHelp} data-testid="viewer-help">
                {t('taskViewer.showHelp')}
              </Button>
              <Button variant="outlined" onClick={() => setShowAnswer(!showAnswer)} aria-pressed={showAnswer} data-testid="viewer-answer">
                {t('taskViewer.showAnswer')}
              </Button>
              <Button variant="contained" onClick={onCheck} data-testid="viewer-check">
                {t('taskViewer.check')}
              </Button>
            </>
          )}
          {/* The left bar's Close is the screen's one Close (spec/2 §2.8 has it do nothing; one that works serves better). */}
          <Button onClick={onClose} data-testid="viewer-close">
            {t('taskViewer.close')}
          </Button>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 9, lg: 10 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          {children}
          {rating !== null && (
            <Alert severity={rating >= 100 ? 'success' : rating > 0 ? 'warning' : 'error'} sx={{ mt: 2 }} data-testid="viewer-rating">
              {rating >= 100 ? t('player.correct') : rating <= 0 ? t('player.badAnswer') : t('taskViewer.rating', { rating: rating.toFixed(1) })}
            </Alert>
          )}
          {checkable && showHelp && (
            <Box sx={{ mt: 2 }} data-testid="viewer-help-panel">
              <Typography variant="subtitle2" component="h2">
                {t('player.help')}
              </Typography>
              {help ? <SafeHtml html={help} /> : <Typography color="text.secondary">{t('player.noHelp')}</Typography>}
            </Box>
          )}
          {checkable && showAnswer && (
            <Box sx={{ mt: 2 }} data-testid="viewer-answer-panel">
              <Typography variant="subtitle2" component="h2">
                {t('player.answer')}
              </Typography>
              <List dense>
                {solutions().map((s, i) => (
                  <ListItem key={i} sx={{ display: 'block' }}>
                    <SafeHtml html={s.answer} sx={{ fontFamily: 'monospace', '& pre': { m: 0 } }} />
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
