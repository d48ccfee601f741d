import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { serve } from '@/testing/serve';
import { testAdmin, testStudent } from '@/testing/users';
import { renderApp } from '@/testing/render-app';

const messages = [
  {
    message_id: 1,
    title: 'Welcome to Lectio',
    description:
      '<p>Start with <strong>Python basics</strong>. Read the first chapter to unlock the next one.</p><img src="x" onerror="alert(1)">',
    message_type: 1,
    passed: 0,
    date: '2026-11-22 07:35:07',
  },
  {
    message_id: 2,
    title: 'Weekly quiz is open',
    description: '<p>Join the quiz.</p>',
    message_type: 2,
    passed: 1,
    date: '2026-11-21 07:35:07',
  },
];

const course = {
  course_id: 1,
  name: 'Python basics',
  description: 'Your first steps.',
  area_color: '#306998',
  content_passed: 3,
  content_count: 6,
  task_passed: 1,
  task_count: 3,
  program_passed: 0,
  program_count: 2,
  progress: 36,
};

const category = (id: number, title: string, order: number) => ({
  category_id: id,
  title,
  color: '#1565C0',
  sort_order: order,
  areas: { text: 'areas', value: 2 },
  courses: { text: 'courses', value: 3 },
  lessons: { text: 'lessons', value: 11 },
  codes: { text: 'codes', value: 2 },
});

// Lazy routes on two shared CPU cores can take longer than the default second.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

describe('dashboard', () => {
  it('shows a student the messages (unread in bold, 30-character excerpt) and the course cards', async () => {
    // Prepare
    serve({ getActiveUserCourses2: () => ({ list: [course], message_list: messages }) }, { as: testStudent });

    // Act
    await renderApp('/dashboard');

    // Assess
    const cards = await screen.findAllByTestId('my-course-card');
    expect(cards).toHaveLength(1);
    const card = within(cards[0]!);
    expect(card.getByRole('link').getAttribute('href')).toBe('/course_content/1');
    expect(card.getByText('Python basics')).toBeTruthy();
    expect(card.getByTestId('course-content').textContent).toContain('3/6');
    expect(card.getByTestId('course-tasks').textContent).toContain('1/3');
    expect(card.getByTestId('course-programs').textContent).toContain('0/2');
    expect(card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('36');
    expect(screen.queryByTestId('category-grid')).toBeNull();

    const items = screen.getAllByTestId('message-item');
    const [unread, read] = items.map((item) => within(item).getByTestId('message-title'));
    expect(unread!.tagName).toBe('STRONG');
    expect(read!.tagName).toBe('SPAN');
    expect(within(items[0]!).getByTestId('message-excerpt').textContent).toBe('Start with Python basics. Read…');
    expect(screen.getByTestId('unread-count').textContent).toBe('Unread: 1');
    // All messages leads to the message list (issue 23).
    expect(screen.getByTestId('all-messages').getAttribute('href')).toBe('/message_list');
  });

  it('opens a message in the dialog (sanitised) and marks it read with pass-message', async () => {
    // Prepare
    let stored = messages;
    const api = serve(
      {
        getActiveUserCourses2: () => ({ list: [course], message_list: stored }),
        passMessage: () => {
          stored = stored.map((m) => (m.message_id === 1 ? { ...m, passed: 1 } : m));
          return { message: 'OK' };
        },
      },
      { as: testStudent },
    );
    await renderApp('/dashboard');

    // Act
    fireEvent.click((await screen.findAllByTestId('message-open'))[0]!);

    // Assess
    const dialog = await screen.findByTestId('message-dialog');
    expect(await within(dialog).findByText('Welcome to Lectio')).toBeTruthy();
    expect(within(dialog).getByText('Python basics').tagName).toBe('STRONG');
    expect(dialog.innerHTML).not.toContain('onerror');
    await waitFor(() => expect(api.bodyOf('passMessage')).toEqual({ message_id: 1 }));
    await waitFor(() =>
      expect(within(screen.getAllByTestId('message-item')[0]!).getByTestId('message-title').tagName).toBe('SPAN'),
    );
  });

  it('deletes a message after asking', async () => {
    // Prepare
    const api = serve(
      {
        getActiveUserCourses2: () => ({ list: [], message_list: messages }),
        deleteMessage: () => ({ message: 'OK' }),
      },
      { as: testStudent },
    );
    await renderApp('/dashboard');

    // Act
    fireEvent.click((await screen.findAllByRole('button', { name: 'Delete message Weekly quiz is open' }))[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));

    // Assess
    await waitFor(() => expect(api.bodyOf('deleteMessage')).toEqual({ message_id: 2 }));
  });

  it('shows an admin the category cards instead of courses', async () => {
    // Prepare
    serve(
      {
        getActiveUserCourses2: () => ({ list: [], message_list: [] }),
        getCategories2: () => ({ list: [category(2, 'Languages', 2), category(1, 'Programming', 1)] }),
      },
      { as: testAdmin },
    );

    // Act
    await renderApp('/dashboard');

    // Assess
    const cards = await screen.findAllByTestId('category-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Programming', 'Languages']);
    expect(within(cards[0]!).getAllByRole('link')[0]!.getAttribute('href')).toBe('/areas/1');
    expect(screen.queryByTestId('my-courses')).toBeNull();
    expect(await screen.findByText('You have no messages.')).toBeTruthy();
  });
});
