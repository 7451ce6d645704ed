import type { Linter } from 'eslint';

/** The import-direction rules of eslint.fronteras.js, typed for scripts/fronteras.test.ts. */
export declare const fronteras: Linter.Config[];
