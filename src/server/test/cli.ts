import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { urlDirectaDe } from './app';
import { SECRETO_PRUEBAS } from './constantes';

const raiz = fileURLToPath(new URL('../../..', import.meta.url));

export interface Ejecucion {
  codigo: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr as they came. */
  salida: string;
}

/**
 * The time limit of a test that runs several CLI processes: each compiles the CLI with tsx as it
 * starts, a few seconds each on a busy machine (CI's second pass, on another Node, starts cold),
 * so four of them can pass the suite's default 30 s without anything being wrong.
 */
export const LIMITE_CON_CLI = 120_000;

/** Runs a TypeScript entry (`src/server/…`) to its end as a separate process. */
export function ejecutar(
  archivo: string,
  argumentos: string[],
  entorno: Record<string, string | undefined>,
): Promise<Ejecucion> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...entorno };
  for (const [k, v] of Object.entries(entorno)) if (v === undefined) delete env[k];
  return new Promise((resolve, reject) => {
    const proceso = spawn(process.execPath, ['--import', 'tsx', archivo, ...argumentos], {
      cwd: raiz,
      env,
    });
    let stdout = '';
    let stderr = '';
    let salida = '';
    proceso.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      salida += d.toString();
    });
    proceso.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      salida += d.toString();
    });
    proceso.on('error', reject);
    proceso.on('close', (codigo) => resolve({ codigo, stdout, stderr, salida }));
  });
}

/** Runs `npm run cli -- …` as a separate process against a test database. */
export function ejecutarCli(
  databaseUrl: string,
  argumentos: string[],
  entorno: Record<string, string | undefined> = {},
): Promise<Ejecucion> {
  const directa = urlDirectaDe(databaseUrl);
  return ejecutar('src/server/cli/main.ts', argumentos, {
    DATABASE_URL: databaseUrl,
    ...(directa !== databaseUrl ? { DATABASE_DIRECT_URL: directa } : {}),
    CARD_SECRET: SECRETO_PRUEBAS,
    ...entorno,
  });
}
