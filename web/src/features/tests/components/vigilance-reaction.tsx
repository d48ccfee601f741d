/**
 * Vigilance reaction (spec/3 §4, §5, §9): for 180 s a counter appears every 2-10 s; the space bar
 * (or the React button) stops it. Under 100 ms, or with no counter shown, a press is a false start;
 * 500 ms or more is a lapse; the reaction stays on screen for 600 ms before the next wait begins.
 */
import { useRef, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { VIGILANCE, vigilanceInterval, vigilanceOutcome } from '@lectio/shared';
import { useRunRecord } from '../lib/use-run-record';
import { useFrameLoop, useSpaceBar } from '../lib/frame-loop';
import { ConsentStart } from './consent-box';
import { medianText } from '../lib/figures';
import { RunResult } from './run-result';

type Phase = 'ready' | 'running' | 'finished';
type Feedback = { kind: 'reaction'; ms: number } | { kind: 'falseStart' } | null;
interface Run {
  onsets: number[];
  presses: number[];
  /** Onset of the stimulus on screen, null while waiting. */
  shown: number | null;
  nextDue: number;
  feedbackUntil: number;
}

export function VigilanceReaction({ testId, maxScore, onClose }: { testId: number; maxScore: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [consent, setConsent] = useState(false);
  const [phase, setPhase] = useState<Phase>('ready');
  const [secondsLeft, setSecondsLeft] = useState<number>(VIGILANCE.durationS);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [score, setScore] = useState<number | null>(null);
  /** The run's answers as they were when it finished (the result screen reads these, not the ref). */
  const [finalAnswers, setFinalAnswers] = useState<{ onsets: number[]; presses: number[] } | null>(null);
  const run = useRef<Run>({ onsets: [], presses: [], shown: null, nextDue: 0, feedbackUntil: 0 });
  const stimulus = useRef<HTMLDivElement>(null);
  const counter = useRef<HTMLSpanElement>(null);
  const record = useRunRecord(testId);

  const answers = () => ({ onsets: run.current.onsets, presses: run.current.presses });

  const hide = () => {
    run.current.shown = null;
    if (stimulus.current) {
      stimulus.current.hidden = true;
      stimulus.current.dataset.state = 'off';
    }
  };

  const sinceStart = useFrameLoop(phase === 'running', (elapsed) => {
    const current = run.current;
    if (elapsed >= VIGILANCE.durationS * 1000) {
      hide();
      const final = answers();
      setFinalAnswers(final);
      setPhase('finished');
      void record.finish({ status: 'completed', ...final }).then(setScore);
      return;
    }
    const left = VIGILANCE.durationS - Math.floor(elapsed / 1000);
    setSecondsLeft((s) => (s === left ? s : left));
    if (current.feedbackUntil && elapsed >= current.feedbackUntil) {
      current.feedbackUntil = 0;
      setFeedback(null);
    }
    const el = stimulus.current;
    if (current.shown === null && elapsed >= current.nextDue && el) {
      // Drawn now: the time of drawing is the onset.
      current.shown = elapsed;
      current.onsets.push(elapsed);
      el.hidden = false;
      el.dataset.state = 'on';
      el.dataset.onset = String(elapsed);
    }
    if (current.shown !== null && counter.current) counter.current.textContent = String(Math.floor(elapsed - current.shown));
  });

  const press = (timeStamp: number) => {
    const at = sinceStart(timeStamp);
    if (at === null) return;
    const current = run.current;
    current.presses.push(at);
    current.feedbackUntil = at + VIGILANCE.holdMs;
    if (current.shown === null) {
      setFeedback({ kind: 'falseStart' });
      return;
    }
    const rt = at - current.shown;
    hide();
    current.nextDue = at + VIGILANCE.holdMs + vigilanceInterval();
    setFeedback(rt < VIGILANCE.falseStartMs ? { kind: 'falseStart' } : { kind: 'reaction', ms: Math.round(rt) });
  };
  useSpaceBar(phase === 'running', press);

  const begin = () => {
    run.current = { onsets: [], presses: [], shown: null, nextDue: vigilanceInterval(), feedbackUntil: 0 };
    setScore(null);
    setFeedback(null);
    setSecondsLeft(VIGILANCE.durationS);
    void record.start({ status: 'running', ...answers() }, answers);
    setPhase('running');
  };

  if (phase === 'finished' && finalAnswers) {
    const outcome = vigilanceOutcome(finalAnswers);
    return (
      <RunResult
        score={score}
        maxScore={maxScore}
        status="completed"
        figures={[
          { label: t('tests.attention.stimuli'), value: finalAnswers.onsets.length },
          { label: t('tests.attention.median'), value: medianText(outcome.medianMs) },
          { label: t('tests.attention.falseStarts'), value: outcome.falseStarts },
          { label: t('tests.attention.lapses'), value: outcome.lapses },
        ]}
        onRestart={begin}
        onClose={onClose}
      />
    );
  }

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid="vigilance" data-phase={phase}>
      {phase === 'ready' && (
        <ConsentStart consent={consent} onConsent={setConsent} onStart={begin} />
      )}
      {phase === 'running' && (
        <>
          <Typography data-testid="seconds-left">{t('tests.attention.secondsLeft', { count: secondsLeft })}</Typography>
          <Box sx={{ width: 320, height: 140, border: 2, borderColor: 'divider', borderRadius: 2, display: 'grid', placeItems: 'center' }}>
            <div ref={stimulus} hidden data-testid="stimulus" data-state="off">
              <Typography component="span" ref={counter} sx={{ fontSize: 56, fontFamily: 'monospace', color: 'error.main', fontWeight: 700 }}>
                0
              </Typography>
            </div>
            {feedback && (
              <Typography role="status" data-testid="reaction-feedback" sx={{ fontSize: 24 }}>
                {feedback.kind === 'falseStart' ? t('tests.vigilance.falseStart') : t('tests.vigilance.reaction', { ms: feedback.ms })}
              </Typography>
            )}
          </Box>
          <Button variant="contained" size="large" onPointerDown={(e) => press(e.timeStamp)} tabIndex={-1} data-testid="react-button">
            {t('tests.attention.react')}
          </Button>
          <Typography color="text.secondary">{t('tests.vigilance.hint')}</Typography>
        </>
      )}
    </Stack>
  );
}
