/**
 * Business units and their dispatch types (issue 21) through the API, as the administration's
 * screen uses it: the rules, the refusals in Spanish, the audit rows, and what a deactivated unit
 * or type means for quotas, companies and users. Each test makes its own units (the demo's stay
 * as they are; Granos is deactivated only inside a test, and activated again).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEXTOS_CUPOS, TEXTOS_UNIDADES as T, USOS_DE_UNIDAD } from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { nombreNuevo } from '../../test/administracion';
import { get, ingresar, post } from '../../test/sesion';
import { transaccionDeSesiones } from '../auth/cache-sesiones';
import { insertarCupoDePrueba, ordenDePrueba } from '../cupos/datos-prueba';
import { tablasQueReferencianUnidades } from './repository';
import { guardarDespachoEn, guardarUnidadEn } from './servicio';

const t = usarAppDePrueba();
let admin: string;
let cliente1: string;

beforeAll(async () => {
  admin = await ingresar(t.app, 'admin');
  cliente1 = await ingresar(t.app, 'cliente1');
});

interface Unidad {
  ctrl: number;
  unineg: string;
  activo: boolean;
  despachos: { coddespacho: number; nomdespacho: string; envase: string; activo: boolean }[];
}

const listar = async () =>
  (await get(t.app, '/api/administracion/unidades', admin)).json<Unidad[]>();

async function crearUnidad(unineg = nombreNuevo('Unidad')): Promise<Unidad> {
  const res = await post(t.app, '/api/administracion/unidades/crear', { unineg }, admin);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function crearDespacho(unineg: number, nomdespacho: string, envase: 'S' | 'N') {
  const res = await post(
    t.app,
    '/api/administracion/despachos/crear',
    { unineg, nomdespacho, envase },
    admin,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ coddespacho: number; nomdespacho: string }>();
}

async function auditoriaDe(tabla: string, filaId: number) {
  const { rows } = await t.db.execute<{
    accion: string;
    actor: string;
    antes: unknown;
    despues: unknown;
  }>(sql`select accion, actor, antes, despues from auditoria
         where tabla = ${tabla} and fila_id = ${String(filaId)} order by id`);
  return rows;
}

const unidadesDeSesion = async (cookie: string) =>
  (await get(t.app, '/api/auth/verifyuser', cookie)).json<{
    uniNegs: { ctrl: number; unineg: string; inactiva?: true }[];
  }>().uniNegs;

const despachosOfrecidos = async (unineg: number) =>
  (await post(t.app, '/api/cupos/despachos', { coddespacho: unineg }, admin))
    .json<{ coddespacho: number }[]>()
    .map((d) => d.coddespacho);

const activar = (ctrl: number, activo: boolean) =>
  post(t.app, '/api/administracion/unidades/activo', { ctrl, activo }, admin);

describe('unidades de negocio', () => {
  it('lista las de la demostración con sus tipos de despacho, activas', async () => {
    const lista = await listar();
    expect(lista.slice(0, 2)).toEqual([
      {
        ctrl: 1,
        unineg: 'Granos',
        activo: true,
        despachos: [
          { coddespacho: 1, unineg: 1, nomdespacho: 'Granel', envase: 'N', activo: true },
          { coddespacho: 2, unineg: 1, nomdespacho: 'Embolsado', envase: 'S', activo: true },
        ],
      },
      expect.objectContaining({ ctrl: 2, unineg: 'Subproductos', activo: true }),
    ]);
  });

  it('crea una con nombre único sin distinguir mayúsculas, y lo audita', async () => {
    const nombre = nombreNuevo('Aceites');
    const u = await crearUnidad(`  ${nombre}  `);
    expect(u).toEqual({ ctrl: expect.any(Number), unineg: nombre, activo: true, despachos: [] });
    expect(await auditoriaDe('unidades_negocio', u.ctrl)).toEqual([
      { accion: 'crear', actor: 'admin', antes: null, despues: { unineg: nombre, activo: true } },
    ]);

    // The refusal names the unit that has the name, as it is written.
    for (const [repetido, existente] of [
      [nombre, nombre],
      [nombre.toUpperCase(), nombre],
      ['granos', 'Granos'],
    ]) {
      const res = await post(
        t.app,
        '/api/administracion/unidades/crear',
        { unineg: repetido },
        admin,
      );
      expect(res.statusCode, repetido).toBe(400);
      expect(res.json()).toEqual({ msj: `unineg: ${T.unidadExistente(existente!)}` });
    }
    const vacia = await post(t.app, '/api/administracion/unidades/crear', { unineg: '  ' }, admin);
    expect(vacia.statusCode).toBe(400);
    expect(vacia.json().msj).toContain(`unineg: ${T.nombreVacio}`);
    // The refusals used up no code: the next unit takes the next one.
    expect((await crearUnidad()).ctrl).toBe(u.ctrl + 1);
  });

  it('renombra, con el antes y el después en la auditoría; un nombre tomado se rechaza', async () => {
    const u = await crearUnidad();
    const nuevo = nombreNuevo('Fertilizantes');
    const res = await post(
      t.app,
      '/api/administracion/unidades/renombrar',
      { ctrl: u.ctrl, unineg: nuevo },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ctrl: u.ctrl, unineg: nuevo });
    const tomado = await post(
      t.app,
      '/api/administracion/unidades/renombrar',
      { ctrl: u.ctrl, unineg: 'SUBPRODUCTOS' },
      admin,
    );
    expect(tomado.statusCode).toBe(400);
    // The refusal names the unit that has the name, as it is written.
    expect(tomado.json()).toEqual({ msj: `unineg: ${T.unidadExistente('Subproductos')}` });
    // The same name again changes nothing and audits nothing.
    await post(
      t.app,
      '/api/administracion/unidades/renombrar',
      { ctrl: u.ctrl, unineg: nuevo },
      admin,
    );
    expect((await auditoriaDe('unidades_negocio', u.ctrl)).slice(1)).toEqual([
      {
        accion: 'renombrar',
        actor: 'admin',
        antes: { unineg: u.unineg, activo: true },
        despues: { unineg: nuevo, activo: true },
      },
    ]);
    const inexistente = await post(
      t.app,
      '/api/administracion/unidades/renombrar',
      { ctrl: 999_999, unineg: 'x' },
      admin,
    );
    expect(inexistente.statusCode).toBe(404);
    expect(inexistente.json()).toEqual({ msj: T.unidadInexistente(999_999) });
  });

  it('desactivada: las sesiones la marcan inactiva en el acto; activada otra vez, no', async () => {
    const u = await crearUnidad();
    // The session is read (and cached) before the change.
    expect((await unidadesDeSesion(admin)).find((x) => x.ctrl === u.ctrl)).toEqual({
      ctrl: u.ctrl,
      unineg: u.unineg,
    });
    const res = await activar(u.ctrl, false);
    expect(res.json()).toMatchObject({ ctrl: u.ctrl, activo: false });
    expect((await unidadesDeSesion(admin)).find((x) => x.ctrl === u.ctrl)).toEqual({
      ctrl: u.ctrl,
      unineg: u.unineg,
      inactiva: true,
    });
    await activar(u.ctrl, true);
    expect((await unidadesDeSesion(admin)).find((x) => x.ctrl === u.ctrl)?.inactiva).toBe(
      undefined,
    );
    expect(
      (await auditoriaDe('unidades_negocio', u.ctrl)).slice(1).map((a) => [a.accion, a.despues]),
    ).toEqual([
      ['desactivar', { unineg: u.unineg, activo: false }],
      ['activar', { unineg: u.unineg, activo: true }],
    ]);
  });

  it('una inactiva no se da a una empresa ni a un usuario nuevos; quien ya la tenía la conserva', async () => {
    const u = await crearUnidad();
    const codempre = 300_000 + u.ctrl;
    const creada = await post(
      t.app,
      '/api/administracion/empresas/crear',
      { codempre, nomempre: 'Empresa de unidades S.A.', unidades: [1, u.ctrl] },
      admin,
    );
    expect(creada.statusCode, creada.body).toBe(201);
    await activar(u.ctrl, false);

    const otra = await post(
      t.app,
      '/api/administracion/empresas/crear',
      { codempre: codempre + 1, nomempre: 'Otra S.A.', unidades: [u.ctrl] },
      admin,
    );
    expect(otra.statusCode).toBe(400);
    expect(otra.json()).toEqual({ msj: `unidades: ${T.unidadInactiva(u.unineg)}` });

    const usuario = await post(
      t.app,
      '/api/administracion/usuarios/crear',
      { usuario: nombreNuevo('usr').toLowerCase(), codempre, unidades: [u.ctrl] },
      admin,
    );
    expect(usuario.statusCode).toBe(400);
    expect(usuario.json()).toEqual({ msj: `unidades: ${T.unidadInactiva(u.unineg)}` });

    // The company keeps it while its other units change, and the list shows it marked.
    const conserva = await post(
      t.app,
      '/api/administracion/empresas/unidades',
      { codempre, unidades: [1, 2, u.ctrl] },
      admin,
    );
    expect(conserva.statusCode, conserva.body).toBe(200);
    const empresas = (await get(t.app, '/api/administracion/empresas', admin)).json<
      { codempre: number; unidades: unknown[] }[]
    >();
    expect(empresas.find((e) => e.codempre === codempre)?.unidades).toEqual([
      { ctrl: 1, unineg: 'Granos' },
      { ctrl: 2, unineg: 'Subproductos' },
      { ctrl: u.ctrl, unineg: u.unineg, inactiva: true },
    ]);
    // Once taken away, it cannot come back while inactive.
    await post(t.app, '/api/administracion/empresas/unidades', { codempre, unidades: [1] }, admin);
    const vuelve = await post(
      t.app,
      '/api/administracion/empresas/unidades',
      { codempre, unidades: [1, u.ctrl] },
      admin,
    );
    expect(vuelve.statusCode).toBe(400);
    expect(vuelve.json()).toEqual({ msj: `unidades: ${T.unidadInactiva(u.unineg)}` });
  });

  it('se elimina la que nada usa, con sus tipos de despacho; la auditoría guarda lo que había', async () => {
    const u = await crearUnidad();
    const d = await crearDespacho(u.ctrl, 'Granel', 'N');
    const res = await post(t.app, '/api/administracion/unidades/eliminar', { ctrl: u.ctrl }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((await listar()).some((x) => x.ctrl === u.ctrl)).toBe(false);
    expect((await auditoriaDe('unidades_negocio', u.ctrl)).at(-1)).toEqual({
      accion: 'eliminar',
      actor: 'admin',
      antes: {
        unineg: u.unineg,
        activo: true,
        despachos: [
          {
            coddespacho: d.coddespacho,
            unineg: u.ctrl,
            nomdespacho: 'Granel',
            envase: 'N',
            activo: true,
          },
        ],
      },
      despues: null,
    });
  });

  it('la que algo usa no se elimina: la razón nombra qué la usa', async () => {
    const granos = await post(t.app, '/api/administracion/unidades/eliminar', { ctrl: 1 }, admin);
    expect(granos.statusCode).toBe(409);
    expect(granos.json()).toEqual({
      msj: T.unidadEnUso(
        'Granos',
        'camiones, cupos, empresas, productos por cliente, movimientos de stock, saldos de stock, turnos, calendarios de turnos y usuarios',
      ),
    });

    const u = await crearUnidad();
    await post(
      t.app,
      '/api/administracion/empresas/crear',
      { codempre: 400_000 + u.ctrl, nomempre: 'Usa la unidad S.A.', unidades: [u.ctrl] },
      admin,
    );
    const res = await post(t.app, '/api/administracion/unidades/eliminar', { ctrl: u.ctrl }, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msj: T.unidadEnUso(u.unineg, 'empresas') });
    expect((await listar()).some((x) => x.ctrl === u.ctrl)).toBe(true);
  });

  it('cada tabla que referencia unidades tiene su nombre en castellano o se va con la unidad', async () => {
    const propias = [
      'tipos_despacho',
      'umbrales_espera',
      'parametros_tablero',
      'turnos_parametros',
    ];
    const tablas = (await tablasQueReferencianUnidades(t.db)).map((r) => r.tabla);
    expect(tablas.filter((x) => !propias.includes(x) && !(x in USOS_DE_UNIDAD))).toEqual([]);
  });

  it('un cliente sin cupos nuevos en una unidad inactiva; el cupo que ya tenía se sigue modificando', async () => {
    const existente = await insertarCupoDePrueba(t.db, { codempre: 1, unineg: 1 });
    expect((await activar(1, false)).statusCode).toBe(200);
    try {
      expect((await unidadesDeSesion(cliente1))[0]).toEqual({
        ctrl: 1,
        unineg: 'Granos',
        inactiva: true,
      });
      const nuevo = await post(t.app, '/api/cupos/crear', ordenDePrueba(), cliente1);
      expect(nuevo.statusCode).toBe(400);
      expect(nuevo.json().erroresCupo).toEqual([TEXTOS_CUPOS.unidadInactiva]);
      const editado = await post(
        t.app,
        '/api/cupos/editar',
        ordenDePrueba({ ctrl: existente, cargaMaxima: 25000 }),
        cliente1,
      );
      expect(editado.statusCode, editado.body).toBe(201);
      // Its history is still the client's to see.
      const lista = await post(t.app, '/api/cupos', { uniNeg: 1, codEmpre: 1 }, cliente1);
      expect(lista.statusCode).toBe(200);
    } finally {
      await activar(1, true);
    }
  });

  it('el import: guardar por nombre crea la primera vez y no cambia nada la segunda', async () => {
    const nombre = nombreNuevo('Importada');
    const hacer = () =>
      transaccionDeSesiones(t.db, async (tx) => {
        const u = await guardarUnidadEn(tx, { unineg: nombre.toUpperCase() }, { actor: 'import' });
        const d = await guardarDespachoEn(
          tx,
          { unineg: nombre, nomdespacho: 'Big bag', envase: 'S' },
          { actor: 'import' },
        );
        return [u, d] as const;
      });
    const [u1, d1] = await hacer();
    expect([u1.cambio, d1.cambio]).toEqual(['creado', 'creado']);
    const filas = (await auditoriaDe('unidades_negocio', u1.unidad.ctrl)).length;
    const [u2, d2] = await hacer();
    expect([u2.cambio, d2.cambio]).toEqual(['sin cambios', 'sin cambios']);
    expect(u2.unidad.ctrl).toBe(u1.unidad.ctrl);
    expect(d2.despacho.coddespacho).toBe(d1.despacho.coddespacho);
    expect((await auditoriaDe('unidades_negocio', u1.unidad.ctrl)).length).toBe(filas);
    expect((await auditoriaDe('tipos_despacho', d1.despacho.coddespacho)).length).toBe(1);

    const cambiado = await transaccionDeSesiones(t.db, (tx) =>
      guardarDespachoEn(
        tx,
        { unineg: u1.unidad.ctrl, nomdespacho: 'big BAG', envase: 'S', activo: false },
        { actor: 'import' },
      ),
    );
    expect(cambiado.cambio).toBe('modificado');
    expect(cambiado.despacho).toMatchObject({ nomdespacho: 'Big bag', activo: false });
  });
});

describe('tipos de despacho', () => {
  it('crea uno a granel o en envases; un nombre repetido en la misma unidad se rechaza', async () => {
    const u = await crearUnidad();
    const d = await crearDespacho(u.ctrl, 'Granel', 'N');
    expect(d).toEqual({
      coddespacho: expect.any(Number),
      unineg: u.ctrl,
      nomdespacho: 'Granel',
      envase: 'N',
      activo: true,
    });
    const repetido = await post(
      t.app,
      '/api/administracion/despachos/crear',
      { unineg: u.ctrl, nomdespacho: 'GRANEL', envase: 'S' },
      admin,
    );
    expect(repetido.statusCode).toBe(400);
    expect(repetido.json()).toEqual({
      msj: `nomdespacho: ${T.despachoExistente('Granel', u.unineg)}`,
    });
    const enOtraUnidad = await crearDespacho(1, nombreNuevo('Granel'), 'N');
    expect(enOtraUnidad.coddespacho).toBeGreaterThan(d.coddespacho);
    const sinUnidad = await post(
      t.app,
      '/api/administracion/despachos/crear',
      { unineg: 999_999, nomdespacho: 'Granel', envase: 'N' },
      admin,
    );
    expect(sinUnidad.statusCode).toBe(400);
    expect(sinUnidad.json()).toEqual({ msj: `unineg: ${T.unidadInexistente(999_999)}` });
    const envase = await post(
      t.app,
      '/api/administracion/despachos/crear',
      { unineg: u.ctrl, nomdespacho: 'Otro', envase: 'X' },
      admin,
    );
    expect(envase.statusCode).toBe(400);
    expect(await auditoriaDe('tipos_despacho', d.coddespacho)).toEqual([
      {
        accion: 'crear',
        actor: 'admin',
        antes: null,
        despues: {
          coddespacho: d.coddespacho,
          unineg: u.ctrl,
          nomdespacho: 'Granel',
          envase: 'N',
          activo: true,
        },
      },
    ]);
  });

  it('desactivado: el formulario de cupos no lo ofrece ni lo acepta; el cupo que lo tiene lo conserva', async () => {
    const d = await crearDespacho(1, nombreNuevo('Granel'), 'N');
    expect(await despachosOfrecidos(1)).toContain(d.coddespacho);
    const ctrl = await insertarCupoDePrueba(t.db, {
      codempre: 1,
      unineg: 1,
      coddespacho: d.coddespacho,
    });

    const res = await post(
      t.app,
      '/api/administracion/despachos/activo',
      { coddespacho: d.coddespacho, activo: false },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await despachosOfrecidos(1)).not.toContain(d.coddespacho);
    expect(await despachosOfrecidos(1)).toEqual(expect.arrayContaining([1, 2]));

    const nuevo = await post(
      t.app,
      '/api/cupos/crear',
      ordenDePrueba({ tipoDespacho: d.coddespacho }),
      cliente1,
    );
    expect(nuevo.statusCode).toBe(400);
    expect(nuevo.json().erroresCupo).toEqual([TEXTOS_CUPOS.despachoInactivo]);

    // The quota that has it keeps showing it, and is edited keeping it.
    const detalle = await post(t.app, '/api/cupo/detalle', { codorden: ctrl }, cliente1);
    expect(detalle.json().detalleCupo.cupo[0]).toMatchObject({
      coddespacho: d.coddespacho,
      nomdespacho: d.nomdespacho,
    });
    const editado = await post(
      t.app,
      '/api/cupos/editar',
      ordenDePrueba({ ctrl, tipoDespacho: d.coddespacho, cargaMaxima: 20000 }),
      cliente1,
    );
    expect(editado.statusCode, editado.body).toBe(201);
    // Another quota cannot move to it.
    const otro = await insertarCupoDePrueba(t.db, { codempre: 1, unineg: 1 });
    const movido = await post(
      t.app,
      '/api/cupos/editar',
      ordenDePrueba({ ctrl: otro, tipoDespacho: d.coddespacho }),
      cliente1,
    );
    expect(movido.statusCode).toBe(400);
    expect(movido.json().erroresCupo).toEqual([TEXTOS_CUPOS.despachoInactivo]);

    // Used by a quota: it cannot be deleted.
    const eliminar = await post(
      t.app,
      '/api/administracion/despachos/eliminar',
      { coddespacho: d.coddespacho },
      admin,
    );
    expect(eliminar.statusCode).toBe(409);
    expect(eliminar.json()).toEqual({ msj: T.despachoEnUso(d.nomdespacho) });

    const activado = await post(
      t.app,
      '/api/administracion/despachos/activo',
      { coddespacho: d.coddespacho, activo: true },
      admin,
    );
    expect(activado.json()).toMatchObject({ activo: true });
    expect(
      (await auditoriaDe('tipos_despacho', d.coddespacho)).map((a) => [
        a.accion,
        a.antes,
        a.despues,
      ]),
    ).toEqual([
      ['crear', null, expect.objectContaining({ activo: true })],
      [
        'desactivar',
        expect.objectContaining({ activo: true }),
        expect.objectContaining({ activo: false }),
      ],
      [
        'activar',
        expect.objectContaining({ activo: false }),
        expect.objectContaining({ activo: true }),
      ],
    ]);
  });

  it('renombra y elimina uno que ningún cupo tiene', async () => {
    const u = await crearUnidad();
    const d = await crearDespacho(u.ctrl, 'Bolsas', 'S');
    await crearDespacho(u.ctrl, 'Granel', 'N');
    const tomado = await post(
      t.app,
      '/api/administracion/despachos/renombrar',
      { coddespacho: d.coddespacho, nomdespacho: 'granel' },
      admin,
    );
    expect(tomado.statusCode).toBe(400);
    const res = await post(
      t.app,
      '/api/administracion/despachos/renombrar',
      { coddespacho: d.coddespacho, nomdespacho: 'Embolsado' },
      admin,
    );
    expect(res.json()).toMatchObject({ nomdespacho: 'Embolsado', envase: 'S' });
    const eliminado = await post(
      t.app,
      '/api/administracion/despachos/eliminar',
      { coddespacho: d.coddespacho },
      admin,
    );
    expect(eliminado.statusCode).toBe(200);
    expect(
      (await listar()).find((x) => x.ctrl === u.ctrl)?.despachos.map((x) => x.nomdespacho),
    ).toEqual(['Granel']);
    expect((await auditoriaDe('tipos_despacho', d.coddespacho)).map((a) => a.accion)).toEqual([
      'crear',
      'renombrar',
      'eliminar',
    ]);
    const otraVez = await post(
      t.app,
      '/api/administracion/despachos/eliminar',
      { coddespacho: d.coddespacho },
      admin,
    );
    expect(otraVez.statusCode).toBe(404);
    expect(otraVez.json()).toEqual({ msj: T.despachoInexistente(d.coddespacho) });
  });
});
