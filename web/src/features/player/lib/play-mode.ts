/**
 * Where the task views play: a chapter (activity type 1, the default) or a competition (2, spec/3 §7
 * `activity_type`), and, in a competition, the countdown's save signal: each change asks an open
 * program editor to save its code (at 10 s left and on every sync, spec/3 §4); a revision also says
 * where its answers go. The views are the chapter player's; the timed players only provide this.
 */
import { createContext, useContext } from 'react';

/** What an evaluation answers that the task view shows. */
export interface EvaluationShown {
  result: { rating: number; answers: Array<{ answer: string; feedback: string; rating: number }> };
  /** The learner's XP and coins after it (absent where nothing is earned, e.g. a revision). */
  user?: { performance: { xp: number; coins: number } };
}

export interface PlayMode {
  activityType: 1 | 2;
  /** Changes when the open code should be saved now. */
  saveSignal: number;
  /**
   * Where answers go instead of the chapter's evaluation (a revision keeps its answers in its attempt,
   * not in the chapter's progress). Absent: POST /task-evaluate2.
   */
  evaluate?: (body: { task_id: number; task_type_id: number; time_length: number; answer_list: string }) => Promise<EvaluationShown>;
}

export const PlayModeContext = createContext<PlayMode>({ activityType: 1, saveSignal: 0 });

export const usePlayMode = (): PlayMode => useContext(PlayModeContext);
