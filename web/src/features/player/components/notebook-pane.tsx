/**
 * A notebook task (types 12-15) in the player (issue 25 items 1, 3, 5; spec/3 §3, §4, §7, §9): the cells,
 * code cells editable and runnable through the notebook's runner (a live kernel, or Python in the browser
 * when no kernel service is configured or the author chose it), the toolbar and status line, the input
 * prompt answered with Enter, the learner's code versions (version 0 the original; 'bound' accepted
 * silently, any other message shown), and the answer part of 13-15 with Check. 12 passes on viewing.
 */
import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import BugReport from '@mui/icons-material/BugReport';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DoneAll from '@mui/icons-material/DoneAll';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import ViewSidebar from '@mui/icons-material/ViewSidebar';
import { useTranslation } from 'react-i18next';
import { MAIN_CONTENT_COMPONENT, type NotebookCell } from '@lectio/shared';
import { api } from '@/lib/api-client';
import { chooseRunner, runnerChoiceOf } from '@/lib/notebook-runner';
import { useFeedback } from '@/components/feedback/feedback';
import {
  InputPromptField,
  NotebookAnswerFields,
  NotebookToolbar,
  NotebookView,
  emptyNotebookAnswer,
  notebookAnswerList,
  parseNotebookView,
  useNotebookRun,
} from '@/components/notebook';
import { useEvaluate, type PlayerTaskData } from '../api/player';
import { PassOnView } from './pass-on-view';
import { HelpPanel, TaskStars, ToolButton, useTaskActivityLog, useTaskExtras } from './task-extras';
import type { PaneProps } from './task-panes';

/** The learner's codes of the notebook's cells and their versions (spec/3 §7). */
function useCodeVersions(task: PlayerTaskData, cells: NotebookCell[]) {
  const feedback = useFeedback();
  const where = useMemo(() => ({ user_course_id: task.user_course_id, task_id: task.task_id, component_id: MAIN_CONTENT_COMPONENT }), [task.user_course_id, task.task_id]);
  const enabled = task.user_course_id > 0;
  const saved = useQuery({ queryKey: ['notebook', 'codes', where], queryFn: () => api('getXreadCodes', { body: where }), enabled, gcTime: 0 });
  // What the learner typed or stepped to, over the saved codes (a version only when stepped to).
  const [edits, setEdits] = useState<Record<number, { code: string; version?: number }>>({});
  const shown = (message: string) => {
    if (message !== 'OK') feedback.show(message);
  };
  const savedOf = (index: number) => saved.data?.codes.find((c) => c.index === index);
  const original = (index: number) => (cells[index]?.source ?? []).join('');
  const codeOf = (index: number) => edits[index]?.code ?? savedOf(index)?.code ?? original(index);
  const versionOf = (index: number) => edits[index]?.version ?? savedOf(index)?.version ?? 0;
  const codes = Object.fromEntries(cells.map((_, i) => [i, codeOf(i)]));
  const versions = Object.fromEntries(cells.map((_, i) => [i, versionOf(i)]));

  /** Saves a changed code as the learner's next version. */
  const save = async (index: number) => {
    const code = codeOf(index);
    if (!enabled || code === (savedOf(index)?.code ?? original(index))) return;
    const res = await api('saveXreadCodes', { body: { ...where, index, content: code } });
    shown(res.message);
    setEdits((e) => ({ ...e, [index]: { code } }));
    await saved.refetch();
  };
  const step = async (index: number, direction: -1 | 1) => {
    const res = await api('getXreadCodesVersion', { body: { ...where, index, current_version: versionOf(index), direction } });
    if (res.message === 'bound') return;
    shown(res.message);
    const found = res.codes[0];
    if (found) setEdits((e) => ({ ...e, [index]: { code: found.code, version: found.version } }));
  };
  return { enabled, codes, codeOf, versions, setCode: (index: number, code: string) => setEdits((e) => ({ ...e, [index]: { ...e[index], code } })), save, step };
}

export function NotebookPane({ task, chapterId, canBuy, fullScreen, onToggleFullScreen, onToggleView }: PaneProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const type = task.task_type_id;
  const view = useMemo(() => parseNotebookView(task.content), [task.content]);
  const choice = runnerChoiceOf(task.globals);
  const makeRunner = useCallback(() => chooseRunner(choice), [choice]);
  const run = useNotebookRun(makeRunner, view.cells);
  const versions = useCodeVersions(task, view.cells);
  const opened = useTaskActivityLog(task.task_id);
  const { help, buyButtons, dialogs, openReport } = useTaskExtras(task, chapterId);
  const evaluate = useEvaluate(chapterId);
  const [answer, setAnswer] = useState(emptyNotebookAnswer);
  const [result, setResult] = useState<number | null>(null);
  const isQuiz = type >= 13 && type <= 15;

  const mustPass = type === 12 && !task.passed;

  const fail = (e: unknown) => feedback.show(e instanceof Error ? e.message : String(e));
  const runCell = (index: number) => {
    versions.save(index).catch(fail);
    run.run(index, versions.codeOf(index)).catch(fail);
  };
  const runAll = () =>
    void run
      .runAll(view.cells.flatMap((c, index) => (c.cell_type === 'code' && c.metadata?.runnable !== false ? [{ index, code: versions.codeOf(index) }] : [])))
      .catch(fail);

  const check = () =>
    evaluate.mutate(
      {
        task_id: task.task_id,
        task_type_id: type,
        time_length: Math.round((Date.now() - opened) / 1000),
        answer_list: JSON.stringify(notebookAnswerList(type, answer)),
      },
      { onSuccess: (data) => setResult(data.result.rating) },
    );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="task-pane" data-task-type={type}>
      {mustPass && <PassOnView chapterId={chapterId} userCourseId={task.user_course_id} taskId={task.task_id} />}
      <Stack direction="row" role="toolbar" aria-label={t('player.toolbar')} sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mb: 1 }}>
        <ToolButton label={t('player.viewSwitch')} icon={<ViewSidebar />} onClick={onToggleView} />
        <ToolButton label={fullScreen ? t('player.exitFullScreen') : t('player.fullScreen')} icon={fullScreen ? <FullscreenExit /> : <Fullscreen />} onClick={onToggleFullScreen} />
        <ToolButton label={t('player.report')} icon={<BugReport />} onClick={openReport} testId="report" />
        {isQuiz && canBuy && buyButtons}
        <Box sx={{ flexGrow: 1 }} />
        {isQuiz && <TaskStars rating={result ?? task.rating} />}
      </Stack>

      <NotebookToolbar run={run} onRunAll={runAll} />
      <NotebookView
        cells={view.cells}
        codes={versions.codes}
        outputs={run.outputs}
        counts={run.counts}
        running={run.running}
        onRun={runCell}
        onCode={versions.setCode}
        onCodeBlur={(index) => void versions.save(index).catch(fail)}
        onWidth={run.setWidth}
        below={(index) => (run.prompt?.index === index ? <InputPromptField key={run.prompt.prompt} prompt={run.prompt} /> : null)}
        codeExtras={(index) =>
          versions.enabled ? (
            <Stack direction="row" sx={{ alignItems: 'center' }} data-testid="code-versions">
              <Tooltip title={t('notebook.previousVersion')}>
                <IconButton size="small" aria-label={`${t('notebook.previousVersion')} ${index + 1}`} onClick={() => void versions.step(index, -1).catch(fail)} data-testid="version-back">
                  <ChevronLeft />
                </IconButton>
              </Tooltip>
              <Typography variant="caption" data-testid="version">
                {(versions.versions[index] ?? 0) === 0 ? t('notebook.original') : t('notebook.version', { v: versions.versions[index] })}
              </Typography>
              <Tooltip title={t('notebook.nextVersion')}>
                <IconButton size="small" aria-label={`${t('notebook.nextVersion')} ${index + 1}`} onClick={() => void versions.step(index, 1).catch(fail)} data-testid="version-forward">
                  <ChevronRight />
                </IconButton>
              </Tooltip>
            </Stack>
          ) : null
        }
      />

      {isQuiz && (
        <Box component="section" aria-label={t('notebook.yourAnswer')} sx={{ mt: 2 }} data-testid="notebook-answer">
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('notebook.yourAnswer')}
          </Typography>
          <NotebookAnswerFields type={type} options={view.answer_list} value={answer} onChange={setAnswer} />
          <Box sx={{ mt: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<DoneAll />} onClick={check} disabled={evaluate.isPending} data-testid="check">
              {t('player.check')}
            </Button>
            {result !== null && (
              <Alert severity={result >= 100 ? 'success' : result > 0 ? 'warning' : 'error'} data-testid="verdict" sx={{ flexGrow: 1 }}>
                {result >= 100 ? t('player.correct') : result <= 0 ? t('player.badAnswer') : t('player.partly', { rating: result.toFixed(1) })}
              </Alert>
            )}
          </Box>
        </Box>
      )}

      {help && <HelpPanel help={help} />}
      {dialogs}
    </Paper>
  );
}
