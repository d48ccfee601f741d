/**
 * Where the task views play: a chapter (activity type 1, the default) or a competition (2, spec/3 §7
 * `activity_type`), and, in a competition, the countdown's save signal: each change asks an open
 * program editor to save its code (at 10 s left and on every sync, spec/3 §4). The views are the
 * chapter player's; the competition player only provides this.
 */
import { createContext, useContext } from 'react';

export interface PlayMode {
  activityType: 1 | 2;
  /** Changes when the open code should be saved now. */
  saveSignal: number;
}

export const PlayModeContext = createContext<PlayMode>({ activityType: 1, saveSignal: 0 });

export const usePlayMode = (): PlayMode => useContext(PlayModeContext);
