/**
 * A task's rating (a percentage) and its stars, apart from the scoring rules: the player's first screen
 * shows stars, and the scoring module brings the task content's schemas (zod) with it (issue 20 item 22).
 */

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** A rating is a percentage in 0..100 with 2 decimals. */
export const clampRating = (n: number) => round2(Math.min(100, Math.max(0, Number.isFinite(n) ? n : 0)));

/** Stars of the 5-star display: rating / 20 in half steps. */
export const starsOf = (rating: number) => Math.round((clampRating(rating) / 20) * 2) / 2;
