/**
 * Essay (type 16) and GenAI (type 17) tasks in the player (spec/3 §4 "Essay and GenAI", §5): the
 * learner writes an essay in the rich-text editor, or records a dialogue with a generative AI of
 * their choice as 1-10 exchanges; Save stores an attempt through task-evaluate2 only when the answer
 * is not empty and changed since the last save (the server checks both again). The attempts list
 * shows each save's time, length, score and the teacher's comment. Once a teacher commented, editing
 * is locked with the spec's text (the server refuses a save too).
 */
import { useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Paper, Skeleton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import BugReport from '@mui/icons-material/BugReport';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import Save from '@mui/icons-material/Save';
import ViewSidebar from '@mui/icons-material/ViewSidebar';
import { useTranslation } from 'react-i18next';
import { emptyExchange, shouldSaveAnswer, type EssayAnswer, type EssayAttemptItem, type GenaiExchange } from '@lectio/shared';
import { api } from '@/lib/api-client';
import { formatServerTime } from '@/lib/format-time';
import { useFeedback } from '@/components/feedback/feedback';
import { SafeHtml } from '@/components/safe-html';
import { RichTextField } from '@/components/editing/rich-text-field';
import { GenaiExchanges, essayHtmlOf, exchangesOf } from '@/components/essay/genai-exchanges';
import { EssayAnswerView } from '@/components/essay/essay-answer-view';
import { playerKeys, useEvaluate } from '../api/player';
import { HelpPanel, TaskSection, TaskStars, ToolButton, useTaskActivityLog, useTaskExtras } from './task-extras';
import type { PaneProps } from './task-panes';

function assignmentOf(content: string): string {
  try {
    const c = JSON.parse(content || '{}') as { content?: string };
    return c.content ?? '';
  } catch {
    return '';
  }
}

const essayKey = (taskId: number) => [...playerKeys.mine(taskId), 'essay'] as const;

export function EssayPane({ task, chapterId, fullScreen, onToggleFullScreen, onToggleView }: PaneProps) {
  const { t, i18n } = useTranslation();
  const type = task.task_type_id as 16 | 17;
  const assignment = useMemo(() => assignmentOf(task.content), [task.content]);
  const opened = useTaskActivityLog(task.task_id);
  const { help, dialogs, openReport } = useTaskExtras(task, chapterId);
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const evaluate = useEvaluate(chapterId);
  const attempts = useQuery({
    queryKey: essayKey(task.task_id),
    queryFn: () => api('getMyAnswers', { body: { task_id: task.task_id } }),
  });
  const list = (attempts.data?.list ?? []) as EssayAttemptItem[];
  const locked = attempts.data?.locked === true;
  const lastSaved = list[0]?.answers ?? null;
  // The editor starts from the last saved attempt once it is known.
  const [draft, setDraft] = useState<{ html: string; exchanges: GenaiExchange[] } | null>(null);
  const touched = useRef(false);
  const current = draft ?? { html: lastSaved ? essayHtmlOf(lastSaved) : '', exchanges: lastSaved ? exchangesOf(lastSaved) : [emptyExchange()] };
  const answer: EssayAnswer = type === 16 ? { type: 16, html: current.html } : { type: 17, exchanges: current.exchanges };
  const canSave = !evaluate.isPending && shouldSaveAnswer(answer, lastSaved, locked);

  const save = () => {
    if (!canSave) return;
    const answerList = JSON.stringify(type === 16 ? current.html : current.exchanges);
    evaluate.mutate(
      { task_id: task.task_id, task_type_id: type, time_length: Math.round((Date.now() - opened) / 1000), answer_list: answerList },
      {
        onSuccess: () => {
          feedback.show(t('essay.saved'), 'success');
          void queryClient.invalidateQueries({ queryKey: essayKey(task.task_id) });
        },
        onError: () => void queryClient.invalidateQueries({ queryKey: essayKey(task.task_id) }),
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="task-pane" data-task-type={type}>
      <Stack direction="row" role="toolbar" aria-label={t('player.toolbar')} sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mb: 2 }}>
        <ToolButton label={t('player.viewSwitch')} icon={<ViewSidebar />} onClick={onToggleView} />
        <ToolButton label={fullScreen ? t('player.exitFullScreen') : t('player.fullScreen')} icon={fullScreen ? <FullscreenExit /> : <Fullscreen />} onClick={onToggleFullScreen} />
        <ToolButton label={t('player.report')} icon={<BugReport />} onClick={openReport} testId="report" />
        <Box sx={{ flexGrow: 1 }} />
        <TaskStars rating={task.rating} />
      </Stack>

      <Box sx={{ mb: 2 }} data-testid="task-assignment">
        <SafeHtml html={assignment} />
      </Box>
      {type === 17 && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="genai-help">
          {t('essay.genaiHelp')}
        </Alert>
      )}
      {locked && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="essay-locked">
          {t('essay.locked')}
        </Alert>
      )}

      {attempts.isPending ? (
        // the editor starts from the last saved attempt: it waits for the list
        <Skeleton variant="rounded" height={160} data-testid="essay-loading" />
      ) : locked ? (
        // locked by a teacher comment: the last saved answer, read-only
        <Box data-testid="essay-locked-answer">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {type === 16 ? t('essay.yourEssay') : t('essay.reviewedAnswer')}
          </Typography>
          <EssayAnswerView type={type} answers={lastSaved ?? '""'} />
        </Box>
      ) : type === 16 ? (
        // remounted when a saved answer arrives, so the editor starts from it
        // the editor reports its text on mount too; only the learner's own edits (after a focus) make a draft
        <Box onFocusCapture={() => (touched.current = true)}>
          <RichTextField
            key={lastSaved ?? ''}
            label={t('essay.yourEssay')}
            value={current.html}
            onChange={(html) => touched.current && setDraft((d) => ({ exchanges: d?.exchanges ?? current.exchanges, html }))}
            lang={i18n.resolvedLanguage ?? 'en'}
            readOnly={evaluate.isPending}
            testId="essay-editor"
          />
        </Box>
      ) : (
        <GenaiExchanges value={current.exchanges} onChange={(exchanges) => setDraft({ ...current, exchanges })} readOnly={locked} />
      )}

      <Box sx={{ mt: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<Save />} onClick={save} disabled={!canSave} data-testid="essay-save">
          {t('essay.save')}
        </Button>
        {!locked && !canSave && !evaluate.isPending && (
          <Typography variant="body2" color="text.secondary" data-testid="essay-save-hint">
            {t('essay.nothingToSave')}
          </Typography>
        )}
      </Box>

      {help && <HelpPanel help={help} />}

      <TaskSection title={t('essay.attempts')} testId="essay-attempts">
        {list.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('essay.noAttempts')}
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('essay.attempts')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('essay.time')}</TableCell>
                  <TableCell align="right">{t('essay.length')}</TableCell>
                  <TableCell align="right">{t('essay.score')}</TableCell>
                  <TableCell>{t('essay.comment')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((a) => (
                  <TableRow key={a.id} data-testid="essay-attempt">
                    <TableCell>{formatServerTime(a.time_stamp.replace('T', ' ').slice(0, 19), i18n.resolvedLanguage ?? 'en')}</TableCell>
                    <TableCell align="right">{t('essay.characters', { count: a.length })}</TableCell>
                    <TableCell align="right">{a.info ? `${a.score} / ${a.max_score}` : '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{a.info || '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </TaskSection>

      {dialogs}
    </Paper>
  );
}
