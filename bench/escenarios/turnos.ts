/**
 * Turns at harvest volume (issue 24): Granos' general calendar with every band of every day
 * open and 20,000 bookings over the next 14 days from 200 companies (about 60 per band;
 * features/turnos/volumen.ts). Measured: a unit's availability over 14 days (goal: p99 < 50 ms
 * at 20 connections), the dashboard's turns over those days, the yard's list with every truck
 * with an order linked to a booking (against `camiones-playa`, the same list without), and
 * bookings per second when 20 connections fight for the last places of one band.
 */
import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import * as turnos from '../../src/server/features/turnos/servicio';
import * as tablero from '../../src/server/features/tablero/servicio';
import {
  generarTurnos,
  libres,
  quitarTurnosDePlaya,
  turnosEnPlaya,
} from '../../src/server/features/turnos/volumen';
import { consultaDisponibilidad } from '../../src/server/features/turnos/repository';
import { relojDeTerminal } from '../../src/server/reloj-terminal';
import { CLI } from '../../src/server/cli/actor';
import { segunEscala } from '../modo';
import { imprimirPlan, medirSqlPlano } from '../sql-plano';
import type { ContextoBench, Escenario, MedicionExtra } from '../tipos';
import { registrando } from './tablero';

const UNINEG = 1;
const DIAS = 14;
const TAMANOS = segunEscala({
  cosecha: { empresas: 200, reservas: 20_000, capacidad: 80, contienden: 2_000 },
  chica: { empresas: 50, reservas: 1_000, capacidad: 10, contienden: 300 },
  humo: { empresas: 13, reservas: 60, capacidad: 2, contienden: 20 },
});
/** Places left in the contended band: three of every four requests find one. */
const LUGARES = Math.floor((TAMANOS.contienden * 3) / 4);
const FILTROS_PLAYA = { codempre: 1001, unineg: UNINEG, estado: 0 };

let datos: Promise<number> | null = null;
/** The calendar's id, once the bookings are written (once per run, by the first to need them). */
const prepararDatos = (ctx: ContextoBench) =>
  (datos ??= (async () => {
    const inicio = Date.now();
    const { calendario } = await generarTurnos(ctx.db, {
      unineg: UNINEG,
      dias: DIAS,
      empresas: TAMANOS.empresas,
      reservas: TAMANOS.reservas,
      capacidad: TAMANOS.capacidad,
    });
    const { rows } = await ctx.db.execute<{ n: number; empresas: number }>(sql`
      select count(*)::int as n, count(distinct codempre)::int as empresas from turnos
      where calendario_id = ${calendario}`);
    console.log(
      `turnos: ${rows[0]!.n} turnos de ${rows[0]!.empresas} empresas en ${DIAS} días escritos en ${((Date.now() - inicio) / 1000).toFixed(1)} s`,
    );
    return calendario;
  })());

async function dia(ctx: ContextoBench, dias: number): Promise<string> {
  const { rows } = await ctx.db.execute<{ d: string }>(
    sql`select to_char(current_date + ${dias}::int, 'YYYY-MM-DD') as d`,
  );
  return rows[0]!.d;
}

/**
 * Each query a service call runs, timed alone (EXPLAIN ANALYZE medians), summed. A prepared
 * statement (`sentenciaPreparada`) goes to the pool, not through `execute`: its SQL is passed in
 * `preparadas`.
 */
async function sqlDe(
  ctx: ContextoBench,
  nombre: string,
  llamar: (db: Db) => Promise<unknown>,
  preparadas: SQL[] = [],
) {
  const consultas: SQL[] = [];
  await llamar(registrando(ctx.db, consultas));
  consultas.push(...preparadas);
  const tiempos: number[] = [];
  for (const [i, c] of consultas.entries()) {
    tiempos.push(await medirSqlPlano(ctx.db, c));
    await imprimirPlan(ctx.db, `${nombre}, consulta ${i + 1}`, c);
  }
  console.log(`${nombre}: SQL plano por consulta (ms) ${tiempos.join(' + ')}`);
  return Number(tiempos.reduce((a, b) => a + b, 0).toFixed(2));
}

const reloj = relojDeTerminal('America/Argentina/Buenos_Aires');
let cuerpoDisponibilidad: { unineg: number; desde: string; hasta: string } | null = null;
let cuerpoTablero: { unineg: number; desde: string; hasta: string; codempre?: number } | null =
  null;

export const ESCENARIOS_TURNOS: Escenario[] = [
  {
    nombre: 'turnos/disponibilidad (14 días)',
    descripcion: `POST /api/turnos/disponibilidad del cliente de cosecha: Granos, ${DIAS} días de 24 franjas, ${TAMANOS.reservas} turnos de ${TAMANOS.empresas} empresas`,
    conexiones: 20,
    duracion: 10,
    preparar: async (ctx) => {
      await prepararDatos(ctx);
      cuerpoDisponibilidad = {
        unineg: UNINEG,
        desde: await dia(ctx, 0),
        hasta: await dia(ctx, DIAS - 1),
      };
      return {
        method: 'POST',
        path: '/api/turnos/disponibilidad',
        body: cuerpoDisponibilidad,
        cookie: ctx.cookies.cosecha,
      };
    },
    sqlPlano: (ctx) =>
      sqlDe(
        ctx,
        'turnos/disponibilidad',
        (db) => turnos.disponibilidad(db, reloj, 'terminal', cuerpoDisponibilidad!),
        [
          consultaDisponibilidad(
            UNINEG,
            null,
            cuerpoDisponibilidad!.desde,
            cuerpoDisponibilidad!.hasta,
          ),
        ],
      ),
  },
  ...[undefined, 1002].map((codempre): Escenario => ({
    nombre: `tablero/turnos (${codempre ? `empresa ${codempre}` : 'todos'}, 14 días)`,
    descripcion: `POST /api/tablero/turnos como admin: Granos, ${codempre ? `la empresa ${codempre}` : 'todos los clientes'}, los ${DIAS} días de turnos`,
    conexiones: 20,
    duracion: 10,
    preparar: async (ctx) => {
      await prepararDatos(ctx);
      cuerpoTablero = {
        unineg: UNINEG,
        desde: await dia(ctx, 0),
        hasta: await dia(ctx, DIAS - 1),
        ...(codempre ? { codempre } : {}),
      };
      return {
        method: 'POST',
        path: '/api/tablero/turnos',
        body: cuerpoTablero,
        cookie: ctx.cookies.admin,
      };
    },
    sqlPlano: (ctx) =>
      sqlDe(ctx, 'tablero/turnos', (db) => tablero.turnos(db, 'terminal', cuerpoTablero!)),
  })),
  {
    nombre: 'turnos/camiones-playa (con turnos)',
    descripcion:
      'POST /api/camiones/camiones-playa del cliente de cosecha, como camiones-playa, con cada camión con orden (estados 2 a 4) vinculado a un turno que llegó',
    conexiones: 20,
    duracion: 10,
    preparar: async (ctx) => {
      const n = await turnosEnPlaya(ctx.db, UNINEG, await prepararDatos(ctx));
      console.log(`turnos/camiones-playa: ${n} camiones de la playa con su turno`);
      return {
        method: 'POST',
        path: '/api/camiones/camiones-playa',
        body: { filtros: FILTROS_PLAYA },
        cookie: ctx.cookies.cosecha,
      };
    },
    limpiar: (ctx) => quitarTurnosDePlaya(ctx.db, UNINEG),
  },
];

/**
 * Bookings under contention: `contienden` requests for one band that has LUGARES places left,
 * from 20 connections at once split between two portal processes, each for a quota of its own,
 * as the administrator. Exactly
 * LUGARES must succeed (201) and the rest get 409; bookings per second are the successes over
 * the wall time. Undone after (the bookings, the band's exception).
 */
export const MEDICION_CONTENCION_TURNOS: MedicionExtra = {
  nombre: 'turnos-contencion',
  async medir(ctx) {
    const calendario = await prepararDatos(ctx);
    const fecha = await dia(ctx, 3);
    const hora = 12;
    const cuenta = async () =>
      (
        await ctx.db.execute<{ n: number }>(sql`
          select count(*)::int as n from turnos
          where calendario_id = ${calendario} and fecha = ${fecha} and hora = ${hora}
            and estado in ('reservado', 'presente')`)
      ).rows[0]!.n;
    const antes = await cuenta();
    await turnos.guardarExcepciones(ctx.db, CLI, {
      unineg: UNINEG,
      fecha,
      franjas: [{ hora, capacidad: antes + LUGARES }],
    });
    const { rows } = await ctx.db.execute<{ ctrl: number }>(sql`
      select ctrl from (${libres(UNINEG)}) l order by k limit ${TAMANOS.contienden}`);
    const cupos = rows.map((r) => r.ctrl);
    if (cupos.length < TAMANOS.contienden) {
      throw new Error(`turnos-contencion: solo ${cupos.length} cupos libres`);
    }
    const estados = new Map<number, number>();
    let siguiente = 0;
    // Two portal processes on the same database (design section 9): half the connections each,
    // so the band's lock is fought over between processes, not only inside one pool.
    const otro = await ctx.otroPortal();
    const urls = [ctx.url, otro.url];
    let segundos: number;
    try {
      const inicio = performance.now();
      await Promise.all(
        Array.from({ length: 20 }, async (_, conexion) => {
          while (siguiente < cupos.length) {
            const cupo = cupos[siguiente++]!;
            const r = await fetch(`${urls[conexion % 2]}/api/turnos/reservar`, {
              method: 'POST',
              headers: { cookie: ctx.cookies.admin, 'content-type': 'application/json' },
              body: JSON.stringify({ cupo, fecha, hora }),
            });
            await r.arrayBuffer();
            estados.set(r.status, (estados.get(r.status) ?? 0) + 1);
          }
        }),
      );
      segundos = (performance.now() - inicio) / 1000;
    } finally {
      await otro.detener();
    }
    const despues = await cuenta();
    await ctx.db.execute(sql`
      delete from turnos where calendario_id = ${calendario} and fecha = ${fecha}
        and hora = ${hora} and cupo_ctrl = any(${`{${cupos.join(',')}}`}::int[])`);
    await turnos.guardarExcepciones(ctx.db, CLI, { unineg: UNINEG, fecha, franjas: [] });
    const ok = estados.get(201) ?? 0;
    const conflictos = estados.get(409) ?? 0;
    if (ok !== LUGARES || conflictos !== cupos.length - LUGARES || despues !== antes + LUGARES) {
      throw new Error(
        `turnos-contencion: ${ok} reservas y ${conflictos} 409 (se esperaban ${LUGARES} y ${cupos.length - LUGARES}); la franja quedó con ${despues} de ${antes + LUGARES} lugares`,
      );
    }
    const datos = {
      pedidos: cupos.length,
      lugares: LUGARES,
      reservas: ok,
      rechazos409: conflictos,
      segundos: Number(segundos.toFixed(2)),
      reservasPorSegundo: Math.round(ok / segundos),
      pedidosPorSegundo: Math.round(cupos.length / segundos),
      /** The machine's 1-minute load right after (as `uptime` shows it). */
      carga: Number(os.loadavg()[0]!.toFixed(1)),
    };
    return {
      datos,
      lineas: [
        `Turnos en contención: ${cupos.length} pedidos de reserva a una franja con ${LUGARES} lugares libres, 20 conexiones repartidas entre dos procesos del portal: ${ok} reservas (201) y ${conflictos} rechazos (409) en ${datos.segundos} s: ${datos.reservasPorSegundo} reservas/s (${datos.pedidosPorSegundo} pedidos/s); la franja quedó exactamente llena. Carga de la máquina al terminar: ${datos.carga}.`,
      ],
    };
  },
};
