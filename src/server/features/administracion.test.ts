/**
 * Companies, service tokens, the audit trail and 'Mi cuenta' through the API (issue 14).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EmpresaAdministrada } from '../../shared/contracts/empresas';
import type { FilaAuditoria } from '../../shared/contracts/auditoria';
import type { TokenAdministrado } from '../../shared/contracts/tokens';
import type { MiCuenta } from '../../shared/contracts/cuenta';
import { MENSAJES_ADMINISTRACION as M } from '../../shared/textos';
import { completarAuditoria } from '../db/auditoria';
import { usarAppDePrueba } from '../test/app';
import {
  get,
  ingresar,
  pedirDesafio,
  post,
  reautenticar,
  responderDesafio,
  tarjetaDemo,
} from '../test/sesion';

const t = usarAppDePrueba();
let admin: string;

beforeAll(async () => {
  admin = await ingresar(t.app, 'admin');
  await reautenticar(t.app, admin, tarjetaDemo('admin').valores);
});

describe('empresas y unidades', () => {
  const empresas = async () =>
    (await get(t.app, '/api/administracion/empresas', admin)).json<EmpresaAdministrada[]>();

  it('lista cada empresa con sus unidades y usuarios; la terminal primero, con todas', async () => {
    const lista = await empresas();
    expect(lista[0]).toEqual({
      codempre: 0,
      nomempre: 'Terminal Puerto Acopio S.A.',
      unidades: [],
      usuarios: 1,
    });
    expect(lista.find((e) => e.codempre === 1)).toEqual({
      codempre: 1,
      nomempre: 'Agroexportadora del Litoral S.A.',
      unidades: [
        { ctrl: 1, unineg: 'Granos' },
        { ctrl: 2, unineg: 'Subproductos' },
      ],
      usuarios: 1,
    });
  });

  it('crea una empresa con sus unidades; un código tomado responde 400 con el campo', async () => {
    const r = await post(
      t.app,
      '/api/administracion/empresas/crear',
      { codempre: 40, nomempre: 'Acopiadora del Sur S.A.', unidades: [2] },
      admin,
    );
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toEqual({ codempre: 40, nomempre: 'Acopiadora del Sur S.A.' });
    expect((await empresas()).find((e) => e.codempre === 40)?.unidades).toEqual([
      { ctrl: 2, unineg: 'Subproductos' },
    ]);
    const otra = await post(
      t.app,
      '/api/administracion/empresas/crear',
      { codempre: 40, nomempre: 'Otra', unidades: [] },
      admin,
    );
    expect(otra.statusCode).toBe(400);
    expect(otra.json()).toEqual({ msj: `codempre: ${M.empresaExistente(40)}` });
  });

  it('no quita una unidad que tienen sus usuarios; la agrega y la quita si nadie la tiene', async () => {
    const quitar = await post(
      t.app,
      '/api/administracion/empresas/unidades',
      { codempre: 1, unidades: [1] },
      admin,
    );
    expect(quitar.statusCode).toBe(409);
    expect(quitar.json()).toEqual({ msj: M.unidadConUsuarios(2, 1) });
    for (const unidades of [[1, 2], [2]]) {
      const r = await post(
        t.app,
        '/api/administracion/empresas/unidades',
        { codempre: 40, unidades },
        admin,
      );
      expect(r.statusCode, r.body).toBe(200);
    }
    const { rows } = await t.db.execute<{ antes: unknown; despues: unknown }>(sql`
      select antes, despues from auditoria
      where tabla = 'empresas' and accion = 'cambiar_unidades' order by id desc limit 1`);
    expect(rows[0]).toEqual({ antes: { unidades: [1, 2] }, despues: { unidades: [2] } });
  });
});

describe('tokens de servicio', () => {
  const tokens = async () =>
    (await get(t.app, '/api/administracion/tokens', admin)).json<TokenAdministrado[]>();

  it('crea (mostrado una vez), con vencimiento, lista su uso y lo revoca', async () => {
    const r = await post(
      t.app,
      '/api/administracion/tokens/crear',
      { nombre: 'Porteria-Sur', vence: '2099-12-31' },
      admin,
    );
    expect(r.statusCode, r.body).toBe(201);
    const { nombre, token } = r.json<{ nombre: string; token: string }>();
    expect(nombre).toBe('porteria-sur');
    expect(token).toMatch(/^acopio_/);
    const uso = await post(t.app, '/api/operaciones/egreso', { camion: 999_999 }, undefined, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(uso.statusCode).toBe(404);
    expect((await tokens()).find((x) => x.nombre === 'porteria-sur')).toEqual({
      nombre: 'porteria-sur',
      creado: expect.stringMatching(/T/),
      ultimoUso: expect.stringMatching(/T/),
      vence: '2099-12-31',
      revocado: null,
    });
    const revocado = await post(t.app, '/api/administracion/tokens/revocar', { nombre }, admin);
    expect(revocado.json()).toEqual({ ok: true });
    expect((await tokens()).find((x) => x.nombre === 'porteria-sur')?.revocado).toMatch(/T/);
  });

  it('un vencimiento pasado, un nombre inválido o tomado: 400 con el campo', async () => {
    const casos: [unknown, string][] = [
      [{ nombre: 'balanza-x', vence: '2020-01-01' }, `vence: ${M.vencimientoPasado}`],
      [{ nombre: 'balanza-x', vence: '2027-02-30' }, `vence: ${M.vencimientoInvalido}`],
      [{ nombre: 'no vale' }, `nombre: ${M.nombreTokenInvalido}`],
    ];
    for (const [cuerpo, msj] of casos) {
      const r = await post(t.app, '/api/administracion/tokens/crear', cuerpo, admin);
      expect(r.statusCode, JSON.stringify(cuerpo)).toBe(400);
      expect(r.json()).toEqual({ msj });
    }
  });
});

describe('auditoría', () => {
  const pagina = async (cuerpo: Record<string, unknown>) => {
    const r = await post(t.app, '/api/administracion/auditoria', cuerpo, admin);
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ filas: FilaAuditoria[]; siguiente: number | null }>();
  };

  it('la más nueva primero; por páginas sin huecos ni repeticiones', async () => {
    const { rows } = await t.db.execute<{ id: number }>(
      sql`select id from auditoria order by id desc`,
    );
    const vistos: number[] = [];
    let antesDe: number | undefined;
    for (;;) {
      const p = await pagina({ limite: 7, ...(antesDe ? { antesDe } : {}) });
      vistos.push(...p.filas.map((f) => f.id));
      if (p.siguiente === null) break;
      antesDe = p.siguiente;
    }
    expect(vistos).toEqual(rows.map((r) => r.id));
  });

  it('filtra por actor, acción, tabla, fila y días; muestra el antes y el después', async () => {
    const p = await pagina({
      tabla: 'empresas',
      accion: 'cambiar_unidades',
      actor: 'admin',
      filaId: '40',
    });
    expect(p.filas.length).toBeGreaterThan(0);
    for (const f of p.filas) {
      expect(f).toMatchObject({
        tabla: 'empresas',
        accion: 'cambiar_unidades',
        actor: 'admin',
        filaId: '40',
      });
      expect(f.antes).toHaveProperty('unidades');
      expect(f.despues).toHaveProperty('unidades');
    }
    await t.db.execute(sql`
      insert into auditoria (fecha, actor, accion, tabla) values
        ('2020-03-01 10:00-03', 'prueba', 'vieja', 'x'), ('2020-03-02 10:00-03', 'prueba', 'vieja', 'x')`);
    const dia = await pagina({ desde: '2020-03-02', hasta: '2020-03-02' });
    expect(dia.filas.map((f) => f.fecha)).toEqual(['2020-03-02T10:00:00']);
    expect((await pagina({ hasta: '2019-12-31' })).filas).toEqual([]);
    expect((await pagina({ desde: '2030-01-01' })).filas).toEqual([]);
  });

  it('cada fila es una frase con los nombres de entonces; el texto busca sus palabras', async () => {
    const creada = await post(
      t.app,
      '/api/administracion/empresas/crear',
      { codempre: 41, nomempre: 'Molinos del Oeste S.A.', unidades: [1] },
      admin,
    );
    expect(creada.statusCode, creada.body).toBe(201);
    const [fila] = (await pagina({ tabla: 'empresas', filaId: '41', limite: 1 })).filas;
    expect(fila).toMatchObject({
      accion: 'crear',
      frase: 'admin creó la empresa Molinos del Oeste S.A. (código 41) con la unidad Granos',
      nombres: { unidades: { '1': 'Granos' } },
    });

    // Every word, in any order, without its accents, whatever the case.
    for (const texto of ['molinos OESTE', 'creo oeste', 'Oeste granos admin']) {
      const p = await pagina({ texto });
      expect(
        p.filas.map((f) => f.id),
        texto,
      ).toContain(fila!.id);
      for (const f of p.filas) expect(f.frase.toLowerCase()).toContain('oeste');
    }
    expect((await pagina({ texto: 'oeste inexistente' })).filas).toEqual([]);
    // Regular-expression characters are words like any other.
    expect((await pagina({ texto: '(código 41)' })).filas.map((f) => f.id)).toEqual([fila!.id]);
    expect((await pagina({ texto: '.*' })).filas).toEqual([]);
  });

  it('las filas escritas antes de la frase la reciben al migrar, con los nombres de hoy', async () => {
    await t.db.execute(sql`
      insert into auditoria (actor, accion, tabla, fila_id, despues) values
        ('viejo', 'cambiar_unidades', 'empresas', '1', '{"unidades": [2]}'),
        ('viejo', 'mover', 'cosas', null, null)`);
    // Those two, and any other written by hand before in this file.
    expect(await completarAuditoria(t.db)).toBeGreaterThanOrEqual(2);
    const p = await pagina({ actor: 'viejo' });
    expect(p.filas.map((f) => f.frase)).toEqual([
      'viejo hizo «mover» en cosas',
      'viejo cambió las unidades de Agroexportadora del Litoral S.A. a Subproductos (antes: ninguna)',
    ]);
    expect(await completarAuditoria(t.db)).toBe(0);

    // Worded again (its sentence set to null), a row keeps the names it was written with.
    await t.db.execute(sql`update empresas set nomempre = 'Otro nombre' where codempre = 41`);
    await t.db.execute(sql`
      update auditoria set frase = null,
        despues = despues - 'nomempre',
        nombres = '{"empresas": {"41": "Molinos del Oeste S.A."}, "unidades": {"1": "Granos"}}'
      where tabla = 'empresas' and fila_id = '41' and accion = 'crear'`);
    expect(await completarAuditoria(t.db)).toBe(1);
    const [alta] = (await pagina({ tabla: 'empresas', filaId: '41', limite: 1 })).filas;
    expect(alta!.frase).toBe(
      'admin creó la empresa Molinos del Oeste S.A. (código 41) con la unidad Granos',
    );
  });

  it('las acciones y tablas que tiene, para los filtros', async () => {
    const r = await get(t.app, '/api/administracion/auditoria/opciones', admin);
    const { acciones, tablas } = r.json<{ acciones: string[]; tablas: string[] }>();
    expect(acciones).toEqual(expect.arrayContaining(['ingreso', 'crear', 'cambiar_unidades']));
    expect(tablas).toEqual(expect.arrayContaining(['usuarios', 'empresas', 'cupos']));
    expect(acciones).toEqual([...acciones].sort());
  });
});

describe('mi cuenta', () => {
  it('mis sesiones (la actual marcada), mis ingresos y fallos, mi tarjeta; solo lo mío', async () => {
    const otra = await ingresar(t.app, 'cliente2');
    const desafio = await pedirDesafio(t.app, 'cliente2');
    await responderDesafio(t.app, desafio, [1, 1]);
    const actual = await ingresar(t.app, 'cliente2');
    const cuenta = (await get(t.app, '/api/cuenta', actual)).json<MiCuenta>();
    expect(cuenta).toMatchObject({
      usuario: 'cliente2',
      codempre: 2,
      nomempre: 'Cereales Pampeanos S.R.L.',
      tarjeta: { ctrl: tarjetaDemo('cliente2').ctrl, emitida: expect.stringMatching(/T/) },
    });
    expect(cuenta.sesiones.filter((s) => s.actual)).toHaveLength(1);
    expect(cuenta.sesiones.length).toBeGreaterThanOrEqual(2);
    expect(cuenta.ingresos.slice(0, 3).map((i) => i.resultado)).toEqual([
      'ingreso',
      'fallido',
      'ingreso',
    ]);

    // Close the other one by its id; then every other.
    const laOtra = cuenta.sesiones.find((s) => !s.actual)!;
    const cerrar = await post(t.app, '/api/cuenta/sesiones/cerrar', { sesion: laOtra.id }, actual);
    expect(cerrar.json()).toEqual({ cerradas: 1 });
    expect((await get(t.app, '/api/auth/verifyuser', otra)).json()).toEqual({ loggedIn: false });
    await ingresar(t.app, 'cliente2');
    const otras = await post(t.app, '/api/cuenta/sesiones/cerrar-otras', {}, actual);
    expect(otras.json<{ cerradas: number }>().cerradas).toBeGreaterThanOrEqual(1);
    expect((await get(t.app, '/api/cuenta', actual)).json<MiCuenta>().sesiones).toHaveLength(1);

    // Another user's session: as if it did not exist.
    const deOtro = (await get(t.app, '/api/cuenta', admin)).json<MiCuenta>().sesiones[0]!.id;
    const ajena = await post(t.app, '/api/cuenta/sesiones/cerrar', { sesion: deOtro }, actual);
    expect(ajena.statusCode).toBe(404);
    expect(ajena.json()).toEqual({ msj: M.sesionPropiaInexistente });
  });
});
