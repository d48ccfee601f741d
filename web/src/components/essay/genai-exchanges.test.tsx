/** The GenAI dialogue editor (type 17; spec/3 §5): 1 to 10 exchanges, add disabled at 10, delete-last at 1. */
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { emptyExchange, type GenaiExchange } from '@lectio/shared';
import { renderInProviders } from '@/testing/render-app';
import { GenaiExchanges, essayHtmlOf, exchangesOf } from './genai-exchanges';

function Dialogue({ start }: { start: number }) {
  const [value, setValue] = useState<GenaiExchange[]>(Array.from({ length: start }, emptyExchange));
  return <GenaiExchanges value={value} onChange={setValue} />;
}

describe('GenaiExchanges', () => {
  it('adds up to 10 exchanges and deletes the last down to 1', async () => {
    await renderInProviders(<Dialogue start={1} />);
    expect(screen.getByTestId('genai-delete-last')).toHaveProperty('disabled', true);
    for (let i = 1; i < 10; i++) fireEvent.click(screen.getByTestId('genai-add'));
    expect(screen.getAllByTestId('genai-exchange')).toHaveLength(10);
    expect(screen.getByTestId('genai-add')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('genai-delete-last'));
    expect(screen.getAllByTestId('genai-exchange')).toHaveLength(9);
    expect(screen.getByTestId('genai-add')).toHaveProperty('disabled', false);
  });

  it('reads stored answers leniently', () => {
    expect(exchangesOf('not json')).toEqual([emptyExchange()]);
    expect(exchangesOf(JSON.stringify([{ prompt: 'p' }]))).toEqual([{ prompt: 'p', reply: '', reflection: '' }]);
    expect(essayHtmlOf(JSON.stringify('<p>x</p>'))).toBe('<p>x</p>');
    expect(essayHtmlOf('{}')).toBe('');
  });
});
