import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { leaderboardPageCount } from '@lectio/shared';
import { initI18n } from '@/lib/i18n';
import { LeaderboardPager } from './leaderboard-pager';

beforeAll(async () => {
  await initI18n('en');
});

describe('leaderboard pager', () => {
  it('is a nav with 10 page links at most and marks the current page', () => {
    const onChange = vi.fn();
    render(<LeaderboardPager page={12} pageCount={leaderboardPageCount(3050)} onChange={onChange} />);
    const nav = screen.getByRole('navigation', { name: 'Leaderboard pages' });
    const pages = within(nav)
      .getAllByRole('button')
      .filter((b) => /^Page \d+$/.test(b.getAttribute('aria-label') ?? ''));
    expect(pages.map((b) => b.textContent)).toEqual(['7', '8', '9', '10', '11', '12', '13', '14', '15', '16']);
    expect(within(nav).getByRole('button', { name: 'Page 12' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Page 11' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenCalledWith(13);
  });

  it('follows the count rule: 183 learners make 2 pages, 100 make 1 (no pager), 101 make 2', () => {
    const { unmount } = render(<LeaderboardPager page={1} pageCount={leaderboardPageCount(183)} onChange={() => {}} />);
    expect(screen.getAllByRole('button', { name: /^Page/ })).toHaveLength(2);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    unmount();
    const second = render(<LeaderboardPager page={1} pageCount={leaderboardPageCount(100)} onChange={() => {}} />);
    expect(screen.queryByRole('navigation')).toBeNull();
    second.unmount();
    render(<LeaderboardPager page={1} pageCount={leaderboardPageCount(101)} onChange={() => {}} />);
    expect(screen.getAllByRole('button', { name: /^Page/ })).toHaveLength(2);
  });
});
