import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { parseSpecTime } from '@lectio/shared';
import { formatServerTime } from '@/lib/format-time';
import { DateTimeField, pickerDateOf, specTimeOfPicked } from './date-time-field';

/** The field as the chapter form holds it: the value it sends comes back as its value. */
function Window({ onChange }: { onChange: (on: boolean, at: string) => void }) {
  const [at, setAt] = useState('2026-11-24 08:00:00');
  return <DateTimeField label="Open until" pickerLabel="Date and time" enabled value={at} onChange={(on, next) => { setAt(next); onChange(on, next); }} testId="w" timeZone="Europe/Prague" />;
}

describe('a chapter window in the author\'s time zone (issue 19: 14:00 at UTC+1)', () => {
  it('stores 14:00 set in Europe/Prague as 13:00 UTC, shows the zone, and a learner there sees 14:00', () => {
    // Prepare
    const onChange = vi.fn();
    render(<Window onChange={onChange} />);
    expect(screen.getByTestId('w-zone').textContent).toBe('Europe/Prague (GMT+01:00)');
    const field = screen.getByTestId('w');
    const section = (name: string) => within(field).getByRole('spinbutton', { name });
    expect(['Day', 'Month', 'Year', 'Hours', 'Minutes'].map((name) => section(name).textContent)).toEqual(['24', '11', '2026', '09', '00']);
    // Act: the author moves to the hours and steps them up from 09 to 14
    fireEvent.click(section('Day'));
    for (let i = 0; i < 3; i += 1) fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(section('Hours'));
    for (let i = 0; i < 5; i += 1) fireEvent.keyDown(section('Hours'), { key: 'ArrowUp' });
    expect(section('Hours').textContent).toBe('14');
    // Assess
    const stored = onChange.mock.lastCall![1] as string;
    expect(stored).toBe('2026-11-24 13:00:00');
    expect(parseSpecTime(stored)).toBe(Date.UTC(2026, 10, 24, 13, 0, 0));
    expect(formatServerTime(stored, 'en-GB', 'Europe/Prague')).toBe('24/11/2026, 14:00');
    expect(formatServerTime(stored, 'en-GB', 'UTC')).toBe('24/11/2026, 13:00');
  });

  it('reads and writes the wall clock of the author\'s zone whatever the browser\'s zone, summer time included', () => {
    const picked = pickerDateOf('2026-07-01 12:00:00', 'Europe/Prague');
    expect([picked.getFullYear(), picked.getMonth(), picked.getDate(), picked.getHours(), picked.getMinutes()]).toEqual([2026, 6, 1, 14, 0]);
    expect(specTimeOfPicked(new Date(2026, 6, 1, 14, 30), 'Europe/Prague')).toBe('2026-07-01 12:30:00');
    expect(specTimeOfPicked(new Date(2026, 10, 24, 14, 0), 'Pacific/Kiritimati')).toBe('2026-11-24 00:00:00');
  });
});
