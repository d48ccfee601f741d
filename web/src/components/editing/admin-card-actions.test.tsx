import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { initI18n } from '@/lib/i18n';
import { AdminCardActions } from './admin-card-actions';

beforeAll(async () => {
  await initI18n('en');
});

function renderRow(count: number) {
  const onMove = vi.fn();
  render(
    <MemoryRouter>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} data-testid={`row-${index}`}>
          <AdminCardActions
            name={`Item ${index + 1}`}
            editTo={`/admin_category/${index + 1}`}
            index={index}
            count={count}
            onDelete={() => {}}
            onMove={(direction) => onMove(index, direction)}
          />
        </div>
      ))}
    </MemoryRouter>,
  );
  return onMove;
}

const button = (row: number, name: string) =>
  within(screen.getByTestId(`row-${row}`)).getByRole('button', { name }) as HTMLButtonElement;

describe('admin card actions', () => {
  it('disables move up on the first and move down on the last item', () => {
    renderRow(3);
    expect(button(0, 'Move Item 1 up').disabled).toBe(true);
    expect(button(0, 'Move Item 1 down').disabled).toBe(false);
    expect(button(1, 'Move Item 2 up').disabled).toBe(false);
    expect(button(1, 'Move Item 2 down').disabled).toBe(false);
    expect(button(2, 'Move Item 3 up').disabled).toBe(false);
    expect(button(2, 'Move Item 3 down').disabled).toBe(true);
  });

  it('a single item can move neither way', () => {
    renderRow(1);
    expect(button(0, 'Move Item 1 up').disabled).toBe(true);
    expect(button(0, 'Move Item 1 down').disabled).toBe(true);
  });

  it('names every control and reports the move', () => {
    const onMove = renderRow(2);
    fireEvent.click(button(1, 'Move Item 2 up'));
    expect(onMove).toHaveBeenCalledWith(1, 'up');
    const row = within(screen.getByTestId('row-0'));
    expect(row.getByRole('link', { name: 'Edit Item 1' }).getAttribute('href')).toBe('/admin_category/1');
    expect(row.getByRole('button', { name: 'Delete Item 1' })).toBeTruthy();
  });
});
