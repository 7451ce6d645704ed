/**
 * The yard operations API over real HTTP semantics (inject) and a real database: every allowed and
 * refused transition, who may call it, what it writes and audits, and idempotency keys.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  brutoRespuesta,
  camionOperado,
  type CamionOperado,
} from '../../../shared/contracts/operaciones';
import { MENSAJES_CAMIONES, MENSAJES_OPERACIONES as M } from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { ingresar, post } from '../../test/sesion';
import { crearCamion, crearCupo } from '../camiones/datos-prueba';
import { camionHasta, ingresoDePrueba } from './datos-prueba';
import { crearToken, revocarToken } from '../tokens/servicio';

const t = usarAppDePrueba();
let token: string;
let otroToken: string;
let cliente1: string;
let admin: string;

beforeAll(async () => {
  token = await crearToken(t.db, 'terminal', 'balanza-1', { actor: 'prueba' });
  otroToken = await crearToken(t.db, 'terminal', 'porteria', { actor: 'prueba' });
  cliente1 = await ingresar(t.app, 'cliente1');
  admin = await ingresar(t.app, 'admin');
});

function op(ruta: string, cuerpo: unknown, o: { clave?: string; con?: string } = {}) {
  return post(t.app, `/api/operaciones/${ruta}`, cuerpo, undefined, {
    headers: {
      authorization: `Bearer ${o.con ?? token}`,
      ...(o.clave ? { 'idempotency-key': o.clave } : {}),
    },
  });
}

/** An operation that must succeed; its answer checked against the contract. */
async function ok(ruta: string, cuerpo: unknown, status = 200): Promise<CamionOperado> {
  const res = await op(ruta, cuerpo);
  expect(res.statusCode, res.body).toBe(status);
  return camionOperado.parse(res.json());
}

async function camion(ctrl: number) {
  const { rows } = await t.db.execute<{
    codestado: number;
    finalizado: boolean;
    egreso: boolean;
    tickets: number;
  }>(sql`
    select codestado, finalizado_en is not null as finalizado, egreso_en is not null as egreso,
           (select count(*) from tickets where camion_ctrl = c.ctrl) as tickets
    from camiones c where ctrl = ${ctrl}`);
  return rows[0]!;
}

async function movimientosDe(camionCtrl: number) {
  const { rows } = await t.db.execute<{ codpro: number; tipo: string; toneladas: number }>(sql`
    select m.codpro, m.tipo, m.toneladas from stock_movimientos m
    join tickets tk on tk.ctrl = m.ticket_ctrl
    where tk.camion_ctrl = ${camionCtrl} order by m.cupo_ctrl, m.codpro`);
  return rows;
}

async function saldo(codempre: number, unineg: number, codpro: number) {
  const { rows } = await t.db.execute<{ toneladas: number }>(sql`
    select toneladas from stock_saldos
    where codempre = ${codempre} and unineg = ${unineg} and codpro = ${codpro}`);
  return rows[0]?.toneladas ?? 0;
}

async function auditoriaDe(camionCtrl: number) {
  const { rows } = await t.db.execute<{ accion: string; actor: string; usuario_id: number | null }>(
    sql`select accion, actor, usuario_id from auditoria
        where (tabla = 'camiones' and fila_id = ${String(camionCtrl)})
           or (tabla = 'cupos' and despues -> 'camion' ->> 'ctrl' = ${String(camionCtrl)})
        order by id`,
  );
  return rows;
}

describe('quién puede llamar las operaciones', () => {
  it('sin token, con un token desconocido o mal formado: 401 con WWW-Authenticate', async () => {
    for (const authorization of [undefined, 'Bearer acopio_inventado', 'Basic abc', token]) {
      const res = await post(t.app, '/api/operaciones/ingreso', ingresoDePrueba(), undefined, {
        headers: authorization === token ? {} : authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msj: M.tokenRequerido });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('una sesión de usuario, aun de administrador, no puede operar: 401', async () => {
    for (const cookie of [cliente1, admin]) {
      const res = await post(t.app, '/api/operaciones/ingreso', ingresoDePrueba(), cookie);
      expect(res.statusCode).toBe(401);
    }
  });

  it('un token no sirve en las rutas de usuario, ni junto con una sesión cambia quién es', async () => {
    const conToken = await post(
      t.app,
      '/api/empresa/stock',
      { codempre: 1, unineg: 1 },
      undefined,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(conToken.statusCode).toBe(401);
    // cliente2's session with a token: still cliente2, who may not read company 1.
    const cliente2 = await ingresar(t.app, 'cliente2');
    const ambos = await post(t.app, '/api/empresa/stock', { codempre: 1, unineg: 1 }, cliente2, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ambos.statusCode).toBe(403);
  });

  it('un token revocado deja de valer en el acto; el uso queda registrado', async () => {
    const efimero = await crearToken(t.db, 'terminal', 'efimero', { actor: 'prueba' });
    expect((await op('ingreso', ingresoDePrueba(), { con: efimero })).statusCode).toBe(201);
    const { rows } = await t.db.execute<{ uso: boolean }>(
      sql`select ultimo_uso_en is not null as uso from tokens_servicio where nombre = 'efimero'`,
    );
    expect(rows[0]!.uso).toBe(true);
    await expect(revocarToken(t.db, 'efimero', { actor: 'prueba' })).resolves.toBeUndefined();
    expect((await op('ingreso', ingresoDePrueba(), { con: efimero })).statusCode).toBe(401);
  });
});

describe('ingreso', () => {
  it('sin cupo: Playa sin orden, con los datos normalizados, auditado con el nombre del token', async () => {
    const c = await ok(
      'ingreso',
      ingresoDePrueba({ patcha: ' ab 123-cd ', pataco: null, dni: '30.111.222' }),
      201,
    );
    expect(c).toMatchObject({
      codempre: 1,
      unineg: 1,
      patcha: 'AB123CD',
      codestado: 1,
      nomestado: 'Playa sin orden',
      cupos: [],
      ticket: null,
      egreso: null,
    });
    const { rows } = await t.db.execute<{ dni: string; pataco: string | null }>(
      sql`select dni, pataco from camiones where ctrl = ${c.camion}`,
    );
    expect(rows[0]).toEqual({ dni: '30111222', pataco: null });
    expect(await auditoriaDe(c.camion)).toEqual([
      { accion: 'ingreso', actor: 'balanza-1', usuario_id: null },
    ]);
  });

  it('con su cupo: Playa con orden y el cupo entero asignado, por la misma regla de la pantalla', async () => {
    const cupo = await crearCupo(t.db, { cantidad: 28_500 });
    const c = await ok('ingreso', ingresoDePrueba({ cupo }), 201);
    expect(c).toMatchObject({ codestado: 2, nomestado: 'Playa con orden', cupos: [cupo] });
    const { rows } = await t.db.execute<{ cantidad_asignada: number; asignado_por: null }>(
      sql`select cantidad_asignada, asignado_por from cupos where ctrl = ${cupo}`,
    );
    expect(rows[0]).toEqual({ cantidad_asignada: 28_500, asignado_por: null });
    expect((await auditoriaDe(c.camion)).map((a) => a.accion)).toEqual([
      'ingreso',
      'vincular_cupo',
    ]);
  });

  it('con un cupo imposible no entra nada: ni el camión ni la asignación', async () => {
    const antes = await t.db.execute<{ n: number }>(sql`select count(*) as n from camiones`);
    const asignado = await crearCupo(t.db, { camion: await crearCamion(t.db, { codestado: 2 }) });
    const eliminado = await crearCupo(t.db, { eliminado: true });
    const deOtro = await crearCupo(t.db, { codempre: 2 });
    const casos: [number, number, string][] = [
      [asignado, 409, MENSAJES_CAMIONES.cupoYaAsignado],
      [eliminado, 409, MENSAJES_CAMIONES.cupoEliminado],
      [deOtro, 400, MENSAJES_CAMIONES.cupoDeOtroCliente],
      [99_999_999, 404, 'No se encontró el recurso solicitado'],
    ];
    for (const [cupo, status, msj] of casos) {
      const res = await op('ingreso', ingresoDePrueba({ cupo }));
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ msj });
    }
    const despues = await t.db.execute<{ n: number }>(sql`select count(*) as n from camiones`);
    expect(despues.rows[0]!.n).toBe(antes.rows[0]!.n + 1); // only the truck holding `asignado`
  });

  it('valida cliente, unidad, patentes, documento, pesos y fecha', async () => {
    const casos: [Record<string, unknown>, string | RegExp][] = [
      [{ codempre: 0 }, /codempre/],
      [{ codempre: 4242 }, M.empresaInexistente],
      [{ unineg: 99 }, M.unidadInexistente],
      [{ patcha: 'A1' }, /patcha/],
      [{ patcha: 'AB 123 CD 999 XYZ' }, /patcha/],
      [{ dni: '12' }, /dni/],
      [{ nomchofer: '   ' }, /nomchofer/],
      [{ cargateorica: -1 }, /cargateorica/],
      [{ cargateorica: 150_001 }, /cargateorica/],
      [{ fecha: '2026-02-30T10:00:00' }, /fecha/],
      [{ fecha: new Date(Date.now() + 3_600_000).toISOString() }, M.fechaFueraDeRango],
      [{ fecha: new Date(Date.now() - 31 * 86_400_000).toISOString() }, M.fechaFueraDeRango],
    ];
    for (const [cambio, msj] of casos) {
      const res = await op('ingreso', { ...ingresoDePrueba(), ...cambio });
      expect(res.statusCode, JSON.stringify(cambio)).toBe(400);
      if (typeof msj === 'string') expect(res.json()).toEqual({ msj });
      else expect(res.json<{ msj: string }>().msj).toMatch(msj);
    }
  });

  it('la fecha sin zona es la hora de la terminal; con zona, ese instante', async () => {
    const hace = new Date(Date.now() - 2 * 3_600_000);
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/Argentina/Buenos_Aires',
      dateStyle: 'short',
      timeStyle: 'medium',
    })
      .format(hace)
      .replace(' ', 'T');
    const a = await ok('ingreso', ingresoDePrueba({ fecha: local }), 201);
    const b = await ok('ingreso', ingresoDePrueba({ fecha: hace.toISOString() }), 201);
    expect(a.ingplaya).toBe(local);
    expect(b.ingplaya).toBe(local);
  });
});

describe('vincular', () => {
  it('el chofer presenta el cupo: Playa con orden; un camión Operando ya no admite otro (409)', async () => {
    const { camion: ctrl } = await camionHasta(t.db, 1);
    const cupo = await crearCupo(t.db);
    expect(await ok('vincular', { camion: ctrl, cupo })).toMatchObject({
      codestado: 2,
      cupos: [cupo],
    });
    const { camion: operando } = await camionHasta(t.db, 3);
    const res = await op('vincular', { camion: operando, cupo: await crearCupo(t.db) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msj: MENSAJES_CAMIONES.estadoNoAdmiteVincular });
    expect((await op('vincular', { camion: 99_999_999, cupo })).statusCode).toBe(404);
  });
});

describe('tara', () => {
  it('desde Playa con orden: abre el ticket y el camión pasa a Operando', async () => {
    const { camion: ctrl } = await camionHasta(t.db, 2);
    const c = await ok('tara', { camion: ctrl, kg: 14_820, balanza: 'Balanza 3' }, 201);
    expect(c).toMatchObject({ codestado: 3, nomestado: 'Operando' });
    expect(c.ticket).toMatchObject({
      camion: ctrl,
      tara: 14_820,
      baltara: 'Balanza 3',
      bruto: null,
      neto: null,
    });
    expect(await camion(ctrl)).toMatchObject({ codestado: 3, tickets: 1 });
    expect((await auditoriaDe(ctrl)).map((a) => a.accion)).toEqual([
      'ingreso',
      'vincular_cupo',
      'tara',
    ]);
  });

  it('rechaza los estados que no la admiten (409) sin cambiar nada', async () => {
    const casos: [1 | 3 | 4, string][] = [
      [1, M.taraSinCupo],
      [3, M.taraYaRegistrada],
      [4, M.camionFinalizado],
    ];
    for (const [estado, msj] of casos) {
      const { camion: ctrl } = await camionHasta(t.db, estado);
      const antes = await camion(ctrl);
      const res = await op('tara', { camion: ctrl, kg: 15_000, balanza: 'Balanza 1' });
      expect(res.statusCode, `estado ${estado}`).toBe(409);
      expect(res.json()).toEqual({ msj });
      expect(await camion(ctrl)).toEqual(antes);
    }
    expect((await op('tara', { camion: 99_999_999, kg: 1, balanza: 'B' })).statusCode).toBe(404);
  });

  it('valida el peso, la balanza y que la fecha no sea anterior al ingreso', async () => {
    const { camion: ctrl } = await camionHasta(t.db, 2);
    for (const cuerpo of [
      { camion: ctrl, kg: 0, balanza: 'B1' },
      { camion: ctrl, kg: 14_000.5, balanza: 'B1' },
      { camion: ctrl, kg: 150_001, balanza: 'B1' },
      { camion: ctrl, kg: 14_000, balanza: '' },
      { camion: ctrl, kg: 14_000, balanza: 'x'.repeat(21) },
    ]) {
      expect((await op('tara', cuerpo)).statusCode, JSON.stringify(cuerpo)).toBe(400);
    }
    const temprano = new Date(Date.now() - 86_400_000).toISOString();
    const res = await op('tara', { camion: ctrl, kg: 14_000, balanza: 'B1', fecha: temprano });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msj: M.fechaAnterior('el ingreso') });
    expect((await camion(ctrl)).codestado).toBe(2);
  });
});

describe('bruto', () => {
  it('cierra el ticket (neto = bruto - tara), finaliza el camión y el neto sale del stock', async () => {
    const { camion: ctrl } = await camionHasta(t.db, 3); // tara 14,000 kg; a dispatch of Soja
    const antes = await saldo(1, 1, 1);
    const res = await op('bruto', { camion: ctrl, kg: 43_217, balanza: 'Balanza 2' });
    expect(res.statusCode, res.body).toBe(200);
    const c = brutoRespuesta.parse(res.json());
    expect(c).toMatchObject({ codestado: 4, nomestado: 'Finalizado' });
    expect(c.ticket).toMatchObject({
      tara: 14_000,
      bruto: 43_217,
      neto: 29_217,
      balbruto: 'Balanza 2',
    });
    expect(c.movimientos).toEqual([
      { cupo: c.cupos[0], codpro: 1, nompro: 'Soja', toneladas: -29.217 },
    ]);
    expect(await movimientosDe(ctrl)).toEqual([
      { codpro: 1, tipo: 'despacho', toneladas: -29.217 },
    ]);
    expect(await saldo(1, 1, 1)).toBeCloseTo(antes - 29.217, 3);
    expect(await camion(ctrl)).toMatchObject({ codestado: 4, finalizado: true, tickets: 1 });
    // A truck Operando keeps its quota: the trucks screen cannot take it away now.
    const desasignar = await post(
      t.app,
      '/api/camiones/desasignar-cupo-camion',
      { ctrl: c.cupos[0], codcamion: ctrl },
      admin,
    );
    expect(desasignar.statusCode).toBe(409);
  });

  it('rechaza sin tara (409), dos veces (409) y un bruto menor que la tara (400)', async () => {
    for (const estado of [1, 2] as const) {
      const { camion: ctrl } = await camionHasta(t.db, estado);
      const res = await op('bruto', { camion: ctrl, kg: 40_000, balanza: 'B' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ msj: M.brutoSinTara });
    }
    const { camion: terminado } = await camionHasta(t.db, 4);
    const otra = await op('bruto', { camion: terminado, kg: 40_000, balanza: 'B' });
    expect(otra.statusCode).toBe(409);
    expect(otra.json()).toEqual({ msj: M.brutoYaRegistrado });
    expect(await movimientosDe(terminado)).toHaveLength(1);

    const { camion: ctrl } = await camionHasta(t.db, 3);
    const menor = await op('bruto', { camion: ctrl, kg: 13_999, balanza: 'B' });
    expect(menor.statusCode).toBe(400);
    expect(menor.json()).toEqual({ msj: M.brutoMenorQueTara });
    // Equal is a truck that left empty: a ticket with neto 0 and no stock moved.
    const vacio = brutoRespuesta.parse(
      (await op('bruto', { camion: ctrl, kg: 14_000, balanza: 'B' })).json(),
    );
    expect(vacio.ticket?.neto).toBe(0);
    expect(vacio.movimientos.map((m) => m.toneladas)).toEqual([0]);
  });

  it('varios cupos: el neto se reparte por los kilos asignados a cada uno y cada mezcla por porcentaje', async () => {
    // Company 3, Subproductos: a reception of 20,000 kg of Harina de soja, and a dispatch in
    // 500 bags of 50 kg (25,000 kg) of 70 % Harina de soja / 30 % Cascarilla.
    const { rows: envase } = await t.db.execute<{ ctrl: number }>(
      sql`select min(ctrl) as ctrl from envases where codempre = 3 and peso = 50`,
    );
    const { rows } = await t.db.execute<{ ctrl: number }>(sql`
      insert into cupos (codempre, unineg, tipo, coddespacho, tipenvase, peso_envase, cantidad)
      values (3, 2, 'R', 3, null, null, 20000), (3, 2, 'D', 4, ${envase[0]!.ctrl}, 50, 500)
      returning ctrl`);
    const [recepcion, despacho] = rows.map((r) => r.ctrl) as [number, number];
    await t.db.execute(sql`
      insert into cupo_productos values (${recepcion}, 10, 100), (${despacho}, 10, 70), (${despacho}, 12, 30)`);
    const c = await ok(
      'ingreso',
      ingresoDePrueba({ codempre: 3, unineg: 2, cupo: recepcion }),
      201,
    );
    await ok('vincular', { camion: c.camion, cupo: despacho });
    await ok('tara', { camion: c.camion, kg: 15_000, balanza: 'B1' }, 201);
    const saldos = { harina: await saldo(3, 2, 10), cascarilla: await saldo(3, 2, 12) };
    // Net 40,001 kg: 20,000 : 25,000 → 17,778.2 and 22,222.8 → 17,778 + 22,223 (largest remainder).
    const bruto = brutoRespuesta.parse(
      (await op('bruto', { camion: c.camion, kg: 55_001, balanza: 'B2' })).json(),
    );
    expect(bruto.movimientos).toEqual([
      { cupo: recepcion, codpro: 10, nompro: 'Harina de soja', toneladas: 17.778 },
      // 22,223 kg: 70 % = 15,556.1 → 15,556; 30 % = 6,666.9 → 6,667.
      { cupo: despacho, codpro: 10, nompro: 'Harina de soja', toneladas: -15.556 },
      { cupo: despacho, codpro: 12, nompro: 'Cascarilla de soja', toneladas: -6.667 },
    ]);
    expect(await saldo(3, 2, 10)).toBeCloseTo(saldos.harina + 17.778 - 15.556, 3);
    expect(await saldo(3, 2, 12)).toBeCloseTo(saldos.cascarilla - 6.667, 3);
  });

  it('valida que la fecha no sea anterior a la tara', async () => {
    const { camion: ctrl } = await camionHasta(t.db, 3);
    const res = await op('bruto', {
      camion: ctrl,
      kg: 40_000,
      balanza: 'B',
      fecha: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msj: M.fechaAnterior('la tara') });
  });
});

describe('egreso', () => {
  it('solo de un camión finalizado, una vez', async () => {
    for (const estado of [1, 2, 3] as const) {
      const { camion: ctrl } = await camionHasta(t.db, estado);
      const res = await op('egreso', { camion: ctrl });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ msj: M.egresoSinFinalizar });
    }
    const { camion: ctrl } = await camionHasta(t.db, 4);
    const c = await ok('egreso', { camion: ctrl });
    expect(c.egreso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(c.codestado).toBe(4);
    const otra = await op('egreso', { camion: ctrl });
    expect(otra.statusCode).toBe(409);
    expect(otra.json()).toEqual({ msj: M.egresoYaRegistrado });
    expect((await auditoriaDe(ctrl)).map((a) => a.accion)).toEqual([
      'ingreso',
      'vincular_cupo',
      'tara',
      'bruto',
      'egreso',
    ]);
  });
});

describe('claves de idempotencia', () => {
  it('un bruto repetido con la misma clave no registra nada dos veces y responde igual', async () => {
    const { camion: ctrl } = await camionHasta(t.db, 3);
    const cuerpo = { camion: ctrl, kg: 42_000, balanza: 'Balanza 1' };
    const primera = await op('bruto', cuerpo, { clave: 'bruto-42' });
    const segunda = await op('bruto', cuerpo, { clave: 'bruto-42' });
    expect(primera.statusCode).toBe(200);
    expect(segunda.statusCode).toBe(200);
    expect(segunda.json()).toEqual(primera.json());
    expect(primera.headers['idempotent-replayed']).toBeUndefined();
    expect(segunda.headers['idempotent-replayed']).toBe('true');
    expect(await movimientosDe(ctrl)).toHaveLength(1);
    expect((await auditoriaDe(ctrl)).filter((a) => a.accion === 'bruto')).toHaveLength(1);
    // Without the key, the same weighing again is what it is: a truck already weighed.
    expect((await op('bruto', cuerpo)).statusCode).toBe(409);
  });

  it('un ingreso repetido con la misma clave es un solo camión', async () => {
    const a = await op('ingreso', ingresoDePrueba({ patcha: 'ID000AA' }), { clave: 'ingreso-1' });
    const b = await op('ingreso', ingresoDePrueba({ patcha: 'ID000AA' }), { clave: 'ingreso-1' });
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*) as n from camiones where patcha = 'ID000AA'`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('la misma clave con otro cuerpo, otra operación u otro token: 422 y nada registrado', async () => {
    const { camion: ctrl } = await camionHasta(t.db, 2);
    expect(
      (await op('tara', { camion: ctrl, kg: 14_000, balanza: 'B' }, { clave: 'k-1' })).statusCode,
    ).toBe(201);
    for (const [ruta, cuerpo, con] of [
      ['tara', { camion: ctrl, kg: 14_001, balanza: 'B' }, token],
      ['egreso', { camion: ctrl }, token],
      ['tara', { camion: ctrl, kg: 14_000, balanza: 'B' }, otroToken],
    ] as const) {
      const res = await op(ruta, cuerpo, { clave: 'k-1', con });
      expect(res.statusCode, ruta).toBe(422);
      expect(res.json()).toEqual({ msj: M.claveReutilizada });
    }
    expect(await camion(ctrl)).toMatchObject({ codestado: 3, tickets: 1 });
  });

  it('una operación rechazada no guarda su clave: el reintento, ya posible, se registra', async () => {
    const { camion: ctrl } = await camionHasta(t.db, 1);
    const cuerpo = { camion: ctrl, kg: 14_000, balanza: 'B' };
    expect((await op('tara', cuerpo, { clave: 'k-reintento' })).statusCode).toBe(409);
    await ok('vincular', { camion: ctrl, cupo: await crearCupo(t.db) });
    expect((await op('tara', cuerpo, { clave: 'k-reintento' })).statusCode).toBe(201);
  });

  it('valida la clave: de 1 a 100 caracteres visibles', async () => {
    for (const clave of ['x'.repeat(101), 'con espacio']) {
      expect((await op('ingreso', ingresoDePrueba(), { clave })).statusCode).toBe(400);
    }
  });
});
