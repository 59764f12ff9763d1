// ESLint flat config: typescript-eslint's recommended rules for every part, React hooks rules
// for the renderer, and a guard that keeps the parts' import arrows pointing one way (DESIGN.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const layer = (from, forbidden, why) => ({
  files: [`src/${from}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: forbidden.map((f) => ({ group: [`**/${f}/**`, `../${f}`, `../../${f}`], message: why })) },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.vite',
      'out',
      'data',
      'models',
      '.tmp',
      'test-results',
      'playwright-report',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: [
      'src/renderer/**/*.{ts,tsx}',
      'tests/unit/renderer/**/*.{ts,tsx}',
      'tests/helpers/render-app.tsx',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  layer(
    'shared',
    ['native', 'server', 'main', 'preload', 'renderer'],
    'src/shared is the contract: it imports nothing else of ours',
  ),
  layer('native', ['server', 'main', 'preload', 'renderer'], 'src/native may import only src/shared'),
  layer('server', ['main', 'preload', 'renderer'], 'the server never imports renderer or Electron code'),
  layer(
    'renderer',
    ['native', 'server', 'main', 'preload'],
    'the renderer reaches main only through the preload bridge',
  ),
  layer('preload', ['native', 'server', 'main', 'renderer'], 'the preload imports only src/shared'),
);
