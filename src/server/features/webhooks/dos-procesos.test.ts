/**
 * The outbox on two real portal processes (issue 25): each runs its worker on the same database,
 * and trucks driven through the yard (ingreso, order, tara, bruto: several events a truck, a
 * quota's link, stock movements) are delivered to a receiver on 127.0.0.1 that counts by
 * `webhook-id`: every row exactly once, none twice, each truck's and quota's events in the order
 * they were written. The receiver holds each answer a moment, so the deliveries of both processes
 * overlap (more at once than one process's worker runs: proof both took part).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conectar, type BaseDeDatos } from '../../db/client';
import { crearBaseDePrueba } from '../../test/app';
import { iniciarPortales, type Portales } from '../../test/portales';
import { EVENTOS_WEBHOOK } from '../../../shared/contracts/webhooks';
import { camionHasta } from '../operaciones/datos-prueba';
import * as webhooks from './servicio';

let base: Awaited<ReturnType<typeof crearBaseDePrueba>>;
let portales: Portales;
let conexion: BaseDeDatos;

/** Arrivals in order: webhook-id and the body's group key. */
const llegadas: string[] = [];
let enCurso = 0;
let maximoEnCurso = 0;
/** Answers held until this many are in flight, or HOLD_MS passed (a receiver that takes a moment). */
const JUNTOS = 3;
const HOLD_MS = 150;
const enEspera = new Set<() => void>();
const receptor = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    llegadas.push(String(req.headers['webhook-id']));
    enCurso++;
    maximoEnCurso = Math.max(maximoEnCurso, enCurso);
    const responder = () => {
      clearTimeout(limite);
      enEspera.delete(responder);
      enCurso--;
      res.writeHead(200).end('{}');
    };
    const limite = setTimeout(responder, HOLD_MS);
    enEspera.add(responder);
    if (enCurso >= JUNTOS) for (const r of [...enEspera]) r();
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => receptor.listen(0, '127.0.0.1', r));
  base = await crearBaseDePrueba('demo');
  conexion = conectar(base.url, {
    max: 2,
    timeZone: 'America/Argentina/Buenos_Aires',
    urlDirecta: base.urlDirecta,
  });
  portales = await iniciarPortales(base.url, 2, { WEBHOOKS_ALLOW_HOSTS: '127.0.0.1' });
});

afterAll(async () => {
  await portales?.detener();
  await conexion?.cerrar();
  await base?.borrar();
  receptor.closeAllConnections();
  await new Promise((r) => receptor.close(r));
});

describe('la bandeja de salida en dos procesos', { timeout: 180_000 }, () => {
  it('cada fila entregada exactamente una vez, ninguna dos veces, en orden por camión y cupo', async () => {
    const puerto = (receptor.address() as AddressInfo).port;
    const { id } = await webhooks.crear(
      conexion.db,
      { actor: 'prueba' },
      { url: `http://127.0.0.1:${puerto}/r`, eventos: [...EVENTOS_WEBHOOK], codempre: null },
      ['127.0.0.1'],
    );
    const CAMIONES = 12;
    for (let i = 0; i < CAMIONES; i++) {
      await camionHasta(conexion.db, 4, { codempre: 1 + (i % 2) });
    }
    const pendientes = async () =>
      (
        await conexion.db.execute<{ n: number }>(sql`
          select count(*)::int as n from avisos
          where canal = 'webhook' and destino = ${id} and estado <> 'enviado'`)
      ).rows[0]!.n;
    await expect.poll(pendientes, { timeout: 120_000, interval: 100 }).toBe(0);

    const { rows } = await conexion.db.execute<{ id: number; grupo: string }>(sql`
      select id::int as id, grupo from avisos
      where canal = 'webhook' and destino = ${id} order by id`);
    // Five events a truck at least (entered, linked, two statuses, finished) and its movements.
    expect(rows.length).toBeGreaterThanOrEqual(CAMIONES * 5);
    // Exactly once: every row's id arrived, and no id twice.
    expect([...llegadas].sort()).toEqual(rows.map((r) => `msg_${r.id}`).sort());
    // In order per group: the ids of each truck and quota arrive in the order they were written.
    const grupoDe = new Map(rows.map((r) => [`msg_${r.id}`, r.grupo]));
    const porGrupo = new Map<string, number[]>();
    for (const l of llegadas) {
      const g = grupoDe.get(l)!;
      porGrupo.set(g, [...(porGrupo.get(g) ?? []), Number(l.slice(4))]);
    }
    expect([...porGrupo.keys()].filter((g) => g.startsWith('camion:'))).toHaveLength(CAMIONES);
    for (const [g, ids] of porGrupo) expect(ids, g).toEqual([...ids].sort((a, b) => a - b));
    // More deliveries at once than one process's worker makes (two rounds): both took part.
    expect(maximoEnCurso).toBeGreaterThanOrEqual(JUNTOS);
  });
});
