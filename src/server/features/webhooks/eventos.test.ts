/**
 * Each change that the issue names enqueues its webhook event in its own transaction (issue 25):
 * quota created, linked and deleted (alone and by 'Limpiar Cupos'), turn booked, changed and
 * no-show, with e-mails to the users who chose the turn's notices. Tenancy: a company's endpoint
 * gets only its company's events, a terminal-wide one every company's; a company's users get only
 * their company's e-mails. Only the outbox is read (the delivery is webhooks.test.ts's).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usarAppDePrueba } from '../../test/app';
import { ingresar, post } from '../../test/sesion';
import * as avisos from '../avisos/servicio';
import { crearCamion } from '../camiones/datos-prueba';
import { insertarCupoDePrueba, ordenDePrueba } from '../cupos/datos-prueba';
import { CLI } from '../../cli/actor';
import { calendarioAbierto, diaDesdeHoy, turnoYCamion } from '../turnos/datos-prueba';
import { sumarDias } from '../turnos/rules';
import * as turnos from '../turnos/servicio';
import { EVENTOS_WEBHOOK } from '../../../shared/contracts/webhooks';
import * as webhooks from './servicio';

const t = usarAppDePrueba({ avisos: { arrancar: false } });
const actor = { actor: 'prueba' };

/** Endpoint ids: terminal-wide, company 1's and company 2's, each wanting every event. */
const ep = { terminal: 0, e1: 0, e2: 0 };
let admin = '';
let cliente1 = '';
let cliente2 = '';

beforeAll(async () => {
  const crear = async (codempre: number | null) =>
    (
      await webhooks.crear(
        t.db,
        actor,
        { url: 'http://127.0.0.1:9/x', eventos: [...EVENTOS_WEBHOOK], codempre },
        ['127.0.0.1'],
      )
    ).id;
  ep.terminal = await crear(null);
  ep.e1 = await crear(1);
  ep.e2 = await crear(2);
  admin = await ingresar(t.app, 'admin');
  cliente1 = await ingresar(t.app, 'cliente1');
  cliente2 = await ingresar(t.app, 'cliente2');
  await calendarioAbierto(t.db);
});

beforeEach(async () => {
  await t.db.execute(sql`delete from avisos`);
});

interface Fila {
  canal: 'webhook' | 'correo';
  destino: number;
  evento: string;
  grupo: string | null;
  codempre: number | null;
}
async function filas(evento: string): Promise<Fila[]> {
  const { rows } = await t.db.execute<Fila & Record<string, unknown>>(sql`
    select canal, destino, evento, grupo,
      coalesce(datos->'data'->>'codempre', datos->>'codempre')::int as codempre
    from avisos where evento = ${evento} order by id`);
  return rows;
}

/** The endpoints that got `evento` of company `codempre` (the rows' own company checked too). */
async function endpointsDe(evento: string, codempre: number) {
  const r = (await filas(evento)).filter((f) => f.canal === 'webhook');
  return [...new Set(r.filter((f) => f.codempre === codempre).map((f) => f.destino))].sort(
    (a, b) => a - b,
  );
}
const deEmpresa = (codempre: 1 | 2) =>
  [ep.terminal, codempre === 1 ? ep.e1 : ep.e2].sort((a, b) => a - b);

describe('cupos', () => {
  it('creado, vinculado y eliminado (solo y con Limpiar Cupos): la terminal y su empresa, nunca la otra', async () => {
    /** Each quota of the test, by what happened to it last, with its company. */
    const hechos: { evento: string; cupo: number; codempre: 1 | 2 }[] = [];
    for (const codempre of [1, 2] as const) {
      const cookie = codempre === 1 ? cliente1 : cliente2;
      const r = await post(
        t.app,
        '/api/cupos/crear',
        ordenDePrueba({ cliente: codempre, cantCuposIguales: 3 }),
        cookie,
      );
      expect(r.statusCode, r.body).toBe(201);
      const [a, b, c] = r.json<{ cupos: number[] }>().cupos as [number, number, number];
      for (const cupo of [a, b, c]) hechos.push({ evento: 'cupo.creado', cupo, codempre });
      hechos.push(
        { evento: 'cupo.vinculado', cupo: a, codempre },
        { evento: 'cupo.eliminado', cupo: b, codempre },
        { evento: 'cupo.eliminado', cupo: c, codempre },
      );
      const camion = await crearCamion(t.db, { codempre });
      const v = await post(
        t.app,
        '/api/camiones/vincular-camion-cupo',
        { ctrl: a, codcamion: camion, cantidad: 30000 },
        admin,
      );
      expect(v.statusCode, v.body).toBe(201);
      const e = await post(t.app, '/api/cupos/eliminar', { codorden: b }, cookie);
      expect(e.statusCode, e.body).toBe(200);
      // The third is left for 'Limpiar Cupos'.
      const l = await post(t.app, '/api/cupos/limpiar', { uniNeg: 1, codEmpre: codempre }, admin);
      expect(l.statusCode, l.body).toBe(200);
    }
    for (const codempre of [1, 2] as const) {
      for (const evento of ['cupo.creado', 'cupo.vinculado', 'cupo.eliminado']) {
        expect(await endpointsDe(evento, codempre), `${evento} ${codempre}`).toEqual(
          deEmpresa(codempre),
        );
      }
    }
    // Each of the test's quotas: in its own group, one row per endpoint that may see it.
    for (const h of hechos) {
      const r = (await filas(h.evento)).filter(
        (f) => f.canal === 'webhook' && f.grupo === `cupo:${h.cupo}`,
      );
      expect(
        r.map((f) => f.destino).sort((x, y) => x - y),
        `${h.evento} ${h.cupo}`,
      ).toEqual(deEmpresa(h.codempre));
    }
    // The linked quota was not deleted by 'Limpiar Cupos'.
    const vinculado = hechos.find((h) => h.evento === 'cupo.vinculado')!.cupo;
    expect((await filas('cupo.eliminado')).filter((f) => f.grupo === `cupo:${vinculado}`)).toEqual(
      [],
    );
  });

  it('un endpoint desactivado no recibe nada nuevo', async () => {
    await webhooks.activar(t.db, actor, { id: ep.e1, activo: false });
    try {
      await post(t.app, '/api/cupos/crear', ordenDePrueba({ cliente: 1 }), cliente1);
      expect(await endpointsDe('cupo.creado', 1)).toEqual([ep.terminal]);
    } finally {
      await webhooks.activar(t.db, actor, { id: ep.e1, activo: true });
    }
  });
});

describe('turnos', () => {
  it('reservado, cambiado y ausente: webhooks de la terminal y de su empresa; correo solo a quien lo eligió en su empresa', async () => {
    const usuarios = new Map<string, number>();
    for (const [usuario, correo] of [
      ['cliente1', 'uno@cliente.example'],
      ['cliente2', 'dos@cliente.example'],
    ] as const) {
      await avisos.fijarCorreoDeUsuario(t.db, actor, { usuario, correo });
      const { rows } = await t.db.execute<{ id: number }>(
        sql`select id from usuarios where usuario = ${usuario}`,
      );
      usuarios.set(usuario, rows[0]!.id);
      await avisos.guardarAvisos(
        t.db,
        rows[0]!.id,
        actor,
        { avisos: ['turno.reservado', 'turno.cambiado', 'turno.ausente'] },
        true,
      );
    }
    const fecha = await diaDesdeHoy(t.db, 10);
    const antes = () => `${sumarDias(fecha, -1)}T00:00:00`;
    const uno = await turnoYCamion(t.db, { fecha, hora: 9, codempre: 1 });
    const dos = await turnoYCamion(t.db, { fecha, hora: 9, codempre: 2 });
    for (const { turno } of [uno, dos]) {
      await turnos.cambiar(t.db, antes, 'terminal', CLI, { turno: turno.id, fecha, hora: 10 });
    }
    // The demo's own bookings of that day are marked too; these two among them.
    const marcados = (await turnos.marcarAusentes(t.db, () => `${fecha}T23:00:00`)).map(
      (m) => m.id,
    );
    expect(marcados).toEqual(expect.arrayContaining([uno.turno.id, dos.turno.id]));

    for (const evento of ['turno.reservado', 'turno.cambiado', 'turno.ausente']) {
      for (const [codempre, usuario, { turno, cupo }] of [
        [1, 'cliente1', uno],
        [2, 'cliente2', dos],
      ] as const) {
        const todas = await filas(evento);
        // Webhooks: in the quota's group, one row per endpoint that may see it, nothing twice.
        const hooks = todas.filter((f) => f.canal === 'webhook' && f.grupo === `cupo:${cupo}`);
        expect(
          hooks.map((f) => f.destino).sort((a, b) => a - b),
          `${evento} ${codempre}`,
        ).toEqual(deEmpresa(codempre));
        expect(hooks.every((f) => f.codempre === codempre)).toBe(true);
        // E-mail: the company's user who chose it, never the other company's.
        const correos = todas.filter(
          (f) => f.canal === 'correo' && f.grupo === `turno:${turno.id}`,
        );
        expect(
          correos.map((f) => f.destino),
          `${evento} ${codempre}`,
        ).toEqual([usuarios.get(usuario)]);
      }
    }
  });

  it('un cupo de la empresa 2 reservado por la terminal no llega al endpoint de la empresa 1', async () => {
    const fecha = await diaDesdeHoy(t.db, 11);
    const cupo = await insertarCupoDePrueba(t.db, { codempre: 2 });
    await turnos.reservar(t.db, () => `${sumarDias(fecha, -1)}T00:00:00`, 'terminal', CLI, {
      cupo,
      fecha,
      hora: 11,
    });
    const r = (await filas('turno.reservado')).filter((f) => f.canal === 'webhook');
    expect(r.map((f) => f.destino).sort((a, b) => a - b)).toEqual(deEmpresa(2));
    expect(r.every((f) => f.grupo === `cupo:${cupo}`)).toBe(true);
  });
});
