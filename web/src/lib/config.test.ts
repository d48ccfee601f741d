import { describe, expect, it, vi } from 'vitest';
import { getConfig, loadConfig, normaliseConfig } from './config';

describe('runtime config', () => {
  it('makes the API base and the socket URL absolute against the page origin', () => {
    const config = normaliseConfig({ apiBase: '/api/', wsUrl: '/ws', clientSecret: 's', version: '2.811.0' });
    expect(config.apiBase).toBe(`${window.location.origin}/api`);
    expect(config.wsUrl).toBe(`${window.location.origin.replace(/^http/, 'ws')}/ws`);
    expect(
      normaliseConfig({ apiBase: 'https://api.example.org/prod', wsUrl: 'wss://ws.example.org/prod' }),
    ).toMatchObject({
      apiBase: 'https://api.example.org/prod',
      wsUrl: 'wss://ws.example.org/prod',
    });
  });

  it('loads /config.json and falls back to same-origin defaults when it fails', async () => {
    const good = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            apiBase: '/api',
            wsUrl: 'ws://127.0.0.1:3000/ws',
            clientId: 2,
            clientSecret: 'x',
            version: '1',
          }),
        ),
    );
    await loadConfig(good as unknown as typeof fetch);
    expect(good).toHaveBeenCalledWith('/config.json', expect.anything());
    expect(getConfig()).toMatchObject({ wsUrl: 'ws://127.0.0.1:3000/ws', clientSecret: 'x', clientId: 2 });

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const bad = vi.fn(async () => new Response('nope', { status: 404 }));
    await loadConfig(bad as unknown as typeof fetch);
    expect(getConfig()).toMatchObject({ apiBase: `${window.location.origin}/api`, clientSecret: '' });
  });

  it("takes the built page's early request once, then asks for /config.json itself", async () => {
    const answer = (version: string) => new Response(JSON.stringify({ apiBase: '/api', wsUrl: '/ws', clientSecret: 'early', version }));
    window.lectioConfigRequest = Promise.resolve(answer('early'));
    const fetchImpl = vi.fn(async () => answer('fetched'));
    await loadConfig(fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(getConfig().version).toBe('early');
    expect(window.lectioConfigRequest).toBeUndefined();
    await loadConfig(fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).toHaveBeenCalledOnce();
    expect(getConfig().version).toBe('fetched');
  });
});
