/** Help and answer purchases (spec/3 §5, §6, §9): chapters only, one transaction each (progress.ts). */
import { NO_HELP, hasHelp, solutionOf } from '@lectio/shared';
import { Forbidden, NotFound } from '../platform/http/errors';
import type { SessionUser } from '../platform/auth/tokens';
import { CHAPTER } from '../catalogue';
import { getTask } from '../catalogue';
import { assertTaskPlayable, learnerMayPlayTask } from './access';
import { helpOf, taskLanguage } from './lessons';
import { readPerformance, withDelta } from './performance';
import { purchase, type Purchase } from './progress';

export const ONLY_IN_CHAPTERS = 'Help and answers can be bought only in chapters.';

async function buy(user: SessionUser, taskId: number, what: Purchase) {
  const task = await getTask(taskId);
  await learnerMayPlayTask(user, task);
  await assertTaskPlayable(user, task, {
    first: (chapter) => {
      if (chapter.chapter_type !== CHAPTER) throw new Forbidden(ONLY_IN_CHAPTERS);
    },
  });
  if (what === 'help') {
    // Nothing to read is nothing to pay for: refused before any coin moves.
    const perf = await readPerformance(user.userId);
    if (!hasHelp(helpOf(task, taskLanguage(task, perf.langId)))) throw new NotFound(NO_HELP);
  }
  const { charged } = await purchase(user.userId, task, what);
  const perf = await readPerformance(user.userId, true);
  return { task, lang: taskLanguage(task, perf.langId), user: withDelta(perf, 0, 0), charged };
}

export async function myHelp(user: SessionUser, taskId: number) {
  const { task, lang, user: performance } = await buy(user, taskId, 'help');
  return { help: helpOf(task, lang), user: performance };
}

export async function myAnswer(user: SessionUser, taskId: number) {
  const { task, lang, user: performance } = await buy(user, taskId, 'answer');
  let ratings: number[] = [];
  try {
    ratings = (JSON.parse(task.globals || '{}') as { ratings?: number[] }).ratings ?? [];
  } catch {
    ratings = [];
  }
  let answers: Array<{ answer: string; feedback: string }> = [];
  try {
    answers = solutionOf(task.task_type_id, task.contents?.[lang] ?? '', ratings);
  } catch {
    answers = [];
  }
  return { answers, user: performance };
}
