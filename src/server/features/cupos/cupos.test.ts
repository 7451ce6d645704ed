import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CupoDisponible } from '../../../shared/contracts/cupos';
import { usarAppDePrueba } from '../../test/app';
import { ingresar, post } from '../../test/sesion';

const t = usarAppDePrueba();
let cliente1: string;
let admin: string;

/** A quota of cliente1 in Granos with the given blend, straight into the database. */
async function cupoCon(
  mezcla: [number, number][],
  extra: { obs?: string; asignado?: boolean; eliminado?: boolean } = {},
) {
  const { rows } = await t.db.execute<{ ctrl: number }>(sql`
    insert into cupos (codempre, unineg, tipo, coddespacho, cantidad, obs, fechagen, eliminado_en)
    values (1, 1, 'D', 1, 30000, ${extra.obs ?? null}, now() + interval '1 hour',
            ${extra.eliminado ? sql`now()` : sql`null`})
    returning ctrl`);
  const ctrl = rows[0]!.ctrl;
  for (const [codpro, porcentaje] of mezcla) {
    await t.db.execute(sql`insert into cupo_productos values (${ctrl}, ${codpro}, ${porcentaje})`);
  }
  if (extra.asignado) {
    await t.db.execute(sql`
      update cupos set camion_ctrl = (select min(ctrl) from camiones where codempre = 1 and codestado = 1),
                       cantidad_asignada = 1000 where ctrl = ${ctrl}`);
  }
  return ctrl;
}

async function listar(cookie: string, codEmpre = 1, uniNeg = 1) {
  return post(t.app, '/api/cupos', { codEmpre, uniNeg }, cookie);
}

beforeAll(async () => {
  cliente1 = await ingresar(t.app, 'cliente1');
  admin = await ingresar(t.app, 'admin');
});

describe('POST /api/cupos', () => {
  it('lista los cupos sin asignar ni eliminar del cliente y unidad, los más nuevos primero', async () => {
    const visible = await cupoCon([[1, 100]], { obs: 'Turno tarde' });
    const asignado = await cupoCon([[1, 100]], { asignado: true });
    const eliminado = await cupoCon([[1, 100]], { eliminado: true });
    const res = await listar(cliente1);
    expect(res.statusCode).toBe(200);
    const { resultado } = res.json<{ resultado: CupoDisponible[] }>();
    const ids = resultado.map((c) => c.ctrl);
    expect(ids[0]).toBe(visible);
    expect(ids).not.toContain(asignado);
    expect(ids).not.toContain(eliminado);
    expect(resultado[0]).toEqual({
      ctrl: visible,
      fechagen: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      nomdespacho: 'Granel',
      nombreenvase: 'Sin envase',
      mezcla: 'Soja',
      cantidad: 30000,
      obs: 'Turno tarde',
    });
    const fechas = resultado.map((c) => c.fechagen);
    expect([...fechas].sort().reverse()).toEqual(fechas);
    // Every quota listed belongs to the asked client and unit.
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select count(*) as n from cupos where ctrl = any(${`{${ids.join(',')}}`}::int[]) and (codempre <> 1 or unineg <> 1)`);
    expect(rows[0]!.n).toBe(0);
  });

  it('la mezcla: productos por porcentaje descendente, decimales con coma', async () => {
    const dos = await cupoCon([
      [2, 30],
      [1, 70],
    ]);
    const tres = await cupoCon([
      [3, 33.3],
      [1, 33.4],
      [2, 33.3],
    ]);
    const { resultado } = (await listar(cliente1)).json<{ resultado: CupoDisponible[] }>();
    expect(resultado.find((c) => c.ctrl === dos)?.mezcla).toBe('Soja 70% / Maíz 30%');
    expect(resultado.find((c) => c.ctrl === tres)?.mezcla).toBe(
      'Soja 33,4% / Maíz 33,3% / Trigo 33,3%',
    );
  });

  it('la mezcla sigue a los productos: al cambiarlos, borrarlos o renombrar uno', async () => {
    const ctrl = await cupoCon([
      [1, 60],
      [2, 40],
    ]);
    const mezcla = async () => {
      const { resultado } = (await listar(cliente1)).json<{ resultado: CupoDisponible[] }>();
      return resultado.find((c) => c.ctrl === ctrl)?.mezcla;
    };
    expect(await mezcla()).toBe('Soja 60% / Maíz 40%');
    await t.db.execute(
      sql`update cupo_productos set porcentaje = 30 where cupo_ctrl = ${ctrl} and codpro = 1`,
    );
    await t.db.execute(
      sql`update cupo_productos set porcentaje = 70 where cupo_ctrl = ${ctrl} and codpro = 2`,
    );
    expect(await mezcla()).toBe('Maíz 70% / Soja 30%');
    await t.db.execute(sql`delete from cupo_productos where cupo_ctrl = ${ctrl} and codpro = 1`);
    await t.db.execute(sql`update cupo_productos set porcentaje = 100 where cupo_ctrl = ${ctrl}`);
    expect(await mezcla()).toBe('Maíz');
    await t.db.execute(sql`update productos set nompro = 'Maíz colorado' where codpro = 2`);
    expect(await mezcla()).toBe('Maíz colorado');
    await t.db.execute(sql`update productos set nompro = 'Maíz' where codpro = 2`);
  });

  it('la fecha se muestra en la hora local de la terminal', async () => {
    const ctrl = await cupoCon([[1, 100]]);
    await t.db.execute(
      sql`update cupos set fechagen = '2026-11-21T17:03:22Z' where ctrl = ${ctrl}`,
    );
    const { resultado } = (await listar(admin)).json<{ resultado: CupoDisponible[] }>();
    expect(resultado.find((c) => c.ctrl === ctrl)?.fechagen).toBe('2026-11-21T14:03:22');
  });

  it('otra empresa o una unidad ajena: 403', async () => {
    expect((await listar(cliente1, 2, 1)).statusCode).toBe(403);
    const cliente2 = await ingresar(t.app, 'cliente2');
    expect((await listar(cliente2, 2, 2)).statusCode).toBe(403); // cliente2 has only Granos
    expect((await listar(cliente2, 2, 1)).statusCode).toBe(200);
  });
});
