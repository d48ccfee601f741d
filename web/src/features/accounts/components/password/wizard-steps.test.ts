import { describe, expect, it } from 'vitest';
import { reachableStep, wizardStepOf } from './wizard-steps';

const none = { email: '', token: '', finished: false };

describe('password wizard steps', () => {
  it('reads ?step= as 1-4', () => {
    expect(wizardStepOf('2')).toBe(2);
    for (const odd of [null, '', '0', '5', 'x', '2.5']) expect(wizardStepOf(odd)).toBe(1);
  });

  it('shows the code step again (Forward after Back) while the e-mail is known, without a new code', () => {
    expect(reachableStep(2, { ...none, email: 'a@b.cz' })).toBe(2);
    expect(reachableStep(1, { ...none, email: 'a@b.cz' })).toBe(1);
  });

  it('falls back to the last step it can show', () => {
    expect(reachableStep(2, none)).toBe(1);
    // After a reload the one-time token is gone: back to the code.
    expect(reachableStep(3, { ...none, email: 'a@b.cz' })).toBe(2);
    expect(reachableStep(3, { ...none, email: 'a@b.cz', token: 't' })).toBe(3);
    expect(reachableStep(4, { ...none, email: 'a@b.cz', token: 't' })).toBe(3);
  });

  it('stays at finished once the password is changed', () => {
    expect(reachableStep(2, { email: 'a@b.cz', token: '', finished: true })).toBe(4);
  });
});
