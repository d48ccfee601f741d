/** The router starts without touching session storage, and still navigates through the page's history (issue 20 item 22). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppRouter } from './router';
import { routerWindow } from './router-window';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('routerWindow', () => {
  it('creating the app router reads no session storage', () => {
    const reads = vi.spyOn(Storage.prototype, 'getItem');
    const router = createAppRouter();
    expect(reads.mock.contexts.filter((storage) => storage === window.sessionStorage)).toEqual([]);
    reads.mockRestore();
    router.dispose();
  });

  it('is the page itself for everything but session storage', () => {
    const seen = vi.fn();
    const proxied = routerWindow();
    proxied.addEventListener('lectio-probe', seen);
    window.dispatchEvent(new Event('lectio-probe'));
    proxied.removeEventListener('lectio-probe', seen);
    window.dispatchEvent(new Event('lectio-probe'));
    expect(seen).toHaveBeenCalledTimes(1);
    expect(proxied.location).toBe(window.location);
    expect(proxied.document).toBe(window.document);
    expect(proxied.sessionStorage.getItem('remix-router-transitions')).toBeNull();
  });

  it('navigates the page history', async () => {
    window.history.replaceState(null, '', '/login');
    const router = createAppRouter();
    await router.navigate('/register');
    expect(window.location.pathname).toBe('/register');
    router.dispose();
  });
});
