/** The overlays' idle preload outlives the page safely (CI: a test's DOM was torn down before it fired). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
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
    const Overlay = lazyOverlay(load, (props: { open: boolean }) => props.open);
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
