import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { initI18n, switchLanguage } from '@/lib/i18n';
import { CaseReportOption } from './case-report-option';

function Harness({ initial, readOnly = false, seen }: { initial: boolean; readOnly?: boolean; seen: boolean[] }) {
  const [checked, setChecked] = useState(initial);
  return <CaseReportOption checked={checked} readOnly={readOnly} onChange={(v) => (seen.push(v), setChecked(v))} />;
}

describe('type 8 option: failed cases show their data', () => {
  it('is a labelled checkbox, off by default, described by what learners see, focusable, toggled', async () => {
    await initI18n('en');
    const seen: boolean[] = [];
    render(<Harness initial={false} seen={seen} />);
    const box = screen.getByRole('checkbox', { name: 'Show input and expected output of failed test cases' });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toMatch(/not its input or expected output/);
    box.focus();
    expect(document.activeElement).toBe(box);
    fireEvent.click(box);
    expect(seen).toEqual([true]);
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/VPL’s report/)).toBeTruthy();
  });

  it('is disabled when the task is read-only; translated', async () => {
    await initI18n('en');
    await switchLanguage('sk');
    render(<Harness initial readOnly seen={[]} />);
    const box = screen.getByRole('checkbox', { name: 'Zobraziť vstup a očakávaný výstup neúspešných testov' });
    expect((box as HTMLInputElement).disabled).toBe(true);
    await switchLanguage('en');
  });
});
