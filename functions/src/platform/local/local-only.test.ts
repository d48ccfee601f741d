import { describe, expect, it } from 'vitest';
import { hostName, isLoopbackAddress, isLoopbackHost, localOnlyRefusal } from './local-only';

const req = (headers: Record<string, string>, method = 'GET', remoteAddress = '127.0.0.1') => ({
  headers: { host: '127.0.0.1:3000', ...headers },
  method,
  socket: { remoteAddress },
});

describe('local-only guard', () => {
  it('knows loopback addresses and names', () => {
    expect(['127.0.0.1', '127.8.9.1', '::1', '::ffff:127.0.0.1'].every(isLoopbackAddress)).toBe(true);
    expect(['10.0.0.2', '::ffff:192.168.1.4', '0.0.0.0', '', undefined].some(isLoopbackAddress)).toBe(false);
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(hostName('[::1]:3000')).toBe('[::1]');
    expect(hostName('evil.example:3000')).toBe('evil.example');
  });

  it('lets this machine read the outbox and post JSON', () => {
    expect(localOnlyRefusal(req({}))).toBeNull();
    expect(localOnlyRefusal(req({ host: 'localhost:3000', origin: 'http://localhost:3000' }))).toBeNull();
    expect(localOnlyRefusal(req({ 'content-type': 'application/json; charset=utf-8' }, 'POST'))).toBeNull();
    expect(localOnlyRefusal(req({ 'content-type': 'application/octet-stream', authorization: 'AWS4-HMAC-SHA256 Credential=x' }, 'POST'))).toBeNull();
  });

  it('refuses other peers, rebinding hosts, foreign origins and simple cross-site posts', () => {
    expect(localOnlyRefusal(req({}, 'GET', '192.168.1.20'))).toMatch(/this machine only/);
    expect(localOnlyRefusal(req({ host: 'rebind.attacker.example:3000' }))).toMatch(/Host/);
    expect(localOnlyRefusal(req({ host: '' }))).toMatch(/Host/);
    expect(localOnlyRefusal(req({ origin: 'https://attacker.example' }))).toMatch(/Cross-site/);
    expect(localOnlyRefusal(req({ origin: 'null' }))).toMatch(/Cross-site/);
    expect(localOnlyRefusal(req({ 'sec-fetch-site': 'cross-site' }))).toMatch(/Cross-site/);
    expect(localOnlyRefusal(req({ 'content-type': 'text/plain' }, 'POST'))).toMatch(/JSON/);
    expect(localOnlyRefusal(req({}, 'POST'))).toMatch(/JSON/);
  });
});
