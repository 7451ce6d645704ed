/**
 * Several real portal processes on one test database (design section 9: instances behind a
 * load balancer, nothing shared but PostgreSQL).
 */
import {
  detenerProceso,
  iniciarProceso,
  puertoLibre,
  type Proceso,
} from '../../../scripts/procesos';
import { urlDirectaDe } from './app';
import { SECRETO_PRUEBAS } from './constantes';

export interface Portales {
  urls: string[];
  /** Their process ids, in the same order. */
  pids: number[];
  /** What each printed so far (stdout and stderr), in the same order. */
  salidas(): string[];
  detener(): Promise<void>;
}

export async function iniciarPortales(
  urlBase: string,
  cuantos: number,
  /** Environment over the defaults (e.g. a bigger DB_POOL_MAX for a contention test). */
  entorno: Record<string, string> = {},
): Promise<Portales> {
  const procesos: Proceso[] = [];
  const urls: string[] = [];
  const directa = urlDirectaDe(urlBase);
  for (let i = 0; i < cuantos; i++) {
    const puerto = await puertoLibre();
    procesos.push(
      await iniciarProceso('src/server/main.ts', {
        DATABASE_URL: urlBase,
        ...(directa !== urlBase ? { DATABASE_DIRECT_URL: directa } : {}),
        CARD_SECRET: SECRETO_PRUEBAS,
        DEMO: '0',
        PORT: String(puerto),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'fatal',
        DB_POOL_MAX: '4',
        ...entorno,
      }),
    );
    urls.push(`http://127.0.0.1:${puerto}`);
  }
  return {
    urls,
    pids: procesos.map((p) => p.hijo.pid!),
    salidas: () => procesos.map((p) => p.salida()),
    async detener() {
      for (const p of procesos) await detenerProceso(p);
    },
  };
}
