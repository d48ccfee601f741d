/** Each use of the server secret has its own derived key: stable, 32 bytes, unlike each other and the secret. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedKey, resetSecretsCache } from './config';

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
