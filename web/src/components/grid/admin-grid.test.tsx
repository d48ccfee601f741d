import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { initI18n, switchLanguage } from '@/lib/i18n';
import { AdminGrid } from './admin-grid';

describe('AdminGrid', () => {
  it("keeps the grid's texts in the UI language when a screen sets its own empty-table text", async () => {
    await initI18n('en');
    await switchLanguage('sk');
    render(<AdminGrid testId="grid" rows={[]} columns={[{ field: 'name', headerName: 'Meno' }]} localeText={{ noRowsLabel: 'Nič tu nie je.' }} />);
    expect(await screen.findByText('Nič tu nie je.')).toBeTruthy();
    // The pager was English ("0–0 of 0") on /show_kernels and /que_list: the screen's localeText replaced the grid's.
    expect(screen.getByTestId('grid').textContent).toContain('0–0 z 0');
    expect(screen.getByTestId('grid').textContent).not.toContain(' of ');
    await switchLanguage('en');
  });
});
