/**
 * Number memory (spec/3 §4, §9): states 0 intro, 1 showing the number (about 5 s per digit, a
 * progress tick every 200 ms), 2 typing it, 3 feedback (2 s), 4 finished with Restart and Close.
 * 2 digits at first, one more after every 3 attempts; 3 lives; at most 27 attempts.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import { useTranslation } from 'react-i18next';
import {
  NUMBER_MEMORY,
  NumberMemoryState,
  numberMemoryDisplayMs,
  numberMemoryLength,
  numberMemoryOutcome,
  randomNumber,
  type NumberMemoryAttempt,
} from '@lectio/shared';
import { useRunRecord } from '../lib/use-run-record';
import { ConsentStart } from './consent-box';
import { RunResult } from './run-result';

type State = (typeof NumberMemoryState)[keyof typeof NumberMemoryState];

export function NumberMemory({ testId, maxScore, onClose }: { testId: number; maxScore: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [consent, setConsent] = useState(false);
  const [state, setState] = useState<State>(NumberMemoryState.intro);
  const [attempts, setAttempts] = useState<NumberMemoryAttempt[]>([]);
  const [number, setNumber] = useState('');
  const [typed, setTyped] = useState('');
  const [ticks, setTicks] = useState(0);
  const [score, setScore] = useState<number | null>(null);
  const [status, setStatus] = useState<'completed' | 'abandon'>('completed');
  const attemptsRef = useRef<NumberMemoryAttempt[]>([]);
  const timers = useRef<number[]>([]);
  const record = useRunRecord(testId);

  const clearTimers = () => {
    timers.current.forEach((id) => window.clearTimeout(id));
    timers.current = [];
  };
  useEffect(() => clearTimers, []);

  const show = (index: number) => {
    const digits = numberMemoryLength(index);
    const shown = randomNumber(digits);
    const displayMs = numberMemoryDisplayMs(digits);
    setNumber(shown);
    setTyped('');
    setTicks(0);
    setState(NumberMemoryState.showing);
    // The progress bar ticks every 200 ms; the number hides after its display time.
    const started = performance.now();
    const tick = () => {
      const elapsed = performance.now() - started;
      if (elapsed >= displayMs) {
        setState(NumberMemoryState.typing);
        return;
      }
      setTicks(Math.floor(elapsed / NUMBER_MEMORY.tickMs));
      timers.current.push(window.setTimeout(tick, NUMBER_MEMORY.tickMs - (elapsed % NUMBER_MEMORY.tickMs)));
    };
    tick();
  };

  const begin = () => {
    clearTimers();
    attemptsRef.current = [];
    setAttempts([]);
    setScore(null);
    void record.start({ status: 'running', attempts: [] }, () => ({ attempts: attemptsRef.current }));
    show(0);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (state !== NumberMemoryState.typing) return;
    const next = [...attemptsRef.current, { number, answer: typed.trim() }];
    attemptsRef.current = next;
    setAttempts(next);
    setState(NumberMemoryState.feedback);
    timers.current.push(
      window.setTimeout(() => {
        if (numberMemoryOutcome(next).over) {
          setStatus('completed');
          setState(NumberMemoryState.finished);
          void record.finish({ status: 'completed', attempts: next }).then((s) => setScore(s));
        } else show(next.length);
      }, NUMBER_MEMORY.feedbackMs),
    );
  };

  const outcome = numberMemoryOutcome(attempts);
  const last = attempts[attempts.length - 1];
  const digits = numberMemoryLength(attempts.length);
  const progress = Math.min(100, (ticks * NUMBER_MEMORY.tickMs * 100) / numberMemoryDisplayMs(number.length || 2));

  if (state === NumberMemoryState.intro) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid="number-memory" data-state={state}>
        <ConsentStart consent={consent} onConsent={setConsent} onStart={begin} />
      </Stack>
    );
  }

  if (state === NumberMemoryState.finished) {
    return (
      <RunResult
        score={score}
        maxScore={maxScore}
        status={status}
        figures={[
          { label: t('tests.memory.successes'), value: `${outcome.successes} / ${NUMBER_MEMORY.totalAttempts}` },
          { label: t('tests.memory.errors'), value: outcome.errors },
          { label: t('tests.memory.longest'), value: Math.max(0, ...attempts.filter((a) => a.answer === a.number).map((a) => a.number.length)) },
        ]}
        onRestart={begin}
        onClose={onClose}
      />
    );
  }

  return (
    <Box data-testid="number-memory" data-state={state}>
      <Stack direction="row" spacing={3} sx={{ mb: 2, alignItems: 'center' }}>
        <Typography data-testid="memory-attempt">{t('tests.memory.attempt', { n: Math.min(attempts.length + (state === NumberMemoryState.feedback ? 0 : 1), NUMBER_MEMORY.totalAttempts), total: NUMBER_MEMORY.totalAttempts })}</Typography>
        <Typography>{t('tests.memory.digits', { count: state === NumberMemoryState.feedback ? last?.number.length ?? digits : digits })}</Typography>
        <Box role="img" aria-label={t('tests.memory.lives', { count: outcome.livesLeft })} sx={{ display: 'flex', color: 'error.main' }} data-testid="memory-lives" data-lives={outcome.livesLeft}>
          {Array.from({ length: NUMBER_MEMORY.lives }, (_, i) => (i < outcome.livesLeft ? <Favorite key={i} /> : <FavoriteBorder key={i} />))}
        </Box>
      </Stack>
      {state === NumberMemoryState.showing && (
        <Box>
          <Typography variant="h2" component="p" sx={{ fontFamily: 'monospace', letterSpacing: '0.2em', my: 3 }} data-testid="memory-number" aria-live="polite">
            {number}
          </Typography>
          <LinearProgress variant="determinate" value={progress} aria-label={t('tests.memory.timeLeft')} />
        </Box>
      )}
      {state === NumberMemoryState.typing && (
        <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 2, alignItems: 'center', my: 3 }}>
          <TextField
            autoFocus
            label={t('tests.memory.typeNumber')}
            value={typed}
            onChange={(e) => setTyped(e.target.value.replace(/\D/g, '').slice(0, 10))}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'data-testid': 'memory-answer' } }}
          />
          <Button type="submit" variant="contained" data-testid="memory-submit">
            {t('tests.memory.confirm')}
          </Button>
        </Box>
      )}
      {state === NumberMemoryState.feedback && last && (
        <Alert severity={last.answer === last.number ? 'success' : 'error'} sx={{ my: 3 }} data-testid="memory-feedback" role="status">
          {last.answer === last.number ? t('tests.memory.correct') : t('tests.memory.wrong', { number: last.number, answer: last.answer || '—' })}
        </Alert>
      )}
    </Box>
  );
}
