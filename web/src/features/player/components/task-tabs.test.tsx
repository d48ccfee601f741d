/** The player's task tabs (issue 20 item 22: a plain tablist instead of MUI's scrollable Tabs): roles, states, keys. */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderInProviders } from '@/testing/render-app';
import type { PlayerTaskData } from '../api/player';
import { TaskTabs } from './task-tabs';

const tasks = (['passed', 'half', 'blank', 'failed'] as const).map(
  (status, i) => ({ task_id: 10 + i, status }) as unknown as PlayerTaskData,
);

describe('TaskTabs', () => {
  it('is a named tablist: the open tab selected and the only one in the tab order, statuses in the names', async () => {
    await renderInProviders(<TaskTabs tasks={tasks} value={1} onChange={() => undefined} />);
    expect(await screen.findByRole('tablist', { name: 'Tasks of the lesson' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(4);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false', 'false']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1, -1]);
    expect(tabs[0]!.getAttribute('aria-label')).toMatch(/1.*passed/i);
    expect(tabs[0]!.getAttribute('data-status')).toBe('passed');
  });

  it('with none open, the first tab is in the tab order', async () => {
    await renderInProviders(<TaskTabs tasks={tasks} value={null} onChange={() => undefined} />);
    expect((await screen.findAllByRole('tab')).map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
  });

  it('opens a tab on a click (not the open one again)', async () => {
    const onChange = vi.fn();
    await renderInProviders(<TaskTabs tasks={tasks} value={1} onChange={onChange} />);
    fireEvent.click((await screen.findAllByRole('tab'))[1]!);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('tab')[3]!);
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it('moves the focus with the arrows (round), Home and End, without opening', async () => {
    const onChange = vi.fn();
    await renderInProviders(<TaskTabs tasks={tasks} value={0} onChange={onChange} />);
    const tabs = await screen.findAllByRole('tab');
    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tabs[3]);
    fireEvent.keyDown(tabs[3]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[0]);
    fireEvent.keyDown(tabs[0]!, { key: 'End' });
    expect(document.activeElement).toBe(tabs[3]);
    fireEvent.keyDown(tabs[3]!, { key: 'Home' });
    expect(document.activeElement).toBe(tabs[0]);
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[1]);
    expect(onChange).not.toHaveBeenCalled();
  });
});
