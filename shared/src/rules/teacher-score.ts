/**
 * spec/3 §5 "Teacher score": what a grader types becomes a number (non-numeric → 0), never below 0,
 * and capped so the automatic score plus the teacher score does not exceed the task's max_score.
 */
export function teacherScore(input: unknown, autoScore: number, maxScore: number): number {
  const n = typeof input === 'number' ? input : typeof input === 'string' && input.trim() !== '' ? Number(input.trim().replace(',', '.')) : NaN;
  const typed = Number.isFinite(n) ? n : 0;
  const room = Math.max(0, maxScore - Math.max(0, autoScore));
  return Math.round(Math.min(Math.max(0, typed), room) * 100) / 100;
}

/** A teacher comment as the result screens show it: one bullet per non-empty line (spec/3 §9). */
export const commentLines = (comment: string): string[] =>
  comment
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
