/** Starting the portal (or another TypeScript entry) as a real process: e2e, benchmarks, tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { detenerPostgres, postgresAndando } from '../src/server/db/embedded';

export { puertoLibre } from '../src/server/red';

const raiz = fileURLToPath(new URL('..', import.meta.url));

export interface Proceso {
  hijo: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  salida: () => string;
  termino: Promise<number | null>;
}

/**
 * Runs `archivo` with tsx and waits until it prints `listo`. The environment is the parent's
 * plus `entorno`; a key set to undefined is removed.
 */
export async function iniciarProceso(
  archivo: string,
  entorno: Record<string, string | undefined>,
  listo = 'Portal listo en',
  espera = 120_000,
): Promise<Proceso> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...entorno };
  for (const [k, v] of Object.entries(entorno)) if (v === undefined) delete env[k];
  // PERFIL_CPU=<carpeta> leaves a V8 CPU profile of every child there when it exits.
  const perfil = process.env.PERFIL_CPU
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PERFIL_CPU}`]
    : [];
  const dataDir = entorno.DATA_DIR;
  const previo = dataDir ? await postgresAndando(dataDir) : undefined;
  const hijo = spawn(process.execPath, [...perfil, '--import', 'tsx', archivo], {
    cwd: raiz,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let salida = '';
  hijo.stdout.on('data', (d: Buffer) => (salida += d.toString()));
  hijo.stderr.on('data', (d: Buffer) => (salida += d.toString()));
  const termino = new Promise<number | null>((resolve) => hijo.once('exit', resolve));
  const limite = Date.now() + espera;
  while (!salida.includes(listo)) {
    if (hijo.exitCode !== null || Date.now() > limite) {
      hijo.kill('SIGKILL');
      // Its embedded PostgreSQL has a process group of its own and outlives it: stop it, unless
      // it was running before this start (then it is someone else's).
      const huerfano = dataDir ? await postgresAndando(dataDir) : undefined;
      if (huerfano !== undefined && huerfano !== previo) await detenerPostgres(huerfano);
      throw new Error(`${archivo} no arrancó:\n${salida}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { hijo, salida: () => salida, termino };
}

export async function detenerProceso(p: Proceso, senal: NodeJS.Signals = 'SIGTERM') {
  if (p.hijo.exitCode === null) p.hijo.kill(senal);
  return p.termino;
}
