/** Each use of the server secret has its own derived key: stable, 32 bytes, unlike each other and the secret. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkEnvironment, derivedKey, env, EnvironmentError, resetSecretsCache } from './config';

beforeAll(() => {
  process.env.JWT_SECRET = 'test-secret-of-the-server';
  process.env.CLIENT_SECRET = 'client';
  resetSecretsCache();
});
afterAll(() => {
  delete process.env.JWT_SECRET;
  delete process.env.CLIENT_SECRET;
  resetSecretsCache();
});

describe('derivedKey', () => {
  it('gives each purpose its own stable 32-byte key, none of them the secret itself', async () => {
    const order = await derivedKey('task-order');
    const research = await derivedKey('research-pseudonym');
    expect(order).toHaveLength(32);
    expect(research).toHaveLength(32);
    expect(order.equals(research)).toBe(false);
    expect(order.toString('utf8')).not.toContain('test-secret');
    resetSecretsCache();
    expect((await derivedKey('task-order')).equals(order)).toBe(true);
  });

  it('changes with the secret', async () => {
    const before = await derivedKey('task-order');
    process.env.JWT_SECRET = 'another-secret';
    resetSecretsCache();
    expect((await derivedKey('task-order')).equals(before)).toBe(false);
  });
});

describe('the environment schema', () => {
  it('gives typed values and defaults, and reads a variable when asked (a later change is seen)', () => {
    // Prepare
    const before = process.env.JUDGE_WORKERS;
    process.env.JUDGE_WORKERS = '3';
    try {
      // Act + Assess
      expect(env('JUDGE_WORKERS')).toBe(3);
      expect(checkEnvironment({}).PORT).toBe(3000);
      expect(checkEnvironment({}).SEED_LEARNERS).toBe(180);
      expect(checkEnvironment({ MAIL_TRANSPORT: '' }).MAIL_TRANSPORT).toBe('outbox');
    } finally {
      if (before === undefined) delete process.env.JUDGE_WORKERS;
      else process.env.JUDGE_WORKERS = before;
    }
  });

  it('refuses wrong values, naming every wrong variable at once', () => {
    const check = () => checkEnvironment({ PORT: 'eighty', MAIL_TRANSPORT: 'smtp', DYNAMODB_ENDPOINT: 'not a url', SEED: 'demo' });
    expect(check).toThrow(EnvironmentError);
    expect(check).toThrow(/DYNAMODB_ENDPOINT="not a url": Invalid URL \| MAIL_TRANSPORT="smtp".* \| PORT="eighty"/);
  });
});
