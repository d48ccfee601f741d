/**
 * What every task in the player has around its own view (spec/3 "Task player", §5): toolbar buttons with
 * a tooltip that is also their accessible name, the stars, 'Buy/show help' and 'Buy/show answer' (chapters
 * only) with their confirmation dialog, the error report, and the open/close activity log.
 */
import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { Box, Button, Divider, IconButton, Rating, Typography } from '@mui/material';
import { DeferredTooltip } from '@/components/deferred-tooltip';
import HelpOutline from '@mui/icons-material/HelpOutlined';
import Key from '@mui/icons-material/Key';
import { useTranslation } from 'react-i18next';
import { answerCost, helpCost } from '@lectio/shared';
import { starsOf } from '@lectio/shared/rules/rating';
import { useFeedback } from '@/components/feedback/feedback';
import { SafeHtml } from '@/components/safe-html';
import { useSession } from '@/lib/auth';
import { logTaskActivity, useBuyAnswer, useBuyHelp, useErrorReport, type PlayerTaskData } from '../api/player';
import { lazyOverlay } from '@/components/lazy-overlay';
import type * as Dialogs from './task-dialogs';
import { afterPaint } from '@/lib/after-paint';

// The dialogs are closed when a task opens: their code (MUI's Dialog, Modal and transitions) loads on first use.
const BuyDialog = lazyOverlay<ComponentProps<typeof Dialogs.BuyDialog>>(
  () => import('./task-dialogs').then((m) => ({ default: m.BuyDialog })),
  (props) => props.open,
  (props) => props.onCancel(),
);
const ErrorReportDialog = lazyOverlay<ComponentProps<typeof Dialogs.ErrorReportDialog>>(
  () => import('./task-dialogs').then((m) => ({ default: m.ErrorReportDialog })),
  (props) => props.open,
  (props) => props.onClose(),
);

/** A section under a task's view (its help, its bought answer): a divider, a heading, the content. */
export function TaskSection({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Box sx={{ mt: 2 }} data-testid={testId}>
      <Divider sx={{ mb: 1 }} />
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A task's help (bought, or free in a view that shows it), under its view. */
export function HelpPanel({ help }: { help: string }) {
  const { t } = useTranslation();
  return (
    <TaskSection title={t('player.help')} testId="help-panel">
      <SafeHtml html={help} />
    </TaskSection>
  );
}

/** A toolbar button: an icon with its label as tooltip and accessible name. */
export function ToolButton({
  label,
  icon,
  onClick,
  testId,
  disabled = false,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  testId?: string;
  disabled?: boolean;
}) {
  return (
    <DeferredTooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} data-testid={testId}>
          {icon}
        </IconButton>
      </span>
    </DeferredTooltip>
  );
}

/** The task's rating as stars in half steps and as a percentage with one decimal. */
export function TaskStars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Rating
        value={starsOf(rating)}
        precision={0.5}
        readOnly
        size="small"
        aria-label={t('player.stars', { rating: rating.toFixed(1) })}
      />
      <Typography variant="body2" data-testid="rating" aria-live="polite">
        {`${rating.toFixed(1)} %`}
      </Typography>
    </Box>
  );
}

/** Logs the opening and closing of a task with the seconds spent (fire and forget). */
export function useTaskActivityLog(taskId: number) {
  const [opened] = useState(() => Date.now());
  useEffect(() => {
    const started = opened;
    // Sent once the task has painted (a request before it delays that paint on a phone); a task closed sooner
    // still logs its opening first.
    let sent = false;
    const open = () => {
      sent = true;
      logTaskActivity('open', taskId, 0);
    };
    const cancel = afterPaint(open);
    return () => {
      cancel();
      if (!sent) open();
      logTaskActivity('close', taskId, Math.round((Date.now() - started) / 1000));
    };
  }, [taskId, opened]);
  return opened;
}

type Dialog = 'help' | 'answer' | 'report' | null;
export type BoughtAnswer = Array<{ answer: string; feedback: string }>;

/**
 * Help and answer purchase and the error report of one task: the state, the toolbar buttons and the
 * dialogs. The server charges and decides; this only shows what it answered.
 */
export function useTaskExtras(task: PlayerTaskData, chapterId: number) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [help, setHelp] = useState(task.help);
  const [solution, setSolution] = useState<BoughtAnswer | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const buyHelp = useBuyHelp(chapterId);
  const buyAnswer = useBuyAnswer(chapterId);
  const report = useErrorReport();
  // Coins are checked before anything is offered; the server checks again when it charges.
  const coins = useSession().user?.performance.coins ?? 0;
  const cost = dialog === 'answer' ? answerCost(task.max_score) : helpCost(task.max_score);

  const confirmBuy = () => {
    const which = dialog;
    setDialog(null);
    if (which === 'help') buyHelp.mutate(task.task_id, { onSuccess: (data) => setHelp(data.help) });
    if (which === 'answer') buyAnswer.mutate(task.task_id, { onSuccess: (data) => setSolution(data.answers) });
  };

  // A task without help has nothing to buy (the server refuses to charge for it too).
  const noHelp = !help && task.has_help === 0;
  const buyButtons = (
    <>
      <DeferredTooltip title={noHelp ? t('player.noHelp') : ''}>
        <span>
          <Button
            size="small"
            startIcon={<HelpOutline />}
            onClick={() => setDialog('help')}
            data-testid="buy-help"
            disabled={!!help || noHelp}
          >
            {t('player.buyHelp')}
          </Button>
        </span>
      </DeferredTooltip>
      <Button size="small" startIcon={<Key />} onClick={() => setDialog('answer')} data-testid="buy-answer" disabled={!!solution}>
        {t('player.buyAnswer')}
      </Button>
    </>
  );

  const dialogs = (
    <>
      <BuyDialog
        open={dialog === 'help' || dialog === 'answer'}
        title={dialog === 'answer' ? t('player.buyAnswer') : t('player.buyHelp')}
        text={dialog === 'answer' ? t('player.buyAnswerText', { coins: cost }) : t('player.buyHelpText', { coins: cost })}
        affordable={coins >= cost}
        onCancel={() => setDialog(null)}
        onConfirm={confirmBuy}
      />
      <ErrorReportDialog
        open={dialog === 'report'}
        onClose={() => setDialog(null)}
        onSend={(description) => {
          setDialog(null);
          report.mutate(
            { task_id: task.task_id, description },
            { onSuccess: () => feedback.show(t('player.reportSent'), 'success') },
          );
        }}
      />
    </>
  );

  return { help, solution, buyButtons, dialogs, openReport: () => setDialog('report') };
}
