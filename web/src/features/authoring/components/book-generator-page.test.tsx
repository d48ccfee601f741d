/** The book's pages print what a learner sees of a question, never its answers (issue 20 item 5, spec/2 §2.3). */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { taskKey } from '@lectio/shared';
import { TaskBody } from './book-generator-page';

const task = (id: number, task_type_id: number, content: object) => ({ id, task_type_id, content: JSON.stringify(content), globals: '' });

describe("a question on the book's pages", () => {
  it('shows a short-answer question without its correct answers (the key still lists them)', () => {
    // Prepare
    const shortAnswer = task(31, 2, { content: '<p>Capital of France?</p>', help: '', answer_list: [{ answer: 'Paris', feedback: '' }, { answer: 'Lutetia', feedback: '' }] });
    // Act
    const { container } = render(<TaskBody task={shortAnswer} minChars={200} />);
    // Assess
    expect(screen.getByText('Capital of France?')).toBeTruthy();
    expect(container.textContent).not.toMatch(/Paris|Lutetia/);
    expect(taskKey(2, shortAnswer.content, JSON.stringify({ ratings: [100, 100] }))).toEqual(['Paris', 'Lutetia']);
  });

  it('shows gaps as blanks, not their texts', () => {
    const { container } = render(<TaskBody task={task(32, 5, { content: '<p>x = §§42§§</p>' })} minChars={200} />);
    expect(container.textContent).toBe('x = _____');
  });

  it('prints reorder lines shuffled (not in the correct order), the same on every print', () => {
    // Prepare
    const lines = ['SELECT name', 'FROM users', 'WHERE id = 1', 'ORDER BY name;'];
    const reorder = task(33, 7, { content: '<p>Put the query in order.</p>', code: lines.join('\n') });
    // Act
    const first = render(<TaskBody task={reorder} minChars={200} />);
    const printed = first.getByTestId('book-lines').textContent!.split('\n');
    first.unmount();
    const again = render(<TaskBody task={reorder} minChars={200} />).getByTestId('book-lines').textContent!.split('\n');
    // Assess
    expect(printed).not.toEqual(lines);
    expect([...printed].sort()).toEqual([...lines].sort());
    expect(again).toEqual(printed);
  });
});
