/** Work a screen starts after its paint (issue 20 item 22): two frames and a task, or the browser's largest paint. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterLargestPaint, afterPaint } from './after-paint';

let frames = new Map<number, FrameRequestCallback>();
let nextFrame = 1;
const frame = () => {
  const due = [...frames.values()];
  frames = new Map();
  due.forEach((callback) => callback(performance.now()));
};

/** A browser that reports largest paints: each observer made, and a way to report one to all of them. */
class FakeObserver {
  static supportedEntryTypes = ['largest-contentful-paint'];
  static live = new Set<FakeObserver>();
  constructor(private readonly callback: () => void) {}
  observe() {
    FakeObserver.live.add(this);
  }
  disconnect() {
    FakeObserver.live.delete(this);
  }
  static report() {
    for (const observer of [...FakeObserver.live]) observer.callback();
  }
}

let spies: Array<{ mockRestore: () => void }> = [];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  frames = new Map();
  spies = [
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.set(nextFrame, callback);
      return nextFrame++;
    }),
    vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => void frames.delete(id)),
  ];
});
afterEach(() => {
  vi.useRealTimers();
  spies.forEach((spy) => spy.mockRestore());
  vi.unstubAllGlobals();
  FakeObserver.live.clear();
});

describe('afterPaint', () => {
  it('runs after two frames and a task, and not once cancelled', () => {
    // Prepare
    const run = vi.fn();
    const cancelled = vi.fn();
    afterPaint(run);
    const cancel = afterPaint(cancelled);

    // Act: one frame, then the next, then the task
    frame();
    vi.runAllTimers();
    expect(run).not.toHaveBeenCalled();
    cancel();
    frame();
    vi.runAllTimers();

    // Assess
    expect(run).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});

describe('afterLargestPaint', () => {
  it('runs when the browser reports a largest paint, once, and stops observing', () => {
    // Prepare
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const run = vi.fn();
    afterLargestPaint(run);
    expect(FakeObserver.live.size).toBe(1);

    // Act: the browser reports the paint before the frames have come, then again
    FakeObserver.report();
    FakeObserver.report();
    frame();
    frame();
    vi.runAllTimers();

    // Assess
    expect(run).toHaveBeenCalledTimes(1);
    expect(FakeObserver.live.size).toBe(0);
  });

  it('runs the fallback time after the next paint when no largest paint is reported', () => {
    // Prepare
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const run = vi.fn();
    afterLargestPaint(run, 250);

    // Act: the page paints; nothing larger is reported
    frame();
    frame();
    vi.advanceTimersByTime(249);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);

    // Assess
    expect(run).toHaveBeenCalledTimes(1);
    expect(FakeObserver.live.size).toBe(0);
  });

  it('runs right after the paint where the browser reports no largest paints, and not once stopped', () => {
    // Prepare: no such entries
    vi.stubGlobal(
      'PerformanceObserver',
      class extends FakeObserver {
        static override supportedEntryTypes: string[] = [];
      },
    );
    const run = vi.fn();
    const stopped = vi.fn();
    afterLargestPaint(run);
    const stop = afterLargestPaint(stopped);
    stop();

    // Act
    frame();
    frame();
    vi.runAllTimers();

    // Assess
    expect(run).toHaveBeenCalledTimes(1);
    expect(stopped).not.toHaveBeenCalled();
    expect(FakeObserver.live.size).toBe(0);
  });
});
