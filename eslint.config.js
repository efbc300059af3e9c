import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import smi from './packages/lint-rules/src/index.js';

/**
 * What the api may import from the gateway: what starts one and its configuration (the service login, the log). The
 * gateway's entry exports nothing else (a test holds the two together); the domain both use is in packages
 * (decision 062), the demo's simulator and seed in @smi/simulator (decision 078).
 */
export const GATEWAY_PUBLIC = [
  'startGateway',
  'Gateway',
  'GatewayOptions',
  'loadGatewayEnv',
  'GatewayEnvError',
  'GatewayEnv',
  'serviceCredential',
  'SERVICE_USERNAME',
  'ServiceCredential',
  'jsonLog',
  'silentLog',
  'Log',
];
const gatewayImports = (names, testing) => [
  'error',
  {
    paths: [
      {
        name: '@smi/gateway',
        allowImportNames: names,
        message: "The api uses the gateway's start and configuration only; shared domain code belongs in a package.",
      },
    ],
    patterns: [
      {
        group: testing ? ['@smi/gateway/*', '!@smi/gateway/testing', '!@smi/gateway/testing/*'] : ['@smi/gateway/*'],
        message: "Import the gateway's public entry (@smi/gateway), not its files.",
      },
      { group: ['**/gateway/src', '**/gateway/src/**'], message: "Import the gateway's public entry (@smi/gateway), not its files." },
    ],
  },
];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/test/**', '**/e2e/**', '**/live-harness.ts'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', 'packages/lint-rules/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { smi },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'smi/no-import-cycles': 'error',
      'smi/no-silent-catch': 'error',
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'smi/feature-boundaries': ['error', { featuresDir: 'apps/web/src/features' }],
    },
  },
  { files: ['apps/api/**/*.ts'], rules: { 'no-restricted-imports': gatewayImports(GATEWAY_PUBLIC, false) } },
  {
    // http/ is the kernel every route builds on (mounting, errors, CSRF, rate limits, the server); the composition
    // root that knows every router is src/app.ts
    files: ['apps/api/src/http/**/*.ts'],
    ignores: TESTS,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*', '../**'],
              allowTypeImports: true,
              message: "http/ is the api's kernel: it may name the app's types, but imports no feature and no composition root (src/app.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: TESTS.map((t) => `apps/api/${t}`),
    rules: { 'no-restricted-imports': gatewayImports(GATEWAY_PUBLIC, true) },
  },
  {
    // type-aware: on the server a rejection nobody handles stops the process; in the browser it is an error nobody sees
    files: ['apps/api/src/**/*.ts', 'apps/gateway/src/**/*.ts', 'packages/*/src/**/*.ts', 'packages/lint-rules/fixtures/**/*.ts', 'apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: TESTS,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
);
