/** Pure progress and level rules of spec/1 §4 and §9, shared by server and web. */

/** Rounded percent; 100 when there is nothing to do. */
export const progressPercent = (passed: number, total: number): number =>
  total <= 0 ? 100 : Math.round((100 * passed) / total);

/** Level shown on the leaderboard and in the performance chip. */
export const levelFromXp = (xp: number): number => Math.round(xp / 1000) + 1;
