/**
 * One task in the player: the learner view, the toolbar (reset, check, report, stars, buy help and
 * answer in chapters), the result with the rating animation and per-answer feedback. Everything is
 * evaluated on the server; this screen only shows what the server answered.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, List, ListItem, Paper, Stack, Typography } from '@mui/material';
import BugReport from '@mui/icons-material/BugReport';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import Refresh from '@mui/icons-material/Refresh';
import ViewSidebar from '@mui/icons-material/ViewSidebar';
import DoneAll from '@mui/icons-material/DoneAll';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '@/components/safe-html';
import { QuestionView, type AnswerMark } from '@/components/tasks/question-view';
import { answerListOf, initialAnswer, itemCount, parseView, shuffled, type AnswerState } from '@/components/tasks/answers';
import { useEvaluate, type PlayerTaskData } from '../api/player';
import { PassOnView } from './pass-on-view';
import { ratingStep } from '../lib/navigation';
import { HelpPanel, TaskSection, TaskStars, ToolButton, useTaskActivityLog, useTaskExtras } from './task-extras';

export interface TaskPaneProps {
  task: PlayerTaskData;
  chapterId: number;
  /** Help and answer can be bought in chapters only (not exercises or competitions). */
  canBuy: boolean;
  fullScreen: boolean;
  onToggleFullScreen: () => void;
  onToggleView: () => void;
}

const isQuestion = (type: number) => type >= 2 && type <= 7;

/** Counts the shown rating towards the target in steps of 0.5 every 50 ms. */
function useAnimatedRating(target: number) {
  const [shown, setShown] = useState(target);
  useEffect(() => {
    if (shown === target) return;
    const timer = setTimeout(() => setShown((s) => ratingStep(s, target)), 50);
    return () => clearTimeout(timer);
  }, [shown, target]);
  return shown;
}

export function TaskPane({ task, chapterId, canBuy, fullScreen, onToggleFullScreen, onToggleView }: TaskPaneProps) {
  const { t } = useTranslation();
  const type = task.task_type_id;
  const view = useMemo(() => parseView(type, task.content), [type, task.content]);
  const [displayOrder, setDisplayOrder] = useState<number[]>(() =>
    shuffled(Array.from({ length: itemCount(type, view) }, (_, i) => i)),
  );
  const [answer, setAnswer] = useState<AnswerState | null>(() => initialAnswer(type, view, displayOrder));
  const [marks, setMarks] = useState<AnswerMark[] | null>(null);
  const [result, setResult] = useState<number | null>(null);
  const opened = useTaskActivityLog(task.task_id);
  const { help, solution, buyButtons, dialogs, openReport } = useTaskExtras(task, chapterId);
  const evaluate = useEvaluate(chapterId);
  const rating = useAnimatedRating(result ?? task.rating);

  const mustPass = (type === 1 || type === 12) && !task.passed;

  const reset = () => {
    const order = shuffled(Array.from({ length: itemCount(type, view) }, (_, i) => i));
    setDisplayOrder(order);
    setAnswer(initialAnswer(type, view, order));
    setMarks(null);
    setResult(null);
  };

  const check = () => {
    if (!answer) return;
    evaluate.mutate(
      {
        task_id: task.task_id,
        task_type_id: type,
        time_length: Math.round((Date.now() - opened) / 1000),
        answer_list: answerListOf(answer),
      },
      {
        onSuccess: (data) => {
          setMarks(data.result.answers);
          setResult(data.result.rating);
        },
      },
    );
  };

  const verdict =
    result === null
      ? null
      : result >= 100
        ? (marks?.length === 1 && marks[0]!.feedback) || t('player.correct')
        : result <= 0
          ? t('player.badAnswer')
          : t('player.partly', { rating: result.toFixed(1) });
  const feedbackTexts = (marks ?? []).map((m) => m.feedback).filter((f) => f && f !== verdict);

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="task-pane" data-task-type={type}>
      {mustPass && <PassOnView chapterId={chapterId} userCourseId={task.user_course_id} taskId={task.task_id} />}
      <Stack
        direction="row"
        role="toolbar"
        aria-label={t('player.toolbar')}
        sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mb: 2 }}
      >
        <ToolButton label={t('player.viewSwitch')} icon={<ViewSidebar />} onClick={onToggleView} />
        <ToolButton
          label={fullScreen ? t('player.exitFullScreen') : t('player.fullScreen')}
          icon={fullScreen ? <FullscreenExit /> : <Fullscreen />}
          onClick={onToggleFullScreen}
        />
        {isQuestion(type) && <ToolButton label={t('player.reset')} icon={<Refresh />} onClick={reset} testId="reset" />}
        <ToolButton label={t('player.report')} icon={<BugReport />} onClick={openReport} testId="report" />
        {isQuestion(type) && canBuy && buyButtons}
        <Box sx={{ flexGrow: 1 }} />
        {isQuestion(type) && <TaskStars rating={rating} />}
      </Stack>

      <QuestionView
        type={type}
        view={view}
        displayOrder={displayOrder}
        answer={answer}
        onAnswer={setAnswer}
        marks={marks}
        disabled={evaluate.isPending}
      />

      {isQuestion(type) && (
        <Box sx={{ mt: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<DoneAll />} onClick={check} disabled={evaluate.isPending} data-testid="check">
            {t('player.check')}
          </Button>
          {verdict && (
            <Alert
              severity={result! >= 100 ? 'success' : result! > 0 ? 'warning' : 'error'}
              data-testid="verdict"
              sx={{ flexGrow: 1 }}
            >
              {verdict}
              {feedbackTexts.map((f, i) => (
                <Typography key={i} variant="body2">
                  {f}
                </Typography>
              ))}
            </Alert>
          )}
        </Box>
      )}

      {help && <HelpPanel help={help} />}
      {solution && (
        <TaskSection title={t('player.answer')} testId="answer-panel">
          <List dense>
            {solution.map((s, i) => (
              <ListItem key={i} sx={{ display: 'block' }}>
                <SafeHtml html={s.answer} sx={{ fontFamily: 'monospace', '& pre': { m: 0 } }} />
                {s.feedback && (
                  <Typography variant="body2" color="text.secondary">
                    {s.feedback}
                  </Typography>
                )}
              </ListItem>
            ))}
          </List>
        </TaskSection>
      )}

      {dialogs}
    </Paper>
  );
}
