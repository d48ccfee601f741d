/**
 * /competition_content/{user_comp_id}: the competition player (spec/3 "Competition screens", §4
 * "Competitions"; issue 22 item 1). The chapter player's task views without help or answer purchase,
 * the learner's surname and name in the toolbar, a countdown bar on the server's clock with
 * 'Submit ALL' ('Are you sure? Do you want to finish?'). 'started' opens task 0; 'finished' goes to the
 * result. Answers go over HTTP (a lost socket loses none); at zero, or when the server or the teacher
 * closes the competition, the screen goes to the result.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Box, Button, LinearProgress, Paper, Tab, Tabs, Typography } from '@mui/material';
import Person from '@mui/icons-material/Person';
import { formatRemaining } from '@lectio/shared';
import { useTranslation } from 'react-i18next';
import { pathTo } from '@/lib/paths';
import { useBreadcrumbs } from '@/components/layout/breadcrumbs';
import { PageHeading } from '@/components/layout/page-heading';
import { PageSpinner } from '@/components/page-spinner';
import { useMessageDialog } from '@/components/dialogs/message-dialog';
import { escapeHtml } from '@/lib/escape-html';
import { closeCompetition, useMyCompetition, type CompetitionPlay } from '../api/competition';
import { PlayModeContext } from '../lib/play-mode';
import { useCountdown } from '../lib/use-countdown';
import { TaskPane } from './task-pane';

const ProgramPane = lazy(() => import('./program-pane').then((m) => ({ default: m.ProgramPane })));

export function CompetitionContentPage() {
  const userCompId = Number(useParams().id);
  const query = useMyCompetition(userCompId);
  if (query.isPending) return <PageSpinner />;
  if (!query.data) return null;
  if (query.data.status === 'finished') return <Navigate to={pathTo('competition_result', { id: userCompId })} replace />;
  return <CompetitionPlayer data={query.data} />;
}

function CompetitionPlayer({ data }: { data: CompetitionPlay & { receivedAt: number } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialog = useMessageDialog();
  const [index, setIndex] = useState(0);
  const [fullScreen, setFullScreen] = useState(false);
  const finishing = useRef(false);
  const playerRef = useRef<HTMLDivElement>(null);
  const userCompId = data.user_comp_id;

  useBreadcrumbs([{ label: t('competitions.player.course'), to: pathTo('course_content', { id: data.course_id }) }, { label: data.name }]);

  const toResult = () => void navigate(pathTo('competition_result', { id: userCompId }), { replace: true });
  const finish = async () => {
    if (finishing.current) return;
    finishing.current = true;
    // idempotent on the server: at zero the server closes the attempt anyway
    await closeCompetition(userCompId).catch(() => undefined);
    toResult();
  };
  const countdown = useCountdown({
    compId: data.comp_id,
    userCompId,
    deadline: data.deadline,
    serverNow: data.server_now,
    receivedAt: data.receivedAt,
    running: true,
    onClosed: toResult,
    onZero: () => void finish(),
  });

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
  const list = data.task_list;
  const current = list[Math.min(index, list.length - 1)];
  const total = Math.max(1, data.time_limit * 1000);
  const left = countdown.remainingMs;
  const low = left <= 60_000;

  return (
    <PlayModeContext.Provider value={{ activityType: 2, saveSignal: countdown.saveSignal }}>
      <PageHeading title={data.name} />
      <Paper variant="outlined" sx={{ p: 1.5, mb: 2, display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }} data-testid="countdown-bar">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="competitor">
          <Person color="action" aria-hidden />
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {`${data.user.surname} ${data.user.name}`.trim()}
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
        {current && current.task_type_id >= 8 && current.task_type_id <= 10 && (
          <Suspense fallback={<PageSpinner />}>
            <ProgramPane key={current.task_id} task={current} chapterId={data.comp_id} canBuy={false} fullScreen={fullScreen} onToggleFullScreen={toggleFullScreen} />
          </Suspense>
        )}
        {current && !(current.task_type_id >= 8 && current.task_type_id <= 10) && (
          <TaskPane
            key={current.task_id}
            task={current}
            chapterId={data.comp_id}
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
