/**
 * The window the router runs on: the page's own, without session storage.
 *
 * React Router reads its view transitions from session storage when it starts (restoreAppliedTransitions).
 * A page's first touch of session storage waits for the browser to hand it the tab's storage: 20-175 ms
 * measured on the task player's first load, in the task that mounts the app, which a phone's 4x slower CPU
 * turns into up to 0.7 s of blocking time (issue 20 item 22). Lectio uses no view transitions, so there is
 * nothing to restore or to save: the router gets a storage that holds nothing.
 *
 * Everything else is the window itself: its values as they are, its functions bound to it (a window
 * method called on another object throws).
 */
const noStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
};

export function routerWindow(page: Window = window): Window {
  return new Proxy(page, {
    get(target, key) {
      if (key === 'sessionStorage') return noStorage;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
