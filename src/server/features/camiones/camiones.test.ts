import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { comoJsonDe } from '../../db/sql';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  camionesPlayaRespuesta,
  cuposAsignadosRespuesta,
  ticketsRespuesta,
  type CamionEnPlaya,
  type CupoAsignado,
  type Ticket,
} from '../../../shared/contracts/camiones';
import { MENSAJES_API, MENSAJES_CAMIONES as M } from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { ingresar, post } from '../../test/sesion';
import { crearCamion, crearCamionConCupo, crearCupo } from './datos-prueba';

const t = usarAppDePrueba();
let admin: string;
let cliente1: string;
let cliente2: string;

beforeAll(async () => {
  admin = await ingresar(t.app, 'admin');
  cliente1 = await ingresar(t.app, 'cliente1');
  cliente2 = await ingresar(t.app, 'cliente2');
});

const playa = (cookie: string, filtros: Record<string, unknown>) =>
  post(t.app, '/api/camiones/camiones-playa', { filtros }, cookie);

async function listar(codempre = 1, unineg = 1, estado = 0, cookie = admin) {
  const res = await playa(cookie, { codempre, unineg, estado });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  // The route sends JSON built by PostgreSQL: every row must still be the contract's shape.
  return camionesPlayaRespuesta.parse(res.json());
}

const vincular = (cookie: string, ctrl: number, codcamion: number, cantidad: unknown = 30000) =>
  post(t.app, '/api/camiones/vincular-camion-cupo', { ctrl, codcamion, cantidad }, cookie);

const desasignar = (cookie: string, ctrl: number, codcamion: number) =>
  post(t.app, '/api/camiones/desasignar-cupo-camion', { ctrl, codcamion }, cookie);

async function estadoDe(camion: number) {
  const { rows } = await t.db.execute<{ codestado: number }>(
    sql`select codestado from camiones where ctrl = ${camion}`,
  );
  return rows[0]!.codestado;
}

async function cupoEnBase(cupo: number) {
  const { rows } = await t.db.execute<{
    camion_ctrl: number | null;
    cantidad_asignada: number | null;
    asignado_por: number | null;
  }>(sql`select camion_ctrl, cantidad_asignada, asignado_por from cupos where ctrl = ${cupo}`);
  return rows[0]!;
}

async function auditoriaDe(cupo: number) {
  const { rows } = await t.db.execute<{
    accion: string;
    actor: string;
    antes: unknown;
    despues: unknown;
  }>(sql`select accion, actor, antes, despues from auditoria
         where tabla = 'cupos' and fila_id = ${String(cupo)} order by id`);
  return rows;
}

describe('POST /api/camiones/camiones-playa', () => {
  it('lista los camiones del cliente y unidad con los campos de la especificación, el ingreso más nuevo primero', async () => {
    const camion = await crearCamion(t.db, { codestado: 2, patcha: 'AA111AA', hace: '-1 hour' });
    const [c1, c2] = [
      await crearCupo(t.db, { camion }),
      await crearCupo(t.db, { camion, cantidad: 1000 }),
    ];
    await t.db.execute(
      sql`update camiones set ingplaya = '2026-11-21T17:03:22Z', estado_desde = '2026-11-21T17:40:05Z'
          where ctrl = ${camion}`,
    );
    const otro = await crearCamion(t.db, { hace: '-2 hours' });
    const lista = await listar();
    expect(lista[0]!.ctrl).toBe(otro);
    expect(lista.find((c) => c.ctrl === camion)).toEqual({
      ctrl: camion,
      txtempresa: 'Agroexportadora del Litoral S.A.',
      patcha: 'AA111AA',
      pataco: 'XY987ZW',
      cargateorica: 30000,
      nomchofer: 'Chofer de Prueba',
      dni: '30111222',
      ingplaya: '2026-11-21T14:03:22',
      codestado: 2,
      nomestado: 'Playa con orden',
      estado_desde: '2026-11-21T14:40:05',
      cupo_camion: `${c1}, ${c2}`,
      // No booking linked at the gate (turno-en-playa.test.ts has those).
      turno_fecha: null,
      turno_hora: null,
      turno_llegada: null,
    });
    const ingresos = lista.map((c) => c.ingplaya);
    expect([...ingresos].sort().reverse()).toEqual(ingresos);
    expect(lista.find((c) => c.codestado === 1)?.cupo_camion).toBeNull();
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select count(*) as n from camiones
      where ctrl = any(${`{${lista.map((c) => c.ctrl).join(',')}}`}::int[])
        and (codempre <> 1 or unineg <> 1)`);
    expect(rows[0]!.n).toBe(0);
  });

  it('estados 1-3 siempre; finalizados solo dentro de FINISHED_TRUCK_HOURS (48 h)', async () => {
    const reciente = await crearCamion(t.db, {
      codestado: 4,
      hace: '50 hours',
      finalizadoHace: '47 hours',
    });
    const viejo = await crearCamion(t.db, {
      codestado: 4,
      hace: '60 hours',
      finalizadoHace: '49 hours',
    });
    const antiguoEnPlaya = await crearCamion(t.db, { codestado: 1, hace: '10 days' });
    const todos = (await listar()).map((c) => c.ctrl);
    expect(todos).toContain(reciente);
    expect(todos).toContain(antiguoEnPlaya);
    expect(todos).not.toContain(viejo);
    const finalizados = (await listar(1, 1, 4)).map((c) => c.ctrl);
    expect(finalizados).toContain(reciente);
    expect(finalizados).not.toContain(viejo);
  });

  it('filtra por estado: 0 todos, 1-4 solo ese', async () => {
    const todos = await listar();
    expect(new Set(todos.map((c) => c.codestado))).toEqual(new Set([1, 2, 3, 4]));
    for (const estado of [1, 2, 3, 4]) {
      const lista = await listar(1, 1, estado);
      expect(lista.length).toBeGreaterThan(0);
      expect(lista.every((c) => c.codestado === estado)).toBe(true);
      expect(lista.length).toBe(todos.filter((c) => c.codestado === estado).length);
    }
    const nombres = Object.fromEntries(todos.map((c) => [c.codestado, c.nomestado]));
    expect(nombres).toEqual({
      1: 'Playa sin orden',
      2: 'Playa con orden',
      3: 'Operando',
      4: 'Finalizado',
    });
  });

  it('sin estado usa 0; una playa vacía es []', async () => {
    const res = await playa(cliente1, { codempre: 1, unineg: 1 });
    expect(res.json<CamionEnPlaya[]>().length).toBe((await listar()).length);
    expect(await listar(5, 2)).toEqual([]);
  });

  it('un cliente solo ve lo suyo: otra empresa o una unidad ajena es 403', async () => {
    expect((await playa(cliente1, { codempre: 2, unineg: 1, estado: 0 })).statusCode).toBe(403);
    const res = await playa(cliente2, { codempre: 2, unineg: 2, estado: 0 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msj: MENSAJES_API.sinPermisoDatos });
    expect((await listar(2, 1, 0, cliente2)).length).toBeGreaterThan(0);
    expect(
      (await listar(2, 1, 0, admin)).every((c) => c.txtempresa === 'Cereales Pampeanos S.R.L.'),
    );
  });

  it('valida los filtros', async () => {
    for (const filtros of [
      { codempre: 1, unineg: 1, estado: 5 },
      { codempre: 1, unineg: 1, estado: -1 },
      { codempre: 1, unineg: 0, estado: 0 },
      { codempre: 1, estado: 0 },
      { codempre: 'x', unineg: 1 },
    ]) {
      const res = await playa(admin, filtros);
      expect(res.statusCode, JSON.stringify(filtros)).toBe(400);
      expect(typeof res.json().msj).toBe('string');
    }
    expect((await post(t.app, '/api/camiones/camiones-playa', {}, admin)).statusCode).toBe(400);
  });
});

describe('POST /api/camiones/vincular-camion-cupo', () => {
  it('asigna el cupo: 201 { actualizado: 1 }, el camión pasa a Playa con orden y queda auditado', async () => {
    const camion = await crearCamion(t.db);
    const cupo = await crearCupo(t.db, { cantidad: 28500.5 });
    const res = await vincular(cliente1, cupo, camion, 28500.5);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ actualizado: 1 });
    expect(await estadoDe(camion)).toBe(2);
    const enBase = await cupoEnBase(cupo);
    expect(enBase).toMatchObject({ camion_ctrl: camion, cantidad_asignada: 28500.5 });
    expect(enBase.asignado_por).not.toBeNull();
    expect(await auditoriaDe(cupo)).toEqual([
      {
        accion: 'vincular_cupo',
        actor: 'cliente1',
        antes: {
          cupo: { camion_ctrl: null, cantidad_asignada: null },
          camion: { ctrl: camion, codestado: 1 },
        },
        despues: {
          cupo: { camion_ctrl: camion, cantidad_asignada: 28500.5 },
          camion: { ctrl: camion, codestado: 2 },
        },
      },
    ]);
    const fila = (await listar()).find((c) => c.ctrl === camion)!;
    expect(fila).toMatchObject({
      codestado: 2,
      nomestado: 'Playa con orden',
      cupo_camion: `${cupo}`,
    });
  });

  it('un camión con orden admite otro cupo; una parte del cupo también vale', async () => {
    const { camion, cupo } = await crearCamionConCupo(t.db);
    const segundo = await crearCupo(t.db, { cantidad: 30000 });
    expect((await vincular(admin, segundo, camion, '12000.25')).statusCode).toBe(201);
    expect((await cupoEnBase(segundo)).cantidad_asignada).toBe(12000.25);
    expect((await listar()).find((c) => c.ctrl === camion)?.cupo_camion).toBe(
      `${cupo}, ${segundo}`,
    );
  });

  it('solo camiones en playa (estados 1 y 2): Operando o Finalizado es 409', async () => {
    for (const codestado of [3, 4] as const) {
      const camion = await crearCamion(t.db, { codestado });
      const cupo = await crearCupo(t.db);
      const res = await vincular(cliente1, cupo, camion);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ msj: M.estadoNoAdmiteVincular });
      expect(await estadoDe(camion)).toBe(codestado);
      expect((await cupoEnBase(cupo)).camion_ctrl).toBeNull();
      expect(await auditoriaDe(cupo)).toEqual([]);
    }
  });

  it('la cantidad: mayor que 0 y hasta la del cupo', async () => {
    const camion = await crearCamion(t.db);
    const cupo = await crearCupo(t.db, { cantidad: 30000 });
    for (const cantidad of [0, -1, '0', 'abc', null, 1.0005, '', true]) {
      const res = await vincular(cliente1, cupo, camion, cantidad);
      expect(res.statusCode, JSON.stringify(cantidad)).toBe(400);
      expect(typeof res.json().msj).toBe('string');
    }
    const excedida = await vincular(cliente1, cupo, camion, 30000.001);
    expect(excedida.statusCode).toBe(400);
    expect(excedida.json()).toEqual({ msj: M.cantidadExcedida });
    expect((await cupoEnBase(cupo)).camion_ctrl).toBeNull();
    expect(await estadoDe(camion)).toBe(1);
    expect((await vincular(cliente1, cupo, camion, 30000)).statusCode).toBe(201);
  });

  it('un cupo eliminado o ya asignado es 409, sin cambiar nada', async () => {
    const camion = await crearCamion(t.db);
    const eliminado = await crearCupo(t.db, { eliminado: true });
    let res = await vincular(cliente1, eliminado, camion);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msj: M.cupoEliminado });

    const { camion: otro, cupo: ajeno } = await crearCamionConCupo(t.db);
    res = await vincular(cliente1, ajeno, camion);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msj: M.cupoYaAsignado });
    expect((await cupoEnBase(ajeno)).camion_ctrl).toBe(otro);

    res = await vincular(cliente1, ajeno, otro);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msj: M.cupoYaAsignadoAlCamion });
    expect(await estadoDe(camion)).toBe(1);
  });

  it('el cupo debe ser del cliente y unidad del camión', async () => {
    const camion = await crearCamion(t.db);
    for (const donde of [
      { codempre: 2, unineg: 1 },
      { codempre: 1, unineg: 2 },
    ]) {
      const cupo = await crearCupo(t.db, donde);
      const res = await vincular(admin, cupo, camion);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msj: M.cupoDeOtroCliente });
    }
    expect(await estadoDe(camion)).toBe(1);
  });

  it('camión o cupo de otra empresa, o inexistente: 404 como si no existiera', async () => {
    const camion = await crearCamion(t.db);
    const cupo = await crearCupo(t.db);
    const camionAjeno = await crearCamion(t.db, { codempre: 2 });
    const cupoAjeno = await crearCupo(t.db, { codempre: 2 });
    const noExiste = { msj: MENSAJES_API.noEncontrado };
    for (const [cookie, q, c] of [
      [cliente2, cupo, camion],
      [cliente2, cupoAjeno, camion],
      [cliente1, cupoAjeno, camion],
      [cliente1, cupo, camionAjeno],
      [cliente1, cupo, 999_999],
      [cliente1, 999_999, camion],
    ] as const) {
      const res = await vincular(cookie, q, c);
      expect(res.statusCode, `${q} → ${c}`).toBe(404);
      expect(res.json()).toEqual(noExiste);
    }
    // A unit the user does not hold is as invisible as another company (cliente2: only Granos).
    const camionSub = await crearCamion(t.db, { codempre: 2, unineg: 2 });
    const cupoSub = await crearCupo(t.db, { codempre: 2, unineg: 2 });
    expect((await vincular(cliente2, cupoSub, camionSub)).statusCode).toBe(404);
    expect((await cupoEnBase(cupo)).camion_ctrl).toBeNull();
    expect((await cupoEnBase(cupoAjeno)).camion_ctrl).toBeNull();
  });
});

describe('POST /api/camiones/desasignar-cupo-camion', () => {
  it('quita el cupo: 201 { resultado: [{ result: 1 }] }; sin cupos el camión vuelve a Playa sin orden', async () => {
    const { camion, cupo } = await crearCamionConCupo(t.db);
    const res = await desasignar(cliente1, cupo, camion);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ resultado: [{ result: 1 }] });
    expect(await cupoEnBase(cupo)).toEqual({
      camion_ctrl: null,
      cantidad_asignada: null,
      asignado_por: null,
    });
    expect(await estadoDe(camion)).toBe(1);
    expect(await auditoriaDe(cupo)).toEqual([
      {
        accion: 'desvincular_cupo',
        actor: 'cliente1',
        antes: {
          cupo: { camion_ctrl: camion, cantidad_asignada: 30000 },
          camion: { ctrl: camion, codestado: 2 },
        },
        despues: {
          cupo: { camion_ctrl: null, cantidad_asignada: null },
          camion: { ctrl: camion, codestado: 1 },
        },
      },
    ]);
    // The quota is free again: it is listed and can go to another truck.
    const libres = await post(t.app, '/api/cupos', { codEmpre: 1, uniNeg: 1 }, cliente1);
    expect(libres.json<{ resultado: { ctrl: number }[] }>().resultado.map((c) => c.ctrl)).toContain(
      cupo,
    );
    expect((await vincular(cliente1, cupo, await crearCamion(t.db))).statusCode).toBe(201);
  });

  it('con otro cupo asignado el camión sigue en Playa con orden', async () => {
    const { camion, cupo } = await crearCamionConCupo(t.db);
    const otro = await crearCupo(t.db, { camion });
    expect((await desasignar(admin, cupo, camion)).statusCode).toBe(201);
    expect(await estadoDe(camion)).toBe(2);
    expect((await listar()).find((c) => c.ctrl === camion)?.cupo_camion).toBe(`${otro}`);
  });

  it('un cupo que el camión no tiene es 409', async () => {
    const { camion } = await crearCamionConCupo(t.db);
    const { cupo: deOtro } = await crearCamionConCupo(t.db);
    const libre = await crearCupo(t.db);
    for (const cupo of [deOtro, libre]) {
      const res = await desasignar(cliente1, cupo, camion);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ msj: M.cupoNoAsignadoAlCamion });
    }
    expect(await estadoDe(camion)).toBe(2);
    expect((await cupoEnBase(deOtro)).camion_ctrl).not.toBeNull();
  });

  it('solo en Playa con orden: un camión Operando o Finalizado conserva su cupo (409)', async () => {
    for (const codestado of [3, 4] as const) {
      const { camion, cupo } = await crearCamionConCupo(t.db, { codestado });
      const res = await desasignar(cliente1, cupo, camion);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ msj: M.estadoNoAdmiteDesvincular });
      expect((await cupoEnBase(cupo)).camion_ctrl).toBe(camion);
    }
  });

  it('de otra empresa o inexistente: 404', async () => {
    const { camion, cupo } = await crearCamionConCupo(t.db);
    for (const [cookie, q, c] of [
      [cliente2, cupo, camion],
      [cliente1, 999_999, camion],
      [cliente1, cupo, 999_999],
    ] as const) {
      expect((await desasignar(cookie, q, c)).statusCode).toBe(404);
    }
    expect((await cupoEnBase(cupo)).camion_ctrl).toBe(camion);
  });
});

describe('POST /api/camiones/cupos-asignados', () => {
  it('lista los cupos del camión con la cantidad asignada, la mezcla y el tipo de despacho', async () => {
    const camion = await crearCamion(t.db, { codestado: 2 });
    const cupo = await crearCupo(t.db, {
      camion,
      cantidad: 30000,
      cantidadAsignada: 25000,
      obs: 'Turno noche',
    });
    await t.db.execute(sql`delete from cupo_productos where cupo_ctrl = ${cupo}`);
    await t.db.execute(sql`insert into cupo_productos values (${cupo}, 1, 70), (${cupo}, 2, 30)`);
    await t.db.execute(
      sql`update cupos set fechagen = '2026-11-21T17:03:22Z' where ctrl = ${cupo}`,
    );
    const res = await post(t.app, '/api/camiones/cupos-asignados', { codcamion: camion }, cliente1);
    expect(res.statusCode).toBe(200);
    expect(cuposAsignadosRespuesta.parse(res.json())).toEqual([
      {
        ctrl: cupo,
        cantidad: 25000,
        fechagen: '2026-11-21T14:03:22',
        mezcla: 'Soja 70% / Maíz 30%',
        tipo: 'Granel',
        obs: 'Turno noche',
      },
    ] satisfies CupoAsignado[]);
  });

  it('sin cupos: []; de otra empresa o inexistente: 404', async () => {
    const camion = await crearCamion(t.db);
    const asignados = (c: number, cookie: string) =>
      post(t.app, '/api/camiones/cupos-asignados', { codcamion: c }, cookie);
    expect((await asignados(camion, cliente1)).json()).toEqual([]);
    expect((await asignados(camion, cliente2)).statusCode).toBe(404);
    expect((await asignados(999_999, admin)).statusCode).toBe(404);
  });
});

describe('POST /api/camiones/tickets', () => {
  it('los tickets del camión con todos los campos; neto = bruto - tara', async () => {
    const camion = await crearCamion(t.db, { codestado: 4, patcha: 'TK001AA' });
    await crearCupo(t.db, { camion });
    await t.db.execute(sql`
      insert into tickets (camion_ctrl, tara, fechatara, baltara, bruto, fechabruto, balbruto)
      values (${camion}, 15230, '2026-11-21T12:00:00Z', 'Balanza 1', 45480, '2026-11-21T13:30:05Z', 'Balanza 3')`);
    const res = await post(t.app, '/api/camiones/tickets', { camion }, cliente1);
    expect(res.statusCode).toBe(200);
    const [ticket] = ticketsRespuesta.parse(res.json());
    expect(ticket).toEqual({
      ctrl: expect.any(Number),
      nomempre: 'Agroexportadora del Litoral S.A.',
      nomchofer: 'Chofer de Prueba',
      camion,
      patcha: 'TK001AA',
      pataco: 'XY987ZW',
      tara: 15230,
      fechatara: '2026-11-21T09:00:00',
      baltara: 'Balanza 1',
      bruto: 45480,
      fechabruto: '2026-11-21T10:30:05',
      balbruto: 'Balanza 3',
      neto: 30250,
      mezcla: 'Soja',
    } satisfies Ticket);
  });

  it('los finalizados de la demostración tienen su ticket; un tara sin bruto no tiene neto', async () => {
    const { rows } = await t.db.execute<{ ctrl: number; codestado: number }>(sql`
      select distinct on (codestado) ctrl, codestado from camiones
      where codempre = 1 and codestado in (3, 4) order by codestado, ctrl`);
    for (const { ctrl, codestado } of rows) {
      const tickets = (await post(t.app, '/api/camiones/tickets', { camion: ctrl }, cliente1)).json<
        Ticket[]
      >();
      expect(tickets.length).toBe(1);
      const [tk] = tickets;
      if (codestado === 4) {
        expect(tk!.neto).toBe(tk!.bruto! - tk!.tara);
        expect(tk!.mezcla).not.toBe('');
      } else {
        expect(tk).toMatchObject({ bruto: null, fechabruto: null, balbruto: null, neto: null });
      }
    }
  });

  it('de otra empresa o inexistente: 404', async () => {
    const camion = await crearCamion(t.db, { codestado: 4 });
    expect((await post(t.app, '/api/camiones/tickets', { camion }, cliente2)).statusCode).toBe(404);
    expect(
      (await post(t.app, '/api/camiones/tickets', { camion: 999_999 }, admin)).statusCode,
    ).toBe(404);
    expect((await post(t.app, '/api/camiones/tickets', { camion }, admin)).json()).toEqual([]);
  });
});

describe('la playa serializada por su contrato', () => {
  it('PostgreSQL arma el JSON con los campos del contrato, en su orden: una columna de más no sale', async () => {
    const consulta = comoJsonDe<{ ctrl: number; patcha: string }>(
      z.object({ ctrl: z.number(), patcha: z.string() }),
      sql`select ctrl, patcha, dni as secreto from camiones where codempre = 1`,
      sql`c.ctrl`,
    );
    const { rows } = await t.db.execute<{ json: string }>(consulta.sql);
    const filas = JSON.parse(consulta.leer(rows)) as Record<string, unknown>[];
    expect(filas.length).toBeGreaterThan(0);
    for (const f of filas) expect(Object.keys(f)).toEqual(['ctrl', 'patcha']);
    const vacia = comoJsonDe(
      z.object({ ctrl: z.number() }),
      sql`select 1 as ctrl where false`,
      sql`c.ctrl`,
    );
    expect((await t.db.execute<{ json: string }>(vacia.sql)).rows[0]!.json).toBe('[]');
  });
});
