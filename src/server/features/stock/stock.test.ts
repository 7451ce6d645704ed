/**
 * The stock ledger and `POST /api/empresa/stock` (design section 6): balances hand-computed from
 * receptions, dispatches, opening balances and adjustments; exact to the kilogram over thousands
 * of movements; each client sees only its own.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MENSAJES_HISTORIAL,
  paginaMovimientosStock,
  saldosStockRespuesta,
  stockRespuesta,
  type LineaStock,
  type MovimientoStock,
} from '../../../shared/contracts/stock';
import { MENSAJES_API } from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { ingresar, post } from '../../test/sesion';
import { crearCamion } from '../camiones/datos-prueba';
import { insertarCupoDePrueba } from '../cupos/datos-prueba';
import { ACTOR_PRUEBA, ingresoDePrueba } from '../operaciones/datos-prueba';
import { registrarBruto, registrarIngreso, registrarTara } from '../operaciones/servicio';
import {
  consultaStockDelLibro,
  diferenciasDeSaldos,
  recalcularSaldos,
  registrarMovimientos,
  type Movimiento,
} from './repository';

const t = usarAppDePrueba();
let admin: string;
let cliente1: string;
let cliente2: string;

/** A client of this file alone, in Granos, with Soja, Maíz and Trigo. */
const EMPRESA = 7001;

beforeAll(async () => {
  admin = await ingresar(t.app, 'admin');
  cliente1 = await ingresar(t.app, 'cliente1');
  cliente2 = await ingresar(t.app, 'cliente2');
  await t.db.execute(
    sql`insert into empresas (codempre, nomempre) values (${EMPRESA}, 'Stock de Prueba S.A.')`,
  );
  await t.db.execute(sql`
    insert into productos_clientes values (${EMPRESA}, 1, 1), (${EMPRESA}, 1, 2), (${EMPRESA}, 1, 3)`);
});

async function stock(codempre: number, unineg: number, cookie = admin): Promise<LineaStock[]> {
  const res = await post(t.app, '/api/empresa/stock', { codempre, unineg }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return stockRespuesta.parse(res.json());
}

/** A truck of EMPRESA with a quota of `tipo` and `mezcla`, weighed tara then bruto. */
async function camionPesado(
  tipo: 'D' | 'R',
  mezcla: [number, number][],
  tara: number,
  bruto: number,
) {
  const cupo = await insertarCupoDePrueba(t.db, { codempre: EMPRESA, mezcla });
  await t.db.execute(sql`update cupos set tipo = ${tipo} where ctrl = ${cupo}`);
  await t.db.transaction(async (tx) => {
    const { camion } = await registrarIngreso(
      tx,
      ACTOR_PRUEBA,
      ingresoDePrueba({ codempre: EMPRESA, cupo }),
    );
    await registrarTara(tx, ACTOR_PRUEBA, { camion, kg: tara, balanza: 'B1' });
    await registrarBruto(tx, ACTOR_PRUEBA, { camion, kg: bruto, balanza: 'B2' });
  });
}

const mov = (codpro: number, kilos: number, tipo: Movimiento['tipo'] = 'ajuste'): Movimiento => ({
  codempre: EMPRESA,
  unineg: 1,
  codpro,
  tipo,
  kilos,
});

describe('POST /api/empresa/stock', () => {
  it('una línea por producto con movimientos, por código, en toneladas con 3 decimales', async () => {
    const lineas = await stock(1, 1, cliente1);
    expect(lineas.map((l) => l.codpro)).toEqual([1, 2, 3, 4]);
    expect(lineas.map((l) => l.nompro)).toEqual(['Soja', 'Maíz', 'Trigo', 'Girasol']);
    for (const l of lineas) expect(Math.round(l.toneladas * 1000) / 1000).toBe(l.toneladas);
    // What the route answers is what the ledger sums.
    const { rows } = await t.db.execute<Record<string, unknown>>(consultaStockDelLibro(1, 1));
    expect(lineas.map(({ codpro, nompro, toneladas }) => ({ codpro, nompro, toneladas }))).toEqual(
      rows,
    );
  });

  it('un cliente solo ve su stock: otra empresa o una unidad ajena es 403', async () => {
    for (const [cookie, codempre, unineg] of [
      [cliente2, 1, 1],
      [cliente1, 2, 1],
      [cliente2, 2, 2],
    ] as const) {
      const res = await post(t.app, '/api/empresa/stock', { codempre, unineg }, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msj: MENSAJES_API.sinPermisoDatos });
    }
    expect((await stock(2, 1, cliente2)).length).toBeGreaterThan(0);
    // cliente2 sees its own lines, not client 1's.
    expect(await stock(2, 1, cliente2)).not.toEqual(await stock(1, 1));
  });

  it('sin movimientos no hay líneas; valida el cuerpo', async () => {
    expect(await stock(EMPRESA, 2)).toEqual([]);
    for (const cuerpo of [
      {},
      { codempre: 1 },
      { codempre: 'x', unineg: 1 },
      { codempre: 1, unineg: 0 },
    ]) {
      expect((await post(t.app, '/api/empresa/stock', cuerpo, admin)).statusCode).toBe(400);
    }
  });
});

describe('libro de stock', () => {
  it('saldo inicial, recepciones, despachos por mezcla y ajustes dan las toneladas calculadas a mano', async () => {
    await registrarMovimientos(t.db, [
      mov(1, 1_000_000, 'apertura'), // Soja 1.000 t
      mov(2, 500_500, 'apertura'), //  Maíz 500,5 t
    ]);
    // A reception of 30,000 kg net, Soja 70 / Maíz 30: +21 t and +9 t.
    await camionPesado(
      'R',
      [
        [1, 70],
        [2, 30],
      ],
      14_000,
      44_000,
    );
    // A dispatch of 10,001 kg net, 33.3 / 33.3 / 33.4: 3,330.333 / 3,330.333 / 3,340.334 kg →
    // 3,330 / 3,330 / 3,341 (the kilogram left over goes to the largest remainder).
    await camionPesado(
      'D',
      [
        [1, 33.3],
        [2, 33.3],
        [3, 33.4],
      ],
      15_000,
      25_001,
    );
    // An adjustment after a physical count: 0.25 t of Trigo found, 1.5 t of Soja lost.
    await registrarMovimientos(t.db, [mov(3, 250), mov(1, -1_500)]);

    // The trucks finished: their quotas are consumed, nothing stays committed.
    const libre = (toneladas: number) => ({ toneladas, comprometidas: 0, disponibles: toneladas });
    expect(await stock(EMPRESA, 1)).toEqual([
      { codpro: 1, nompro: 'Soja', ...libre(1016.17) }, // 1.000 + 21 - 3,33 - 1,5
      { codpro: 2, nompro: 'Maíz', ...libre(506.17) }, // 500,5 + 9 - 3,33
      { codpro: 3, nompro: 'Trigo', ...libre(-3.091) }, // -3,341 + 0,25: dispatched on credit
    ]);
  });

  it('10.000 movimientos sin error de coma flotante, y el saldo igual a la suma del libro', async () => {
    // 0.1 t and 0.003 t are the classic inexact binary fractions: summed in doubles they drift.
    const lote: Movimiento[] = [];
    for (let i = 0; i < 10_000; i++) lote.push(mov(2, i % 3 === 0 ? 3 : 100));
    let doble = 0;
    for (const m of lote) doble += m.kilos / 1000;
    expect(doble).not.toBe(676.602); // tonnes summed as doubles drift off the exact total
    const antes = (await stock(EMPRESA, 1)).find((l) => l.codpro === 2)!.toneladas;
    for (let i = 0; i < lote.length; i += 2_500)
      await registrarMovimientos(t.db, lote.slice(i, i + 2_500));
    const despues = (await stock(EMPRESA, 1)).find((l) => l.codpro === 2)!.toneladas;
    // 3,334 × 3 kg + 6,666 × 100 kg = 676,602 kg.
    expect(Math.round((despues - antes) * 1000)).toBe(676_602);
    expect(despues).toBe(Number((antes + 676.602).toFixed(3)));
    expect(await diferenciasDeSaldos(t.db)).toEqual([]);
  });

  it('recalcular rehace los saldos desde el libro y verificar encuentra un saldo alterado', async () => {
    await t.db.execute(sql`
      update stock_saldos set toneladas = toneladas + 1 where codempre = ${EMPRESA} and codpro = 1`);
    expect(await diferenciasDeSaldos(t.db)).toEqual([
      expect.objectContaining({ codempre: EMPRESA, unineg: 1, codpro: 1 }),
    ]);
    await t.db.transaction((tx) => recalcularSaldos(tx));
    expect(await diferenciasDeSaldos(t.db)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Committed stock (issue 16, part 3)

/** A client of its own for the committed tonnes, in Granos. */
const COMPROMETIDA = 7002;

interface CupoComprometido {
  tipo?: 'D' | 'R';
  unineg?: number;
  codempre?: number;
  /** Kilos for bulk; units for containers. */
  cantidad: number;
  /** Kilos one container holds: a container quota. */
  pesoEnvase?: number;
  mezcla: [number, number][];
  camion?: { codestado: 1 | 2 | 3 | 4; asignada: number };
  eliminado?: boolean;
}

let envase: number;

async function cupoComprometido(q: CupoComprometido): Promise<number> {
  const codempre = q.codempre ?? COMPROMETIDA;
  const unineg = q.unineg ?? 1;
  const camion = q.camion
    ? await crearCamion(t.db, { codempre, unineg, codestado: q.camion.codestado })
    : null;
  const { rows } = await t.db.execute<{ ctrl: number }>(sql`
    insert into cupos (codempre, unineg, tipo, coddespacho, tipenvase, peso_envase, cantidad,
                       camion_ctrl, cantidad_asignada, asignado_en, eliminado_en)
    values (${codempre}, ${unineg}, ${q.tipo ?? 'D'}, ${unineg === 1 ? 1 : 3},
            ${q.pesoEnvase === undefined ? null : envase}, ${q.pesoEnvase ?? null}, ${q.cantidad},
            ${camion}, ${q.camion?.asignada ?? null}, ${camion === null ? null : sql`now()`},
            ${q.eliminado ? sql`now()` : null})
    returning ctrl`);
  const ctrl = rows[0]!.ctrl;
  for (const [codpro, porcentaje] of q.mezcla) {
    await t.db.execute(sql`insert into cupo_productos values (${ctrl}, ${codpro}, ${porcentaje})`);
  }
  return ctrl;
}

describe('stock comprometido en cupos de despacho abiertos', () => {
  beforeAll(async () => {
    await t.db.execute(sql`
      insert into empresas (codempre, nomempre) values (${COMPROMETIDA}, 'Comprometida S.A.')`);
    const { rows } = await t.db.execute<{ ctrl: number }>(sql`
      insert into envases (codempre, nombre, peso) values (${COMPROMETIDA}, 'Bolsa', 25.5)
      returning ctrl`);
    envase = rows[0]!.ctrl;
    await registrarMovimientos(t.db, [
      { codempre: COMPROMETIDA, unineg: 1, codpro: 1, tipo: 'apertura', kilos: 100_000 },
      { codempre: COMPROMETIDA, unineg: 1, codpro: 2, tipo: 'apertura', kilos: 50_000 },
    ]);
  });

  it('sin cupos abiertos no hay nada comprometido', async () => {
    expect(await stock(COMPROMETIDA, 1)).toEqual([
      { codpro: 1, nompro: 'Soja', toneladas: 100, comprometidas: 0, disponibles: 100 },
      { codpro: 2, nompro: 'Maíz', toneladas: 50, comprometidas: 0, disponibles: 50 },
    ]);
  });

  it('comprometidas y disponibles calculadas a mano, con envases, vinculados y cupos que no cuentan', async () => {
    // Count:
    // open bulk, 30.000 kg Soja 70 / Maíz 30: Soja 21 t, Maíz 9 t
    await cupoComprometido({
      cantidad: 30_000,
      mezcla: [
        [1, 70],
        [2, 30],
      ],
    });
    // open bulk, 10.000 kg of Soja: 10 t
    await cupoComprometido({ cantidad: 10_000, mezcla: [[1, 100]] });
    // linked to a truck waiting with its order: what was linked, 25.000 of 30.000 kg: 25 t
    await cupoComprometido({
      cantidad: 30_000,
      mezcla: [[1, 100]],
      camion: { codestado: 2, asignada: 25_000 },
    });
    // linked to a truck loading (tare weighed), Trigo without stock: 20 t
    await cupoComprometido({
      cantidad: 20_000,
      mezcla: [[3, 100]],
      camion: { codestado: 3, asignada: 20_000 },
    });
    // open container quota: 40 bags of 25,5 kg = 1.020 kg, Maíz 50 / Girasol 50: 0,51 t each
    await cupoComprometido({
      cantidad: 40,
      pesoEnvase: 25.5,
      mezcla: [
        [2, 50],
        [4, 50],
      ],
    });
    // container quota linked to a truck just in: 60 of 100 bags of 50 kg = 3.000 kg of Maíz
    await cupoComprometido({
      cantidad: 100,
      pesoEnvase: 50,
      mezcla: [[2, 100]],
      camion: { codestado: 1, asignada: 60 },
    });
    // 1.001 kg Soja 33,33 / Trigo 66,67: 333,633 kg and 667,367 kg, summed before rounding
    await cupoComprometido({
      cantidad: 1_001,
      mezcla: [
        [1, 33.33],
        [3, 66.67],
      ],
    });
    // Do not count:
    // consumed: its truck finished (the dispatch is in the ledger already)
    await cupoComprometido({
      cantidad: 30_000,
      mezcla: [[1, 100]],
      camion: { codestado: 4, asignada: 30_000 },
    });
    // deleted
    await cupoComprometido({ cantidad: 30_000, mezcla: [[1, 100]], eliminado: true });
    // a reception quota: it brings grain in, it promises none
    await cupoComprometido({ tipo: 'R', cantidad: 30_000, mezcla: [[2, 100]] });
    // another unit, another client
    await cupoComprometido({ unineg: 2, cantidad: 30_000, mezcla: [[10, 100]] });
    await cupoComprometido({ codempre: EMPRESA, cantidad: 30_000, mezcla: [[4, 100]] });

    expect(await stock(COMPROMETIDA, 1)).toEqual([
      // 21 + 10 + 25 + 0,333633 = 56,333633 → 56,334
      { codpro: 1, nompro: 'Soja', toneladas: 100, comprometidas: 56.334, disponibles: 43.666 },
      // 9 + 0,51 + 3
      { codpro: 2, nompro: 'Maíz', toneladas: 50, comprometidas: 12.51, disponibles: 37.49 },
      // 20 + 0,667367 → 20,667; no stock line, still listed: a client must see it is short
      { codpro: 3, nompro: 'Trigo', toneladas: 0, comprometidas: 20.667, disponibles: -20.667 },
      { codpro: 4, nompro: 'Girasol', toneladas: 0, comprometidas: 0.51, disponibles: -0.51 },
    ]);
    // Unit 2 has only its own quota.
    expect(await stock(COMPROMETIDA, 2)).toEqual([
      { codpro: 10, nompro: expect.any(String), toneladas: 0, comprometidas: 30, disponibles: -30 },
    ]);
  });

  it('un cliente ve el comprometido de su empresa, nunca el de otra', async () => {
    const propio = await stock(1, 1, cliente1);
    const res = await post(
      t.app,
      '/api/empresa/stock',
      { codempre: COMPROMETIDA, unineg: 1 },
      cliente1,
    );
    expect(res.statusCode).toBe(403);
    for (const l of propio) {
      expect(l.disponibles).toBeCloseTo(l.toneladas - l.comprometidas, 3);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// A product's history (issue 16, part 2)

/** A client of its own for the history, in Granos. */
const HISTORIAL = 7003;

async function movimientos(cuerpo: Record<string, unknown>, cookie = admin) {
  const res = await post(
    t.app,
    '/api/empresa/stock/movimientos',
    { codempre: HISTORIAL, unineg: 1, codpro: 1, ...cuerpo },
    cookie,
  );
  expect(res.statusCode, res.body).toBe(200);
  return paginaMovimientosStock.parse(res.json());
}

async function saldos(desde: string, hasta: string, extra: Record<string, unknown> = {}) {
  const res = await post(
    t.app,
    '/api/empresa/stock/saldos',
    { codempre: HISTORIAL, unineg: 1, codpro: 1, desde, hasta, ...extra },
    admin,
  );
  expect(res.statusCode, res.body).toBe(200);
  return saldosStockRespuesta.parse(res.json());
}

/** A movement of HISTORIAL's Soja at a wall-clock instant of the terminal (UTC-3). */
const en = (fecha: string, kilos: number, tipo: Movimiento['tipo'] = 'ajuste', codpro = 1) => ({
  codempre: HISTORIAL,
  unineg: 1,
  codpro,
  tipo,
  kilos,
  fecha: `${fecha}-03:00`,
  observacion: `${tipo} ${fecha}`,
});

describe('historial de un producto', () => {
  const ids: number[] = [];

  beforeAll(async () => {
    await t.db.execute(sql`
      insert into empresas (codempre, nomempre) values (${HISTORIAL}, 'Historial S.A.')`);
    // One statement per movement: each its own id, in this order.
    for (const m of [
      en('2026-03-01T10:00:00', 100_000, 'apertura'), // 100
      en('2026-03-01T15:00:00', -2_500), //               97,5
      en('2026-03-03T09:00:00', 10_000), //               107,5
      en('2026-03-03T12:00:00', 5_000, 'ajuste', 2), //   Maíz: not in Soja's history
      en('2026-03-05T23:30:00', -7_500), //               100 (02:30 UTC of the 6th: still the 5th here)
      en('2026-03-06T00:10:00', 1_250), //                101,25
    ]) {
      await registrarMovimientos(t.db, [m]);
    }
    const { rows } = await t.db.execute<{ id: number }>(sql`
      select id from stock_movimientos where codempre = ${HISTORIAL} and codpro = 1 order by id`);
    ids.push(...rows.map((r) => r.id));
  });

  it('los movimientos del rango, el más nuevo primero, con su saldo corriente y su fecha local', async () => {
    const { movimientos: filas, siguiente } = await movimientos({
      desde: '2026-03-01',
      hasta: '2026-03-31',
    });
    expect(siguiente).toBeNull();
    expect(filas.map((f) => [f.fecha, f.tipo, f.toneladas, f.saldo])).toEqual([
      ['2026-03-06T00:10:00', 'ajuste', 1.25, 101.25],
      ['2026-03-05T23:30:00', 'ajuste', -7.5, 100],
      ['2026-03-03T09:00:00', 'ajuste', 10, 107.5],
      ['2026-03-01T15:00:00', 'ajuste', -2.5, 97.5],
      ['2026-03-01T10:00:00', 'apertura', 100, 100],
    ]);
    expect(filas[4]).toEqual<MovimientoStock>({
      id: ids[0]!,
      fecha: '2026-03-01T10:00:00',
      tipo: 'apertura',
      ticket: null,
      patente: null,
      cupo: null,
      observacion: 'apertura 2026-03-01T10:00:00',
      toneladas: 100,
      saldo: 100,
    });
    // Both days included, on the terminal's calendar: the 5th at 23:30 is the 5th.
    const delCinco = await movimientos({ desde: '2026-03-05', hasta: '2026-03-05' });
    expect(delCinco.movimientos.map((f) => f.saldo)).toEqual([100]);
    expect((await movimientos({ desde: '2026-03-02', hasta: '2026-03-02' })).movimientos).toEqual(
      [],
    );
  });

  it('páginas por clave: la primera, la siguiente con antesDe y la última', async () => {
    const rango = { desde: '2026-03-01', hasta: '2026-03-31', limite: 2 };
    const primera = await movimientos(rango);
    expect(primera.movimientos.map((f) => f.id)).toEqual([ids[4], ids[3]]);
    expect(primera.siguiente).toBe(ids[3]);
    const segunda = await movimientos({ ...rango, antesDe: primera.siguiente });
    expect(segunda.movimientos.map((f) => f.id)).toEqual([ids[2], ids[1]]);
    expect(segunda.siguiente).toBe(ids[1]);
    const ultima = await movimientos({ ...rango, antesDe: segunda.siguiente });
    expect(ultima.movimientos.map((f) => f.id)).toEqual([ids[0]]);
    expect(ultima.siguiente).toBeNull();
    // Exactly a page left: no empty page after it.
    const justa = await movimientos({ ...rango, limite: 5 });
    expect(justa.movimientos).toHaveLength(5);
    expect(justa.siguiente).toBeNull();
  });

  it('un despacho trae su ticket, su cupo y la patente del camión', async () => {
    const cupo = await insertarCupoDePrueba(t.db, { codempre: HISTORIAL, mezcla: [[2, 100]] });
    await t.db.transaction(async (tx) => {
      const { camion } = await registrarIngreso(
        tx,
        ACTOR_PRUEBA,
        ingresoDePrueba({ codempre: HISTORIAL, cupo }),
      );
      await registrarTara(tx, ACTOR_PRUEBA, { camion, kg: 15_000, balanza: 'B1' });
      await registrarBruto(tx, ACTOR_PRUEBA, { camion, kg: 43_000, balanza: 'B2' });
    });
    const { rows } = await t.db.execute<{ dia: string; patcha: string; ticket: number }>(sql`
      select to_char(current_date, 'YYYY-MM-DD') as dia, c.patcha, t.ctrl as ticket
      from cupos q join camiones c on c.ctrl = q.camion_ctrl join tickets t on t.camion_ctrl = c.ctrl
      where q.ctrl = ${cupo}`);
    const { dia, patcha, ticket } = rows[0]!;
    const { movimientos: filas } = await movimientos({ codpro: 2, desde: dia, hasta: dia });
    expect(filas).toEqual([
      expect.objectContaining({
        tipo: 'despacho',
        ticket,
        cupo,
        patente: patcha,
        observacion: null,
        toneladas: -28,
        saldo: -23, // Maíz: +5 on March 3rd, −28 today
      }),
    ]);
  });

  it('saldos de cierre por día: el inicial, los días sin movimientos llevan el anterior', async () => {
    expect(await saldos('2026-03-02', '2026-03-07')).toEqual({
      saldoInicial: 97.5, // after March 1st's last movement
      saldos: [
        { dia: '2026-03-02', saldo: 97.5 }, // no movement: carries the opening balance
        { dia: '2026-03-03', saldo: 107.5 },
        { dia: '2026-03-04', saldo: 107.5 },
        { dia: '2026-03-05', saldo: 100 }, // 23:30 local is still the 5th
        { dia: '2026-03-06', saldo: 101.25 },
        { dia: '2026-03-07', saldo: 101.25 },
      ],
    });
    // Before any movement: zero; the first day closes with its last movement.
    expect(await saldos('2026-02-27', '2026-03-01')).toEqual({
      saldoInicial: 0,
      saldos: [
        { dia: '2026-02-27', saldo: 0 },
        { dia: '2026-02-28', saldo: 0 },
        { dia: '2026-03-01', saldo: 97.5 },
      ],
    });
    // Long after: the last balance, flat.
    const despues = await saldos('2026-04-01', '2026-04-03');
    expect(despues).toEqual({
      saldoInicial: 101.25,
      saldos: ['2026-04-01', '2026-04-02', '2026-04-03'].map((dia) => ({ dia, saldo: 101.25 })),
    });
    // A product without movements: zeros.
    expect((await saldos('2026-03-01', '2026-03-02', { codpro: 3 })).saldos).toEqual([
      { dia: '2026-03-01', saldo: 0 },
      { dia: '2026-03-02', saldo: 0 },
    ]);
  });

  it('la serie termina hoy: el saldo de mañana no se conoce', async () => {
    const { rows } = await t.db.execute<{ hoy: string; manana: string }>(sql`
      select to_char(current_date, 'YYYY-MM-DD') as hoy,
             to_char(current_date + 2, 'YYYY-MM-DD') as manana`);
    const { saldos: serie } = await saldos(rows[0]!.hoy, rows[0]!.manana);
    expect(serie.map((s) => s.dia)).toEqual([rows[0]!.hoy]);
    expect(serie[0]!.saldo).toBe(101.25);
  });

  it('un movimiento anotado tarde con su propia fecha toma su lugar por fecha y mueve los saldos posteriores', async () => {
    // A gate that was offline sends a March 2nd adjustment after everything else, then a count
    // fixed at the very instant of March 3rd's adjustment (same fecha: recording order decides).
    await registrarMovimientos(t.db, [en('2026-03-02T12:00:00', 500)]);
    await registrarMovimientos(t.db, [en('2026-03-03T09:00:00', -1_000)]);
    const { rows } = await t.db.execute<{ id: number }>(sql`
      select id from stock_movimientos where codempre = ${HISTORIAL} and codpro = 1 order by id`);
    const [, , , , , marzo2, empate] = rows.map<number>((r) => r.id);
    const { movimientos: filas } = await movimientos({ desde: '2026-03-01', hasta: '2026-03-31' });
    // By date, newest first; every balance from the movement on includes it.
    expect(filas.map((f) => [f.id, f.fecha, f.toneladas, f.saldo])).toEqual([
      [ids[4], '2026-03-06T00:10:00', 1.25, 100.75],
      [ids[3], '2026-03-05T23:30:00', -7.5, 99.5],
      [empate, '2026-03-03T09:00:00', -1, 107], // recorded after ids[2], same instant: after it
      [ids[2], '2026-03-03T09:00:00', 10, 108],
      [marzo2, '2026-03-02T12:00:00', 0.5, 98],
      [ids[1], '2026-03-01T15:00:00', -2.5, 97.5],
      [ids[0], '2026-03-01T10:00:00', 100, 100],
    ]);
    // Each day closes with the balance of its last row by date: the chart and the table agree.
    const { saldoInicial, saldos: serie } = await saldos('2026-03-01', '2026-03-07');
    expect(saldoInicial).toBe(0);
    expect(serie.map((s) => s.saldo)).toEqual([97.5, 98, 107, 107, 99.5, 100.75, 100.75]);
    expect((await saldos('2026-03-04', '2026-03-04')).saldoInicial).toBe(107);
    // A range that starts after the late one still counts it in its first balance.
    const desdeEl5 = await movimientos({ desde: '2026-03-05', hasta: '2026-03-05' });
    expect(desdeEl5.movimientos.map((f) => f.saldo)).toEqual([99.5]);

    // Keyset pages on (fecha, id): a page that starts in the middle of a day (March 3rd) gets
    // the balance of the rows of that day on the page before.
    const rango = { desde: '2026-03-01', hasta: '2026-03-31', limite: 3 };
    const primera = await movimientos(rango);
    expect(primera.movimientos.map((f) => f.id)).toEqual([ids[4], ids[3], empate]);
    expect(primera.siguiente).toBe(empate);
    const segunda = await movimientos({ ...rango, antesDe: primera.siguiente });
    expect(segunda.movimientos.map((f) => [f.id, f.saldo])).toEqual([
      [ids[2], 108],
      [marzo2, 98],
      [ids[1], 97.5],
    ]);
    const ultima = await movimientos({ ...rango, antesDe: segunda.siguiente });
    expect(ultima.movimientos.map((f) => [f.id, f.saldo])).toEqual([[ids[0], 100]]);
    expect(ultima.siguiente).toBeNull();
    // A cursor dated after the range (the range was narrowed): the page starts at its end.
    const acortado = await movimientos({ ...rango, hasta: '2026-03-03', antesDe: ids[4] });
    expect(acortado.movimientos.map((f) => [f.id, f.saldo])).toEqual([
      [empate, 107],
      [ids[2], 108],
      [marzo2, 98],
    ]);
    // A cursor that is no movement of this product is no page of it (nothing of another leaks).
    const { rows: maiz } = await t.db.execute<{ id: number }>(sql`
      select id from stock_movimientos where codempre = ${HISTORIAL} and codpro = 2 limit 1`);
    expect((await movimientos({ ...rango, antesDe: maiz[0]!.id })).movimientos).toEqual([]);
  });

  it('los cierres diarios guardados son el saldo al terminar cada día y se recalculan iguales desde el libro', async () => {
    const guardados = async () =>
      (
        await t.db.execute(sql`
          select codempre, unineg, codpro, to_char(dia, 'YYYY-MM-DD') as dia, saldo
          from stock_cierres order by 1, 2, 3, 4`)
      ).rows;
    const antes = await guardados();
    const cierre = (dia: string, saldo: number) => ({
      codempre: HISTORIAL,
      unineg: 1,
      codpro: 1,
      dia,
      saldo,
    });
    expect(antes.filter((c) => c.codempre === HISTORIAL && c.codpro === 1)).toEqual([
      cierre('2026-03-01', 97.5),
      cierre('2026-03-02', 98), // the adjustment recorded late
      cierre('2026-03-03', 107),
      cierre('2026-03-05', 99.5), // 23:30 local: the 5th
      cierre('2026-03-06', 100.75),
    ]);
    await t.db.transaction((tx) => recalcularSaldos(tx));
    expect(await guardados()).toEqual(antes);
    // verificar finds a closing written around the ledger, or one missing; recalcular mends it.
    expect(await diferenciasDeSaldos(t.db)).toEqual([]);
    await t.db.execute(sql`
      update stock_cierres set saldo = saldo + 1
      where codempre = ${HISTORIAL} and codpro = 1 and dia = '2026-03-03'`);
    await t.db.execute(sql`
      delete from stock_cierres where codempre = ${HISTORIAL} and codpro = 1 and dia = '2026-03-05'`);
    expect(await diferenciasDeSaldos(t.db)).toEqual([
      { codempre: HISTORIAL, unineg: 1, codpro: 1, dia: '2026-03-03', saldo: 108, libro: 107 },
      { codempre: HISTORIAL, unineg: 1, codpro: 1, dia: '2026-03-05', saldo: null, libro: 99.5 },
    ]);
    await t.db.transaction((tx) => recalcularSaldos(tx));
    expect(await diferenciasDeSaldos(t.db)).toEqual([]);
  });

  it('tenencia: un cliente solo ve la historia de su empresa y sus unidades', async () => {
    const rango = { codpro: 1, desde: '2026-01-01', hasta: '2026-12-31' };
    for (const url of ['/api/empresa/stock/movimientos', '/api/empresa/stock/saldos']) {
      for (const [cookie, codempre, unineg] of [
        [cliente1, HISTORIAL, 1],
        [cliente2, 1, 1],
        [cliente1, 2, 1],
      ] as const) {
        const res = await post(t.app, url, { ...rango, codempre, unineg }, cookie);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ msj: MENSAJES_API.sinPermisoDatos });
      }
      expect(
        (await post(t.app, url, { ...rango, codempre: 1, unineg: 1 }, cliente1)).statusCode,
      ).toBe(200);
    }
    // Client 1's own Soja: only company 1's movements.
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from stock_movimientos where codempre = 1 and unineg = 1 and codpro = 1`);
    const res = await post(
      t.app,
      '/api/empresa/stock/movimientos',
      { codempre: 1, unineg: 1, codpro: 1, desde: '2000-01-01', hasta: '2009-12-31' },
      cliente1,
    );
    expect(res.statusCode).toBe(200);
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('rangos invertidos, días inexistentes o de más de diez años: 400 en castellano', async () => {
    for (const [desde, hasta, msj] of [
      ['2026-03-05', '2026-03-01', MENSAJES_HISTORIAL.fechasInvertidas],
      ['2026-02-30', '2026-03-01', MENSAJES_HISTORIAL.diaInexistente('desde')],
      ['2026-03-01', '2026-13-01', MENSAJES_HISTORIAL.diaInexistente('hasta')],
      ['0000-01-01', '2026-03-01', MENSAJES_HISTORIAL.diaInexistente('desde')],
      ['2000-01-01', '2026-03-01', MENSAJES_HISTORIAL.rangoExcesivo],
    ] as const) {
      for (const url of ['/api/empresa/stock/movimientos', '/api/empresa/stock/saldos']) {
        const res = await post(
          t.app,
          url,
          { codempre: HISTORIAL, unineg: 1, codpro: 1, desde, hasta },
          admin,
        );
        expect(res.statusCode, `${url} ${desde} ${hasta}`).toBe(400);
        expect(res.json()).toEqual({ msj });
      }
    }
    // Exactly ten years is fine.
    expect((await saldos('2016-04-01', '2026-03-28')).saldos.length).toBe(3_649);
  });

  it('propiedad: ningún rango de días da un 5xx (vacíos, invertidos, de años)', async () => {
    const dia = fc
      .record({
        a: fc.integer({ min: 1, max: 9999 }),
        m: fc.integer({ min: 0, max: 13 }),
        d: fc.integer({ min: 0, max: 32 }),
      })
      .map(
        ({ a, m, d }) =>
          `${String(a).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
      );
    const cercano = fc
      .integer({ min: Date.UTC(2016, 0, 1), max: Date.UTC(2036, 0, 1) })
      .map((ms) => new Date(ms).toISOString().slice(0, 10));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(dia, cercano),
        fc.oneof(dia, cercano),
        fc.constantFrom('/api/empresa/stock/movimientos', '/api/empresa/stock/saldos'),
        fc.option(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), { nil: undefined }),
        async (desde, hasta, url, antesDe) => {
          const cuerpo = { codempre: HISTORIAL, unineg: 1, codpro: 1, desde, hasta };
          const res = await post(
            t.app,
            url,
            url.endsWith('movimientos') && antesDe ? { ...cuerpo, antesDe } : cuerpo,
            admin,
          );
          expect([200, 400]).toContain(res.statusCode);
          if (res.statusCode === 400) expect(res.json()).toEqual({ msj: expect.any(String) });
        },
      ),
      { numRuns: 150 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The ledger in date order (issue 20, point 6): movements are often recorded out of date order
// (the gate sends the scale's `fecha`; a late sync, a correction), and the ledger, its running
// balance and the daily closings must not depend on that.

/** Every page of a product's ledger in a range, `limite` rows at a time, as `cookie`. */
async function libroCompleto(
  cuerpo: { codempre: number; unineg: number; codpro: number; desde: string; hasta: string },
  limite: number,
  cookie = admin,
): Promise<MovimientoStock[]> {
  const filas: MovimientoStock[] = [];
  let antesDe: number | undefined;
  for (;;) {
    const res = await post(
      t.app,
      '/api/empresa/stock/movimientos',
      { ...cuerpo, limite, ...(antesDe === undefined ? {} : { antesDe }) },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const pagina = paginaMovimientosStock.parse(res.json());
    filas.push(...pagina.movimientos);
    if (pagina.siguiente === null) return filas;
    antesDe = pagina.siguiente;
  }
}

const kilos = (toneladas: number) => Math.round(toneladas * 1000);

describe('el libro en el orden de las fechas', () => {
  it('en la demostración (cliente1, Granos, Soja) la tabla va por fecha y cada cierre es lo fechado hasta ese día', async () => {
    const { rows } = await t.db.execute<{ desde: string; hasta: string }>(sql`
      select to_char(min(fecha), 'YYYY-MM-DD') as desde, to_char(max(fecha), 'YYYY-MM-DD') as hasta
      from stock_movimientos where codempre = 1 and unineg = 1 and codpro = 1`);
    const rango = { codempre: 1, unineg: 1, codpro: 1, ...rows[0]! };
    const filas = await libroCompleto(rango, 7, cliente1);
    expect(filas.length).toBeGreaterThan(10);
    // Newest first by date, and the balance of each row is everything dated up to it.
    const fechas = filas.map((f) => f.fecha);
    expect(fechas).toEqual([...fechas].sort().reverse());
    let suma = 0;
    for (const f of [...filas].reverse()) {
      suma += kilos(f.toneladas);
      expect(kilos(f.saldo), `${f.fecha} ${f.id}`).toBe(suma);
    }
    // Each day closes with what is dated up to its end (days are the terminal's).
    const res = await post(t.app, '/api/empresa/stock/saldos', rango, cliente1);
    const { saldoInicial, saldos: serie } = saldosStockRespuesta.parse(res.json());
    expect(saldoInicial).toBe(0);
    for (const { dia, saldo } of serie) {
      const hasta = filas.filter((f) => f.fecha.slice(0, 10) <= dia);
      expect(kilos(saldo), dia).toBe(hasta.reduce((s, f) => s + kilos(f.toneladas), 0));
    }
    expect(await diferenciasDeSaldos(t.db)).toEqual([]);
  });

  it('propiedad: cualquier orden de anotación da el mismo libro, los mismos saldos y los mismos cierres', async () => {
    /** Six days of the terminal (UTC-3) from May 1st, 2026, minute by minute. */
    const DIAS = 6;
    const instante = (minuto: number) =>
      new Date(Date.UTC(2026, 4, 1) + minuto * 60_000).toISOString().slice(0, 19);
    const diaDe = (minuto: number) => instante(minuto).slice(0, 10);
    let empresa = 7100;
    const registrar = async (codempre: number, lista: Movimiento[], lotes: number[]) => {
      // In batches of varied sizes, some inside a caller's transaction as the gate does.
      for (let i = 0, k = 0; i < lista.length; k++) {
        const lote = lista.slice(i, i + lotes[k % lotes.length]!);
        i += lote.length;
        const filas = lote.map((m) => ({ ...m, codempre }));
        if (k % 2 === 0) await registrarMovimientos(t.db, filas);
        else await t.db.transaction((tx) => registrarMovimientos(tx, filas));
      }
    };
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.record({
            minuto: fc.integer({ min: 0, max: DIAS * 1440 - 1 }),
            kilos: fc.integer({ min: -40_000, max: 60_000 }),
            ordenA: fc.nat(),
            ordenB: fc.nat(),
          }),
          { minLength: 1, maxLength: 24, selector: (m) => m.minuto },
        ),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }),
        async (lista, lotesA, lotesB) => {
          const [a, b] = [++empresa, ++empresa];
          await t.db.execute(sql`
            insert into empresas (codempre, nomempre) values (${a}, 'Orden A'), (${b}, 'Orden B')`);
          const movs = lista.map((m) => ({
            ...m,
            m: {
              codempre: 0,
              unineg: 1,
              codpro: 1,
              tipo: 'ajuste',
              kilos: m.kilos,
              fecha: `${instante(m.minuto)}-03:00`,
              observacion: `minuto ${m.minuto}`,
            } satisfies Movimiento,
          }));
          const en = (orden: 'ordenA' | 'ordenB') =>
            [...movs].sort((x, y) => x[orden] - y[orden]).map((x) => x.m);
          await registrar(a, en('ordenA'), lotesA);
          await registrar(b, en('ordenB'), lotesB);

          // The model: by date, each balance the sum of everything dated up to it.
          const porFecha = [...lista].sort((x, y) => x.minuto - y.minuto);
          let suma = 0;
          const esperado = porFecha
            .map((m) => ({
              fecha: instante(m.minuto),
              observacion: `minuto ${m.minuto}`,
              toneladas: m.kilos / 1000,
              saldo: (suma += m.kilos) / 1000,
            }))
            .reverse();
          const rango = { unineg: 1, codpro: 1, desde: '2026-04-30', hasta: '2026-05-08' };
          for (const codempre of [a, b]) {
            const filas = await libroCompleto({ ...rango, codempre }, 4);
            expect(
              filas.map(({ fecha, observacion, toneladas, saldo }) => ({
                fecha,
                observacion,
                toneladas,
                saldo,
              })),
            ).toEqual(esperado);
            // Closings: the opening (what is dated before the range) plus what is dated up to
            // each day; a range that starts in the middle opens with the days before it.
            for (const desde of ['2026-04-30', '2026-05-03']) {
              const res = await post(
                t.app,
                '/api/empresa/stock/saldos',
                { ...rango, codempre, desde },
                admin,
              );
              const { saldoInicial, saldos: serie } = saldosStockRespuesta.parse(res.json());
              const hasta = (dia: string, incluido: boolean) =>
                lista
                  .filter((m) => (incluido ? diaDe(m.minuto) <= dia : diaDe(m.minuto) < dia))
                  .reduce((s, m) => s + m.kilos, 0);
              expect(kilos(saldoInicial)).toBe(hasta(desde, false));
              expect(serie.map((s) => kilos(s.saldo))).toEqual(
                serie.map((s) => hasta(s.dia, true)),
              );
            }
          }
        },
      ),
      { numRuns: 40 },
    );
    expect(await diferenciasDeSaldos(t.db)).toEqual([]);
  });

  it('movimientos con fechas pasadas anotados a la vez en varias transacciones: cierres iguales al libro', async () => {
    await t.db.execute(sql`insert into empresas (codempre, nomempre) values (7090, 'Concurrente')`);
    const lotes = Array.from({ length: 12 }, (_, i) =>
      Array.from({ length: 3 }, (_, j) => ({
        codempre: 7090,
        unineg: 1,
        codpro: 1,
        tipo: 'ajuste' as const,
        kilos: 1_000 * (i + 1) - 300 * j,
        // Twelve days back and forth: every transaction moves days the others also move.
        fecha: `2026-06-${String(1 + ((i * 5 + j * 7) % 12)).padStart(2, '0')}T1${j}:00:00-03:00`,
      })),
    );
    await Promise.all(lotes.map((l) => t.db.transaction((tx) => registrarMovimientos(tx, l))));
    expect(await diferenciasDeSaldos(t.db)).toEqual([]);
  });
});
