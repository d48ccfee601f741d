import { describe, expect, it } from 'vitest';
import { composeEml, readEml } from './eml';

describe('outbox mail format', () => {
  it('round-trips UTF-8 subject, text and HTML', () => {
    const sentAt = new Date('2026-11-22T08:00:00Z');
    const eml = composeEml(
      { from: 'Lectio <no-reply@lectio.example>', to: 'žiak@example.com', subject: 'Potvrďte registráciu – Подтвердите', text: 'Ahoj ✓', html: '<p>Ahoj ✓</p>' },
      sentAt,
    );
    expect(eml).toContain('MIME-Version: 1.0');
    expect(eml).toMatch(/Subject: =\?UTF-8\?B\?/);
    expect(readEml(eml)).toEqual({
      to: 'žiak@example.com',
      subject: 'Potvrďte registráciu – Подтвердите',
      text: 'Ahoj ✓',
      html: '<p>Ahoj ✓</p>',
      sentAt: sentAt.toISOString(),
    });
  });
});
