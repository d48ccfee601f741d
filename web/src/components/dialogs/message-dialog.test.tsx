import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { initI18n } from '@/lib/i18n';
import { MessageDialogProvider, useMessageDialog, type MessageDialogApi } from './message-dialog';

let dialog: MessageDialogApi;
function Grab() {
  dialog = useMessageDialog();
  return null;
}

async function setup() {
  await initI18n('en');
  render(
    <MessageDialogProvider>
      <Grab />
    </MessageDialogProvider>,
  );
}

describe('message dialog', () => {
  it('shows sanitised HTML under the type title and resolves with the clicked value', async () => {
    await setup();
    let result!: Promise<boolean | null>;
    act(() => {
      result = dialog.open({
        type: 'question',
        html: '<p>Delete <b>Python</b>?</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
        buttons: [
          { label: 'Yes', value: true },
          { label: 'No', value: false },
        ],
      });
    });
    expect(await screen.findByText('Question')).toBeTruthy();
    const content = screen.getByText('Python').closest('div')!;
    expect(content.innerHTML).not.toContain('onerror');
    expect(content.innerHTML).not.toContain('<script');
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await expect(result).resolves.toBe(false);
  });

  it('returns the value and the input text when an input is shown', async () => {
    await setup();
    let result!: Promise<{ value: string; input: string } | null>;
    act(() => {
      result = dialog.open({
        type: 'info',
        html: 'Competition key',
        input: { label: 'Key', initial: 'abc' },
        buttons: [{ label: 'Join', value: 'join' }],
      });
    });
    fireEvent.change(await screen.findByLabelText('Key'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await expect(result).resolves.toEqual({ value: 'join', input: 'secret' });
    await waitFor(() => expect(screen.queryByText('Competition key')).toBeNull());
  });
});
