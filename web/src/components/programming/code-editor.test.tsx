/** The code editor shows plain code until it is used, then hands over to Monaco (issue 20 item 22). */
import { useEffect, useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderInProviders } from '@/testing/render-app';
import { serve } from '@/testing/serve';
import type { MonacoEditorProps } from './monaco-editor';
import { CodeEditor } from './code-editor';

const mounted = vi.fn();
vi.mock('./monaco-editor', () => ({
  default: function FakeMonaco({ value, takeOver, onReady }: MonacoEditorProps) {
    const done = useRef(false);
    useEffect(() => {
      if (done.current) return;
      done.current = true;
      mounted(takeOver());
      onReady();
    }, [takeOver, onReady]);
    return <textarea aria-label="monaco" defaultValue={value} />;
  },
}));

describe('CodeEditor', () => {
  it('shows the code as a labelled text box with line numbers, and loads Monaco only when used, passing on the focus and what was typed', async () => {
    // Prepare
    serve({}, { as: null });
    await renderInProviders(<CodeEditor fileName="main.py" value={'n = int(input())\nprint(n)'} label="Your program" testId="code" />);
    const plain = screen.getByRole('textbox', { name: /^Your program\. F11 toggles full screen/ });
    expect(plain.textContent).toBe('1n = int(input())2print(n)');
    expect(screen.getByTestId('code').dataset.editor).toBe('plain');
    expect(mounted).not.toHaveBeenCalled();

    // Act
    await act(async () => {
      plain.focus();
      fireEvent.keyDown(plain, { key: 'x' });
      fireEvent.keyDown(plain, { key: 'Enter' });
    });

    // Assess
    await screen.findByRole('textbox', { name: 'monaco' });
    expect(mounted).toHaveBeenCalledWith({ focus: true, typed: 'x\n' });
    expect(screen.getByTestId('code').dataset.editor).toBe('monaco');
    expect(screen.queryByRole('textbox', { name: /Your program/ })).toBeNull();
  });

  it('a read-only editor takes no typed text and still opens Monaco on focus', async () => {
    // Prepare
    serve({}, { as: null });
    mounted.mockClear();
    await renderInProviders(<CodeEditor fileName="main.sql" value="SELECT 1" label="Solution" readOnly />);
    const plain = screen.getByRole('textbox', { name: /^Solution/ });
    expect(plain.getAttribute('aria-readonly')).toBe('true');

    // Act
    await act(async () => {
      plain.focus();
      fireEvent.keyDown(plain, { key: 'x' });
    });

    // Assess
    await screen.findByRole('textbox', { name: 'monaco' });
    expect(mounted).toHaveBeenCalledWith({ focus: true, typed: '' });
  });
});
