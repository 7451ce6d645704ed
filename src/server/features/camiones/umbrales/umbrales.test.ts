import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppDePrueba } from '../../../test/app';
import { get, ingresar, post } from '../../../test/sesion';

const t = usarAppDePrueba();
let admin: string;
let cliente1: string;
let cliente2: string;

const URL_GUARDAR = '/api/administracion/umbrales-espera';
const URL_LEER = '/api/camiones/umbrales-espera';
const granos = {
  unineg: 1,
  sinOrdenAviso: 60,
  sinOrdenLimite: 120,
  conOrdenAviso: 90,
  conOrdenLimite: 180,
};

beforeAll(async () => {
  admin = await ingresar(t.app, 'admin');
  cliente1 = await ingresar(t.app, 'cliente1');
  cliente2 = await ingresar(t.app, 'cliente2');
});

async function auditorias() {
  const { rows } = await t.db.execute<{
    actor: string;
    fila_id: string;
    antes: unknown;
    despues: unknown;
  }>(sql`
    select actor, fila_id, antes, despues from auditoria
    where tabla = 'umbrales_espera' and accion = 'cambiar_umbrales_espera' order by id`);
  return rows;
}

describe('umbrales de espera', () => {
  it('sin umbrales, la lista está vacía y trae la hora de la terminal', async () => {
    const res = await get(t.app, URL_LEER, cliente1);
    expect(res.statusCode).toBe(200);
    const cuerpo = res.json<{ ahora: string; umbrales: unknown[] }>();
    expect(cuerpo.umbrales).toEqual([]);
    expect(cuerpo.ahora).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  it('el administrador los fija, se auditan con antes y después, y se pueden cambiar', async () => {
    expect((await post(t.app, URL_GUARDAR, granos, admin)).statusCode).toBe(200);
    const cambio = { ...granos, sinOrdenAviso: '30', sinOrdenLimite: 45 };
    expect((await post(t.app, URL_GUARDAR, cambio, admin)).statusCode).toBe(200);

    const res = await get(t.app, URL_LEER, admin);
    expect(res.json<{ umbrales: unknown[] }>().umbrales).toEqual([
      { ...granos, sinOrdenAviso: 30, sinOrdenLimite: 45 },
    ]);
    const filas = await auditorias();
    expect(filas).toHaveLength(2);
    expect(filas[0]).toMatchObject({ actor: 'admin', fila_id: '1', antes: null, despues: granos });
    expect(filas[1]).toMatchObject({
      antes: granos,
      despues: { ...granos, sinOrdenAviso: 30, sinOrdenLimite: 45 },
    });
  });

  it('cada usuario ve los de sus unidades: cliente2 (Granos) no ve los de Subproductos', async () => {
    const sub = {
      unineg: 2,
      sinOrdenAviso: 10,
      sinOrdenLimite: 20,
      conOrdenAviso: 30,
      conOrdenLimite: 40,
    };
    expect((await post(t.app, URL_GUARDAR, sub, admin)).statusCode).toBe(200);
    const unidadesDe = async (cookie: string) =>
      (await get(t.app, URL_LEER, cookie))
        .json<{ umbrales: { unineg: number }[] }>()
        .umbrales.map((u) => u.unineg);
    expect(await unidadesDe(cliente2)).toEqual([1]);
    expect(await unidadesDe(cliente1)).toEqual([1, 2]);
    expect(await unidadesDe(admin)).toEqual([1, 2]);
  });

  it('un cliente no puede fijarlos', async () => {
    const res = await post(
      t.app,
      URL_GUARDAR,
      { ...granos, sinOrdenAviso: 1, sinOrdenLimite: 2 },
      cliente1,
    );
    expect(res.statusCode).toBe(403);
    const leidos = (await get(t.app, URL_LEER, cliente1)).json<{
      umbrales: { sinOrdenAviso: number }[];
    }>();
    expect(leidos.umbrales[0]!.sinOrdenAviso).not.toBe(1);
  });

  it('el límite debe ser mayor que el aviso: 400 que nombra el campo, nada cambia ni se audita', async () => {
    const antes = (await auditorias()).length;
    for (const [cuerpo, campo] of [
      [{ ...granos, sinOrdenLimite: 60 }, 'sinOrdenLimite'],
      [{ ...granos, conOrdenAviso: 200 }, 'conOrdenLimite'],
    ] as const) {
      const res = await post(t.app, URL_GUARDAR, cuerpo, admin);
      expect(res.statusCode).toBe(400);
      const { msj } = res.json<{ msj: string }>();
      expect(msj.startsWith(`${campo}: debe ser mayor que el aviso`), msj).toBe(true);
    }
    expect(await auditorias()).toHaveLength(antes);
  });

  it('minutos enteros de 1 a 43.200; campos de más o que faltan: 400 con el nombre del campo', async () => {
    for (const [cuerpo, campo] of [
      [{ ...granos, sinOrdenAviso: 1.5 }, 'sinOrdenAviso'],
      [{ ...granos, sinOrdenAviso: 0 }, 'sinOrdenAviso'],
      [{ ...granos, conOrdenLimite: 43_201 }, 'conOrdenLimite'],
      [{ ...granos, conOrdenAviso: null }, 'conOrdenAviso'],
      [{ ...granos, conOrdenAviso: 'x' }, 'conOrdenAviso'],
      [{ ...granos, otro: 1 }, 'otro'],
      [{ unineg: 1 }, 'sinOrdenAviso'],
    ] as const) {
      const res = await post(t.app, URL_GUARDAR, cuerpo, admin);
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400);
      expect(res.json<{ msj: string }>().msj).toContain(campo);
    }
  });

  it('una unidad que no existe: 404', async () => {
    const res = await post(t.app, URL_GUARDAR, { ...granos, unineg: 999 }, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ msj: string }>().msj).toBe('No existe la unidad de negocio 999.');
  });
});

describe('camiones-playa: estado_desde', () => {
  it('cada camión trae desde cuándo está en su estado, en hora de la terminal', async () => {
    await t.db.execute(sql`
      update camiones set estado_desde = '2026-11-21 08:05:00-03' where codempre = 1 and unineg = 1`);
    const res = await post(
      t.app,
      '/api/camiones/camiones-playa',
      { filtros: { codempre: 1, unineg: 1, estado: 0 } },
      cliente1,
    );
    const filas = res.json<{ estado_desde: string }[]>();
    expect(filas.length).toBeGreaterThan(0);
    for (const f of filas) expect(f.estado_desde).toBe('2026-11-21T08:05:00');
  });
});
