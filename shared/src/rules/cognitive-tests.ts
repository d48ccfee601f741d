/**
 * Scoring rules of the cognitive tests (spec/3 §4 and §9): number memory, Mackworth clock and
 * vigilance reaction. Server and web use the same functions: the web to run a test, the server to
 * recompute every score from the raw answers it receives (a client's score is never trusted).
 *
 * Times are milliseconds on the page's performance timeline, relative to the start of the run.
 */

/** A raw answer that breaks a rule of the test; the server answers 400 with the message. */
export class InvalidTestAnswers extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidTestAnswers';
  }
}

const fail = (message: string): never => {
  throw new InvalidTestAnswers(message);
};

/** Half-up rounding to `digits` decimals that survives binary fractions (1.005 → 1.01). */
export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
}

/** Median of a non-empty list (mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** How a run ended: finished normally, or left while running. */
export type RunStatus = 'completed' | 'abandon';

// ---------------------------------------------------------------- number memory

export const NUMBER_MEMORY = {
  lives: 3,
  attemptsPerLength: 3,
  levels: 9,
  totalAttempts: 27,
  startDigits: 2,
  msPerDigit: 5000,
  tickMs: 200,
  feedbackMs: 2000,
} as const;

/** States of the number memory screen (spec/3 §4). */
export const NumberMemoryState = { intro: 0, showing: 1, typing: 2, feedback: 3, finished: 4 } as const;

/** Digits shown in attempt `index` (0-based): 2, 2, 2, 3, 3, 3, … 10. */
export const numberMemoryLength = (index: number): number =>
  NUMBER_MEMORY.startDigits + Math.floor(index / NUMBER_MEMORY.attemptsPerLength);

/** How long a number of `digits` digits stays on screen. */
export const numberMemoryDisplayMs = (digits: number): number => digits * NUMBER_MEMORY.msPerDigit;

export interface NumberMemoryAttempt {
  number: string;
  answer: string;
}

export interface NumberMemoryOutcome {
  successes: number;
  errors: number;
  livesLeft: number;
  /** True when no further attempt may follow (27 attempts or 3 errors). */
  over: boolean;
  score: number;
}

export const numberMemoryScore = (successes: number): number =>
  roundTo((successes / NUMBER_MEMORY.totalAttempts) * 100, 2);

/** Random number of `digits` digits; the first digit is never 0, so the length is visible. */
export function randomNumber(digits: number, random: () => number = Math.random): string {
  let out = String(1 + Math.floor(random() * 9));
  while (out.length < digits) out += String(Math.floor(random() * 10));
  return out;
}

/**
 * Replays the attempts: each must show the number of digits its position requires, and no
 * attempt may follow the end (27 attempts or the third error).
 */
export function numberMemoryOutcome(attempts: readonly NumberMemoryAttempt[]): NumberMemoryOutcome {
  if (attempts.length > NUMBER_MEMORY.totalAttempts) fail(`At most ${NUMBER_MEMORY.totalAttempts} attempts.`);
  let successes = 0;
  let errors = 0;
  attempts.forEach((attempt, index) => {
    if (errors >= NUMBER_MEMORY.lives) fail(`Attempt ${index + 1} follows the last life.`);
    const digits = numberMemoryLength(index);
    if (!/^\d+$/.test(attempt.number) || attempt.number.length !== digits) {
      fail(`Attempt ${index + 1} must show ${digits} digits.`);
    }
    if (attempt.answer.trim() === attempt.number) successes += 1;
    else errors += 1;
  });
  return {
    successes,
    errors,
    livesLeft: NUMBER_MEMORY.lives - errors,
    over: errors >= NUMBER_MEMORY.lives || attempts.length >= NUMBER_MEMORY.totalAttempts,
    score: numberMemoryScore(successes),
  };
}

// ---------------------------------------------------------------- Mackworth clock

export const MACKWORTH = {
  durationS: 120,
  tickMs: 1000,
  positions: 60,
  /** Targets are 10% of the ticks. */
  targetShare: 0.1,
  firstTargetS: 2,
  minSpacingS: 2,
  /** A target moves the pointer by two positions instead of one. */
  jump: 2,
  hitWindowMs: 1000,
} as const;

export const mackworthTargetCount = (durationS: number = MACKWORTH.durationS): number =>
  Math.round(durationS * MACKWORTH.targetShare);

/**
 * Target ticks (seconds from the start) for one run: 10% of the duration, none before 2 s, at least
 * 2 s apart, the last one early enough for its full hit window.
 */
export function mackworthTargets(random: () => number = Math.random, durationS: number = MACKWORTH.durationS): number[] {
  const count = mackworthTargetCount(durationS);
  const last = durationS - 1;
  const candidates: number[] = [];
  for (let s = MACKWORTH.firstTargetS; s <= last; s++) candidates.push(s);
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j]!, candidates[i]!];
  }
  const chosen: number[] = [];
  for (const s of candidates) {
    if (chosen.length === count) break;
    if (chosen.every((c) => Math.abs(c - s) >= MACKWORTH.minSpacingS)) chosen.push(s);
  }
  return chosen.sort((a, b) => a - b);
}

/** Pointer position after each tick: one step, or two on a target tick. */
export function mackworthPosition(tick: number, targets: readonly number[]): number {
  const jumps = targets.filter((t) => t <= tick).length;
  return (tick + jumps * (MACKWORTH.jump - 1)) % MACKWORTH.positions;
}

export function validateMackworthTargets(targets: readonly number[], durationS: number = MACKWORTH.durationS): void {
  if (targets.length !== mackworthTargetCount(durationS)) fail(`A run has ${mackworthTargetCount(durationS)} targets.`);
  targets.forEach((t, i) => {
    if (!Number.isInteger(t) || t < MACKWORTH.firstTargetS || t >= durationS) fail(`Target ${i + 1} is outside the run.`);
    if (i > 0 && t - targets[i - 1]! < MACKWORTH.minSpacingS) fail(`Targets must be at least ${MACKWORTH.minSpacingS} s apart.`);
  });
}

export interface MackworthRun {
  /** Target ticks in seconds. */
  targets: number[];
  /** Measured onset (ms) of each target that was shown, in target order. */
  onsets: number[];
  /** Key presses (ms). */
  presses: number[];
}

export interface MackworthOutcome {
  hits: number;
  misses: number;
  falseAlarms: number;
  /** Reaction (ms) of each hit, in target order. */
  reactions: number[];
  hitRate: number;
  medianMs: number | null;
  score: number;
}

/**
 * Pairs presses with shown targets: the first press within 1,000 ms of a target's onset is its hit;
 * every other press is a false alarm. Score = hit rate × (1000 / median reaction), 0 without hits.
 */
export function mackworthOutcome(run: MackworthRun): MackworthOutcome {
  validateMackworthTargets(run.targets);
  if (run.onsets.length > run.targets.length) fail('More onsets than targets.');
  run.onsets.forEach((onset, i) => {
    // A frame may be late, never a whole tick early.
    const due = run.targets[i]! * MACKWORTH.tickMs;
    if (onset < due - MACKWORTH.tickMs || onset > due + MACKWORTH.tickMs) fail(`Onset ${i + 1} does not match its target.`);
  });
  const presses = [...run.presses].sort((a, b) => a - b);
  const used = new Set<number>();
  const reactions: number[] = [];
  for (const onset of run.onsets) {
    const index = presses.findIndex((p, k) => !used.has(k) && p >= onset && p - onset < MACKWORTH.hitWindowMs);
    if (index >= 0) {
      used.add(index);
      reactions.push(presses[index]! - onset);
    }
  }
  const shown = run.onsets.length;
  const hits = reactions.length;
  const hitRate = shown ? hits / shown : 0;
  const medianMs = hits ? median(reactions) : null;
  return {
    hits,
    misses: shown - hits,
    falseAlarms: presses.length - used.size,
    reactions,
    hitRate: roundTo(hitRate, 3),
    medianMs,
    score: medianMs && medianMs > 0 ? roundTo(hitRate * (1000 / medianMs), 2) : 0,
  };
}

// ---------------------------------------------------------------- vigilance reaction

export const VIGILANCE = {
  durationS: 180,
  minIntervalMs: 2000,
  maxIntervalMs: 10000,
  /** No interval is ever shorter, whatever else shortens it. */
  floorIntervalMs: 500,
  falseStartMs: 100,
  lapseMs: 500,
  holdMs: 600,
} as const;

/** Waiting time before the next stimulus: uniform in 2-10 s, never under 0.5 s. */
export const vigilanceInterval = (random: () => number = Math.random): number =>
  Math.max(VIGILANCE.floorIntervalMs, Math.round(VIGILANCE.minIntervalMs + random() * (VIGILANCE.maxIntervalMs - VIGILANCE.minIntervalMs)));

export interface VigilanceRun {
  /** Measured onset (ms) of each stimulus. */
  onsets: number[];
  /** Key presses (ms). */
  presses: number[];
}

export interface VigilanceOutcome {
  /** Reaction (ms) to each stimulus, null when it got no answer (or a false start). */
  reactions: Array<number | null>;
  valid: number[];
  falseStarts: number;
  lapses: number;
  medianMs: number | null;
  score: number;
}

/**
 * The first press at or after an onset (before the next onset) answers that stimulus: under 100 ms
 * it is a false start, otherwise a reaction (a lapse from 500 ms). Any other press is a false start.
 * Score = 10000 / (median reaction + false starts), 2 decimals; 0 without a valid reaction.
 */
export function vigilanceOutcome(run: VigilanceRun): VigilanceOutcome {
  run.onsets.forEach((onset, i) => {
    if (i > 0 && onset - run.onsets[i - 1]! < VIGILANCE.floorIntervalMs) fail('Stimuli closer than the minimum interval.');
    if (onset < 0 || onset > VIGILANCE.durationS * 1000) fail(`Stimulus ${i + 1} is outside the run.`);
  });
  const presses = [...run.presses].sort((a, b) => a - b);
  const reactions: Array<number | null> = [];
  let answered = 0;
  let falseStarts = 0;
  let missed = 0;
  for (let i = 0; i < run.onsets.length; i++) {
    const onset = run.onsets[i]!;
    const next = run.onsets[i + 1] ?? Number.POSITIVE_INFINITY;
    const inWindow = presses.filter((p) => p >= onset && p < next);
    answered += inWindow.length;
    const first = inWindow[0];
    if (first === undefined) {
      missed += 1;
      reactions.push(null);
      continue;
    }
    const rt = first - onset;
    if (rt < VIGILANCE.falseStartMs) {
      falseStarts += 1;
      reactions.push(null);
    } else reactions.push(rt);
    falseStarts += inWindow.length - 1;
  }
  // Presses before the first stimulus.
  falseStarts += presses.length - answered;
  const valid = reactions.filter((r): r is number => r !== null);
  const medianMs = valid.length ? median(valid) : null;
  return {
    reactions,
    valid,
    falseStarts,
    lapses: missed + valid.filter((r) => r >= VIGILANCE.lapseMs).length,
    medianMs,
    score: medianMs !== null ? roundTo(10000 / (medianMs + falseStarts), 2) : 0,
  };
}
