/**
 * Reading an evaluation's output the VPL way: the last `Grade :=>>` line is the grade, `Comment :=>>`
 * lines and `<|--` … `--|>` blocks are the comments shown to the learner.
 */

export interface ParsedEvaluation {
  /** The last grade printed; null when none (or not a number). */
  grade: number | null;
  /** Comment lines and block contents, in order. */
  comments: string[];
}

export function parseEvaluationOutput(text: string): ParsedEvaluation {
  let grade: number | null = null;
  const comments: string[] = [];
  let block: string[] | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (block) {
      if (line === '--|>') {
        comments.push(block.join('\n'));
        block = null;
      } else block.push(line);
      continue;
    }
    if (line === '<|--') {
      block = [];
      continue;
    }
    const g = /^Grade :=>>(.*)$/.exec(line);
    if (g) {
      const v = Number(g[1]!.trim().replace(',', '.'));
      grade = g[1]!.trim() !== '' && Number.isFinite(v) ? v : null;
      continue;
    }
    const c = /^Comment :=>>(.*)$/.exec(line);
    if (c) comments.push(c[1]!);
  }
  return { grade, comments };
}

/** The grade as a percentage of the range (Lectio's tasks use 0-100, so this is usually the grade itself). */
export function gradePercent(grade: number, gradeMin: number, gradeMax: number): number {
  if (gradeMax <= gradeMin) return 0;
  const p = ((grade - gradeMin) / (gradeMax - gradeMin)) * 100;
  return Math.min(100, Math.max(0, Math.round(p * 100) / 100));
}
