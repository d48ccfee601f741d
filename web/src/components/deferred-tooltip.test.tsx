/** A first screen's tooltips: their code after the page's paint or at the first hover or focus (issue 20 item 22). */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';

// MUI's Tooltip, loaded once (the first load of its modules is slow here); each test hands it out through a gate.
const realTooltip = await vi.importActual<typeof import('@mui/material/Tooltip')>('@mui/material/Tooltip');
const tooltipCode = { requested: 0, release: () => undefined as void };

/** Lets promises and zero timers run, without a frame. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

let frames: FrameRequestCallback[] = [];
let raf: MockInstance<typeof requestAnimationFrame>;
const paint = () => act(async () => frames.splice(0).forEach((callback) => callback(performance.now())));

beforeEach(() => {
  // A fresh module (its code not fetched yet), a tooltip whose code arrives when the test says, frames on demand.
  vi.resetModules();
  tooltipCode.requested = 0;
  const gate = new Promise<void>((resolve) => (tooltipCode.release = resolve));
  vi.doMock('@mui/material/Tooltip', async () => {
    tooltipCode.requested += 1;
    await gate;
    return realTooltip;
  });
  frames = [];
  raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
});
afterEach(() => {
  cleanup();
  raf.mockRestore();
  vi.doUnmock('@mui/material/Tooltip');
});

/** Resolves once MUI's tooltip wraps the button: the button is then a new element. */
const wrapped = (before: HTMLElement) => waitFor(() => expect(screen.getByRole('button')).not.toBe(before));

describe('DeferredTooltip', () => {
  it('names the button by its title until the code arrives, fetches it at the focus, and the button keeps the focus', async () => {
    // Prepare: no paint yet
    const { DeferredTooltip } = await import('./deferred-tooltip');
    render(
      <DeferredTooltip title="Next task">
        <button type="button">→</button>
      </DeferredTooltip>,
    );
    await settle();
    expect(screen.getByRole('button', { name: 'Next task' })).toBeTruthy();
    expect(tooltipCode.requested).toBe(0);

    // Act: the keyboard reaches the button, then the code arrives
    const before = screen.getByRole('button');
    act(() => before.focus());
    await settle();
    expect(tooltipCode.requested).toBe(1);
    tooltipCode.release();
    await wrapped(before);

    // Assess: MUI's tooltip wraps the button now (a new element), which has the focus and the same name
    const button = screen.getByRole('button', { name: 'Next task' });
    expect(document.activeElement).toBe(button);
    fireEvent.mouseOver(button);
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    expect(screen.getByRole('tooltip').textContent).toBe('Next task');
  });

  it("gives the focus back to the button inside a wrapper (a disabled button's span), with its own name", async () => {
    // Prepare
    const { DeferredTooltip } = await import('./deferred-tooltip');
    render(
      <DeferredTooltip title="Previous task">
        <span>
          <button type="button" aria-label="Previous">
            ←
          </button>
        </span>
      </DeferredTooltip>,
    );
    await settle();

    // Act: the button inside gets the focus, then the code arrives
    const before = screen.getByRole('button');
    act(() => before.focus());
    await settle();
    tooltipCode.release();
    await wrapped(before);

    // Assess
    expect(tooltipCode.requested).toBe(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous' }));
  });

  it('shows the tooltip at once when the pointer rests on the button as the code arrives', async () => {
    // Prepare
    const { DeferredTooltip } = await import('./deferred-tooltip');
    render(
      <DeferredTooltip title="Move up">
        <button type="button">↑</button>
      </DeferredTooltip>,
    );
    await settle();

    // Act: the pointer comes and stays; the code arrives
    const before = screen.getByRole('button');
    fireEvent.pointerEnter(before);
    await settle();
    tooltipCode.release();
    await wrapped(before);

    // Assess: the tooltip is open without another pointer event, and closes when the pointer leaves
    expect((await screen.findByRole('tooltip')).textContent).toBe('Move up');
    fireEvent.mouseLeave(screen.getByRole('button'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('fetches the code after the paint when nobody presses anything', async () => {
    // Prepare
    const { DeferredTooltip } = await import('./deferred-tooltip');
    render(
      <DeferredTooltip title="Edit">
        <button type="button">✎</button>
      </DeferredTooltip>,
    );
    await settle();
    expect(tooltipCode.requested).toBe(0);

    // Act: the page paints and the next frame shows it (jsdom reports no largest paint: the fallback runs)
    await paint();
    await paint();
    await settle();

    // Assess: fetched once, and the button is wrapped once it has arrived
    expect(tooltipCode.requested).toBe(1);
    const before = screen.getByRole('button', { name: 'Edit' });
    tooltipCode.release();
    await wrapped(before);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
  });
});
