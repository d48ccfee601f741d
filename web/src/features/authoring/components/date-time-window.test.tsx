import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { parseSpecTime } from '@lectio/shared';
import { formatServerTime } from '@/lib/format-time';
import { DateTimeField } from './date-time-window';

describe('a chapter window in the author\'s time zone (issue 19: 14:00 at UTC+1)', () => {
  it('stores 14:00 set in Europe/Prague as 13:00 UTC, shows the zone, and a learner there sees 14:00', () => {
    // Prepare
    const onChange = vi.fn();
    render(<DateTimeField label="Open until" enabled value="2026-11-24 08:00:00" onChange={onChange} testId="w" timeZone="Europe/Prague" />);
    expect(screen.getByTestId('w-zone').textContent).toBe('Europe/Prague (GMT+01:00)');
    expect((screen.getByTestId('w-date') as HTMLInputElement).value).toBe('2026-11-24');
    expect(within(screen.getByTestId('w-hour')).getByRole('combobox').textContent).toBe('09');
    // Act
    fireEvent.mouseDown(within(screen.getByTestId('w-hour')).getByRole('combobox'));
    fireEvent.click(screen.getByRole('option', { name: '14' }));
    // Assess
    const stored = onChange.mock.lastCall![1] as string;
    expect(stored).toBe('2026-11-24 13:00:00');
    expect(parseSpecTime(stored)).toBe(Date.UTC(2026, 10, 24, 13, 0, 0));
    expect(formatServerTime(stored, 'en-GB', 'Europe/Prague')).toBe('24/11/2026, 14:00');
    expect(formatServerTime(stored, 'en-GB', 'UTC')).toBe('24/11/2026, 13:00');
  });
});
