/** 'Buy/show help' in the player (issue 18): a task without help offers nothing to buy. */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInProviders } from '@/testing/render-app';
import { serve } from '@/testing/serve';
import type { PlayerTaskData } from '../api/player';
import { useTaskExtras } from './task-extras';

const task = (over: Partial<PlayerTaskData>): PlayerTaskData => ({
  task_id: 7,
  task_type_id: 3,
  task_order: 1,
  course_id: 1,
  user_course_id: 1,
  content: '{}',
  globals: '',
  data: { content: '{}', globals: '' },
  score: 0,
  max_score: 10,
  rating: 0,
  passed: 0,
  first_time: 1,
  help_showed: 0,
  answer_showed: 0,
  help: '',
  has_help: 1,
  teacher_score: 0,
  attempts: 0,
  attempt_list: [],
  comment: '',
  UCT_id: 0,
  status: 'blank',
  ...over,
});

function Extras({ of }: { of: PlayerTaskData }) {
  const { buyButtons, dialogs, help } = useTaskExtras(of, 3);
  return (
    <>
      {buyButtons}
      {dialogs}
      <div data-testid="help-text">{help}</div>
    </>
  );
}

const renderExtras = (of: PlayerTaskData) => renderInProviders(<Extras of={of} />);

describe('Buy/show help', () => {
  it('is disabled, saying why, for a task without help; nothing is asked of the server', async () => {
    const api = serve({});
    await renderExtras(task({ has_help: 0 }));
    const button = screen.getByTestId('buy-help');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText('This task has no help.')).toBeTruthy();
    fireEvent.click(button);
    expect(api.requests.filter((r) => r.route === 'getMyHelp')).toEqual([]);
  });

  it('buys the help of a task that has some', async () => {
    const api = serve({ getMyHelp: () => ({ help: '<p>Use a loop</p>', user: { performance: { xp: 0, coins: 5, level: 1, badges: [] } } }) });
    await renderExtras(task({ has_help: 1 }));
    const button = screen.getByTestId('buy-help');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    fireEvent.click(await screen.findByTestId('buy-confirm'));
    await waitFor(() => expect(screen.getByTestId('help-text').textContent).toBe('<p>Use a loop</p>'));
    expect(api.requests.some((r) => r.route === 'getMyHelp')).toBe(true);
  });

  it("with too few coins says 'Not enough coins for this operation.' and buys nothing", async () => {
    // Prepare: the student has 35 coins; the help of a task worth 50 costs 50
    const api = serve({ getMyHelp: () => ({ help: '<p>Use a loop</p>', user: { performance: { xp: 0, coins: 0, level: 1, badges: [] } } }) });
    await renderExtras(task({ has_help: 1, max_score: 50 }));

    // Act
    fireEvent.click(screen.getByTestId('buy-help'));

    // Assess
    expect((await screen.findByTestId('not-enough-coins')).textContent).toBe('Not enough coins for this operation.');
    expect(screen.queryByTestId('buy-confirm')).toBeNull();
    fireEvent.click(screen.getByTestId('buy-close'));
    expect(api.requests.filter((r) => r.route === 'getMyHelp')).toEqual([]);
  });
});

describe('Buy/show answer', () => {
  it('costs twice the max score: 35 coins do not buy the answer of a task worth 20', async () => {
    const api = serve({});
    await renderExtras(task({ max_score: 20 }));
    fireEvent.click(screen.getByTestId('buy-answer'));
    expect((await screen.findByTestId('not-enough-coins')).textContent).toBe('Not enough coins for this operation.');
    expect(api.requests.filter((r) => r.route === 'getMyAnswer')).toEqual([]);
  });
});
