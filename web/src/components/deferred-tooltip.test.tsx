/** Buttons' tooltips: one host, shown beside the button the pointer or the keyboard reached, its code fetched then. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';

// MUI's Tooltip, loaded once (the first load of its modules is slow here); each test hands it out through a gate.
const realTooltip = await vi.importActual<typeof import('@mui/material/Tooltip')>('@mui/material/Tooltip');
const tooltipCode = { requested: 0, release: () => undefined as void };

/** Waits `ms` of real time, letting promises and timers run. */
const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

beforeEach(() => {
  // A fresh module (its code not fetched yet), a tooltip whose code arrives when the test says.
  vi.resetModules();
  tooltipCode.requested = 0;
  const gate = new Promise<void>((resolve) => (tooltipCode.release = resolve));
  vi.doMock('@mui/material/Tooltip', async () => {
    tooltipCode.requested += 1;
    await gate;
    return realTooltip;
  });
});
afterEach(() => {
  cleanup();
  // a test's keyboard-focus stand-in (jsdom has no :focus-visible of its own)
  (Element.prototype.matches as { mockRestore?: () => void }).mockRestore?.();
  vi.doUnmock('@mui/material/Tooltip');
});

/** The host and one button (or the children given), as the app has them. */
async function renderButtons(children?: React.ReactNode) {
  const { DeferredTooltip, TooltipHost } = await import('./deferred-tooltip');
  const onClick = vi.fn();
  render(
    <>
      <TooltipHost />
      {children ?? (
        <DeferredTooltip title="Move up">
          <button type="button" onClick={onClick}>
            ↑
          </button>
        </DeferredTooltip>
      )}
    </>,
  );
  return { DeferredTooltip, onClick };
}

describe('DeferredTooltip', () => {
  it('names the button by its title and fetches no code until a hover or a focus asks for the tooltip', async () => {
    // Prepare and act: a screen with a button, left alone
    await renderButtons();
    await wait(150);

    // Assess
    expect(screen.getByRole('button', { name: 'Move up' })).toBeTruthy();
    expect(tooltipCode.requested).toBe(0);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the tooltip beside the button the pointer rests on, the button itself left as it is, and hides it when the pointer leaves', async () => {
    // Prepare
    const { onClick } = await renderButtons();
    const button = screen.getByRole('button', { name: 'Move up' });

    // Act: the pointer comes and rests; the code arrives
    fireEvent.pointerEnter(button);
    await wait(150);
    expect(tooltipCode.requested).toBe(1);
    tooltipCode.release();

    // Assess: the tooltip says the title; the button is the same element and its click still works
    expect((await screen.findByRole('tooltip')).textContent).toBe('Move up');
    expect(screen.getByRole('button', { name: 'Move up' })).toBe(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    fireEvent.pointerLeave(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('a pointer passing over a button without resting shows nothing', async () => {
    // Prepare
    await renderButtons();
    const button = screen.getByRole('button', { name: 'Move up' });

    // Act
    fireEvent.pointerEnter(button);
    fireEvent.pointerLeave(button);
    await wait(150);

    // Assess
    expect(tooltipCode.requested).toBe(0);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the tooltip at a keyboard focus, closes it on Escape and on blur, and the focus stays on the button', async () => {
    // Prepare
    await renderButtons();
    tooltipCode.release();
    const button = screen.getByRole('button', { name: 'Move up' });
    // jsdom tells no keyboard focus from a click's: the test says which it is
    let byKeyboard = false;
    const matches = Element.prototype.matches;
    vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
      return selector === ':focus-visible' ? byKeyboard : matches.call(this, selector);
    });

    // Act: a click's focus shows nothing; then the keyboard reaches the button
    act(() => button.focus());
    await wait(50);
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => button.blur());
    byKeyboard = true;
    act(() => button.focus());

    // Assess
    expect((await screen.findByRole('tooltip')).textContent).toBe('Move up');
    expect(document.activeElement).toBe(button);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(document.activeElement).toBe(button);
    act(() => button.blur());
    act(() => button.focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('Move up');
    act(() => button.blur());
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it("shows it when the keyboard reaches the button inside a wrapper (the player's span around its arrows)", async () => {
    // Prepare
    const { DeferredTooltip } = await import('./deferred-tooltip');
    await renderButtons(
      <DeferredTooltip title="Next task">
        <span>
          <button type="button" aria-label="Next">
            →
          </button>
        </span>
      </DeferredTooltip>,
    );
    tooltipCode.release();
    const matches = Element.prototype.matches;
    vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
      return selector === ':focus-visible' ? this === document.activeElement : matches.call(this, selector);
    });

    // Act
    act(() => screen.getByRole('button', { name: 'Next' }).focus());

    // Assess
    expect((await screen.findByRole('tooltip')).textContent).toBe('Next task');
  });

  it('one tooltip at a time: the next button takes it over, and a button that goes takes its tooltip with it', async () => {
    // Prepare
    const { DeferredTooltip, TooltipHost } = await import('./deferred-tooltip');
    tooltipCode.release();
    const buttons = (both: boolean) => (
      <>
        <TooltipHost />
        <DeferredTooltip title="Edit">
          <button type="button">✎</button>
        </DeferredTooltip>
        {both && (
          <DeferredTooltip title="Delete">
            <span>
              <button type="button" disabled aria-label="Delete item">
                ✕
              </button>
            </span>
          </DeferredTooltip>
        )}
      </>
    );
    const { rerender } = render(buttons(true));

    // Act and assess: the pointer rests on one, then on the other (a disabled button, in a span)
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Edit' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Edit');
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Delete item' }).parentElement!);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Delete'));
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
    // the first button's leave does not close the second's tooltip
    fireEvent.pointerLeave(screen.getByRole('button', { name: 'Edit' }));
    await wait(50);
    expect(screen.getByRole('tooltip').textContent).toBe('Delete');
    rerender(buttons(false));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('a touch shows it after a long press and hides it a moment after the finger lifts', async () => {
    // Prepare
    await renderButtons();
    tooltipCode.release();
    const button = screen.getByRole('button', { name: 'Move up' });

    // Act: a short tap shows nothing; a long press does
    fireEvent.pointerDown(button, { pointerType: 'touch' });
    await wait(100);
    fireEvent.pointerUp(button, { pointerType: 'touch' });
    await wait(750);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerDown(button, { pointerType: 'touch' });
    await wait(800);

    // Assess
    expect((await screen.findByRole('tooltip')).textContent).toBe('Move up');
    fireEvent.pointerUp(button, { pointerType: 'touch' });
    await wait(200);
    expect(screen.getByRole('tooltip')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull(), { timeout: 3000 });
  });
});
