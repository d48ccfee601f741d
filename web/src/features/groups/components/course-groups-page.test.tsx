import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { reply, serve } from '@/testing/serve';
import { renderApp } from '@/testing/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const crumbs = { category: { id: 1, name: 'Programming' }, area: { id: 2, name: 'Python' }, course: { id: 3, name: 'Python basics' } };
const group = (id: number, name: string, archived = 0) => ({ id, group_name: name, group_key: `gk-${id}-key`, teacher_key: `tk-${id}-key`, archived });

describe('course groups page', () => {
  it("says 'No permissions' when the server refuses the list", async () => {
    // Prepare
    serve({ getCourseGroups: () => reply(403, { message: 'Forbidden.' }) });

    // Act
    await renderApp('/course_groups/3');

    // Assess
    expect(await screen.findByTestId('no-permissions')).toHaveProperty('textContent', 'No permissions');
  });

  it('lists created and taught groups, hides archived ones until asked, and an unchanged edit sends nothing', async () => {
    // Prepare
    const api = serve({
      getCourseGroups: () => ({ message: 'OK', ...crumbs, created_groups: [group(5, 'Class 1.A'), group(6, 'Old class', 1)], teaching_groups: [group(7, 'Class 2.B')], permissions: [] }),
      editCourseGroup: () => ({ message: 'OK', id: 5 }),
    });

    // Act
    await renderApp('/teacher_quizzes/3');

    // Assess
    const created = await screen.findByTestId('created-course-groups');
    expect(within(created).getByText('Class 1.A')).toBeTruthy();
    expect(within(created).queryByText('Old class')).toBeNull();
    expect(within(screen.getByTestId('teaching-course-groups')).getByText('Class 2.B')).toBeTruthy();
    expect(within(screen.getByTestId('breadcrumbs')).getByText('Python basics').closest('a')?.getAttribute('href')).toBe('/course_content/3');
    fireEvent.click(screen.getByTestId('show-archived'));
    expect(await within(created).findByText('Old class')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Class 1.A' }));
    fireEvent.click(await screen.findByTestId('course-group-save'));
    await waitFor(() => expect(screen.queryByTestId('course-group-form')).toBeNull());
    expect(api.callsOf('editCourseGroup')).toHaveLength(0);

    // (findByRole: the closing dialog keeps the page aria-hidden for its transition.)
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Class 1.A' }));
    const name = await screen.findByLabelText(/Group name/);
    fireEvent.change(name, { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('course-group-save'));
    expect(await screen.findByText('Use 5-30 chars.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Class 1.A new' } });
    fireEvent.click(screen.getByTestId('course-group-save'));
    await waitFor(() => expect(api.bodyOf('editCourseGroup')).toEqual({ group_id: 5, group_name: 'Class 1.A new', group_key: 'gk-5-key', teacher_key: 'tk-5-key', course_id: 3 }));
  });
});
