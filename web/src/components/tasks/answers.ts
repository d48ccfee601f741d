/**
 * The learner's answer state of a question (types 2-7) and its answer_list JSON text, as the
 * server's readLearnerAnswer reads it. Options and lines are referred to by their position in the
 * learner's content (the order the server sent).
 */
export interface LearnerView {
  content?: string;
  help?: string;
  answer_list?: Array<{ answer: string }>;
  gaps?: number;
  options?: string[];
  codes?: string[];
}

export type AnswerState =
  | { type: 2; text: string }
  | { type: 3; selected: number | null }
  | { type: 4; selected: number[] }
  | { type: 5 | 6; gaps: string[] }
  | { type: 7; order: number[] };

/** Shuffles a copy 2-4 passes (spec/3 §4), so the display order changes on each open. */
export function shuffled<T>(items: T[], random: () => number = Math.random): T[] {
  const out = [...items];
  const passes = 2 + Math.floor(random() * 3);
  for (let p = 0; p < passes; p++) {
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
  }
  return out;
}

export function parseView(type: number, content: string): LearnerView {
  if (type === 1) return { content };
  try {
    return JSON.parse(content || '{}') as LearnerView;
  } catch {
    return {};
  }
}

/** A fresh answer: single choice starts with the first displayed option selected. */
export function initialAnswer(type: number, view: LearnerView, displayOrder: number[]): AnswerState | null {
  switch (type) {
    case 2:
      return { type: 2, text: '' };
    case 3:
      return { type: 3, selected: displayOrder[0] ?? null };
    case 4:
      return { type: 4, selected: [] };
    case 5:
    case 6:
      return { type, gaps: Array.from({ length: view.gaps ?? 0 }, () => '') };
    case 7:
      return { type: 7, order: displayOrder };
    default:
      return null;
  }
}

export function answerListOf(state: AnswerState): string {
  switch (state.type) {
    case 2:
      return JSON.stringify([state.text]);
    case 3:
      return JSON.stringify(state.selected === null ? [] : [state.selected]);
    case 4:
      return JSON.stringify([...state.selected].sort((a, b) => a - b));
    case 5:
    case 6:
      return JSON.stringify(state.gaps);
    case 7:
      return JSON.stringify(state.order);
  }
}

/** The display order of options (3, 4) or lines (7) for a view. */
export const itemCount = (type: number, view: LearnerView) =>
  type === 3 || type === 4 ? (view.answer_list?.length ?? 0) : type === 7 ? (view.codes?.length ?? 0) : 0;
