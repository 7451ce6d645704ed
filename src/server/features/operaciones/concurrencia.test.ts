/**
 * Gross weighings racing on real PostgreSQL: the truck's row lock and the idempotency key's
 * unique index, not luck, decide. No timing: the test holds the truck's lock until every request
 * is queued behind it (seen in pg_stat_activity), and the assertions hold in any order.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_OPERACIONES as M } from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { post } from '../../test/sesion';
import { insertarCupoDePrueba } from '../cupos/datos-prueba';
import { verificar as diferenciasDeSaldos } from '../stock/servicio';
import { ACTOR_PRUEBA, camionHasta, ingresoDePrueba } from './datos-prueba';
import { registrarIngreso, registrarTara } from './servicio';
import { crearToken } from '../tokens/servicio';

const t = usarAppDePrueba({ entorno: { DB_POOL_MAX: '60' } });
let token: string;

beforeAll(async () => {
  token = await crearToken(t.db, 'terminal', 'balanza-concurrente', { actor: 'prueba' });
});

const bruto = (camion: number, kg: number, clave?: string) =>
  post(t.app, '/api/operaciones/bruto', { camion, kg, balanza: 'Balanza 1' }, undefined, {
    headers: { authorization: `Bearer ${token}`, ...(clave ? { 'idempotency-key': clave } : {}) },
  });

async function esperandoCandado() {
  const { rows } = await t.db.execute<{ n: number }>(sql`
    select count(*) as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`);
  return rows[0]!.n;
}

/** Sends the requests while the truck's row is locked, releasing it once all of them wait. */
async function todosALaVez<T>(camion: number, pedidos: (() => Promise<T>)[]): Promise<T[]> {
  const bloqueo = await t.base.pool.connect();
  try {
    await bloqueo.query('begin');
    await bloqueo.query('select 1 from camiones where ctrl = $1 for update', [camion]);
    const enCurso = Promise.all(pedidos.map((p) => p()));
    let terminaron = false;
    void enCurso.finally(() => (terminaron = true));
    while (!terminaron && (await esperandoCandado()) < pedidos.length) {
      await new Promise(setImmediate);
    }
    await bloqueo.query('rollback');
    return await enCurso;
  } finally {
    bloqueo.release();
  }
}

async function cuentas(camion: number) {
  const { rows } = await t.db.execute<{
    movimientos: number;
    brutos: number;
    auditados: number;
  }>(sql`
    select (select count(*) from stock_movimientos m join tickets k on k.ctrl = m.ticket_ctrl
            where k.camion_ctrl = ${camion}) as movimientos,
           (select count(*) from tickets where camion_ctrl = ${camion} and bruto is not null) as brutos,
           (select count(*) from auditoria where tabla = 'camiones' and fila_id = ${String(camion)}
              and accion = 'bruto') as auditados`);
  return rows[0]!;
}

describe('concurrencia del pesaje bruto', () => {
  it('20 brutos simultáneos de un camión: un ticket cerrado, un juego de movimientos, 19 × 409', async () => {
    const { camion } = await camionHasta(t.db, 3);
    const respuestas = await todosALaVez(
      camion,
      Array.from({ length: 20 }, (_, i) => () => bruto(camion, 40_000 + i)),
    );
    const exitos = respuestas.filter((r) => r.statusCode === 200);
    expect(exitos).toHaveLength(1);
    for (const r of respuestas.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ msj: M.brutoYaRegistrado });
    }
    expect(await cuentas(camion)).toEqual({ movimientos: 1, brutos: 1, auditados: 1 });
    expect(await diferenciasDeSaldos(t.db)).toEqual([]);
  });

  it('20 reintentos simultáneos con la misma clave: todos reciben la misma respuesta, registrada una vez', async () => {
    const { camion } = await camionHasta(t.db, 3);
    const respuestas = await todosALaVez(
      camion,
      Array.from({ length: 20 }, () => () => bruto(camion, 41_000, `bruto-${camion}`)),
    );
    expect(respuestas.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const cuerpos = new Set(respuestas.map((r) => r.body));
    expect(cuerpos.size).toBe(1);
    expect(respuestas.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await cuentas(camion)).toEqual({ movimientos: 1, brutos: 1, auditados: 1 });
  });

  it('30 camiones con mezclas de los mismos productos a la vez: sin bloqueos mutuos, saldos = libro', async () => {
    const camiones: number[] = [];
    for (let i = 0; i < 30; i++) {
      // Half Soja 50 / Maíz 50, half Maíz 60 / Soja 40: the balances of both, in either order.
      const mezcla: [number, number][] =
        i % 2
          ? [
              [1, 50],
              [2, 50],
            ]
          : [
              [2, 60],
              [1, 40],
            ];
      const cupo = await insertarCupoDePrueba(t.db, { mezcla });
      const { camion } = await t.db.transaction(async (tx) => {
        const c = await registrarIngreso(tx, ACTOR_PRUEBA, ingresoDePrueba({ cupo }));
        return registrarTara(tx, ACTOR_PRUEBA, { camion: c.camion, kg: 14_000, balanza: 'B' });
      });
      camiones.push(camion);
    }
    const antes = await t.db.execute<{ codpro: number; toneladas: number }>(sql`
      select codpro, toneladas from stock_saldos where codempre = 1 and unineg = 1 and codpro in (1, 2)
      order by codpro`);
    const respuestas = await Promise.all(camiones.map((c, i) => bruto(c, 44_000 + i)));
    expect(respuestas.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    expect(await diferenciasDeSaldos(t.db)).toEqual([]);
    // Every truck dispatched 30,000 + i kg, half of each blend going to each product on average:
    // the two balances went down by exactly the total net.
    const despues = await t.db.execute<{ codpro: number; toneladas: number }>(sql`
      select codpro, toneladas from stock_saldos where codempre = 1 and unineg = 1 and codpro in (1, 2)
      order by codpro`);
    const bajada =
      antes.rows.reduce((a, r) => a + r.toneladas * 1000, 0) -
      despues.rows.reduce((a, r) => a + r.toneladas * 1000, 0);
    expect(Math.round(bajada)).toBe(30 * 30_000 + (29 * 30) / 2);
  });
});
