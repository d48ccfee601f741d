/** Pure progress and level rules of spec/1 §4 and §9, shared by server and web. */

/** Rounded percent; 100 when there is nothing to do. */
export const progressPercent = (passed: number, total: number): number =>
  total <= 0 ? 100 : Math.round((100 * passed) / total);

/** Level shown on the leaderboard and in the performance chip. */
export const levelFromXp = (xp: number): number => Math.round(xp / 1000) + 1;

/** Progress of one chapter for the lock rule. */
export interface ChapterProgress {
  tasks: number;
  tasksFinished: number;
  programs: number;
  programsFinished: number;
  contents: number;
  contentsFinished: number;
}

/** Chapter thresholds of spec/1 §9. */
export const UNLOCK_THRESHOLD_BOTH = 100;
export const UNLOCK_THRESHOLD_ONE = 50;

/**
 * spec/1 §4 chapter access: the first chapter is always active; a later one is active when the
 * previous chapter's task % + program % exceeds 100, or exceeds 50 when the previous chapter lacks
 * tasks or lacks programs (the missing part counts 0). A chapter with neither (reading only) opens
 * the next one once more than half of its content is read.
 */
export function chapterUnlocked(previous: ChapterProgress | undefined): boolean {
  if (!previous) return true;
  const hasTasks = previous.tasks > 0;
  const hasPrograms = previous.programs > 0;
  const taskPct = hasTasks ? progressPercent(previous.tasksFinished, previous.tasks) : 0;
  const programPct = hasPrograms ? progressPercent(previous.programsFinished, previous.programs) : 0;
  if (hasTasks && hasPrograms) return taskPct + programPct > UNLOCK_THRESHOLD_BOTH;
  if (hasTasks || hasPrograms) return taskPct + programPct > UNLOCK_THRESHOLD_ONE;
  return previous.contents > 0 && progressPercent(previous.contentsFinished, previous.contents) > UNLOCK_THRESHOLD_ONE;
}

/** Active flags for chapters in course order. */
export const chapterAccess = (chapters: ChapterProgress[]): boolean[] =>
  chapters.map((_, i) => chapterUnlocked(i === 0 ? undefined : chapters[i - 1]));

/**
 * Pages of the leaderboard: every learner is on a page. spec/1 §9's rule (a remainder above 1 adds
 * a page) left learner 101, 201 … unreachable; issue 9 replaced it with a page for any remainder.
 */
export const leaderboardPageCount = (total: number, pageSize = 100): number => Math.ceil(Math.max(0, total) / pageSize);
