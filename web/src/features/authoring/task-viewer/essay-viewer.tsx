/**
 * The admin viewer of an essay (16) or GenAI (17) task (spec/2 §2.8, types 12-17 as preview types):
 * the assignment, the learner's editor or dialogue to try out (nothing is saved), and Show help.
 * These tasks have no answer to show: the teacher reviews each learner's attempt.
 */
import { useState } from 'react';
import { Alert, Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { emptyExchange, essayContent, type GenaiExchange } from '@lectio/shared';
import { SafeHtml } from '@/components/safe-html';
import { RichTextField } from '@/components/editing/rich-text-field';
import { GenaiExchanges } from '@/components/essay/genai-exchanges';
import { useParsedContent } from './parsed-content';

export function EssayViewer({ type, content, onClose }: { type: 16 | 17; content: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const task = useParsedContent(essayContent, content);
  const [html, setHtml] = useState('');
  const [exchanges, setExchanges] = useState<GenaiExchange[]>([emptyExchange()]);
  const [showHelp, setShowHelp] = useState(false);
  if (!task) return <Alert severity="error">{t('taskViewer.notTranslated')}</Alert>;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 3, lg: 2 }}>
        <Stack spacing={1}>
          <Button variant="outlined" onClick={() => setShowHelp(!showHelp)} data-testid="viewer-help">
            {t('taskViewer.showHelp')}
          </Button>
          <Button onClick={onClose} data-testid="viewer-close">
            {t('taskViewer.close')}
          </Button>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 9, lg: 10 }}>
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="essay-viewer">
          <SafeHtml html={task.content} />
          {type === 17 && (
            <Alert severity="info" sx={{ my: 2 }}>
              {t('essay.genaiHelp')}
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ my: 1.5 }}>
            {t('essay.preview')}
          </Typography>
          {type === 16 ? (
            <RichTextField label={t('essay.yourEssay')} value={html} onChange={setHtml} lang={i18n.resolvedLanguage ?? 'en'} testId="viewer-essay" />
          ) : (
            <GenaiExchanges value={exchanges} onChange={setExchanges} />
          )}
          {showHelp && task.help && (
            <Box sx={{ mt: 2 }} data-testid="viewer-help-panel">
              <Typography variant="subtitle2" component="h2">
                {t('player.help')}
              </Typography>
              <SafeHtml html={task.help} />
            </Box>
          )}
        </Paper>
      </Grid>
    </Grid>
  );
}
