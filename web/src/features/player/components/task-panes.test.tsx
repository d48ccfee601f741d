/** A heavy pane's code is asked for after the page's first paint, not inside the first render (issue 20 item 22). */
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { PaneProps } from './task-panes';

const loaded = vi.fn();
vi.mock('./program-pane', () => {
  loaded();
  return { ProgramPane: () => <div data-testid="program-pane" /> };
});

const { TaskPaneFor } = await import('./task-panes');

const props = {
  task: { task_id: 7, task_type_id: 8 },
  chapterId: 1,
  canBuy: true,
  fullScreen: false,
  onToggleFullScreen: () => undefined,
  onToggleView: () => undefined,
} as unknown as PaneProps;

/** Lets promises and zero timers run, without a frame. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

describe('TaskPaneFor', () => {
  it("keeps a program pane's place until the page has painted, then loads it; later panes render at once", async () => {
    // Prepare: frames come only when the test says so
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));

    // Act: the first render
    const first = render(<TaskPaneFor {...props} />);
    await settle();

    // Assess: the pane's place is kept and its code was not asked for
    expect(screen.getByTestId('pane-loading')).toBeTruthy();
    expect(loaded).not.toHaveBeenCalled();

    // The page paints, and the next frame shows it: the pane's code loads and the pane shows
    await act(async () => frames.splice(0).forEach((callback) => callback(performance.now())));
    await settle();
    expect(loaded).not.toHaveBeenCalled();
    await act(async () => frames.splice(0).forEach((callback) => callback(performance.now())));
    await settle();
    expect(await screen.findByTestId('program-pane')).toBeTruthy();
    expect(loaded).toHaveBeenCalledTimes(1);

    // Another task later: no frame to wait for
    first.unmount();
    render(<TaskPaneFor {...props} task={{ ...props.task, task_id: 8 }} />);
    expect(await screen.findByTestId('program-pane')).toBeTruthy();
    expect(frames).toEqual([]);
    raf.mockRestore();
  });
});
