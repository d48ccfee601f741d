/**
 * The timed player (spec/3 "Competition screens", §4 "Competitions"; issue 22): the chapter player's
 * task views without help or answer purchase, the learner's surname and name, a countdown bar on the
 * server's clock with 'Submit ALL' ('Are you sure? Do you want to finish?'). The competition player
 * and a revision attempt (composed in app/) both play through it; each says where its clock, answers
 * and Submit ALL go. At zero, or when the server closes the attempt, `onEnded` runs.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, Tab, Tabs, Typography } from '@mui/material';
import Person from '@mui/icons-material/Person';
import { formatRemaining } from '@lectio/shared';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/layout/page-heading';
import { useMessageDialog } from '@/components/dialogs/message-dialog';
import { escapeHtml } from '@/lib/escape-html';
import type { PlayerTaskData } from '../api/player';
import { PlayModeContext, type PlayMode } from '../lib/play-mode';
import { useCountdown, type CountdownInput } from '../lib/use-countdown';
import { isProgramPane, TaskPaneFor } from './task-panes';

export interface TimedPlayerProps {
  title: string;
  person: { name: string; surname: string };
  tasks: PlayerTaskData[];
  /** The id the task views are keyed by (the competition chapter; a revision's id). */
  chapterId: number;
  timeLimitSeconds: number;
  /** The countdown's clock: the attempt's deadline and sync source (see useCountdown). */
  clock: Omit<CountdownInput, 'running' | 'onClosed' | 'onZero'>;
  /** Submit ALL and the end at zero (idempotent on the server). */
  finish: () => Promise<unknown>;
  /** The attempt ended (finished here, or closed by the server or the teacher). */
  onEnded: () => void;
  /** Where answers go when not to the chapter's evaluation. */
  evaluate?: PlayMode['evaluate'];
  /** Shown instead of a program task (a revision answers questions only); absent: the program pane. */
  programNotice?: ReactNode;
}

export function TimedPlayer({ title, person, tasks: list, chapterId, timeLimitSeconds, clock, finish: finishCall, onEnded, evaluate, programNotice }: TimedPlayerProps) {
  const { t } = useTranslation();
  const dialog = useMessageDialog();
  const [index, setIndex] = useState(0);
  const [fullScreen, setFullScreen] = useState(false);
  const finishing = useRef(false);
  const playerRef = useRef<HTMLDivElement>(null);

  const finish = async () => {
    if (finishing.current) return;
    finishing.current = true;
    // idempotent on the server: at zero the server closes the attempt anyway
    await finishCall().catch(() => undefined);
    onEnded();
  };
  const countdown = useCountdown({ ...clock, running: true, onClosed: onEnded, onZero: () => void finish() });

  const submitAll = async () => {
    const answer = await dialog.open({
      type: 'question',
      html: `<p>${escapeHtml(t('competitions.player.confirmFinish'))}</p>`,
      buttons: [
        { label: t('competitions.player.finish'), value: 'yes' },
        { label: t('competitions.player.cancel'), value: 'no' },
      ],
    });
    if (answer === 'yes') await finish();
  };

  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void playerRef.current?.requestFullscreen?.().then(() => setFullScreen(true));
  };
  const current = list[Math.min(index, list.length - 1)];
  const total = Math.max(1, timeLimitSeconds * 1000);
  const left = countdown.remainingMs;
  const low = left <= 60_000;

  return (
    <PlayModeContext.Provider value={{ activityType: 2, saveSignal: countdown.saveSignal, evaluate }}>
      <PageHeading title={title} />
      <Paper variant="outlined" sx={{ p: 1.5, mb: 2, display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }} data-testid="countdown-bar">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="competitor">
          <Person color="action" aria-hidden />
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {`${person.surname} ${person.name}`.trim()}
          </Typography>
        </Box>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (left / total) * 100)}
            color={low ? 'error' : 'primary'}
            aria-label={t('competitions.player.timeLeft')}
            sx={{ height: 10, borderRadius: 5 }}
          />
        </Box>
        <Typography
          component="span"
          role="timer"
          aria-label={t('competitions.player.timeLeftValue', { time: formatRemaining(left) })}
          sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700, color: low ? 'error.main' : 'text.primary', minWidth: 64 }}
          data-testid="competition-remaining"
          data-remaining-ms={left}
        >
          {formatRemaining(left)}
        </Typography>
        <Button variant="contained" color="secondary" onClick={() => void submitAll()} data-testid="submit-all">
          {t('competitions.player.submitAll')}
        </Button>
      </Paper>
      <Box ref={playerRef} sx={{ bgcolor: 'background.default', p: fullScreen ? 2 : 0, overflow: 'auto' }} data-testid="player">
        <Tabs
          value={Math.min(index, Math.max(0, list.length - 1))}
          onChange={(_e, value: number) => setIndex(value)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={t('player.tasks')}
          sx={{ mb: 1, minHeight: 40 }}
        >
          {list.map((task, i) => (
            <Tab
              key={task.task_id}
              value={i}
              data-testid="task-tab"
              data-status={task.status}
              label={String(i + 1)}
              aria-label={t('player.taskTab', { n: i + 1, status: t(`player.status.${task.status}`) })}
              sx={{ minWidth: 56, minHeight: 40 }}
            />
          ))}
        </Tabs>
        {current && isProgramPane(current.task_type_id) && programNotice !== undefined && <Alert severity="info">{programNotice}</Alert>}
        {current && !(isProgramPane(current.task_type_id) && programNotice !== undefined) && (
          <TaskPaneFor
            task={current}
            chapterId={chapterId}
            canBuy={false}
            fullScreen={fullScreen}
            onToggleFullScreen={toggleFullScreen}
            onToggleView={() => undefined}
          />
        )}
        {list.length === 0 && <Typography color="text.secondary">{t('player.noTasks')}</Typography>}
      </Box>
    </PlayModeContext.Provider>
  );
}
