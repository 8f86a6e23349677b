// One lint config for every folder; client files also get the React hooks rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/**', 'client/dist/**', 'artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // platform/ is Node-only.
      'no-restricted-imports': ['error', { patterns: ['**/platform/**'] }],
    },
  },
  {
    // domain/ is pure and shared by browser and Node: no Node built-ins, no I/O clients, no processes'
    // code. A resource's Redis keys, Lua scripts and operations live in platform/ (issue 22).
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...['node:*', 'fs', 'fs/*', 'path', 'crypto', 'http', 'https', 'http2', 'net', 'tls', 'dgram'],
            ...['dns', 'os', 'child_process', 'worker_threads', 'cluster', 'stream', 'timers', 'timers/*'],
            ...['ioredis', 'pg', 'knex', 'bull', 'socket.io', '@socket.io/*', 'nodemailer', 'freeswitch-esl'],
            ...['**/platform/**', '**/server/**', '**/media/**', '**/client/**', '**/scripts/**'],
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TemplateElement[value.raw=/redis\\.call/]',
          message: 'Lua for Redis belongs with its resource in platform/ (issue 22).',
        },
      ],
    },
  },
  {
    // platform/: Node-only code server, media and scripts share (queues, connections, the logger, one
    // owner module per cross-process Redis resource); it imports only domain/ and config/.
    files: ['platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/server/**', '**/media/**', '**/client/**', '**/scripts/**'] },
      ],
    },
  },
  // ARCHITECTURE §2: server and media meet in PostgreSQL, Redis and domain/, never in imports
  // (tests may start both).
  {
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testKit.ts', '**/testHelpers.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/media/src/**'] }] },
  },
  {
    files: ['media/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testKit.ts', '**/testHelpers.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/src/**'] }] },
  },
);
