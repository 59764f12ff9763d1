// ESLint flat config: typescript-eslint's recommended rules for every part, React hooks rules
// for the renderer, and a guard that keeps the parts' import arrows pointing one way (DESIGN.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import featureImports from './eslint/feature-imports.js';

const layer = (from, forbidden, why) => ({
  files: [`src/${from}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: forbidden.map((f) => ({ group: [`**/${f}/**`, `../${f}`, `../../${f}`], message: why })) },
    ],
  },
});

// Raw sockets (issue 32): Node's HTTP server takes its own error listener off a socket it hands
// to an 'upgrade' listener, so a reset there ended the process. Upgrades are taken in one place
// (socket/upgrade-router.ts, which guards the socket first) and refused through one helper
// (safety/raw-sockets.ts: guarded, then written and closed), never by hand; WebSockets are made
// by acceptUpgrade there too, guarded before anyone listens to them.
const RAW_HTTP_RESPONSE = [
  {
    selector: 'Literal[value=/^HTTP\\/1\\.[01] \\d{3}/]',
    message:
      'answer a refused upgrade with refuseUpgrade (src/server/safety/raw-sockets.ts): it guards the socket first',
  },
  {
    selector: 'TemplateElement[value.raw=/^HTTP\\/1\\.[01] /]',
    message:
      'answer a refused upgrade with refuseUpgrade (src/server/safety/raw-sockets.ts): it guards the socket first',
  },
];
const HANDLE_UPGRADE = [
  {
    selector: "CallExpression[callee.property.name='handleUpgrade']",
    message:
      'make WebSockets with acceptUpgrade (src/server/safety/raw-sockets.ts): it guards the new socket first',
  },
];
const UPGRADE_LISTENER = [
  {
    selector:
      "CallExpression[callee.property.name=/^(on|once|addListener|prependListener|prependOnceListener)$/][arguments.0.value='upgrade']",
    message: 'upgrades are taken in src/server/socket/upgrade-router.ts, which guards every socket first',
  },
];
const rawSocketRules = (selectors) => ({ 'no-restricted-syntax': ['error', ...selectors] });

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
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/safety/raw-sockets.ts', 'src/server/socket/upgrade-router.ts'],
    rules: rawSocketRules([...RAW_HTTP_RESPONSE, ...HANDLE_UPGRADE, ...UPGRADE_LISTENER]),
  },
  { files: ['src/server/safety/raw-sockets.ts'], rules: rawSocketRules(UPGRADE_LISTENER) },
  {
    files: ['src/server/socket/upgrade-router.ts'],
    rules: rawSocketRules([...RAW_HTTP_RESPONSE, ...HANDLE_UPGRADE]),
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
  layer(
    'main',
    ['server', 'preload', 'renderer'],
    'the Electron main process imports src/shared and src/native; it reaches the renderer only by IPC',
  ),
  // Features of the server import each other only through their index.ts (issue 26).
  {
    files: ['src/server/**/*.ts'],
    plugins: { hearken: { rules: { 'feature-imports': featureImports } } },
    rules: { 'hearken/feature-imports': 'error' },
  },
);
