import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { reply, serve, type RouteHandlers } from '@/testing/serve';
import { testStudent } from '@/testing/users';
import { renderApp } from '@/testing/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const competition = (id: number, name: string, key: string | null) => ({
  id,
  name,
  icon: '',
  open_begin: '2026-11-21 07:35:06',
  open_end: '2026-12-22 07:35:06',
  check_OB: 1,
  check_OE: 1,
  time_limit: 1800,
  key,
});

const coursePage = {
  message: 'OK',
  course: { id: 1, name: 'Python basics', color: '#306998' },
  area: { id: 1, name: 'Python' },
  category: { id: 1, name: 'Programming' },
  chapters_count: 0,
  competitions_count: 2,
  chapter_list: [],
  detail_score: {
    content_passed: 0,
    content_count: 0,
    task_passed: 0,
    task_count: 0,
    program_passed: 0,
    program_count: 0,
    score_task: 0,
    max_score_task: 0,
    score_program: 0,
    max_score_program: 0,
  },
};

/** The course page's competitions tab; `join` answers add-my-competition. */
function serveCourse(join: RouteHandlers['addMyCompetition']) {
  return serve(
    {
      getActiveChapters2: () => coursePage,
      getCourseData: () => ({ course: { id: 1, name: 'Python basics' }, permissions: [], teacherPermissions: false }),
      getCompetitions: () => ({
        opened: [competition(5, 'Weekly quiz', null), competition(6, 'Class challenge', '*')],
        joined: [],
      }),
      addMyCompetition: join,
    },
    { as: testStudent },
  );
}

describe('competitions tab', () => {
  it('lists the open competitions with their window and time limit in seconds', async () => {
    // Prepare
    serveCourse(() => ({ message: 'OK', description: 'Joined.', user_comp_id: 1 }));

    // Act
    await renderApp('/course_content/1?tab=competitions');

    // Assess
    const rows = await screen.findAllByTestId('active-competition');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('1800 seconds');
    expect(within(rows[1]!).getByTitle('Private competition')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Time limit' })).toBeTruthy();
  });

  it('asks for the key of a private competition and shows a wrong key in an info dialog', async () => {
    // Prepare
    const api = serveCourse(() => reply(400, { message: 'Wrong key.', description: 'The competition key is not correct.' }));
    await renderApp('/course_content/1?tab=competitions');

    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Join Class challenge' }));

    fireEvent.change(await screen.findByLabelText('Competition key'), { target: { value: 'guess' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));

    // Assess
    await waitFor(() =>
      expect(api.bodyOf('addMyCompetition')).toEqual({
        comp_id: 6,
        comp_key: 'guess',
        course_id: 1,
      }),
    );
    const dialog = await screen.findByTestId('message-dialog');
    expect(await within(dialog).findByText('The competition key is not correct.')).toBeTruthy();
    expect(within(dialog).getByText('Information')).toBeTruthy();
    expect(screen.queryByTestId('request-failure-dialog')).toBeNull();
  });

  it('joins an open competition without a key and opens it', async () => {
    // Prepare
    const api = serveCourse(() => ({ message: 'OK', description: 'Joined.', user_comp_id: 42 }));
    const { router } = await renderApp('/course_content/1?tab=competitions');

    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Join Weekly quiz' }));

    // Assess
    await waitFor(() => expect(router.state.location.pathname).toBe('/competition_content/42'));
    expect(api.bodyOf('addMyCompetition')).toEqual({
      comp_id: 5,
      comp_key: '',
      course_id: 1,
    });
  });

  it('does not join when the key dialog is cancelled', async () => {
    // Prepare
    const api = serveCourse(() => ({ message: 'OK', description: 'Joined.', user_comp_id: 42 }));
    await renderApp('/course_content/1?tab=competitions');

    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Join Class challenge' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));

    // Assess
    await waitFor(() => expect(screen.queryByLabelText('Competition key')).toBeNull());
    expect(api.callsOf('addMyCompetition')).toHaveLength(0);
  });
});
