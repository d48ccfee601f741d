/**
 * What a learner may see of a task (spec/3 §3, ARCHITECTURE §7): the stored content minus every
 * correct answer, rating, feedback and help not yet earned. Options (3, 4, 6) and lines (7) are
 * sent in a per-learner order (a permutation from a server-side seed), so the stored order, where
 * authors usually put the right answer first, never reaches the browser.
 */
import { isEssayType } from './essay';
import { GAP_PATTERN, essayContent, gapAnswers, htmlContent, isNotebookType, parseContent, programContent, reorderLines, type ChoiceContent, type GapContent, type ReorderContent } from '../tasks/content';
import { liveAnswers } from './scoring';

/** mulberry32: a small, fast seeded PRNG (deterministic per seed). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A permutation of 0..n-1 for a seed: `perm[learnerPosition] = storedIndex`. For n > 1 it never
 * leaves every item in place (a learner must not see the stored order by chance).
 */
export function permutation(n: number, seed: number): number[] {
  const rand = prng(seed);
  const perm = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [perm[i], perm[j]] = [perm[j]!, perm[i]!];
  }
  if (n > 1 && perm.every((v, i) => v === i)) perm.push(perm.shift()!);
  return perm;
}

/** Maps positions in the learner's order back to stored indices (unknown positions are dropped). */
export const toStored = (perm: number[], positions: number[]) =>
  positions.filter((p) => Number.isInteger(p) && p >= 0 && p < perm.length).map((p) => perm[p]!);

/** Placeholder element of a gap in the learner's HTML (the player mounts an input or a drop zone there). */
export const gapPlaceholder = (i: number) => `<span data-gap="${i}"></span>`;

export interface LearnerContentInput {
  type: number;
  /** The stored content text in the learner's language. */
  content: string;
  seed: number;
  /** Help is sent only after it was bought (or the answer shown). */
  helpEarned: boolean;
}

/** The learner's content of a task as JSON text (type 1: the HTML itself). */
export function learnerContent({ type, content, seed, helpEarned }: LearnerContentInput): string {
  if (type === 1) return content;
  const help = (h: string) => (helpEarned ? h : '');
  if (type >= 8 && type <= 10) {
    // Programs: the assignment and the requested files' starting code; never the author's solution,
    // the test cases, the config files (unit tests, correct SQL answers) or the files to keep.
    const c = programContent.parse(JSON.parse(content || '{}'));
    return JSON.stringify({
      title: c.title,
      assignment: c.assignment,
      help: help(c.help),
      files: c.files.filter((f) => f.status !== 2).map((f) => ({ name: f.name, rContent: f.rContent })),
    });
  }
  if (type === 11) {
    // HTML/CSS: the assignment, the requested file to start from and the rules (the checkout list the
    // learner checks against); never the author's solution.
    const c = htmlContent.parse(JSON.parse(content || '{}'));
    return JSON.stringify({
      title: c.title,
      assignment: c.assignment,
      help: help(c.help),
      requestedFile: c.requestedFile,
      rules_list: c.rules_list.map((r) => ({ rule_id: r.rule_id, description: r.description, content: r.content })),
    });
  }
  if (isNotebookType(type)) {
    // Notebooks: the cells (the assignment, with the author's stored outputs); for 14 and 15 the options
    // (answer and its cells) in the learner's order; never a rating, a feedback or the accepted texts of 13.
    const c = parseContent(type as 12, content);
    const live = c.answer_list.filter((a) => a.status !== 2);
    const perm = type === 14 || type === 15 ? permutation(live.length, seed) : [];
    return JSON.stringify({ cells: c.cells, help: help(c.help), answer_list: perm.map((p) => ({ answer: live[p]!.answer, cells: live[p]!.cells })) });
  }
  if (isEssayType(type)) {
    // Essay and GenAI: the assignment and (once earned) the help; the answer is the learner's own.
    const c = essayContent.parse(JSON.parse(content || '{}'));
    return JSON.stringify({ content: c.content, help: help(c.help) });
  }
  if (type < 2 || type > 7) return '';
  switch (type) {
    case 2: {
      const c = parseContent(2, content) as ChoiceContent;
      return JSON.stringify({ content: c.content, help: help(c.help), answer_list: [] });
    }
    case 3:
    case 4: {
      const c = parseContent(type, content) as ChoiceContent;
      const live = c.answer_list.map((a, i) => ({ a, i })).filter(({ a }) => a.status !== 2);
      const perm = permutation(live.length, seed);
      return JSON.stringify({ content: c.content, help: help(c.help), answer_list: perm.map((p) => ({ answer: live[p]!.a.answer })) });
    }
    case 5:
    case 6: {
      const c = parseContent(type, content) as GapContent;
      let i = 0;
      const masked = c.content.replace(GAP_PATTERN, () => gapPlaceholder(i++));
      const base = { content: masked, help: help(c.help), gaps: i };
      if (type === 5) return JSON.stringify(base);
      const options = [...gapAnswers(c.content), ...c.fakes];
      const perm = permutation(options.length, seed);
      return JSON.stringify({ ...base, options: perm.map((p) => options[p]!) });
    }
    case 7: {
      const c = parseContent(7, content) as ReorderContent;
      const lines = reorderLines(c);
      const perm = permutation(lines.length, seed);
      return JSON.stringify({ content: c.content, help: help(c.help), codes: perm.map((p) => lines[p]!) });
    }
  }
  return '';
}

/** The globals a learner is sent: nothing but a notebook's runner choice (never ratings or flags). */
export function learnerGlobals(type: number, globals: string): string {
  if (!isNotebookType(type)) return '';
  try {
    const runner = (JSON.parse(globals || '{}') as { runner?: unknown }).runner;
    return runner === 'browser' || runner === 'kernel' ? JSON.stringify({ runner }) : '';
  } catch {
    return '';
  }
}

/**
 * Stored indices of the options (3, 4) or lines (7) in the learner's order, for the server's
 * mapping of a submitted answer. Deleted answers (status 2) are not offered.
 */
export function learnerOrder(type: number, content: string, seed: number): number[] {
  if (type === 3 || type === 4 || type === 14 || type === 15) {
    const c = parseContent(type, content) as ChoiceContent;
    const live = c.answer_list.map((a, i) => ({ a, i })).filter(({ a }) => a.status !== 2);
    return permutation(live.length, seed).map((p) => live[p]!.i);
  }
  if (type === 7) return permutation(reorderLines(parseContent(7, content) as ReorderContent).length, seed);
  return [];
}

/** The solution shown after the answer was bought (spec/3 §7 get-my-answer: answers[] of answer and feedback). */
export function solutionOf(type: number, content: string, ratings: number[] = []): Array<{ answer: string; feedback: string }> {
  switch (type) {
    case 2:
    case 3:
    case 4:
    case 13:
    case 14:
    case 15: {
      const c = parseContent(type, content) as ChoiceContent;
      return c.answer_list
        .map((a, i) => ({ a, r: ratings[i] ?? 0 }))
        .filter(({ a, r }) => a.status !== 2 && r > 0 && ((type !== 3 && type !== 14) || r === Math.max(...ratings)))
        .map(({ a }) => ({ answer: a.answer, feedback: a.feedback }));
    }
    case 5:
    case 6:
      return gapAnswers((parseContent(type, content) as GapContent).content).map((answer) => ({ answer, feedback: '' }));
    case 7:
      return reorderLines(parseContent(7, content) as ReorderContent).map((answer) => ({ answer, feedback: '' }));
    case 8:
    case 9:
    case 10:
      // The author's solution, one entry per requested file: the code as `answer`, the file name as `feedback`.
      return programContent
        .parse(JSON.parse(content || '{}'))
        .files.filter((f) => f.status !== 2)
        .map((f) => ({ answer: f.aContent, feedback: f.name }));
    case 11:
      // The author's solution page.
      return [{ answer: htmlContent.parse(JSON.parse(content || '{}')).authorsFile, feedback: '' }];
    default:
      return [];
  }
}

export { liveAnswers };
