/**
 * The stock ledger and `POST /api/empresa/stock` (design section 6): balances hand-computed from
 * receptions, dispatches, opening balances and adjustments; exact to the kilogram over thousands
 * of movements; each client sees only its own.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { stockRespuesta, type LineaStock } from '../../../shared/contracts/stock';
import { MENSAJES_API } from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { ingresar, post } from '../../test/sesion';
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
    const { rows } = await t.db.execute<LineaStock & Record<string, unknown>>(
      consultaStockDelLibro(1, 1),
    );
    expect(lineas).toEqual(rows);
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

    expect(await stock(EMPRESA, 1)).toEqual([
      { codpro: 1, nompro: 'Soja', toneladas: 1016.17 }, // 1.000 + 21 - 3,33 - 1,5
      { codpro: 2, nompro: 'Maíz', toneladas: 506.17 }, // 500,5 + 9 - 3,33
      { codpro: 3, nompro: 'Trigo', toneladas: -3.091 }, // -3,341 + 0,25: dispatched on credit
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
