/**
 * The first set-up of a terminal on an empty database (issue 21): the one-time code from the
 * log, the set-up that creates company 0, the first administrator and its card in one
 * transaction, and what stays unchanged when the code is missing or wrong. Real PostgreSQL, real
 * portal processes for the race, the real CLI.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TarjetaEmitida } from '../../../shared/contracts/auth';
import { MENSAJES_CUIT, MENSAJES_INICIALIZACION as M } from '../../../shared/textos';
import type { Db } from '../../db/client';
import { crearBaseDePrueba, usarAppDePrueba } from '../../test/app';
import { ejecutarCli } from '../../test/cli';
import { ingresarHttp } from '../../test/http';
import { textoDelPdf } from '../../test/pdf';
import { iniciarPortales, type Portales } from '../../test/portales';
import { get, ingresarCon, post } from '../../test/sesion';
import { leerTarjetaJson } from '../../test/sesion-cli';
import type { ValoresTarjeta } from '../auth/tarjetas';
import { prepararCodigo } from './servicio';

const DATOS = {
  nombre: 'Terminal Río Paraná S.A.',
  cuit: '30-71234567-1',
  direccion: 'Ruta 11 km 320, San Lorenzo, Santa Fe',
};
const pedido = (codigo: string | undefined, usuario = 'jefe') => ({
  ...(codigo === undefined ? {} : { codigo }),
  ...DATOS,
  usuario,
});

/** Rows of every table of the schema: what "nothing changed" means. */
async function filasPorTabla(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.execute<{ tabla: string }>(
    sql`select tablename as tabla from pg_tables where schemaname = 'public' order by 1`,
  );
  const filas: Record<string, number> = {};
  for (const { tabla } of rows) {
    const r = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(tabla)}`,
    );
    filas[tabla] = r.rows[0]!.n;
  }
  return filas;
}

const CODIGO_EN_EL_REGISTRO = /Código de inicialización: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/;

describe('inicialización desde el navegador', () => {
  // With a public address: the first card's PDF says where to sign in (issue 22).
  const t = usarAppDePrueba({
    plantilla: 'vacia',
    entorno: { PUBLIC_URL: 'https://acopio.example' },
  });
  let codigo: string;
  /** The card the set-up showed. */
  let tarjetaInicial: TarjetaEmitida;

  beforeAll(async () => {
    codigo = (await prepararCodigo(t.db))!.codigo;
  });

  it('GET dice que está pendiente, y nada más', async () => {
    const res = await get(t.app, '/api/inicializacion');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toStrictEqual({ pendiente: true });
    expect(codigo).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  });

  it('sin código, con uno equivocado o vencido, o con un dato inválido: 400 o 403 y ninguna fila cambia', async () => {
    // A second code, already expired.
    const vencido = (await prepararCodigo(t.db))!.codigo;
    await t.db.execute(sql`update codigos_inicializacion set expira_en = now() - interval '1 minute'
      where creado_en = (select max(creado_en) from codigos_inicializacion)`);
    const antes = await filasPorTabla(t.db);
    expect(antes.codigos_inicializacion).toBe(2);

    const sinCodigo = await post(t.app, '/api/inicializacion', pedido(undefined));
    expect(sinCodigo.statusCode).toBe(400);
    expect(sinCodigo.json<{ msj: string }>().msj).toContain('codigo');
    for (const otro of ['AAAA-BBBB-CCCC', 'no-es-un-código', vencido, codigo.slice(0, 13)]) {
      const res = await post(t.app, '/api/inicializacion', pedido(otro));
      expect(res.statusCode, otro).toBe(403);
      expect(res.json()).toEqual({ msj: M.codigoIncorrecto });
    }
    const cuitMal = await post(t.app, '/api/inicializacion', {
      ...pedido(codigo),
      cuit: '30-71234567-8',
    });
    expect(cuitMal.statusCode).toBe(400);
    expect(cuitMal.json<{ msj: string }>().msj).toContain(`cuit: ${MENSAJES_CUIT.digito}`);
    // A refusal after the code was accepted undoes the whole set-up (company 0 included).
    const usuarioMal = await post(t.app, '/api/inicializacion', pedido(codigo, 'Jefe Máximo'));
    expect(usuarioMal.statusCode).toBe(400);
    expect(usuarioMal.json<{ msj: string }>().msj).toMatch(/^usuario: /);

    expect(await filasPorTabla(t.db)).toEqual(antes);
    expect((await get(t.app, '/api/inicializacion')).json()).toEqual({ pendiente: true });
  });

  it('con el código: 201 y la tarjeta una vez; el administrador ingresa con ella; después 409', async () => {
    // As a person may type it: lower case, spaces instead of dashes.
    const escrito = codigo.toLowerCase().replace(/-/g, ' ');
    const res = await post(t.app, '/api/inicializacion', {
      ...pedido(escrito, 'Jefe'),
      cuit: '30712345671',
    });
    expect(res.statusCode, res.body).toBe(201);
    const tarjeta = res.json<TarjetaEmitida>();
    expect(Object.keys(tarjeta).sort()).toEqual(['celdas', 'ctrltarjeta', 'emitida', 'usuario']);
    expect(tarjeta.usuario).toBe('jefe');
    expect(Object.keys(tarjeta.celdas)).toHaveLength(50);
    tarjetaInicial = tarjeta;

    expect((await get(t.app, '/api/inicializacion')).json()).toStrictEqual({ pendiente: false });
    const otra = await post(t.app, '/api/inicializacion', pedido(codigo, 'otro.jefe'));
    expect(otra.statusCode).toBe(409);
    expect(otra.json()).toEqual({ msj: M.yaInicializada });
    const { rows: codigos } = await t.db.execute(sql`select 1 from codigos_inicializacion`);
    expect(codigos).toHaveLength(0);
    // No new code once an administrator exists: the log never shows one again.
    expect(await prepararCodigo(t.db)).toBeNull();

    const cookie = await ingresarCon(t.app, 'jefe', tarjeta.celdas as ValoresTarjeta);
    const terminal = await get(t.app, '/api/terminal', cookie);
    expect(terminal.json()).toEqual(DATOS);
    const empresas = await get(t.app, '/api/administracion/empresas', cookie);
    expect(empresas.json()).toEqual([
      { codempre: 0, nomempre: DATOS.nombre, unidades: [], usuarios: 1 },
    ]);
  });

  it('el PDF de esa tarjeta, con sus valores y sin sesión; con un valor cambiado, no', async () => {
    const { celdas, ctrltarjeta } = tarjetaInicial;
    const pdf = await post(t.app, '/api/inicializacion/tarjeta/pdf', {
      usuario: 'jefe',
      ctrltarjeta,
      celdas,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const texto = await textoDelPdf(pdf.rawPayload);
    expect(texto).toContain(DATOS.nombre);
    expect(texto).toContain(`Tarjeta de coordenadas de jefe`);
    expect(texto).toContain('Ingrese en https://acopio.example');

    const cambiada = await post(t.app, '/api/inicializacion/tarjeta/pdf', {
      usuario: 'jefe',
      ctrltarjeta,
      celdas: { ...celdas, A1: celdas.A1 === 1000 ? 1001 : celdas.A1! - 1 },
    });
    expect(cambiada.statusCode).toBe(409);
  });

  it('la auditoría registra la inicialización como "inicializacion", sin el código', async () => {
    const { rows } = await t.db.execute<{
      actor: string;
      accion: string;
      tabla: string;
      despues: unknown;
    }>(sql`select actor, accion, tabla, despues from auditoria
           where actor = 'inicializacion' order by id`);
    expect(rows.map((r) => `${r.accion} ${r.tabla}`)).toEqual([
      'crear empresas',
      'crear usuarios',
      'emitir_tarjeta tarjetas',
      'inicializar empresas',
      'imprimir_tarjeta tarjetas',
    ]);
    expect(rows[3]!.despues).toMatchObject({
      ...DATOS,
      administrador: 'jefe',
      origen: 'web',
      codigosBorrados: 2,
    });
    const todo = JSON.stringify(rows).toUpperCase();
    expect(todo).not.toContain(codigo.replace(/-/g, ''));
    expect(todo).not.toContain(codigo);
  });
});

// Real processes on a shared machine: seconds each, whatever the load.
describe('dos portales a la vez sobre una base vacía', { timeout: 120_000 }, () => {
  let base: Awaited<ReturnType<typeof crearBaseDePrueba>>;
  let portales: Portales | undefined;

  beforeAll(async () => {
    base = await crearBaseDePrueba('vacia');
  });
  afterAll(async () => {
    await portales?.detener();
    await base.borrar();
  });

  it('cada uno imprime su código y la página; de ocho inicializaciones a la vez, una gana', async () => {
    portales = await iniciarPortales(base.url, 2);
    const codigos = portales.salidas().map((s, i) => {
      expect(s).toContain(`${portales!.urls[i]}/inicializar`);
      return CODIGO_EN_EL_REGISTRO.exec(s)?.[1];
    });
    expect(codigos[0]).toBeDefined();
    expect(codigos[1]).toBeDefined();
    expect(codigos[0]).not.toBe(codigos[1]);

    // Four requests to each process at once, each with the code its process printed.
    const pedidos = Array.from({ length: 8 }, (_, i) =>
      fetch(`${portales!.urls[i % 2]}/api/inicializacion`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(pedido(codigos[i % 2], `jefe.${i}`)),
      }),
    );
    const respuestas = await Promise.all(pedidos);
    const estados = respuestas.map((r) => r.status).sort();
    expect(estados).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const ganadora = respuestas.find((r) => r.status === 201)!;
    const tarjeta = (await ganadora.json()) as TarjetaEmitida;

    // The winner signs in with the card shown, on either process.
    const ingreso = await ingresarHttp(
      portales.urls[1]!,
      tarjeta.usuario,
      tarjeta.celdas as ValoresTarjeta,
    );
    expect(ingreso.status).toBe(200);
    const estado = await fetch(`${portales.urls[0]}/api/inicializacion`);
    expect(await estado.json()).toEqual({ pendiente: false });
  });
});

describe('npm run cli -- inicializar y terminal', { timeout: 120_000 }, () => {
  const t = usarAppDePrueba({ plantilla: 'vacia' });
  const cli = (...args: string[]) => ejecutarCli(t.url, args);
  const inicializar = (...extra: string[]) =>
    cli(
      'inicializar',
      '--nombre',
      DATOS.nombre,
      '--direccion',
      DATOS.direccion,
      '--admin',
      'Jefe.Norte',
      ...extra,
    );

  it('con un CUIT inválido sale con 2 y no crea nada', async () => {
    const r = await inicializar('--cuit', '30-71234567-8');
    expect(r.codigo, r.salida).toBe(2);
    expect(r.stderr.trim()).toBe(`cuit: ${MENSAJES_CUIT.digito}`);
    expect((await get(t.app, '/api/inicializacion')).json()).toEqual({ pendiente: true });
  });

  it('muestra la tarjeta una vez (--json como tarjeta emitir); con ella se ingresa; una segunda vez sale con 2', async () => {
    const r = await inicializar('--cuit', '30 71234567 1', '--json');
    expect(r.codigo, r.salida).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout) as object)).toEqual([
      'usuario',
      'ctrltarjeta',
      'celdas',
    ]);
    const tarjeta = leerTarjetaJson(r.stdout);
    expect(tarjeta.usuario).toBe('jefe.norte');
    await ingresarCon(t.app, 'jefe.norte', tarjeta.celdas);

    const segunda = await inicializar('--cuit', '30-71234567-1');
    expect(segunda.codigo).toBe(2);
    expect(segunda.stderr.trim().split('\n')).toEqual([M.yaInicializada]);
    expect(segunda.stdout).toBe('');
    const { rows } = await t.db.execute<{ despues: { origen: string } }>(
      sql`select despues from auditoria where accion = 'inicializar'`,
    );
    expect(rows.map((f) => f.despues.origen)).toEqual(['cli']);
  });

  it('terminal mostrar y modificar: los datos de la empresa 0, el cambio auditado como cli', async () => {
    const mostrada = await cli('terminal', 'mostrar', '--json');
    expect(mostrada.codigo, mostrada.salida).toBe(0);
    expect(JSON.parse(mostrada.stdout)).toEqual(DATOS);

    const sinNada = await cli('terminal', 'modificar');
    expect(sinNada.codigo).toBe(2);
    const modificada = await cli('terminal', 'modificar', '--direccion', 'Bv. Oroño 1200, Rosario');
    expect(modificada.codigo, modificada.salida).toBe(0);
    const texto = await cli('terminal', 'mostrar');
    expect(texto.stdout).toContain('Dirección: Bv. Oroño 1200, Rosario');
    expect(texto.stdout).toContain(`Nombre:    ${DATOS.nombre}`);
    const { rows } = await t.db.execute<{ actor: string; antes: unknown; despues: unknown }>(
      sql`select actor, antes, despues from auditoria where accion = 'modificar' and tabla = 'empresas'`,
    );
    expect(rows).toEqual([
      {
        actor: 'cli',
        antes: DATOS,
        despues: { ...DATOS, direccion: 'Bv. Oroño 1200, Rosario' },
      },
    ]);
  });
});
