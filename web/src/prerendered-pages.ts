/**
 * The paths rendered at build time (prerender.tsx, web/build.mjs), each written to `<name>.html` beside
 * index.html and served for its path by the local cloud and by CloudFront (infra: PRERENDERED_PAGES).
 */
export const prerenderedPages = { '/login': 'login' } as const;

export type PrerenderedPath = keyof typeof prerenderedPages;
