import { describe, expect, it } from 'vitest';
import { nextView, shouldSave, withSaved } from './program';

describe('program pane rules', () => {
  it('saves only changed files that are not all blank', () => {
    expect(shouldSave({ 'a.py': 'x' }, { 'a.py': 'x' })).toBe(false);
    expect(shouldSave({ 'a.py': 'y' }, { 'a.py': 'x' })).toBe(true);
    expect(shouldSave({ 'a.py': '  \n' }, { 'a.py': 'x' })).toBe(false);
    expect(shouldSave({ 'a.py': '', 'b.py': 'z' }, { 'a.py': 'q', 'b.py': 'z' })).toBe(true);
  });
  it('cycles six layouts', () => {
    expect([0, 1, 2, 3, 4, 5].map(nextView)).toEqual([1, 2, 3, 4, 5, 0]);
  });
  it('puts saved code over the starting code, ignoring unknown files and bad JSON', () => {
    const defaults = { 'a.py': 'start' };
    expect(withSaved(defaults, JSON.stringify([{ filename: 'a.py', filecontent: 'mine' }, { filename: 'evil.sh', filecontent: 'x' }]))).toEqual({ 'a.py': 'mine' });
    expect(withSaved(defaults, 'not json')).toBe(defaults);
    expect(withSaved(defaults, '')).toBe(defaults);
  });
});
