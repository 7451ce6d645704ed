/**
 * The dashboard's figures against a small data set computed by hand. A unit of its own (3,
 * 'Prueba') so the demo's trucks do not enter the sums, two clients (901 'A', 902 'B'), and
 * trucks driven through the gate and scale operations with explicit instants on two days, D (ten
 * days ago) and D+1, in the terminal's time:
 *
 * | truck | client | entry | order (status 2) | tare  | gross | quota max     | tare / gross  | net    |
 * |-------|--------|-------|------------------|-------|-------|---------------|---------------|--------|
 * | T1    | A      | 08:00 | 08:30 (linked)   | 09:00 | 10:00 | 30,000 bulk   | 15,000/45,500 | 30,500 |
 * | T2    | A      | 08:10 | 08:10 (at entry) | 08:40 | 09:40 | 30,000 bulk   | 14,000/44,000 | 30,000 |
 * | T3    | A      | 09:05 | 09:05            | 10:05 | 10:35 | 600 × 50 kg   | 15,000/42,000 | 27,000 |
 * | T4    | A, D+1 | 07:00 | 07:20 (linked)   | 08:00 | 08:50 | 28,000 bulk   | 14,000/41,000 | 27,000 |
 * | T5    | B      | 08:20 | 08:20            | 09:20 | 11:20 | 25,000 bulk   | 15,000/41,000 | 26,000 |
 * | T6    | A      | 11:00 | stays waiting without an order                                         |
 * | T7    | B      | 11:30 | stays waiting without an order                                         |
 *
 * Quotas of A besides the trucks': Q7 ordered D 07:00 and deleted unused at D 12:00, Q8 ordered
 * D+1 06:00 and still free. T1's quota is 60 % soja / 40 % maíz, the rest 100 % soja.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  tableroCamionesRespuesta,
  tableroCuposRespuesta,
  tableroDesviosRespuesta,
  tableroRecorridosRespuesta,
  tableroToneladasRespuesta,
  type TableroBody,
  type TableroRecorridosRespuesta,
} from '../../../shared/contracts/tablero';
import type { UsuarioSesion } from '../../acceso';
import { conectar } from '../../db/client';
import { respaldar, restaurar } from '../../db/respaldo';
import { usarAppDePrueba } from '../../test/app';
import { ejecutarCli, LIMITE_CON_CLI } from '../../test/cli';
import { ingresar, post } from '../../test/sesion';
import {
  registrarBruto,
  registrarIngreso,
  registrarTara,
  registrarVinculo,
} from '../operaciones/servicio';
import { ACTOR_PRUEBA, ingresoDePrueba } from '../operaciones/datos-prueba';
import * as repo from './repository';
import * as tablero from './servicio';
import { comoJsonDe, fechaLocal, leerJsonDe } from '../../db/sql';

const t = usarAppDePrueba();
const U = 3;
let D: string;
let D1: string;
let envase: number;

const clienteDe = (codempre: number): UsuarioSesion => ({
  id: 0,
  usuario: `cliente${codempre}`,
  codempre,
  esAdministrador: false,
  uniNegs: [{ ctrl: U, unineg: 'Prueba' }],
  reautenticada: false,
});
const A = clienteDe(901);
const B = clienteDe(902);
const ADMIN: UsuarioSesion = { ...clienteDe(0), esAdministrador: true };

const cuerpo = (cambios: Partial<TableroBody> = {}): TableroBody => ({
  unineg: U,
  desde: D,
  hasta: D1,
  ...cambios,
});

async function cupo(
  codempre: number,
  fechagen: string,
  cantidad: number,
  mezcla: [number, number][] = [[1, 100]],
  conEnvase = false,
): Promise<number> {
  const { rows } = await t.db.execute<{ ctrl: number }>(sql`
    insert into cupos (codempre, unineg, tipo, coddespacho, tipenvase, peso_envase, cantidad, fechagen)
    values (${codempre}, ${U}, 'D', ${conEnvase ? 9002 : 9001}, ${conEnvase ? envase : null},
            ${conEnvase ? 50 : null}, ${cantidad}, ${fechagen}::timestamp)
    returning ctrl`);
  const ctrl = rows[0]!.ctrl;
  for (const [codpro, porcentaje] of mezcla) {
    await t.db.execute(sql`insert into cupo_productos values (${ctrl}, ${codpro}, ${porcentaje})`);
  }
  return ctrl;
}

interface Camion {
  codempre: number;
  dia: string;
  ingreso: string;
  cupo?: number;
  /** Linked after entering, at this time. */
  vinculo?: string;
  tara?: [string, number];
  bruto?: [string, number];
}

async function camion(c: Camion): Promise<number> {
  const en = (hora: string) => `${c.dia}T${hora}:00`;
  const { camion: ctrl } = await t.db.transaction((tx) =>
    registrarIngreso(
      tx,
      ACTOR_PRUEBA,
      ingresoDePrueba({
        codempre: c.codempre,
        unineg: U,
        fecha: en(c.ingreso),
        cupo: c.vinculo ? undefined : c.cupo,
      }),
    ),
  );
  if (c.vinculo) {
    await t.db.transaction((tx) =>
      registrarVinculo(tx, ACTOR_PRUEBA, { camion: ctrl, cupo: c.cupo!, fecha: en(c.vinculo!) }),
    );
  }
  if (c.tara) {
    await t.db.transaction((tx) =>
      registrarTara(tx, ACTOR_PRUEBA, {
        camion: ctrl,
        kg: c.tara![1],
        balanza: 'B1',
        fecha: en(c.tara![0]),
      }),
    );
  }
  if (c.bruto) {
    await t.db.transaction((tx) =>
      registrarBruto(tx, ACTOR_PRUEBA, {
        camion: ctrl,
        kg: c.bruto![1],
        balanza: 'B2',
        fecha: en(c.bruto![0]),
      }),
    );
  }
  return ctrl;
}

const camiones: Record<string, number> = {};

beforeAll(async () => {
  const { rows } = await t.db.execute<{ d: string; d1: string }>(sql`
    select to_char(current_date - 10, 'YYYY-MM-DD') as d, to_char(current_date - 9, 'YYYY-MM-DD') as d1`);
  D = rows[0]!.d;
  D1 = rows[0]!.d1;
  await t.db.execute(sql`insert into unidades_negocio (ctrl, unineg) values (${U}, 'Prueba')`);
  await t.db.execute(sql`
    insert into empresas (codempre, nomempre) values (901, 'Empresa A'), (902, 'Empresa B')`);
  await t.db.execute(sql`
    insert into empresa_unidades (codempre, unineg) values (901, ${U}), (902, ${U})`);
  await t.db.execute(sql`
    insert into tipos_despacho (coddespacho, unineg, nomdespacho, envase)
    values (9001, ${U}, 'Granel', 'N'), (9002, ${U}, 'Embolsado', 'S')`);
  await t.db.execute(sql`
    insert into productos_clientes (codempre, unineg, codpro)
    values (901, ${U}, 1), (901, ${U}, 2), (902, ${U}, 1)`);
  envase = (
    await t.db.execute<{ ctrl: number }>(sql`
      insert into envases (codempre, nombre, peso) values (901, 'Bolsa 50 kg', 50) returning ctrl`)
  ).rows[0]!.ctrl;
  await t.db.execute(sql`
    insert into umbrales_espera (unineg, sin_orden_aviso, sin_orden_limite, con_orden_aviso, con_orden_limite)
    values (${U}, 60, 120, 90, 180)`);

  const q1 = await cupo(901, `${D} 07:00`, 30_000, [
    [1, 60],
    [2, 40],
  ]);
  const q2 = await cupo(901, `${D} 07:00`, 30_000);
  const q3 = await cupo(901, `${D} 07:30`, 600, [[1, 100]], true);
  const q4 = await cupo(901, `${D1} 06:30`, 28_000);
  const q5 = await cupo(902, `${D} 07:00`, 25_000);
  const q7 = await cupo(901, `${D} 07:00`, 30_000);
  await cupo(901, `${D1} 06:00`, 30_000);
  await t.db.execute(sql`
    update cupos set eliminado_en = ${`${D} 12:00`}::timestamp where ctrl = ${q7}`);

  camiones.T1 = await camion({
    codempre: 901,
    dia: D,
    ingreso: '08:00',
    cupo: q1,
    vinculo: '08:30',
    tara: ['09:00', 15_000],
    bruto: ['10:00', 45_500],
  });
  camiones.T2 = await camion({
    codempre: 901,
    dia: D,
    ingreso: '08:10',
    cupo: q2,
    tara: ['08:40', 14_000],
    bruto: ['09:40', 44_000],
  });
  camiones.T3 = await camion({
    codempre: 901,
    dia: D,
    ingreso: '09:05',
    cupo: q3,
    tara: ['10:05', 15_000],
    bruto: ['10:35', 42_000],
  });
  camiones.T4 = await camion({
    codempre: 901,
    dia: D1,
    ingreso: '07:00',
    cupo: q4,
    vinculo: '07:20',
    tara: ['08:00', 14_000],
    bruto: ['08:50', 41_000],
  });
  camiones.T5 = await camion({
    codempre: 902,
    dia: D,
    ingreso: '08:20',
    cupo: q5,
    tara: ['09:20', 15_000],
    bruto: ['11:20', 41_000],
  });
  camiones.T6 = await camion({ codempre: 901, dia: D, ingreso: '11:00' });
  camiones.T7 = await camion({ codempre: 902, dia: D, ingreso: '11:30' });
});

const h = (dia: string, hora: string) => `${dia}T${hora}:00:00`;
const p = (p50: number | null, p90: number | null) => ({ p50, p90 });

describe('tablero: cifras calculadas a mano', () => {
  it('camiones por hora y por día (A; B; todos)', async () => {
    const a = leerJsonDe(await tablero.camiones(t.db, A, cuerpo()));
    // PostgreSQL writes the days: the answer holds its contract, with no field of more.
    expect(tableroCamionesRespuesta.parse(a)).toEqual(a);
    expect(a.porHora).toBe(true);
    expect(a.capacidadHora).toBeNull();
    // A: entries 08:00, 08:10 | 09:05 | 11:00 and 07:00 on D+1; finishes 09:40 | 10:00, 10:35
    // and 08:50 on D+1.
    expect(a.horas).toEqual([
      { hora: h(D, '08'), ingresados: 2, finalizados: 0 },
      { hora: h(D, '09'), ingresados: 1, finalizados: 1 },
      { hora: h(D, '10'), ingresados: 0, finalizados: 2 },
      { hora: h(D, '11'), ingresados: 1, finalizados: 0 },
      { hora: h(D1, '07'), ingresados: 1, finalizados: 0 },
      { hora: h(D1, '08'), ingresados: 0, finalizados: 1 },
    ]);
    expect(a.dias).toEqual([
      { dia: D, ingresados: 4, finalizados: 3, maximoHora: 2 },
      { dia: D1, ingresados: 1, finalizados: 1, maximoHora: 1 },
    ]);

    const b = leerJsonDe(await tablero.camiones(t.db, B, cuerpo({ codempre: 901 })));
    // A client's codempre is ignored: B sees only B (T5 08:20 → 11:20, T7 11:30).
    expect(b.dias).toEqual([
      { dia: D, ingresados: 2, finalizados: 1, maximoHora: 1 },
      { dia: D1, ingresados: 0, finalizados: 0, maximoHora: 0 },
    ]);

    const todos = leerJsonDe(await tablero.camiones(t.db, ADMIN, cuerpo()));
    // 11:00 holds T5's finish (B) and no finish of A: the busiest hour is still 10:00 with 2.
    expect(todos.dias).toEqual([
      { dia: D, ingresados: 6, finalizados: 4, maximoHora: 2 },
      { dia: D1, ingresados: 1, finalizados: 1, maximoHora: 1 },
    ]);
    expect(todos.horas.find((x) => x.hora === h(D, '11'))).toEqual({
      hora: h(D, '11'),
      ingresados: 2,
      finalizados: 1,
    });
    const soloA = leerJsonDe(await tablero.camiones(t.db, ADMIN, cuerpo({ codempre: 901 })));
    expect(soloA.dias).toEqual(a.dias);
  });

  it('recorridos: mediana y percentil 90 por etapa, por día y en el rango', async () => {
    const a = leerJsonDe(await tablero.recorridos(t.db, A, cuerpo()));
    // PostgreSQL writes the days: the answer holds its contract, with no field of more.
    expect(tableroRecorridosRespuesta.parse(a)).toEqual(a);
    // D: totals 120 (T1), 90 (T2), 90 (T3) → sorted 90, 90, 120: p50 90; p90 at position
    // 0.9 × 2 = 1.8 → 90 + 0.8 × 30 = 114. Without order 30, 0, 0 → p50 0, p90 0.8 × 30 = 24.
    // With order 30, 30, 60 → 30 and 54. Operating 60, 60, 30 → 60 and 60.
    expect(a.dias[0]).toEqual({
      dia: D,
      camiones: 3,
      total: p(90, 114),
      sinOrden: p(0, 24),
      conOrden: p(30, 54),
      operando: p(60, 60),
    });
    // D+1: T4 alone, 07:00 → 07:20 → 08:00 → 08:50.
    expect(a.dias[1]).toEqual({
      dia: D1,
      camiones: 1,
      total: p(110, 110),
      sinOrden: p(20, 20),
      conOrden: p(40, 40),
      operando: p(50, 50),
    });
    // Range: totals 90, 90, 110, 120 → p50 100; p90 at 2.7 → 110 + 0.7 × 10 = 117. Without
    // order 0, 0, 20, 30 → 10 and 27; with order 30, 30, 40, 60 → 35 and 54; operating 30, 50,
    // 60, 60 → 55 and 60.
    expect(a.rango).toEqual({
      camiones: 4,
      total: p(100, 117),
      sinOrden: p(10, 27),
      conOrden: p(35, 54),
      operando: p(55, 60),
    });

    const todos = leerJsonDe(await tablero.recorridos(t.db, ADMIN, cuerpo()));
    // Plus T5 (180 min: 0 + 60 + 120): totals 90, 90, 110, 120, 180 → p50 110; p90 at 3.6 →
    // 120 + 0.6 × 60 = 156.
    expect(todos.rango.camiones).toBe(5);
    expect(todos.rango.total).toEqual(p(110, 156));

    // A day without trucks: zero and no percentiles.
    const vacio = leerJsonDe(await tablero.recorridos(t.db, A, cuerpo({ desde: D1, hasta: D1 })));
    expect(vacio.dias).toHaveLength(1);
    const antes = leerJsonDe(
      await tablero.recorridos(t.db, A, cuerpo({ desde: '2020-01-01', hasta: '2020-01-01' })),
    );
    expect(antes.rango).toEqual({
      camiones: 0,
      total: p(null, null),
      sinOrden: p(null, null),
      conOrden: p(null, null),
      operando: p(null, null),
    });
  });

  it('demorados: los que esperan más que el umbral, de la empresa de quien pregunta', async () => {
    // T6 (A) and T7 (B) wait without an order since D: far past the 120-minute limit.
    const a = leerJsonDe(await tablero.recorridos(t.db, A, cuerpo()));
    expect(tableroRecorridosRespuesta.parse(a)).toEqual(a);
    expect(a.demorados.map((d) => [d.ctrl, d.nivel, d.codestado])).toEqual([
      [camiones.T6, 'excedido', 1],
    ]);
    expect(a.demorados[0]).toMatchObject({
      codempre: 901,
      nomempre: 'Empresa A',
      estadoDesde: `${D}T11:00:00`,
    });
    expect(a.demorados[0]!.minutos).toBeGreaterThan(9 * 24 * 60);
    const todos = leerJsonDe(await tablero.recorridos(t.db, ADMIN, cuerpo()));
    expect(todos.demorados.map((d) => d.ctrl)).toEqual([camiones.T6, camiones.T7]);
  });

  it('toneladas despachadas por producto y día', async () => {
    const a = leerJsonDe(await tablero.toneladas(t.db, A, cuerpo()));
    expect(tableroToneladasRespuesta.parse(a)).toEqual(a);
    expect(a.productos).toEqual([
      { codpro: 1, nompro: 'Soja' },
      { codpro: 2, nompro: 'Maíz' },
    ]);
    // D: T1 30,500 kg split 60/40 → 18.3 t soja and 12.2 t maíz; T2 30 t and T3 27 t soja.
    expect(a.dias).toEqual([
      { dia: D, codpro: 1, toneladas: 75.3 },
      { dia: D, codpro: 2, toneladas: 12.2 },
      { dia: D1, codpro: 1, toneladas: 27 },
    ]);
    const b = leerJsonDe(await tablero.toneladas(t.db, B, cuerpo()));
    expect(b.dias).toEqual([{ dia: D, codpro: 1, toneladas: 26 }]);
  });

  it('cupos pedidos, usados y eliminados sin usar por día', async () => {
    const a = leerJsonDe(await tablero.cupos(t.db, A, cuerpo()));
    expect(tableroCuposRespuesta.parse(a)).toEqual(a);
    // D: Q1, Q2, Q3, Q7 ordered; Q1-Q3 used (T1-T3 finished); Q7 deleted at 12:00.
    // D+1: Q4 and Q8 ordered; Q4 used by T4.
    expect(a.dias).toEqual([
      { dia: D, pedidos: 4, usados: 3, eliminados: 1 },
      { dia: D1, pedidos: 2, usados: 1, eliminados: 0 },
    ]);
    const todos = leerJsonDe(await tablero.cupos(t.db, ADMIN, cuerpo()));
    expect(todos.dias[0]).toEqual({ dia: D, pedidos: 5, usados: 4, eliminados: 1 });
  });

  it('desvíos de peso: exceso siempre, faltante solo con tolerancia', async () => {
    const sin = leerJsonDe(await tablero.desvios(t.db, A, cuerpo()));
    // PostgreSQL writes the answer: it holds its contract, with no field of more.
    expect(tableroDesviosRespuesta.parse(sin)).toEqual(sin);
    // T1: 30,500 against 30,000 → +500, 1.7 %. T3's 10 % short is not listed without tolerance.
    expect(sin.toleranciaFaltante).toBeNull();
    expect(sin.total).toBe(1);
    expect(sin.desvios).toEqual([
      {
        camion: camiones.T1,
        codempre: 901,
        nomempre: 'Empresa A',
        patcha: 'AB123CD',
        finalizadoEn: `${D}T10:00:00`,
        ticket: expect.any(Number) as number,
        tara: 15_000,
        bruto: 45_500,
        neto: 30_500,
        maximo: 30_000,
        diferencia: 500,
        porcentaje: 1.7,
        tipo: 'exceso',
      },
    ]);

    await tablero.guardarParametros(t.db, ACTOR_PRUEBA, {
      unineg: U,
      capacidadHora: 12,
      toleranciaFaltante: 5,
    });
    const con = leerJsonDe(await tablero.desvios(t.db, A, cuerpo()));
    // T3: 27,000 against 600 × 50 = 30,000 → -3,000, -10 %: listed, newest first. T4: 27,000
    // against 28,000 is 3.6 % short, within the 5 %.
    expect(con.toleranciaFaltante).toBe(5);
    expect(con.total).toBe(2);
    expect(con.desvios.map((d) => [d.camion, d.tipo, d.diferencia, d.porcentaje])).toEqual([
      [camiones.T3, 'faltante', -3000, -10],
      [camiones.T1, 'exceso', 500, 1.7],
    ]);
    const todos = leerJsonDe(await tablero.desvios(t.db, ADMIN, cuerpo()));
    // Plus T5 (B): 26,000 against 25,000 → +1,000, 4 %.
    expect(todos.desvios.map((d) => [d.camion, d.porcentaje])).toEqual([
      [camiones.T5, 4],
      [camiones.T3, -10],
      [camiones.T1, 1.7],
    ]);
    expect(leerJsonDe(await tablero.camiones(t.db, A, cuerpo())).capacidadHora).toBe(12);
  });

  it('cada desvío es el objeto del contrato: el texto de acopio_tablero_desvio_json (migración 0038) es el que json_agg escribía', async () => {
    // The reference: the list as the call built it before 0038, json_agg of exactly the
    // contract's fields (comoJsonDe) from the same rows, newest first.
    const referencia = (codempre: number | null, tolerancia: number | null) =>
      comoJsonDe(
        tableroDesviosRespuesta.shape.desvios.element,
        sql`
          select r.camion_ctrl as camion, r.codempre, e.nomempre, r.patcha,
                 ${fechaLocal(sql`r.finalizado_en`)} as "finalizadoEn",
                 r.ticket, r.tara, r.bruto, r.neto_kg as neto, round(r.maximo_kg)::int as maximo,
                 r.neto_kg - round(r.maximo_kg)::int as diferencia,
                 round((r.neto_kg - r.maximo_kg) / r.maximo_kg * 100, 1)::float8 as porcentaje,
                 case when r.neto_kg > r.maximo_kg then 'exceso' else 'faltante' end as tipo
          from tablero_recorridos r join empresas e on e.codempre = r.codempre
          where r.unineg = ${U} and (${codempre}::int is null or r.codempre = ${codempre})
            and r.ticket is not null
            and acopio_tablero_desvio(r.neto_kg, r.maximo_kg, ${tolerancia}::numeric)`,
        sql`c."finalizadoEn" desc, c.camion desc`,
      );
    for (const [quien, codempre] of [
      [A, 901],
      [ADMIN, null],
    ] as const) {
      for (const tolerancia of [null, 5]) {
        const f = { unineg: U, codempre, desde: D, hasta: D1 };
        const lista = leerJsonDe((await repo.desvios(t.db, f, tolerancia)).desvios);
        const { rows } = await t.db.execute<{ json: string }>(referencia(codempre, tolerancia).sql);
        expect(lista.length, `${quien.usuario} ${tolerancia}`).toBeGreaterThan(0);
        // The same fields, values and order (stringify keeps the order it parsed).
        expect(JSON.stringify(lista)).toBe(JSON.stringify(JSON.parse(rows[0]!.json)));
      }
    }
    // Nulls, a name JSON must escape, and a percentage written the same whatever
    // extra_float_digits, against json_build_object of the same values.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local extra_float_digits = 0`);
      const { rows } = await tx.execute<{ texto: string; contrato: string }>(sql`
        select acopio_tablero_desvio_json(7, 901, 'La "Acopiadora" \\ Ñandú', null,
                                          '2026-01-02T03:04:05', 12, null, 45500, 27000,
                                          28000.4) as texto,
               json_build_object('camion', 7, 'codempre', 901,
                                 'nomempre', 'La "Acopiadora" \\ Ñandú', 'patcha', null,
                                 'finalizadoEn', '2026-01-02T03:04:05', 'ticket', 12,
                                 'tara', null, 'bruto', 45500, 'neto', 27000, 'maximo', 28000,
                                 'diferencia', -1000, 'porcentaje', -3.6,
                                 'tipo', 'faltante')::text as contrato`);
      expect(JSON.stringify(JSON.parse(rows[0]!.texto))).toBe(
        JSON.stringify(JSON.parse(rows[0]!.contrato)),
      );
      // Its body goes into the query (inlined): a call per row cost twice json_agg.
      const { rows: plan } = await tx.execute<{ 'QUERY PLAN': string }>(sql`
        explain (verbose, costs off)
        select acopio_tablero_desvio_json(r.camion_ctrl, r.codempre, 'x', r.patcha, 'y',
                                          r.ticket, r.tara, r.bruto, r.neto_kg, r.maximo_kg)
        from tablero_recorridos r`);
      const salida = plan.map((p) => p['QUERY PLAN']).join('\n');
      expect(salida).toContain('"camion":');
      expect(salida).not.toContain('acopio_tablero_desvio_json');
    });
  });

  it('cada día de recorridos y de toneladas es el objeto del contrato: el texto guardado (migración 0037) es el que json_agg escribía', async () => {
    // The reference: the days as the call built them before 0037, json_agg of exactly the
    // contract's fields (comoJsonDe) from the day rows' columns, a stage's pair as a record.
    const etapa = (c: string) =>
      sql.raw(`(select p from (select d.${c}[1] as p50, d.${c}[2] as p90) p)`);
    const referencia = (codempre: number, desde: string, hasta: string) =>
      comoJsonDe(
        tableroRecorridosRespuesta.shape.dias.element,
        sql`
          select r.dia, coalesce(d.camiones, 0) as camiones, ${etapa('total')} as total,
                 ${etapa('sin_orden')} as "sinOrden", ${etapa('con_orden')} as "conOrden",
                 ${etapa('operando')} as operando
          from (select g::date as dia
                from generate_series(${desde}::date, ${hasta}::date, interval '1 day') g) r
          left join tablero_recorridos_dias d
            on d.codempre = ${codempre} and d.unineg = ${U} and d.dia = r.dia`,
        sql`c.dia`,
      );
    // Days without trucks around D and D+1, for client A and for all clients.
    const desde = (await t.db.execute<{ d: string }>(sql`select (${D}::date - 2)::text as d`))
      .rows[0]!.d;
    const hasta = (await t.db.execute<{ d: string }>(sql`select (${D1}::date + 2)::text as d`))
      .rows[0]!.d;
    for (const [quien, codempre] of [
      [A, 901],
      [ADMIN, 0],
    ] as const) {
      const respuesta = await tablero.recorridos(t.db, quien, cuerpo({ desde, hasta }));
      const { rows } = await t.db.execute<{ json: string }>(referencia(codempre, desde, hasta).sql);
      const dias = (JSON.parse(String(respuesta)) as TableroRecorridosRespuesta).dias;
      expect(dias).toHaveLength(6);
      // The same fields, values and order (stringify keeps the order it parsed).
      expect(JSON.stringify(dias)).toBe(JSON.stringify(JSON.parse(rows[0]!.json)));
      expect(dias.filter((d) => d.camiones > 0).length).toBe(2);

      // Toneladas' product-days the same way (migration 0037, tablero_productos_dias.json).
      const toneladas = comoJsonDe(
        tableroToneladasRespuesta.shape.dias.element,
        sql`
          select t.dia, t.codpro, t.despachadas::float8 as toneladas
          from tablero_productos_dias t join productos p on p.codpro = t.codpro
          where t.codempre = ${codempre} and t.unineg = ${U} and t.despachadas <> 0
            and t.dia between ${desde}::date and ${hasta}::date`,
        sql`c.dia, c.codpro`,
      );
      const { rows: porProducto } = await t.db.execute<{ json: string }>(toneladas.sql);
      const tn = leerJsonDe(await tablero.toneladas(t.db, quien, cuerpo({ desde, hasta }))).dias;
      expect(tn.length).toBeGreaterThan(1);
      expect(JSON.stringify(tn)).toBe(JSON.stringify(JSON.parse(porProducto[0]!.json)));
    }
    // A stage no truck had (null), and figures written the same whatever extra_float_digits.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local extra_float_digits = 0`);
      const { rows } = await tx.execute<{ guardado: string; contrato: string }>(sql`
        select acopio_tablero_recorrido_dia_json('2026-01-02', 3, '{45.5,114}', null,
                                                  '{0,0.8}', '{1234.5,null}') as guardado,
               (select row_to_json(x)::text from (
                  select 3 as camiones, json_build_object('p50', 45.5, 'p90', 114) as total,
                         json_build_object('p50', null, 'p90', null) as "sinOrden",
                         json_build_object('p50', 0, 'p90', 0.8) as "conOrden",
                         json_build_object('p50', 1234.5, 'p90', null) as operando,
                         '2026-01-02'::date as dia) x) as contrato`);
      expect(JSON.parse(rows[0]!.guardado)).toEqual(JSON.parse(rows[0]!.contrato));
      expect(rows[0]!.guardado).toBe(
        '{"camiones":3,"total":{"p50":45.5,"p90":114},"sinOrden":{"p50":null,"p90":null},' +
          '"conOrden":{"p50":0,"p90":0.8},"operando":{"p50":1234.5,"p90":null},"dia":"2026-01-02"}',
      );
      const { rows: tn } = await tx.execute<{ json: string }>(sql`
        select acopio_tablero_toneladas_dia_json('2026-01-02', 3, 1234.567) as json`);
      expect(tn[0]!.json).toBe('{"dia":"2026-01-02","codpro":3,"toneladas":1234.567}');
    });
  });

  it('los días salen AAAA-MM-DD aunque el servidor escriba las fechas de otro modo (DateStyle)', async () => {
    const llamadas = (db: typeof t.db) =>
      Promise.all([
        tablero.camiones(db, A, cuerpo()),
        tablero.recorridos(db, A, cuerpo()),
        tablero.toneladas(db, A, cuerpo()),
        tablero.cupos(db, A, cuerpo()),
      ]).then((r) => r.map(String));
    const esperadas = await llamadas(t.db);
    // New connections of a server set to write dates as 'DD/MM/AAAA'.
    const { rows } = await t.db.execute<{ base: string }>(sql`select current_database() as base`);
    const base = sql.identifier(rows[0]!.base);
    await t.db.execute(sql`alter database ${base} set datestyle = 'SQL, DMY'`);
    const otra = conectar(t.urlDirecta, { max: 4, timeZone: t.app.config.timeZone });
    try {
      const { rows: estilo } = await otra.db.execute<{ d: string }>(
        sql`select current_date::text as d`,
      );
      expect(estilo[0]!.d).toMatch(/^\d\d\/\d\d\/\d{4}$/);
      // The same bytes.
      expect(await llamadas(otra.db)).toEqual(esperadas);
      const dias = esperadas.map((r) => (JSON.parse(r) as { dias: { dia: string }[] }).dias);
      expect(dias.map((d) => d[0]!.dia)).toEqual([D, D, D, D]);
    } finally {
      await otra.cerrar();
      await t.db.execute(sql`alter database ${base} reset datestyle`);
    }
  });
});

describe('tablero: acumulados, verificar y recalcular', () => {
  it('tras las operaciones los acumulados coinciden con el recálculo', async () => {
    expect(await tablero.verificar(t.db)).toEqual([]);
  });

  it('un estado o un ticket corregido a mano rehace los hechos del camión', async () => {
    await t.db.execute(sql`
      update tickets set bruto = bruto + 100 where camion_ctrl = ${camiones.T2}`);
    await t.db.execute(sql`
      update camion_estados set desde = desde - interval '10 minutes'
      where camion_ctrl = ${camiones.T2} and codestado = 3`);
    const { rows } = await t.db.execute<{ neto_kg: number; con_orden_s: number }>(sql`
      select neto_kg, con_orden_s from tablero_recorridos where camion_ctrl = ${camiones.T2}`);
    expect(rows[0]).toEqual({ neto_kg: 30_100, con_orden_s: 20 * 60 });
    expect(await tablero.verificar(t.db)).toEqual([]);
  });

  it('cualquier camino que cambie las fuentes mantiene los acumulados: volver de finalizado, borrar', async () => {
    // No screen does these; a correction by hand (or a future path) must not skew the rollups.
    await t.db.execute(sql`
      update camiones set codestado = 3, finalizado_en = null where ctrl = ${camiones.T4}`);
    const { rows } = await t.db.execute(sql`
      select 1 from tablero_recorridos where camion_ctrl = ${camiones.T4}`);
    expect(rows).toHaveLength(0);
    expect(await tablero.verificar(t.db)).toEqual([]);
    await t.db.execute(sql`
      update camiones set codestado = 4, finalizado_en = ${`${D1} 08:50`}::timestamp
      where ctrl = ${camiones.T4}`);
    await t.db.execute(sql`
      update cupos set camion_ctrl = null, cantidad_asignada = null, eliminado_en = now()
      where camion_ctrl = ${camiones.T7}`);
    await t.db.execute(sql`delete from camion_estados where camion_ctrl = ${camiones.T7}`);
    await t.db.execute(sql`delete from camiones where ctrl = ${camiones.T7}`);
    await t.db.execute(sql`
      update stock_movimientos set fecha = fecha - interval '1 day'
      where ticket_ctrl = (select ctrl from tickets where camion_ctrl = ${camiones.T5})`);
    expect(await tablero.verificar(t.db)).toEqual([]);
    // T7 is gone (B: 1 entry on D, no longer 2) and T5's tons moved to the day before D.
    const b = leerJsonDe(await tablero.camiones(t.db, B, cuerpo()));
    expect(b.dias[0]).toMatchObject({ ingresados: 1 });
    expect(leerJsonDe(await tablero.toneladas(t.db, B, cuerpo())).dias).toEqual([]);
  });

  it(
    'la CLI: verificar encuentra una corrupción (sale con 1), recalcular la arregla',
    { timeout: LIMITE_CON_CLI },
    async () => {
      expect((await ejecutarCli(t.url, ['tablero', 'verificar'])).codigo).toBe(0);
      await t.db.execute(sql`
      update tablero_horas set ingresados = ingresados + 1 where codempre = 901 and unineg = ${U}
        and hora = ${`${D} 08:00`}::timestamp`);
      await t.db.execute(sql`delete from tablero_recorridos where camion_ctrl = ${camiones.T1}`);
      const mal = await ejecutarCli(t.url, ['tablero', 'verificar', '--json']);
      expect(mal.codigo).toBe(1);
      const diferencias = JSON.parse(mal.stdout.split('\n')[0]!) as { tabla: string }[];
      expect(diferencias.map((d) => d.tabla).sort()).toEqual([
        'tablero_horas',
        'tablero_recorridos',
      ]);
      const arreglo = await ejecutarCli(t.url, ['tablero', 'recalcular']);
      expect(arreglo.codigo, arreglo.salida).toBe(0);
      expect(arreglo.stdout).toContain('Tablero recalculado');
      const bien = await ejecutarCli(t.url, ['tablero', 'verificar']);
      expect(bien.codigo, bien.salida).toBe(0);
      expect(bien.stdout).toContain('coinciden');
    },
  );

  it('una restauración deja los acumulados correctos', async () => {
    const archivo = `/tmp/tablero-${process.pid}-${Date.now()}.acopio.gz`;
    const antes = leerJsonDe(await tablero.camiones(t.db, ADMIN, cuerpo()));
    await respaldar(t.url, archivo);
    // A change after the backup: the restore must bring the rollups back with the data.
    await camion({ codempre: 901, dia: D, ingreso: '13:00' });
    await restaurar(t.url, archivo);
    expect(await tablero.verificar(t.db)).toEqual([]);
    expect(leerJsonDe(await tablero.camiones(t.db, ADMIN, cuerpo()))).toEqual(antes);
  });
});

describe('tablero: rutas', () => {
  let admin: string;
  let cliente1: string;
  let cliente2: string;
  const rango = { unineg: 1, desde: '2026-01-01', hasta: '2026-12-31' };
  beforeAll(async () => {
    admin = await ingresar(t.app, 'admin');
    cliente1 = await ingresar(t.app, 'cliente1');
    cliente2 = await ingresar(t.app, 'cliente2');
  });

  it('un cliente ve lo mismo que el administrador filtrando su empresa, nunca lo de otro', async () => {
    for (const figura of ['camiones', 'toneladas', 'cupos', 'desvios']) {
      const url = `/api/tablero/${figura}`;
      const propio = await post(t.app, url, { ...rango, codempre: 2 }, cliente1);
      expect(propio.statusCode).toBe(200);
      const comoAdmin = await post(t.app, url, { ...rango, codempre: 1 }, admin);
      expect(propio.json()).toEqual(comoAdmin.json());
      const otro = await post(t.app, url, { ...rango, codempre: 1 }, cliente2);
      const deB = await post(t.app, url, { ...rango, codempre: 2 }, admin);
      expect(otro.json()).toEqual(deB.json());
    }
  });

  it('rangos inválidos: 400 en castellano', async () => {
    for (const [cambio, msj] of [
      [{ desde: '2026-03-02', hasta: '2026-03-01' }, 'La fecha desde no puede ser posterior'],
      [{ desde: '2026-02-30' }, 'desde: el día 2026-02-30 no existe'],
      [{ desde: '2000-01-01', hasta: '2026-01-01' }, 'El rango no puede superar 3.660 días'],
      [{ desde: '1-2-2026' }, 'desde'],
    ] as const) {
      const res = await post(t.app, '/api/tablero/cupos', { ...rango, ...cambio }, cliente1);
      expect(res.statusCode, JSON.stringify(cambio)).toBe(400);
      expect(res.json<{ msj: string }>().msj).toContain(msj);
    }
  });

  it('parámetros: el administrador los fija (auditado) y responde lo guardado', async () => {
    const res = await post(
      t.app,
      '/api/administracion/tablero-parametros',
      { unineg: 1, capacidadHora: 20, toleranciaFaltante: 2.5 },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unineg: 1, capacidadHora: 20, toleranciaFaltante: 2.5 });
    const { rows } = await t.db.execute(sql`
      select antes, despues from auditoria
      where accion = 'cambiar_parametros_tablero' and fila_id = '1' and actor = 'admin'`);
    // The demo set Granos to 4 trucks an hour and 5 %.
    expect(rows).toEqual([
      {
        antes: { unineg: 1, capacidadHora: 4, toleranciaFaltante: 5 },
        despues: { unineg: 1, capacidadHora: 20, toleranciaFaltante: 2.5 },
      },
    ]);
    const camionesRes = await post(t.app, '/api/tablero/camiones', rango, cliente1);
    expect(camionesRes.json<{ capacidadHora: number }>().capacidadHora).toBe(20);
    const noExiste = await post(
      t.app,
      '/api/administracion/tablero-parametros',
      { unineg: 99, capacidadHora: null, toleranciaFaltante: null },
      admin,
    );
    expect(noExiste.statusCode).toBe(404);
  });
});
