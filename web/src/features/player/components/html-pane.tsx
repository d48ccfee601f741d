/**
 * An HTML/CSS task (type 11) in the player: the learner edits the requested file beside its rendered
 * output; Check shows each rule's result at once (the shared rule module, the same as the server's) and
 * then the server's own check of the page, which alone decides the score, XP and coins. Help, answer
 * purchase, error report and stars as for the other tasks.
 */
import { useMemo, useState } from 'react';
import { Alert, Box, Button, Paper, Stack } from '@mui/material';
import BugReport from '@mui/icons-material/BugReport';
import DoneAll from '@mui/icons-material/DoneAll';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import RestartAlt from '@mui/icons-material/RestartAlt';
import ViewSidebar from '@mui/icons-material/ViewSidebar';
import { useTranslation } from 'react-i18next';
import { checkHtmlRules } from '@lectio/shared';
import { HtmlTaskView, RenderedPage, type HtmlRuleView } from '@/components/tasks/html-task-view';
import { useEvaluate } from '../api/player';
import { HelpPanel, TaskSection, TaskStars, ToolButton, useTaskActivityLog, useTaskExtras } from './task-extras';
import type { TaskPaneProps } from './task-pane';

interface HtmlView {
  title: string;
  assignment: string;
  requestedFile: string;
  rules_list: HtmlRuleView[];
}

export function parseHtmlView(content: string): HtmlView {
  try {
    const c = JSON.parse(content || '{}') as Partial<HtmlView>;
    return { title: c.title ?? '', assignment: c.assignment ?? '', requestedFile: c.requestedFile ?? '', rules_list: Array.isArray(c.rules_list) ? c.rules_list : [] };
  } catch {
    return { title: '', assignment: '', requestedFile: '', rules_list: [] };
  }
}

export function HtmlPane({ task, chapterId, canBuy, fullScreen, onToggleFullScreen, onToggleView }: TaskPaneProps) {
  const { t } = useTranslation();
  const view = useMemo(() => parseHtmlView(task.content), [task.content]);
  const [page, setPage] = useState(view.requestedFile);
  const [results, setResults] = useState<boolean[] | null>(null);
  const [rating, setRating] = useState<number | null>(null);
  const opened = useTaskActivityLog(task.task_id);
  const { help, solution, buyButtons, dialogs, openReport } = useTaskExtras(task, chapterId);
  const evaluate = useEvaluate(chapterId);

  const edit = (next: string) => {
    setPage(next);
    setResults(null);
    setRating(null);
  };
  const check = () => {
    // The same rules as the server's, at once; the server's answer follows and is what counts.
    setResults(checkHtmlRules(page, view.rules_list).results);
    evaluate.mutate(
      { task_id: task.task_id, task_type_id: 11, time_length: Math.round((Date.now() - opened) / 1000), answer_list: JSON.stringify([page]) },
      {
        onSuccess: (data) => {
          setResults(data.result.answers.map((a) => a.rating > 0));
          setRating(data.result.rating);
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="task-pane" data-task-type={11}>
      <Stack direction="row" role="toolbar" aria-label={t('player.toolbar')} sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mb: 2 }}>
        <ToolButton label={t('player.viewSwitch')} icon={<ViewSidebar />} onClick={onToggleView} />
        <ToolButton label={fullScreen ? t('player.exitFullScreen') : t('player.fullScreen')} icon={fullScreen ? <FullscreenExit /> : <Fullscreen />} onClick={onToggleFullScreen} />
        <ToolButton label={t('htmlTask.reset')} icon={<RestartAlt />} onClick={() => edit(view.requestedFile)} testId="reset" />
        <ToolButton label={t('player.report')} icon={<BugReport />} onClick={openReport} testId="report" />
        {canBuy && buyButtons}
        <Box sx={{ flexGrow: 1 }} />
        <TaskStars rating={rating ?? task.rating} />
      </Stack>

      <HtmlTaskView title={view.title} assignment={view.assignment} page={page} onPage={edit} rules={view.rules_list} results={results} readOnly={evaluate.isPending} />

      <Box sx={{ mt: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<DoneAll />} onClick={check} disabled={evaluate.isPending} data-testid="check">
          {t('player.check')}
        </Button>
        {rating !== null && (
          <Alert severity={rating >= 100 ? 'success' : rating > 0 ? 'warning' : 'error'} data-testid="verdict" sx={{ flexGrow: 1 }}>
            {rating >= 100 ? t('player.correct') : rating <= 0 ? t('player.badAnswer') : t('player.partly', { rating: rating.toFixed(1) })}
          </Alert>
        )}
      </Box>

      {help && <HelpPanel help={help} />}
      {solution?.[0] && (
        <TaskSection title={t('player.answer')} testId="answer-panel">
          <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 13, m: 0, mb: 1 }}>
            {solution[0].answer}
          </Box>
          <RenderedPage html={solution[0].answer} title={t('htmlTask.solutionOutput')} height={240} />
        </TaskSection>
      )}

      {dialogs}
    </Paper>
  );
}
