/**
 * Mackworth clock (spec/3 §4, §9): for 120 s a pointer steps once a second over 60 positions; on
 * 10% of the ticks it jumps two positions. The space bar (or the React button) within 1,000 ms of
 * a double jump is a hit. Ticks come from elapsed frame time, never from a timer.
 */
import { useRef, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { MACKWORTH, mackworthOutcome, mackworthPosition, mackworthTargets } from '@lectio/shared';
import { useRunRecord } from '../lib/use-run-record';
import { useFrameLoop, useSpaceBar } from '../lib/frame-loop';
import { ConsentStart } from './consent-box';
import { medianText } from '../lib/figures';
import { RunResult } from './run-result';

type Phase = 'ready' | 'running' | 'finished';
interface Run {
  targets: number[];
  onsets: number[];
  presses: number[];
  tick: number;
}

const SIZE = 240;
const R = 100;
const answersOf = (r: Run) => ({ targets: r.targets, onsets: r.onsets, presses: r.presses });
const marks = Array.from({ length: MACKWORTH.positions }, (_, i) => i);

export function MackworthClock({ testId, maxScore, onClose }: { testId: number; maxScore: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [consent, setConsent] = useState(false);
  const [phase, setPhase] = useState<Phase>('ready');
  const [secondsLeft, setSecondsLeft] = useState<number>(MACKWORTH.durationS);
  const [score, setScore] = useState<number | null>(null);
  const [pressed, setPressed] = useState(0);
  /** The run's answers as they were when it finished (the result screen reads these, not the ref). */
  const [finalAnswers, setFinalAnswers] = useState<ReturnType<typeof answersOf> | null>(null);
  const run = useRef<Run>({ targets: [], onsets: [], presses: [], tick: -1 });
  const pointer = useRef<SVGGElement>(null);
  const record = useRunRecord(testId);

  const answers = () => answersOf(run.current);

  const sinceStart = useFrameLoop(phase === 'running', (elapsed) => {
    const current = run.current;
    if (elapsed >= MACKWORTH.durationS * 1000) {
      const final = answers();
      setFinalAnswers(final);
      setPhase('finished');
      void record.finish({ status: 'completed', ...final }).then(setScore);
      return;
    }
    const tick = Math.floor(elapsed / MACKWORTH.tickMs);
    if (tick === current.tick) return;
    // A late frame may skip a tick; a target is then shown (and timed) on the frame that draws it.
    for (let k = current.tick + 1; k <= tick; k++) if (current.targets.includes(k)) current.onsets.push(elapsed);
    current.tick = tick;
    const position = mackworthPosition(tick, current.targets);
    const g = pointer.current;
    if (g) {
      g.setAttribute('transform', `rotate(${position * (360 / MACKWORTH.positions)} ${SIZE / 2} ${SIZE / 2})`);
      g.dataset.position = String(position);
      g.dataset.tick = String(tick);
    }
    setSecondsLeft(MACKWORTH.durationS - tick);
  });

  const press = (timeStamp: number) => {
    const at = sinceStart(timeStamp);
    if (at === null) return;
    run.current.presses.push(at);
    setPressed((n) => n + 1);
  };
  useSpaceBar(phase === 'running', press);

  const begin = () => {
    run.current = { targets: mackworthTargets(), onsets: [], presses: [], tick: -1 };
    setScore(null);
    setPressed(0);
    setSecondsLeft(MACKWORTH.durationS);
    void record.start({ status: 'running', ...answers() }, answers);
    setPhase('running');
  };

  if (phase === 'finished' && finalAnswers) {
    const outcome = mackworthOutcome(finalAnswers);
    return (
      <RunResult
        score={score}
        maxScore={maxScore}
        status="completed"
        figures={[
          { label: t('tests.attention.hits'), value: `${outcome.hits} / ${finalAnswers.onsets.length}` },
          { label: t('tests.attention.falseAlarms'), value: outcome.falseAlarms },
          { label: t('tests.attention.median'), value: medianText(outcome.medianMs) },
        ]}
        onRestart={begin}
        onClose={onClose}
      />
    );
  }

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid="mackworth" data-phase={phase}>
      {phase === 'ready' && (
        <ConsentStart consent={consent} onConsent={setConsent} onStart={begin} />
      )}
      {phase === 'running' && (
        <>
          <Typography aria-live="off" data-testid="seconds-left">
            {t('tests.attention.secondsLeft', { count: secondsLeft })}
          </Typography>
          <Box component="svg" width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={t('tests.mackworth.clock')}>
            <circle cx={SIZE / 2} cy={SIZE / 2} r={R + 12} fill="none" stroke="currentColor" strokeOpacity={0.3} />
            {marks.map((i) => {
              const a = (i * 2 * Math.PI) / MACKWORTH.positions;
              const x = SIZE / 2 + Math.sin(a) * R;
              const y = SIZE / 2 - Math.cos(a) * R;
              return <circle key={i} cx={x} cy={y} r={i % 5 === 0 ? 3 : 1.6} fill="currentColor" fillOpacity={0.6} />;
            })}
            <g ref={pointer} data-testid="clock-pointer" data-position="0" data-tick="-1">
              <line x1={SIZE / 2} y1={SIZE / 2} x2={SIZE / 2} y2={SIZE / 2 - R + 6} stroke="#d32f2f" strokeWidth={4} strokeLinecap="round" />
              <circle cx={SIZE / 2} cy={SIZE / 2 - R} r={6} fill="#d32f2f" />
            </g>
            <circle cx={SIZE / 2} cy={SIZE / 2} r={6} fill="currentColor" />
          </Box>
          <Button variant="contained" size="large" onPointerDown={(e) => press(e.timeStamp)} tabIndex={-1} data-testid="react-button">
            {t('tests.attention.react')}
          </Button>
          <Typography color="text.secondary">{t('tests.attention.spaceHint', { count: pressed })}</Typography>
        </>
      )}
    </Stack>
  );
}
