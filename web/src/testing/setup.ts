/** jsdom gaps, the fetch mock (once for every test file) and per-test clean-up for the web's unit tests. */
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { requestFailures } from '@/lib/request-failures';

// Whole-app tests render lazy routes; on a loaded 2-core CI machine 1 s is not always enough; 15 s only matters when something is really missing.
configure({ asyncUtilTimeout: 15_000 });

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// The app talks to the API with fetch; every test answers it with testing/serve.ts (an unanswered call is
// a network failure, never a real request).
beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new TypeError('Failed to fetch (no serve() in this test)')));
});
afterEach(() => {
  vi.mocked(globalThis.fetch).mockRestore();
});

// The failure queue is a module-level store: a request of the previous test that failed after
// its screen was gone (e.g. the dashboard it navigated to) must not open a modal in the next one.
beforeEach(() => requestFailures.clear());

afterEach(() => {
  cleanup();
  requestFailures.clear();
  window.localStorage.clear();
});
