/**
 * The viewer's Check (spec/2 §2.8): the same pure rules as the server (shared/src/rules/scoring.ts) on the
 * task's full content, which only an author may read. Options and lines are shown in the learner's order
 * (from `seed`); the answer is mapped back to stored indices before scoring, as the server does.
 */
import { evaluateQuestion, learnerOrder, parseContent, parseGlobals, readLearnerAnswer, toStored, type Evaluation } from '@lectio/shared';

export function checkLocally(type: number, content: string, globals: string, seed: number, answerList: string): Evaluation {
  const learner = readLearnerAnswer(type, answerList)!;
  const order = learnerOrder(type, content, seed);
  const stored =
    learner.type === 3
      ? { type: 3 as const, selected: learner.selected === undefined ? undefined : toStored(order, [learner.selected])[0] }
      : learner.type === 4
        ? { type: 4 as const, selected: toStored(order, learner.selected) }
        : learner.type === 7
          ? { type: 7 as const, order: toStored(order, learner.order) }
          : learner;
  return evaluateQuestion(type, parseContent(type, content), parseGlobals(type, globals), stored);
}
