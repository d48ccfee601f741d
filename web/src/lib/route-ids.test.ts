import { describe, expect, it } from 'vitest';
import { isRouteId, validRouteParams } from './route-ids';

describe('route ids', () => {
  it('accepts whole numbers within the server id range, 0 meaning a new item', () => {
    expect(isRouteId('0')).toBe(true);
    expect(isRouteId('42')).toBe(true);
    expect(isRouteId('2147483647')).toBe(true);
  });

  it('refuses what would become NaN or a bad id', () => {
    for (const bad of ['abc', '', '-1', '1.5', '1e3', ' 1', '2147483648', '99999999999']) expect(isRouteId(bad), bad).toBe(false);
  });

  it('checks every parameter but the text ones and an absent optional one', () => {
    expect(validRouteParams({ course_id: '3', lesson_id: '4', id: '0' })).toBe(true);
    expect(validRouteParams({ mail: 'a@b.cz', token: 'xYz-1' })).toBe(true);
    expect(validRouteParams({ id: undefined })).toBe(true);
    expect(validRouteParams({ category_id: '1', id: 'abc' })).toBe(false);
  });
});
