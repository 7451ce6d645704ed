/**
 * The deliveries on a thread of their own (issue 25, hilo.ts): the portal's way, with the thread
 * loading TypeScript under the test runner as under `npm start`. A webhook is delivered by the
 * thread (its log lines carry its threadId, not the main thread's), the close waits for the
 * thread to stop, and a thread that fails to start or crashes is logged and started again after
 * a pause without touching the API.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { PassThrough } from 'node:stream';
import { threadId } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { usarAppDePrueba } from '../../test/app';
import { cerrarServidor, escucharEnLocal } from '../../test/http';
import { ingresar, post } from '../../test/sesion';
import { camionHasta } from '../operaciones/datos-prueba';
import { esBackendLocal, niceDe, puedeCambiarPrioridad } from '../../test/prioridad';
import { HiloAvisos, NICE_HILO_AVISOS } from './hilo';

const lineas: Record<string, unknown>[] = [];
const destino = new PassThrough();
let resto = '';
destino.on('data', (d: Buffer) => {
  const partes = (resto + d.toString()).split('\n');
  resto = partes.pop()!;
  for (const p of partes) if (p) lineas.push(JSON.parse(p) as Record<string, unknown>);
});

const t = usarAppDePrueba({
  hiloAvisos: true,
  avisos: { intervaloMs: 100 },
  destinoRegistro: destino,
  entorno: { WEBHOOKS_ALLOW_HOSTS: '127.0.0.1', LOG_LEVEL: 'info' },
});

const recibidos: string[] = [];
const servidor = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    recibidos.push(req.url ?? '');
    res.writeHead(req.url === '/falla' ? 500 : 200).end('{}');
  });
});
let base = '';
beforeAll(async () => {
  base = await escucharEnLocal(servidor);
});
afterAll(async () => {
  await cerrarServidor(servidor);
});

describe('el hilo de entregas', () => {
  it('entrega los webhooks en otro hilo; sus líneas de registro llevan su threadId', async () => {
    const admin = await ingresar(t.app, 'admin');
    for (const ruta of ['/ok', '/falla']) {
      const r = await post(
        t.app,
        '/api/administracion/webhooks/crear',
        { url: `${base}${ruta}`, eventos: ['camion.ingresado'] },
        admin,
      );
      expect(r.statusCode, r.body).toBe(201);
    }
    const hilo = (t.app.avisos as HiloAvisos).hiloId;
    expect(hilo).toBeGreaterThan(0);
    expect(hilo).not.toBe(threadId);
    await camionHasta(t.db, 1);
    await vi.waitFor(
      async () => {
        const { rows } = await t.db.execute<{ estado: string; n: number }>(
          sql`select estado, count(*)::int as n from avisos group by estado order by estado`,
        );
        expect(rows).toContainEqual({ estado: 'enviado', n: 1 });
        expect(recibidos).toContain('/falla');
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(recibidos).toContain('/ok');
    await vi.waitFor(() =>
      expect(lineas).toContainEqual(
        expect.objectContaining({ msg: 'avisos: entrega fallida', hilo, canal: 'webhook' }),
      ),
    );
    expect(lineas).toContainEqual(
      expect.objectContaining({ msg: 'avisos: hilo de entregas en marcha', hilo }),
    );
  });

  it('el hilo corre con menos prioridad que el que responde a la API (su propio nice)', () => {
    const marcha = lineas.find((l) => l.msg === 'avisos: hilo de entregas en marcha')!;
    expect(marcha).toMatchObject({ nice: NICE_HILO_AVISOS });
    // As the kernel has it: the thread's own nice, and the process's main thread untouched.
    const nice = (tid: unknown) =>
      Number(
        readFileSync(`/proc/${process.pid}/task/${String(tid)}/stat`, 'utf8')
          .split(') ')[1]!
          .split(' ')[16],
      );
    expect(nice(marcha.tid)).toBe(NICE_HILO_AVISOS);
    expect(nice(process.pid)).toBe(0);
  });

  it('sus sentencias corren en procesos de PostgreSQL con su misma prioridad baja', async () => {
    // The backends of this test's database: the thread's pool (it delivered above) and the
    // API's. Straight to a server on this machine, the thread's are lowered and the API's not;
    // through the run's pooler (scripts/pgbouncer.ts) nothing is (a backend serves the pooler).
    const { rows } = await t.db.execute<{ pid: number; propio: boolean; base: string }>(
      sql`select pid, pid = pg_backend_pid() as propio, current_database() as base
          from pg_stat_activity
          where datname = current_database() and application_name = 'portal-acopio'`,
    );
    const propio = rows.find((r) => r.propio)!;
    const base = niceDe(propio.pid);
    // A backend that ended since the list was read (idle, a thread restarted) has no nice.
    const bajos = rows.filter((r) => !r.propio && niceDe(r.pid) === NICE_HILO_AVISOS);
    const seBaja =
      t.url === t.urlDirecta &&
      esBackendLocal(propio.pid, propio.base) &&
      puedeCambiarPrioridad(propio.pid) &&
      base! < NICE_HILO_AVISOS;
    expect(bajos.length > 0).toBe(seBaja);
  });

  it('procesar() por mensaje: el hilo entrega lo debido y dice cuántos', async () => {
    // Nothing due now (the loop took all): the thread answers 0.
    expect(await t.app.avisos.procesar()).toBeGreaterThanOrEqual(0);
  });
});

describe('un hilo que falla', () => {
  const registro = () => {
    const lineas: { nivel: string; msg: string; datos: Record<string, unknown> }[] = [];
    const de =
      (nivel: string) =>
      (datos: Record<string, unknown>, msg: string): void =>
        void lineas.push({ nivel, msg, datos });
    return {
      lineas,
      log: { info: de('info'), warn: de('warn'), error: de('error') } as never,
    };
  };
  const datos = {
    url: 'postgres://nadie@127.0.0.1:1/nada',
    timeZone: 'UTC',
    poolMax: 1,
    correo: undefined,
    urlPublica: 'http://127.0.0.1',
    webhooksPermitidos: [],
    webhooksReintentos: undefined,
    concurrencia: 1,
    arrancar: true,
  };

  for (const [caso, archivo] of [
    ['al arrancar', 'falla-al-cargar.ts'],
    ['ya en marcha', 'falla-despues.ts'],
  ] as const) {
    it(`${caso}: se registra y se inicia otro tras una pausa; detener() lo termina`, async () => {
      const r = registro();
      const hilo = new HiloAvisos({
        datos,
        canales: ['webhook'],
        log: r.log,
        archivo: new URL(`../../test/hilos/${archivo}`, import.meta.url),
        pausaMs: 50,
      });
      hilo.arrancar();
      await vi.waitFor(() => expect(hilo.arranques).toBeGreaterThanOrEqual(3), {
        timeout: 20_000,
        interval: 20,
      });
      expect(r.lineas).toContainEqual(
        expect.objectContaining({ nivel: 'error', msg: 'avisos: el hilo de entregas falló' }),
      );
      expect(r.lineas).toContainEqual(
        expect.objectContaining({
          nivel: 'error',
          msg: 'avisos: el hilo de entregas terminó; se inicia otro tras una pausa',
        }),
      );
      const fallo = r.lineas.find((l) => l.msg === 'avisos: el hilo de entregas falló')!;
      expect(String((fallo.datos.err as Error).message)).toContain('hilo de prueba');
      await hilo.detener();
      // Stopped: no thread, and no start waiting for its pause (an exit after the stop does not
      // schedule one: `programarReinicio` looks at `detenido`).
      expect(hilo.hiloId).toBeUndefined();
      expect(hilo.reinicioPendiente).toBe(false);
    });
  }
});
