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
);
