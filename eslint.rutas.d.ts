import type { Linter } from 'eslint';

/** The thin-routes rules of eslint.rutas.js, typed for scripts/rutas-delgadas.test.ts. */
export declare const rutasDelgadas: Linter.Config;
