/** The overlays' idle preload outlives the page safely (CI: a test's DOM was torn down before it fired). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component, type ComponentType, type ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { lazyOverlay } from './lazy-overlay';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('lazyOverlay', () => {
  it('renders nothing while closed and does not load or throw when the page is gone at the idle preload', () => {
    // Prepare
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve({ default: () => <p>overlay</p> }));
    const Overlay = lazyOverlay(
      load,
      (props: { open: boolean }) => props.open,
      () => undefined,
    );
    const { container, unmount } = render(<Overlay open={false} />);
    expect(container.innerHTML).toBe('');
    unmount();

    // Act
    vi.stubGlobal('window', undefined);

    // Assess
    expect(() => vi.advanceTimersByTime(10_000)).not.toThrow();
    expect(load).not.toHaveBeenCalled();
  });
});

describe('lazyOverlay, when its code cannot be fetched', () => {
  class Boundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
    override state = { crashed: false };
    static getDerivedStateFromError() {
      return { crashed: true };
    }
    override render() {
      return this.state.crashed ? <p>page crashed</p> : this.props.children;
    }
  }

  it('closes instead of breaking the page, and the next open fetches it again', async () => {
    // Prepare: offline at the first open, back online at the second
    const load = vi
      .fn<() => Promise<{ default: ComponentType<{ open: boolean; onClose: () => void }> }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: () => <p>overlay</p> });
    const Overlay = lazyOverlay(
      load,
      (props: { open: boolean; onClose: () => void }) => props.open,
      (props) => props.onClose(),
    );
    const onClose = vi.fn();
    const page = (open: boolean) => (
      <Boundary>
        <p>page</p>
        <Overlay open={open} onClose={onClose} />
      </Boundary>
    );
    const { rerender } = render(page(false));

    // Act: the first open fails
    rerender(page(true));

    // Assess
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.getByText('page')).toBeTruthy();
    expect(screen.queryByText('page crashed')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);

    // Act: closed (no fetch while closed), then opened again
    rerender(page(false));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).toHaveBeenCalledTimes(1);
    rerender(page(true));

    // Assess
    expect(await screen.findByText('overlay')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
