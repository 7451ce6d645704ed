/**
 * Containers per client (issue 21) over the real API: create, edit, deactivate and delete with
 * their Spanish refusals and audit rows; what the order form offers and accepts; the import's
 * entry point matched by the client and the name. Each test uses a company of its own.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCupo } from '../../../shared/contracts/cupos';
import {
  MENSAJES_ADMINISTRACION as MA,
  MENSAJES_ENVASES as M,
  TEXTOS_CUPOS,
} from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { ingresar, post } from '../../test/sesion';
import { ordenDePrueba } from '../cupos/datos-prueba';
import { crear as crearEmpresa } from '../empresas/servicio';
import { guardarEnvaseEn } from './servicio';

const t = usarAppDePrueba();
const PRUEBA = { actor: 'prueba' };
let admin: string;
let cliente1: string;
let ultimo = 6000;

beforeAll(async () => {
  admin = await ingresar(t.app, 'admin');
  cliente1 = await ingresar(t.app, 'cliente1');
});

const adm = (url: string, cuerpo: unknown) =>
  post(t.app, `/api/administracion${url}`, cuerpo, admin);

interface Envase {
  ctrl: number;
  codempre: number;
  nombre: string;
  peso: number;
  activo: boolean;
}

async function empresaNueva() {
  const { codempre } = await crearEmpresa(t.db, PRUEBA, {
    codempre: ++ultimo,
    nomempre: `Cliente de envases ${ultimo}`,
    unidades: [1],
  });
  return codempre;
}

async function crearEnvase(codempre: number, nombre: string, peso: number) {
  const res = await adm('/envases/crear', { codempre, nombre, peso });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Envase>();
}

async function auditoria(ctrl: number) {
  const { rows } = await t.db.execute<{
    accion: string;
    actor: string;
    antes: unknown;
    despues: unknown;
  }>(
    sql`select accion, actor, antes, despues from auditoria
        where tabla = 'envases' and fila_id = ${String(ctrl)} order by id`,
  );
  return rows;
}

const ofrecidos = async (cliente: number, cookie = admin) =>
  (await post(t.app, '/api/envases/envases-clientes', { cliente }, cookie)).json<
    { ctrl: number; nombre: string; peso: number }[]
  >();

describe('envases por cliente', () => {
  it('crea, lista por cliente y audita; el formulario de cupos lo ofrece', async () => {
    const codempre = await empresaNueva();
    const e = await crearEnvase(codempre, ' Bolsa 30 kg ', 30.5);
    expect(e).toEqual({
      ctrl: expect.any(Number),
      codempre,
      nombre: 'Bolsa 30 kg',
      peso: 30.5,
      activo: true,
    });
    await crearEnvase(codempre, 'Big bag', 1000);
    const lista = await adm('/envases', { codempre });
    expect(lista.json<Envase[]>().map((x) => x.nombre)).toEqual(['Big bag', 'Bolsa 30 kg']);
    expect(await ofrecidos(codempre)).toEqual([
      { ctrl: e.ctrl, nombre: 'Bolsa 30 kg', peso: 30.5 },
      { ctrl: expect.any(Number), nombre: 'Big bag', peso: 1000 },
    ]);
    expect(await auditoria(e.ctrl)).toEqual([
      {
        accion: 'crear',
        actor: 'admin',
        antes: null,
        despues: { codempre, nombre: 'Bolsa 30 kg', peso: 30.5, activo: true },
      },
    ]);
  });

  it('rechaza un nombre repetido en el cliente (sin importar mayúsculas), un peso no válido y una empresa que no existe', async () => {
    const codempre = await empresaNueva();
    await crearEnvase(codempre, 'Bolsa 50 kg', 50);
    const repetido = await adm('/envases/crear', { codempre, nombre: 'BOLSA 50 KG', peso: 25 });
    expect(repetido.statusCode).toBe(400);
    expect(repetido.json()).toEqual({
      msj: `nombre: ${M.envaseExistente(codempre, 'Bolsa 50 kg', true)}`,
    });
    // Another client may have a container of the same name.
    await crearEnvase(await empresaNueva(), 'Bolsa 50 kg', 50);

    for (const peso of [0, -1, 0.0001, 10_000_000]) {
      const res = await adm('/envases/crear', { codempre, nombre: `Bolsa ${peso}`, peso });
      expect(res.statusCode, String(peso)).toBe(400);
      expect(res.json()).toEqual({ msj: `peso: ${M.pesoInvalido}` });
    }
    const vacio = await adm('/envases/crear', { codempre, nombre: '  ', peso: 10 });
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json<{ msj: string }>().msj).toContain('nombre');
    const inexistente = await adm('/envases/crear', { codempre: 987_654, nombre: 'X', peso: 1 });
    expect(inexistente.statusCode).toBe(404);
    expect(inexistente.json()).toEqual({ msj: MA.empresaInexistente(987_654) });
    const terminal = await adm('/envases', { codempre: 0 });
    expect(terminal.statusCode).toBe(400);
  });

  it('editar cambia nombre y peso; el cupo ya pedido conserva su peso', async () => {
    const bolsa = (await adm('/envases', { codempre: 1 }))
      .json<Envase[]>()
      .find((e) => e.nombre === 'Bolsa 50 kg')!;
    const cupo = await post(
      t.app,
      '/api/cupos/crear',
      ordenDePrueba({ tipoDespacho: 2, envase: bolsa.ctrl, cargaMaxima: 10 }),
      cliente1,
    );
    expect(cupo.statusCode, cupo.body).toBe(201);
    const [ctrlCupo] = cupo.json<{ cupos: number[] }>().cupos;

    const res = await adm('/envases/editar', {
      ctrl: bolsa.ctrl,
      nombre: 'Bolsa 50 kg reforzada',
      peso: 52,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...bolsa, nombre: 'Bolsa 50 kg reforzada', peso: 52 });
    const { rows } = await t.db.execute<{ peso: number }>(
      sql`select peso_envase as peso from cupos where ctrl = ${ctrlCupo!}`,
    );
    expect(rows[0]!.peso).toBe(50);
    expect((await auditoria(bolsa.ctrl)).at(-1)).toEqual({
      accion: 'modificar',
      actor: 'admin',
      antes: { codempre: 1, nombre: 'Bolsa 50 kg', peso: 50, activo: true },
      despues: { codempre: 1, nombre: 'Bolsa 50 kg reforzada', peso: 52, activo: true },
    });
    const tomado = await adm('/envases/editar', {
      ctrl: bolsa.ctrl,
      nombre: 'bolsa 25 kg',
      peso: 52,
    });
    expect(tomado.json()).toEqual({ msj: `nombre: ${M.envaseExistente(1, 'Bolsa 25 kg', true)}` });
    expect((await adm('/envases/editar', { ctrl: 999_999, nombre: 'X', peso: 1 })).json()).toEqual({
      msj: M.envaseInexistente(999_999),
    });
  });

  it('desactivado: el formulario no lo ofrece ni lo acepta; activado, vuelve', async () => {
    const e = await crearEnvase(1, 'Bolsa de prueba 40 kg', 40);
    const pedir = () =>
      post(
        t.app,
        '/api/cupos/crear',
        ordenDePrueba({ tipoDespacho: 2, envase: e.ctrl, cargaMaxima: 5 }),
        cliente1,
      );
    expect((await pedir()).statusCode).toBe(201);
    const res = await adm('/envases/activo', { ctrl: e.ctrl, activo: false });
    expect(res.json()).toEqual({ ...e, activo: false });
    expect(await ofrecidos(1, cliente1)).not.toContainEqual(
      expect.objectContaining({ ctrl: e.ctrl }),
    );
    const rechazado = await pedir();
    expect(rechazado.statusCode).toBe(400);
    expect(rechazado.json<ErrorCupo>().erroresCupo).toEqual([TEXTOS_CUPOS.envaseAjeno]);
    // A name taken by a deactivated container says so.
    const repetido = await adm('/envases/crear', { codempre: 1, nombre: e.nombre, peso: 40 });
    expect(repetido.json()).toEqual({ msj: `nombre: ${M.envaseExistente(1, e.nombre, false)}` });

    await adm('/envases/activo', { ctrl: e.ctrl, activo: true });
    expect(await ofrecidos(1, cliente1)).toContainEqual({
      ctrl: e.ctrl,
      nombre: e.nombre,
      peso: 40,
    });
    expect((await auditoria(e.ctrl)).map((a) => a.accion)).toEqual([
      'crear',
      'desactivar',
      'activar',
    ]);
  });

  it('eliminar: uno sin cupos se borra; uno que algún cupo usó se rechaza diciendo cuántos', async () => {
    const libre = await crearEnvase(1, 'Bolsa sin uso', 20);
    const ok = await adm('/envases/eliminar', { ctrl: libre.ctrl });
    expect(ok.json()).toEqual({ ok: true });
    expect((await adm('/envases', { codempre: 1 })).json()).not.toContainEqual(
      expect.objectContaining({ ctrl: libre.ctrl }),
    );
    expect((await auditoria(libre.ctrl)).at(-1)).toMatchObject({
      accion: 'eliminar',
      despues: null,
    });

    const usado = await crearEnvase(1, 'Bolsa usada', 35);
    for (let i = 0; i < 2; i++) {
      const cupo = await post(
        t.app,
        '/api/cupos/crear',
        ordenDePrueba({ tipoDespacho: 2, envase: usado.ctrl, cargaMaxima: 3 }),
        cliente1,
      );
      expect(cupo.statusCode).toBe(201);
    }
    const res = await adm('/envases/eliminar', { ctrl: usado.ctrl });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msj: M.noSeElimina(usado.ctrl, 'Bolsa usada', 2) });
    expect((await adm('/envases/eliminar', { ctrl: 999_999 })).statusCode).toBe(404);
  });
});

describe('para la importación: por cliente y nombre, dentro de la transacción de quien llama', () => {
  it('crea, no cambia lo igual, modifica lo distinto y no se confunde con otro cliente', async () => {
    const codempre = await empresaNueva();
    const guardar = (nombre: string, peso: number, activo?: boolean) =>
      t.db.transaction((tx) => guardarEnvaseEn(tx, { codempre, nombre, peso, activo }, PRUEBA));
    const creado = await guardar('Bolsa 25 kg', 25);
    expect(creado.resultado).toBe('creado');
    expect((await guardar('bolsa 25 KG', 25)).resultado).toBe('modificado'); // its name's case
    expect((await guardar('bolsa 25 KG', 25)).resultado).toBe('sin cambios');
    const cambio = await guardar('Bolsa 25 kg', 25.5, false);
    expect(cambio).toEqual({
      resultado: 'modificado',
      envase: {
        ctrl: creado.envase.ctrl,
        codempre,
        nombre: 'Bolsa 25 kg',
        peso: 25.5,
        activo: false,
      },
    });
    expect((await auditoria(creado.envase.ctrl)).map((a) => a.accion)).toEqual([
      'crear',
      'modificar',
      'modificar',
    ]);
    const otra = await empresaNueva();
    const ajeno = await t.db.transaction((tx) =>
      guardarEnvaseEn(tx, { codempre: otra, nombre: 'Bolsa 25 kg', peso: 25 }, PRUEBA),
    );
    expect(ajeno.resultado).toBe('creado');
    await expect(
      t.db.transaction((tx) => guardarEnvaseEn(tx, { codempre, nombre: 'X', peso: 0 }, PRUEBA)),
    ).rejects.toMatchObject({ msj: `peso: ${M.pesoInvalido}` });
  });
});
