import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { serve } from '@/testing/serve';
import { renderApp } from '@/testing/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const myGroups = {
  groups: [
    { id: 1, name: 'My own class', type: 0 },
    { id: 2, name: 'Open readers', type: 1 },
    { id: 3, name: 'Their class', type: 0 },
  ],
  my_owns: [{ id: 1, name: 'My own class', type: 0, group_key: 'own-gkey', teacher_key: 'own-tkey' }],
  my_groups: [],
  teach_groups: [],
};

/** Opens the join dialog, picks a group and a role, and submits. */
async function joinVia(name: string, role: 'member' | 'teacher') {
  fireEvent.click(await screen.findByTestId('group-join'));
  const dialog = await screen.findByTestId('join-dialog');
  const input = within(dialog).getByRole('combobox');
  fireEvent.change(input, { target: { value: name } });
  fireEvent.click(await screen.findByRole('option', { name }));
  fireEvent.click(within(dialog).getByLabelText(role === 'member' ? 'Member' : 'Teacher'));
  fireEvent.click(within(dialog).getByTestId('join-submit'));
}

describe('Groups page', () => {
  it('shows the three cards; joins a public group without a key, the own group without a key, another as teacher with the teacher key', async () => {
    // Prepare
    const api = serve({ getMyGroups: () => myGroups, addToGroup: () => ({ message: 'OK' }) });

    // Act
    await renderApp('/groups');

    // Assess
    expect(await screen.findByRole('heading', { name: 'Member of groups' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Created groups' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Teacher of groups' })).toBeTruthy();
    expect(within(screen.getByTestId('created-groups')).getByText(/Group key: own-gkey/)).toBeTruthy();

    await joinVia('Open readers', 'member');
    await waitFor(() => expect(api.bodyOf('addToGroup')).toMatchObject({ list_type: 1, id: 2, group_key: '', teacher_key: '' }));

    await joinVia('My own class', 'teacher');
    await waitFor(() => expect(api.callsOf('addToGroup')).toHaveLength(2));
    expect(api.bodyOf('addToGroup')).toMatchObject({ list_type: 2, id: 1, teacher_key: '' });

    await joinVia('Their class', 'teacher');
    const ask = await screen.findByTestId('message-dialog');
    expect(await within(ask).findByText('"Their class" is a teaching group. Type teacher key.')).toBeTruthy();
    fireEvent.change(within(ask).getByLabelText('Key'), { target: { value: 'their-tkey' } });
    fireEvent.click(within(ask).getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(api.callsOf('addToGroup')).toHaveLength(3));
    expect(api.bodyOf('addToGroup')).toMatchObject({ list_type: 2, id: 3, teacher_key: 'their-tkey' });
  });
});
