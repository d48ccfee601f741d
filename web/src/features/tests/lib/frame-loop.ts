/**
 * The clock of the attention tests: every stimulus is drawn in a requestAnimationFrame callback and
 * timed with performance.now() at the moment it is drawn (not the frame's start time, which a busy
 * main thread may have left tens of milliseconds behind); key presses are timed with the event's
 * own timeStamp. Both are on the page's performance timeline, so a reaction is
 * `event.timeStamp - onset` with no timer drift (no setInterval anywhere). Times are kept relative
 * to the run's first frame.
 */
import { useCallback, useEffect, useRef } from 'react';

/** Runs `onFrame(elapsedMs)` every frame while `active`; returns a converter of event times to run times. */
export function useFrameLoop(active: boolean, onFrame: (elapsed: number) => void) {
  const origin = useRef<number | null>(null);
  const callback = useRef(onFrame);
  useEffect(() => {
    callback.current = onFrame;
  });
  useEffect(() => {
    if (!active) return undefined;
    origin.current = null;
    let handle = 0;
    const frame = () => {
      const now = performance.now();
      origin.current ??= now;
      callback.current(now - origin.current);
      handle = requestAnimationFrame(frame);
    };
    handle = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(handle);
  }, [active]);
  /** A DOM event's time relative to the run's first frame (null before the first frame). */
  const sinceStart = useCallback((eventTimeStamp: number) => (origin.current === null ? null : eventTimeStamp - origin.current), []);
  return sinceStart;
}

/** Space bar presses (no auto-repeat) while `active`, timed by the event. */
export function useSpaceBar(active: boolean, onPress: (timeStamp: number) => void) {
  const callback = useRef(onPress);
  useEffect(() => {
    callback.current = onPress;
  });
  useEffect(() => {
    if (!active) return undefined;
    const listener = (event: KeyboardEvent) => {
      if (event.code !== 'Space' && event.key !== ' ') return;
      // Space would also scroll the page or press a focused button.
      event.preventDefault();
      if (!event.repeat) callback.current(event.timeStamp);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [active]);
}
