import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SECRETO_PRUEBAS } from './constantes';

const raiz = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs `npm run cli -- …` as a separate process against a test database. */
export function ejecutarCli(
  databaseUrl: string,
  argumentos: string[],
  entorno: Record<string, string> = {},
): Promise<{ codigo: number | null; stdout: string; salida: string }> {
  return new Promise((resolve, reject) => {
    const proceso = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/main.ts', ...argumentos],
      {
        cwd: raiz,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          CARD_SECRET: SECRETO_PRUEBAS,
          ...entorno,
        },
      },
    );
    let stdout = '';
    let salida = '';
    proceso.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      salida += d.toString();
    });
    proceso.stderr.on('data', (d: Buffer) => (salida += d.toString()));
    proceso.on('error', reject);
    proceso.on('close', (codigo) => resolve({ codigo, stdout, salida }));
  });
}
