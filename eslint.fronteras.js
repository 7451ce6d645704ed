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

/**
 * A feature with parts (auth: ingreso/, sesiones/, emision/) is reached by its public entry, the
 * file at its top (auth/servicio.ts), never by a part: that the parts exist is the feature's own
 * business.
 */
const parteAjena = {
  regex: '^\\.\\./[^./][^/]*/[^/]+/',
  message:
    'Un módulo llega a otro por su entrada (servicio.ts en su carpeta), nunca por las partes de adentro.',
};
const parteAjenaDesdeFuera = {
  group: ['**/features/*/*/**'],
  message: parteAjena.message,
};

/** From a part (features/<módulo>/<parte>/): another part's SQL, or another feature's. */
const repositorioDeOtraParte = {
  group: ['../*/repository', '../*/repository.*', '../../*/repository', '../../*/repository.*'],
  message:
    'Una parte de un módulo llama al servicio de otra parte, nunca a su repositorio; a otro módulo, por su servicio.',
};
const parteAjenaDesdeParte = { ...parteAjena, regex: '^\\.\\./\\.\\./[^./][^/]*/[^/]+/' };

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
    ignores: ['src/server/features/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [repositorioAjeno, parteAjenaDesdeFuera] }],
    },
  },
  {
    files: ['src/server/features/*/*.ts'],
    ignores: ['src/server/features/*/routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [repositorioAjeno, parteAjena] }],
    },
  },
  {
    files: ['src/server/features/*/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [repositorioDeOtraParte, parteAjenaDesdeParte] },
      ],
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
