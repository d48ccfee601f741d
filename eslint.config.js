// One lint set-up for every package: typescript-eslint's recommended rules on all TS sources.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.data/**', 'tests/artifacts/**'] },
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
