/**
 * The pages the web build renders ahead (web/src/prerendered-pages.ts) are the ones CloudFront serves as
 * `<path>.html` (infra's SPA fallback): a page missing from either would be served the wrong file.
 */
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES } from '../../infra/src/stacks/web-stack';
import { prerenderedPages } from '../../web/src/prerendered-pages';

describe('build-time pages', () => {
  it('are the same list in the web build and in CloudFront, each served from <path>.html', () => {
    expect([...PRERENDERED_PAGES].sort()).toEqual(Object.keys(prerenderedPages).sort());
    for (const [path, name] of Object.entries(prerenderedPages)) expect(`${path}.html`).toBe(`/${name}.html`);
  });
});
