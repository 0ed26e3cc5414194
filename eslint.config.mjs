import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/*
 * Import direction (shared → features → app). On the web: components/ui, components/layouts, lib and config are
 * shared and import no feature and not the app; a feature imports shared code and itself, never another feature or
 * the app; packages never import apps. Relative paths that climb out of a folder are refused too, so `@/…` is the
 * only way across, and these rules see every crossing.
 */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const climbsOut = {
  regex: '^(\\.\\./){2,}',
  message: 'Import across folders with the @/ alias, not ../../.',
};
const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const importDirection = [
  {
    files: ['apps/web/src/{components,lib,config}/**/*.{ts,tsx}'],
    rules: restrictImports(
      {
        regex: '^(@/|(\\.\\./)+)(features|app)(/|$)',
        message: 'Shared code must not import features or the app.',
      },
      climbsOut,
    ),
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: restrictImports(
      {
        // Any feature but this one (ignore-style negation cannot re-include below an excluded folder).
        regex: `^@/(features/(?!${feature}(/|$))|app(/|$))`,
        message:
          'A feature must not import another feature or the app; move shared code to lib or components.',
      },
      climbsOut,
    ),
  })),
  {
    files: ['packages/**/*.{ts,tsx}'],
    rules: restrictImports({
      regex: '^@aec/(api|web)(/|$)|(^|/)apps/',
      message: 'Packages must not import apps.',
    }),
  },
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '.e2e-artifacts/**', 'tools/ferretdb/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['**/*.{js,cjs}'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['scripts/*.test.js', 'bench/*.test.js'], languageOptions: { globals: { ...globals.jest } } },
  ...importDirection,
);
