/**
 * The admin viewer of an HTML/CSS task (type 11; spec/2 §2.8): title and assignment beside an editable
 * requested file and its rendered output; Check lists each rule with a green check or a red error
 * icon, by the same rule module as the server. Show answer shows the author's solution (an author may
 * read it) with its rule grade.
 */
import { useState } from 'react';
import { Alert, Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { checkHtmlRules, htmlContent } from '@lectio/shared';
import { SafeHtml } from '@/components/safe-html';
import { HtmlTaskView, RenderedPage } from '@/components/tasks/html-task-view';
import { useParsedContent } from './parsed-content';

export function HtmlViewer({ content, solutionsFirst, onClose }: { content: string; solutionsFirst: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const task = useParsedContent(htmlContent, content);
  const [page, setPage] = useState(task?.requestedFile ?? '');
  const [results, setResults] = useState<boolean[] | null>(null);
  const [rating, setRating] = useState<number | null>(null);
  const [showHelp, setShowHelp] = useState(false);
  const [showAnswer, setShowAnswer] = useState(solutionsFirst);
  if (!task) return <Alert severity="error">{t('taskViewer.notTranslated')}</Alert>;

  const check = () => {
    const checked = checkHtmlRules(page, task.rules_list);
    setResults(checked.results);
    setRating(checked.rating);
  };
  const authorsGrade = checkHtmlRules(task.authorsFile, task.rules_list).rating;

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 3, lg: 2 }}>
        <Stack spacing={1}>
          <Button variant="outlined" onClick={() => setShowHelp(!showHelp)} data-testid="viewer-help">
            {t('taskViewer.showHelp')}
          </Button>
          <Button variant="outlined" onClick={() => setShowAnswer(!showAnswer)} data-testid="viewer-answer">
            {t('taskViewer.showAnswer')}
          </Button>
          <Button variant="contained" onClick={check} data-testid="viewer-check">
            {t('taskViewer.check')}
          </Button>
          <Button onClick={onClose} data-testid="viewer-close">
            {t('taskViewer.close')}
          </Button>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 9, lg: 10 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <HtmlTaskView
            title={task.title}
            assignment={task.assignment}
            page={page}
            onPage={(next) => {
              setPage(next);
              setResults(null);
              setRating(null);
            }}
            rules={task.rules_list}
            results={results}
          />
          {rating !== null && (
            <Alert severity={rating >= 100 ? 'success' : rating > 0 ? 'warning' : 'error'} sx={{ mt: 2 }} data-testid="viewer-rating">
              {rating >= 100 ? t('player.correct') : rating <= 0 ? t('player.badAnswer') : t('taskViewer.rating', { rating: rating.toFixed(1) })}
            </Alert>
          )}
          {showHelp && task.help && (
            <Box sx={{ mt: 2 }} data-testid="viewer-help-panel">
              <Typography variant="subtitle2" component="h2">
                {t('player.help')}
              </Typography>
              <SafeHtml html={task.help} />
            </Box>
          )}
          {showAnswer && (
            <Box sx={{ mt: 2 }} data-testid="viewer-answer-panel">
              <Typography variant="subtitle2" component="h2">
                {t('player.answer')} · {t('htmlTask.ruleGrade', { grade: authorsGrade })}
              </Typography>
              <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 13, mt: 1 }}>
                {task.authorsFile}
              </Box>
              <RenderedPage html={task.authorsFile} title={t('htmlTask.solutionOutput')} height={240} />
            </Box>
          )}
        </Paper>
      </Grid>
    </Grid>
  );
}
