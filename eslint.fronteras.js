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

const app = {
  group: ['**/app', '**/app/**'],
  message:
    'src/web/app compone los módulos: nadie lo importa. Lo que un módulo necesita de la sesión, los caminos o la selección está en src/web/lib.',
};

const modulos = {
  group: ['**/features', '**/features/**'],
  message:
    'components y lib están debajo de los módulos: no importan ninguno (lo compartido baja a lib o components).',
};

/**
 * Another web feature, seen from a file `profundidad` folders below src/web/features: one more
 * '../' than the file's own folder and then a name other than lib, components or app.
 */
const otroModulo = (profundidad) => ({
  regex: `^${'\\.\\./'.repeat(profundidad)}(?!(\\.\\.|lib|components|app)/)[^/]+/`,
  message:
    'Un módulo web no importa archivos de otro: lo que comparten va a src/web/lib o src/web/components.',
});

export const fronteras = [
  {
    // Server: the SQL of a feature is its own. Benchmarks measure queries on their own on purpose.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/features/*/routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [repositorioAjeno] }],
    },
  },
  {
    // Web: app composes features; features use components and lib; those two use neither.
    files: ['src/web/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [app, otroModulo(1)] }],
    },
  },
  {
    files: ['src/web/features/*/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [app, otroModulo(2)] }],
    },
  },
  {
    files: ['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [app, modulos] }],
    },
  },
];
