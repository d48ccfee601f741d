import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { serve } from '@/testing/serve';
import { testStudent } from '@/testing/users';
import { renderApp } from '@/testing/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const score = {
  content_passed: 3,
  content_count: 6,
  task_passed: 0,
  task_count: 3,
  program_passed: 0,
  program_count: 2,
  score_task: 0,
  max_score_task: 30,
  score_program: 0,
  max_score_program: 40,
};

const chapter = (id: number, name: string, active: boolean) => ({
  chapter_id: id,
  chapter_name: name,
  chapter_icon: '',
  chapter_type: 1,
  chapter_order: id,
  tasks_finished: 1,
  tasks_nonfinished: 1,
  programs_finished: 0,
  programs_nonfinished: 1,
  contents_finished: 0,
  contents_nonfinished: 2,
  active,
});

const page = (chapters: ReturnType<typeof chapter>[], chaptersCount = chapters.length) => ({
  message: 'OK',
  course: { id: 1, name: 'Python basics', color: '#306998' },
  area: { id: 1, name: 'Python' },
  category: { id: 1, name: 'Programming' },
  chapters_count: chaptersCount,
  competitions_count: 0,
  chapter_list: chapters,
  detail_score: score,
});

const courseData = (permissions: Array<{ role_code: string }> = [], teacherPermissions = false) => ({
  course: { id: 1, name: 'Python basics' },
  permissions: permissions.map((p) => ({ ...p, language_id: 0, sub_obj_id: 0 })),
  teacherPermissions,
});

describe('course content page', () => {
  it('shows open chapters as links and locked ones as plain cards, with the breadcrumbs', async () => {
    // Prepare
    serve(
      {
        getActiveChapters2: () => page([chapter(1, 'Getting started', true), chapter(2, 'Decisions', false)]),
        getCourseData: () => courseData(),
      },
      { as: testStudent },
    );

    // Act
    await renderApp('/course_content/1');

    // Assess
    const open = await screen.findByTestId('chapter-open');
    expect(within(open).getByRole('link').getAttribute('href')).toBe('/chapter_content/1');
    expect(within(open).getByRole('img', { name: 'open' })).toBeTruthy();
    const locked = screen.getByTestId('chapter-locked');
    expect(within(locked).queryByRole('link')).toBeNull();
    expect(within(locked).getByRole('img', { name: 'locked' })).toBeTruthy();
    expect(within(screen.getByTestId('breadcrumbs')).getByText('Python').closest('a')?.getAttribute('href')).toBe('/courses/1');
    expect(screen.getByTestId('summary-content').textContent).toContain('3/6');
    expect(screen.queryByTestId('admin-dashboard-box')).toBeNull();
    expect(screen.queryByTestId('teacher-dashboard-box')).toBeNull();
  });

  it("says 'Empty course…' when no chapter is in this language", async () => {
    // Prepare
    serve(
      {
        getActiveChapters2: () => page([], 4),
        getCourseData: () => courseData(),
      },
      { as: testStudent },
    );

    // Act
    await renderApp('/course_content/1');

    // Assess
    expect((await screen.findByTestId('empty-course')).textContent).toBe(
      'Empty course. Try a different language using the icon in the top right.',
    );
  });

  it("goes to the preview when the answer is 'You are not logged in this course.'", async () => {
    // Prepare
    serve(
      {
        getActiveChapters2: () => ({ message: 'You are not logged in this course.' }),
        coursePreview: () => ({
          message: 'OK',
          info: {
            category: { id: 1, name: 'Programming' },
            area: { id: 1, name: 'Python' },
            course: { id: 5, name: 'Python for data' },
            title: 'Python for data',
            description: 'Lists.',
            description_detail: '<p>Data.</p>',
            course_status: null,
            chapterlist: [],
          },
        }),
      },
      { as: testStudent },
    );

    // Act
    const { router } = await renderApp('/course_content/5');

    // Assess
    await screen.findByTestId('start-course');
    expect(router.state.location.pathname).toBe('/course_preview/5');
  });

  it('shows another non-OK message as feedback', async () => {
    // Prepare
    serve({ getActiveChapters2: () => ({ message: 'The course is closed.' }) }, { as: testStudent });

    // Act
    await renderApp('/course_content/1');

    // Assess
    expect((await screen.findByTestId('feedback-alert')).textContent).toContain('The course is closed.');
  });

  it('shows the Admin and Teacher dashboards from the course permissions', async () => {
    // Prepare
    serve(
      {
        getActiveChapters2: () => page([chapter(1, 'Getting started', true)]),
        getCourseData: () => courseData([{ role_code: 'course_content_translator' }], true),
      },
      { as: testStudent },
    );

    // Act
    await renderApp('/course_content/1');

    // Assess
    const admin = await screen.findByTestId('admin-dashboard-box');
    expect(within(admin).getByRole('link', { name: 'Edit content' }).getAttribute('href')).toBe('/course_admin_content/1');
    expect(within(admin).getByRole('link', { name: 'Teachers' }).getAttribute('href')).toBe('/course_teachers/1');
    // The teacher box offers the built teaching screens (lib/screens-built.ts): the course groups under both names.
    const teacher = screen.getByTestId('teacher-dashboard-box');
    expect(within(teacher).getByRole('link', { name: 'Quizzes' }).getAttribute('href')).toBe('/teacher_quizzes/1');
    expect(within(teacher).getByRole('link', { name: 'Groups' }).getAttribute('href')).toBe('/teacher_groups/1');
  });

  it('shows the Teacher dashboard without a grant to a user who has the course on their teacher dashboard', async () => {
    // Prepare: any logged-in user may teach their own groups of a course (issue 21 item 6)
    serve(
      {
        getActiveChapters2: () => page([chapter(1, 'Getting started', true)]),
        getCourseData: () => courseData(),
        getTeacherCourses: () => ({ list: [{ id: 1, area_name: 'Python', course_name: 'Python basics', area_color: '#306998', groups: [] }] }),
      },
      { as: testStudent },
    );

    // Act
    await renderApp('/course_content/1');

    // Assess
    const teacher = await screen.findByTestId('teacher-dashboard-box');
    expect(within(teacher).getByRole('link', { name: 'Groups' }).getAttribute('href')).toBe('/teacher_groups/1');
    expect(screen.queryByTestId('admin-dashboard-box')).toBeNull();
  });

  it('shows no Teacher dashboard to a learner without the course on their teacher dashboard', async () => {
    // Prepare
    serve(
      {
        getActiveChapters2: () => page([chapter(1, 'Getting started', true)]),
        getCourseData: () => courseData(),
        getTeacherCourses: () => ({ list: [{ id: 7, area_name: 'Java', course_name: 'Java', area_color: '#000000', groups: [] }] }),
      },
      { as: testStudent },
    );

    // Act
    await renderApp('/course_content/1');

    // Assess
    await screen.findByRole('link', { name: /Getting started/ });
    expect(screen.queryByTestId('teacher-dashboard-box')).toBeNull();
  });

  it('says that Revisions, Duels and Quizzes come with a later release', async () => {
    // Prepare
    serve(
      {
        getActiveChapters2: () => page([chapter(1, 'Getting started', true)]),
        getCourseData: () => courseData(),
      },
      { as: testStudent },
    );
    await renderApp('/course_content/1');

    // Act
    fireEvent.click(await screen.findByRole('tab', { name: 'Duels' }));

    // Assess
    await waitFor(() => expect(screen.getByTestId('not-built-panel').textContent).toContain('later release'));
  });
});
