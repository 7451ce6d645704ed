/**
 * No overbooking, ever (issue 24): many bookings at once for one band, spread over two portal
 * processes on one database, take exactly the band's places; the rest get a 409 in Spanish. The
 * same for changes into a full band and for fair share, and after many runs no band of the
 * calendar holds more live bookings than its capacity.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_TURNOS as M } from '../../../shared/textos';
import { CLI } from '../../cli/actor';
import { conectar, type BaseDeDatos } from '../../db/client';
import { crearBaseDePrueba } from '../../test/app';
import { ingresarHttp } from '../../test/http';
import { iniciarPortales, type Portales } from '../../test/portales';
import { tarjetaDemo } from '../../test/sesion';
import { insertarCupoDePrueba } from '../cupos/datos-prueba';
import { calendarioAbierto, diaDesdeHoy } from './datos-prueba';
import { PARAMETROS_POR_DEFECTO } from './rules';
import * as turnos from './servicio';

let base: Awaited<ReturnType<typeof crearBaseDePrueba>>;
let portales: Portales;
let conexion: BaseDeDatos;
const cookies: Record<'cliente1' | 'cliente2', string> = { cliente1: '', cliente2: '' };

beforeAll(async () => {
  base = await crearBaseDePrueba('demo');
  // Requests that wait for the band's lock hold a connection: with 100 per process a pool of 4
  // would leave most queued in the pool, where a busy machine can pass its 10-second wait.
  portales = await iniciarPortales(base.url, 2, { DB_POOL_MAX: '12' });
  conexion = conectar(base.url, {
    max: 4,
    timeZone: 'America/Argentina/Buenos_Aires',
    urlDirecta: base.urlDirecta,
  });
  for (const usuario of ['cliente1', 'cliente2'] as const) {
    const r = await ingresarHttp(portales.urls[0]!, usuario, tarjetaDemo(usuario).valores);
    expect(r.status).toBe(200);
    cookies[usuario] = r.cookie;
  }
  // Granos: 10 places in every hour of every day.
  await calendarioAbierto(conexion.db, 1, 10);
}, 120_000);

afterAll(async () => {
  await portales?.detener();
  await conexion?.cerrar();
  await base?.borrar();
});

/** POST to portal i % 2: the requests alternate between the two processes. */
async function pedir(i: number, ruta: string, cuerpo: unknown, usuario: keyof typeof cookies) {
  const res = await fetch(`${portales.urls[i % 2]}${ruta}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies[usuario] },
    body: JSON.stringify(cuerpo),
  });
  return { status: res.status, cuerpo: (await res.json()) as { msj?: string; id?: number } };
}

async function cupos(n: number, codempre = 1): Promise<number[]> {
  const lista = [];
  for (let i = 0; i < n; i++) lista.push(await insertarCupoDePrueba(conexion.db, { codempre }));
  return lista;
}

/** All at once; the statuses counted and the refusals' messages. */
async function aLaVez(pedidos: (() => Promise<{ status: number; cuerpo: { msj?: string } }>)[]) {
  const r = await Promise.all(pedidos.map((p) => p()));
  const cuenta = (s: number) => r.filter((x) => x.status === s).length;
  return {
    aceptados: cuenta(201) + cuenta(200),
    rechazados: cuenta(409),
    otros: r.filter((x) => ![200, 201, 409].includes(x.status)),
    mensajes: new Set(r.filter((x) => x.status === 409).map((x) => x.cuerpo.msj)),
  };
}

async function vivos(fecha: string, hora: number): Promise<number> {
  const { rows } = await conexion.db.execute<{ n: number }>(sql`
    select count(*)::int as n from turnos
    where fecha = ${fecha} and hora = ${hora} and estado in ('reservado', 'presente')`);
  return rows[0]!.n;
}

describe('nunca más reservas que lugares, con dos procesos', { timeout: 180_000 }, () => {
  it('200 reservas a la vez para una franja de 50: exactamente 50 se toman, 150 reciben 409', async () => {
    const fecha = await diaDesdeHoy(conexion.db, 3);
    await turnos.guardarExcepciones(conexion.db, CLI, {
      unineg: 1,
      fecha,
      franjas: [{ hora: 20, capacidad: 50 }],
    });
    const lista = await cupos(200);
    const r = await aLaVez(
      lista.map(
        (cupo, i) => () => pedir(i, '/api/turnos/reservar', { cupo, fecha, hora: 20 }, 'cliente1'),
      ),
    );
    expect(r.otros).toEqual([]);
    expect(r.aceptados).toBe(50);
    expect(r.rechazados).toBe(150);
    expect([...r.mensajes]).toEqual([M.sinLugares]);
    expect(await vivos(fecha, 20)).toBe(50);
  });

  it('20 rondas de 40 reservas a la vez para franjas de 10: 10 en cada una', async () => {
    const fecha = await diaDesdeHoy(conexion.db, 4);
    for (let ronda = 0; ronda < 20; ronda++) {
      const lista = await cupos(40);
      const r = await aLaVez(
        lista.map(
          (cupo, i) => () =>
            pedir(i, '/api/turnos/reservar', { cupo, fecha, hora: ronda }, 'cliente1'),
        ),
      );
      expect(r.otros).toEqual([]);
      expect([r.aceptados, r.rechazados], `ronda ${ronda}`).toEqual([10, 30]);
      expect(await vivos(fecha, ronda)).toBe(10);
    }
  });

  it('30 cambios a la vez hacia una franja de 10: 10 se mueven, 20 quedan donde estaban', async () => {
    const fecha = await diaDesdeHoy(conexion.db, 5);
    const lista = await cupos(30);
    const reservados = [];
    for (const [i, cupo] of lista.entries()) {
      const r = await pedir(i, '/api/turnos/reservar', { cupo, fecha, hora: i % 3 }, 'cliente1');
      expect(r.status).toBe(201);
      reservados.push(r.cuerpo.id!);
    }
    const r = await aLaVez(
      reservados.map(
        (turno, i) => () => pedir(i, '/api/turnos/cambiar', { turno, fecha, hora: 21 }, 'cliente1'),
      ),
    );
    expect(r.otros).toEqual([]);
    expect([r.aceptados, r.rechazados]).toEqual([10, 20]);
    expect([...r.mensajes]).toEqual([M.sinLugares]);
    expect(await vivos(fecha, 21)).toBe(10);
    expect((await vivos(fecha, 0)) + (await vivos(fecha, 1)) + (await vivos(fecha, 2))).toBe(20);
  });

  it('cuota del 50 %: 30 reservas a la vez de cada una de dos empresas, 5 y 5 en una franja de 10', async () => {
    const fecha = await diaDesdeHoy(conexion.db, 6);
    await turnos.guardarParametros(conexion.db, CLI, {
      unineg: 1,
      ...PARAMETROS_POR_DEFECTO,
      cuotaEmpresaPct: 50,
    });
    try {
      const de1 = await cupos(30, 1);
      const de2 = await cupos(30, 2);
      const pedidos = de1.flatMap((c1, i) => [
        () => pedir(i, '/api/turnos/reservar', { cupo: c1, fecha, hora: 22 }, 'cliente1'),
        () => pedir(i + 1, '/api/turnos/reservar', { cupo: de2[i], fecha, hora: 22 }, 'cliente2'),
      ]);
      const r = await aLaVez(pedidos);
      expect(r.otros).toEqual([]);
      expect([r.aceptados, r.rechazados]).toEqual([10, 50]);
      // A company past its share hears so; once the band is full, everyone hears it is full.
      for (const msj of r.mensajes) expect([M.cuotaEmpresa(50, 5), M.sinLugares]).toContain(msj);
      const { rows } = await conexion.db.execute<{ codempre: number; n: number }>(sql`
        select codempre, count(*)::int as n from turnos
        where fecha = ${fecha} and hora = 22 and estado = 'reservado'
        group by codempre order by codempre`);
      expect(rows).toEqual([
        { codempre: 1, n: 5 },
        { codempre: 2, n: 5 },
      ]);
    } finally {
      await turnos.guardarParametros(conexion.db, CLI, { unineg: 1, ...PARAMETROS_POR_DEFECTO });
    }
  });

  it('después de todo, ninguna franja tiene más turnos vivos que su capacidad', async () => {
    const { rows } = await conexion.db.execute<{ excedidas: number; franjas: number }>(sql`
      with cuenta as (
        select t.calendario_id, t.fecha, t.hora, count(*) as n from turnos t
        where t.estado in ('reservado', 'presente') group by 1, 2, 3
      )
      select count(*)::int as franjas,
        (count(*) filter (where c.n > coalesce(e.capacidad, p.capacidad, 0)))::int as excedidas
      from cuenta c
      left join turnos_excepciones e
        on e.calendario_id = c.calendario_id and e.fecha = c.fecha and e.hora = c.hora
      left join turnos_plantilla p
        on p.calendario_id = c.calendario_id and p.dia_semana = extract(isodow from c.fecha)
        and p.hora = c.hora`);
    expect(rows[0]!.franjas).toBeGreaterThanOrEqual(25);
    expect(rows[0]!.excedidas).toBe(0);
  });
});
