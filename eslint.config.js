import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { fronteras } from './eslint.fronteras.js';
import { rutasDelgadas } from './eslint.rutas.js';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'coverage',
      'test-results',
      'playwright-report',
      'bench/results',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.server.json', './tsconfig.web.json', './tsconfig.e2e.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // React handlers may be async; the promise is handled inside.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and hooks are async by convention, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read untyped JSON answers (res.json()) on purpose: they check the shape themselves.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      'no-empty-pattern': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The browser never loads server code, and takes only types from the contracts and the
    // route map: zod stays out of its bundle (docs/decisions.md, "Web").
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/test/**', 'src/web/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server', '**/server/**'], message: 'La web no importa el servidor.' },
            {
              group: ['**/shared/contracts/**', 'zod', 'zod/**'],
              allowTypeImports: true,
              message: 'Solo tipos (import type): zod no entra al navegador.',
            },
          ],
        },
      ],
    },
  },
  {
    // Web tests may check answers with the contracts' schemas (they are not shipped).
    files: ['src/web/test/**', 'src/web/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server', '**/server/**'], message: 'La web no importa el servidor.' },
          ],
        },
      ],
    },
  },
  {
    // Shared code runs on both sides: it imports neither.
    files: ['src/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server', '**/server/**', '**/web', '**/web/**'],
              message: 'src/shared no importa ni el servidor ni la web.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  ...fronteras,
  rutasDelgadas,
  {
    files: ['eslint.config.js', 'eslint.fronteras.js', 'eslint.rutas.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The deliveries' thread starts in plain JavaScript (features/avisos/hilo-arranque.mjs).
    files: ['src/server/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.node,
    },
  },
);
