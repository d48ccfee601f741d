import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { initI18n } from '@/lib/i18n';
import { QuestionView } from './question-view';

const content = (fields: Record<string, string>) => JSON.stringify({ description: 'Question?', ...fields });

describe('QuestionView', () => {
  it('answers a Likert 7 question with its end labels as the radios\u2019 names', async () => {
    // Prepare
    await initI18n('en');
    const onAnswer = vi.fn();
    render(<QuestionView qType={8} content={content({ desc_first: 'Never', desc_last: 'Surely' })} answer={{}} onAnswer={onAnswer} />);

    // Act
    fireEvent.click(screen.getByRole('radio', { name: '7 Surely' }));

    // Assess
    expect(screen.getAllByRole('radio')).toHaveLength(7);
    expect(screen.getByRole('radio', { name: '1 Never' })).toBeTruthy();
    expect(onAnswer).toHaveBeenCalledWith({ answer: 7 });
  });

  it('ticks several choices and the other option, with its text', async () => {
    // Prepare
    await initI18n('en');
    const onAnswer = vi.fn();
    const { rerender } = render(<QuestionView qType={5} content={content({ choices: 'A\nB', other_descr: 'Elsewhere' })} answer={{ answers: [1] }} onAnswer={onAnswer} />);

    // Act
    fireEvent.click(screen.getByRole('checkbox', { name: 'Elsewhere' }));

    // Assess
    expect(onAnswer).toHaveBeenLastCalledWith({ answers: [-1, 1], answer_descr: '' });
    rerender(<QuestionView qType={5} content={content({ choices: 'A\nB', other_descr: 'Elsewhere' })} answer={{ answers: [-1, 1] }} onAnswer={onAnswer} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Elsewhere' }), { target: { value: 'Park' } });
    fireEvent.blur(screen.getByRole('textbox', { name: 'Elsewhere' }));
    expect(onAnswer).toHaveBeenLastCalledWith({ answers: [-1, 1], answer_descr: 'Park' });
  });

  it('is read-only when finished', async () => {
    // Prepare
    await initI18n('en');

    // Act
    render(<QuestionView qType={2} content={content({ choices: 'A\nB' })} answer={{ answer: 0 }} readOnly />);

    // Assess
    expect((screen.getByRole('radio', { name: 'A' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'B' }) as HTMLInputElement).disabled).toBe(true);
  });
});
