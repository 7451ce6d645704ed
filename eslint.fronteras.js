/**
 * Which way imports run (docs/desarrollo.md, "Las capas"). Kept apart from eslint.config.js so
 * that scripts/fronteras.test.ts can prove, without type information, that a deliberate
 * violation fails.
 */

const repositorioAjeno = {
  group: ['../*/repository', '../*/repository.*', '**/features/*/repository'],
  message:
    'Un módulo llega a otro por su servicio (servicio.ts), nunca por su repositorio: el SQL de cada módulo es suyo.',
};

export const fronteras = [
  {
    // Server: the SQL of a feature is its own. Benchmarks measure queries on their own on purpose.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/features/*/routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [repositorioAjeno] }],
    },
  },
];
