// One lint set-up for every package: typescript-eslint's recommended rules on all TS sources, plus the
// web app's boundaries (bulletproof-react's "unidirectional codebase"), the functions' platform → domain
// boundary, import cycles and React hooks.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';

const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * The web app's import boundaries, in one direction only: app → features → components / lib.
 * - a feature never imports another feature (compose them in app/) nor app/;
 * - components/, lib/ and testing/ never import features nor app/ (testing/ may load the app to render it).
 * Exported for the lint fixture test (web/src/testing/boundaries.test.ts).
 */
export const webBoundaryZones = [
  ...webFeatures.map((name) => ({
    target: `./web/src/features/${name}`,
    from: './web/src/features',
    except: [`./${name}`],
    message: 'A feature must not import another feature: compose them in web/src/app/.',
  })),
  { target: './web/src/features', from: './web/src/app', message: 'A feature must not import app/.' },
  {
    target: ['./web/src/components', './web/src/lib'],
    from: ['./web/src/features', './web/src/app'],
    message: 'components/ and lib/ are shared by every feature: they must not import features or app/.',
  },
];

/**
 * The functions' domains: every folder of functions/src but the platform, the composition root (app/)
 * and the demo seed (demo/), which compose the domains.
 */
const functionDomains = readdirSync(new URL('./functions/src', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !['platform', 'app', 'demo'].includes(d.name))
  .map((d) => d.name);

/**
 * The functions' boundary: the platform imports no domain, nor the composition root or the demo seed that
 * import them; a domain plugs its part in (platform/domain.ts) and functions/src/app/ composes them (the
 * local cloud gets its handlers from app/local-handlers.ts). Exported for the lint fixture test.
 */
export const functionsBoundaryZones = [
  {
    target: './functions/src/platform',
    // the composition root and the demo seed import every domain, so the platform does not import them either
    from: [...functionDomains, 'app', 'demo'].map((name) => `./functions/src/${name}`),
    message: 'The platform must not import a domain: the domain plugs in (platform/domain.ts), functions/src/app/ composes them.',
  },
  // A domain uses another only through that domain's index.ts (its exported functions), never its files.
  ...functionDomains.flatMap((name) =>
    functionDomains
      .filter((other) => other !== name)
      .map((other) => ({
        target: `./functions/src/${name}`,
        from: `./functions/src/${other}`,
        except: ['./index.ts'],
        message: "A domain must not reach into another domain's files: import its index.ts (what it exports for others).",
      })),
  ),
];

/** Nor the demo seed or the composition root, which compose the domains (a domain's tests may use demo content). */
const functionsDemoZone = [
  {
    target: functionDomains.map((name) => `./functions/src/${name}`),
    from: ['./functions/src/app', './functions/src/demo'],
    message: 'A domain must not import the composition root (app/) or the demo seed (demo/).',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'web/.dist-*/**', 'cdk.out/**', '.data/**', 'tests/artifacts/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Handlers receive loosely typed AWS events at the edge; zod narrows them right after.
      '@typescript-eslint/no-explicit-any': 'warn',
      // `{} extends T` is how the typed client tells optional request parts.
      '@typescript-eslint/no-empty-object-type': ['error', { allowObjectTypes: 'always' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'functions/src/**/*.ts', 'shared/src/**/*.ts', 'events/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      // Parse TypeScript dependencies too, or no-cycle cannot follow them.
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import/resolver': {
        typescript: {
          project: ['web/tsconfig.json', 'functions/tsconfig.json', 'shared/tsconfig.json', 'events/tsconfig.json'],
        },
      },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': ['error', { zones: webBoundaryZones }],
    },
  },
  {
    files: ['functions/src/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        { zones: [...functionsBoundaryZones, ...functionsDemoZone] },
      ],
    },
  },
  {
    files: ['functions/src/**/*.test.ts'],
    rules: {
      'import/no-restricted-paths': ['error', { zones: functionsBoundaryZones }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // A test may capture a hook's result in a module variable to drive it from outside.
    files: ['web/src/**/*.test.{ts,tsx}'],
    rules: { 'react-hooks/globals': 'off' },
  },
  {
    // A namespace import lets esbuild drop the parts of zod a Lambda does not use (272 → 57 kB a bundle).
    files: ['functions/src/**/*.ts', 'shared/src/**/*.ts', 'events/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z']",
          message: "Use `import * as z from 'zod'`: the bundles then hold only the zod they use.",
        },
      ],
    },
  },
  {
    // Every mutation goes through the one helper that disables its button and drops repeated submits.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/use-action.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message: 'Use useAction from @/lib/use-action (guards against double submits).',
            },
          ],
        },
      ],
    },
  },
);
