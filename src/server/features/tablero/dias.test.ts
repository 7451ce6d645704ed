/**
 * The day rollups of migration 0024 (issue 23) against their recomputation (`verificar`), after
 * each kind of change their triggers keep: finishes, corrections, dates set back, a truck no
 * longer finished, a tolerance changed, concurrent finishes on one day; and a wide range read
 * from them against the same figures computed from the trucks.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { generarVolumen } from '../../demo/volumen';
import { usarAppDePrueba } from '../../test/app';
import { ACTOR_PRUEBA } from '../operaciones/datos-prueba';
import * as repo from './repository';
import * as tablero from './servicio';
import { generarHistorialTablero } from './volumen';
import { leerJsonDe } from '../../db/sql';

const t = usarAppDePrueba();
let hoy: string;
let dosAnios: string;

beforeAll(async () => {
  await generarVolumen(t.db, {
    empresas: 4,
    camionesEnPlaya: 10,
    cupos: 20,
    movimientos: 20,
    usuarios: 1,
    encuestas: 1,
  });
  await generarHistorialTablero(t.db, { camiones: 3_000, empresas: 4 });
  const { rows } = await t.db.execute<{ hoy: string; antes: string }>(sql`
    select to_char(current_date, 'YYYY-MM-DD') as hoy,
           to_char(current_date - 729, 'YYYY-MM-DD') as antes`);
  hoy = rows[0]!.hoy;
  dosAnios = rows[0]!.antes;
}, 120_000);

/** Finished trucks of unit 1 picked by a rule over their number, for the changes below. */
const algunos = async (resto: number, cuantos: number) =>
  (
    await t.db.execute<{ ctrl: number }>(sql`
      select camion_ctrl as ctrl from tablero_recorridos
      where unineg = 1 and camion_ctrl % 7 = ${resto} order by camion_ctrl limit ${cuantos}`)
  ).rows.map((r) => r.ctrl);

describe('tablero: acumulados por día', () => {
  it('tras el historial (recalcular) coinciden con su recálculo', async () => {
    expect(await tablero.verificar(t.db)).toEqual([]);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from tablero_recorridos_dias where unineg = 1`,
    );
    expect(rows[0]!.n).toBeGreaterThan(300);
  });

  it('correcciones, fechas atrasadas y un camión que deja de estar finalizado', async () => {
    const [a, b, c] = [await algunos(1, 40), await algunos(2, 40), await algunos(3, 10)];
    // Dates set back 40 days (another day and month), a ticket corrected (net and deviation).
    await t.db.execute(sql`
      update camiones set finalizado_en = finalizado_en - interval '40 days',
                          ingplaya = ingplaya - interval '40 days'
      where ctrl in ${sql.raw(`(${a.join(',')})`)}`);
    expect(await tablero.verificar(t.db)).toEqual([]);
    await t.db.execute(sql`
      update tickets set bruto = bruto + 4000 where camion_ctrl in ${sql.raw(`(${b.join(',')})`)}`);
    await t.db.execute(sql`
      update camion_estados set desde = desde + interval '7 minutes'
      where codestado = 3 and camion_ctrl in ${sql.raw(`(${b.join(',')})`)}`);
    expect(await tablero.verificar(t.db)).toEqual([]);
    await t.db.execute(sql`
      update camiones set codestado = 3, finalizado_en = null
      where ctrl in ${sql.raw(`(${c.join(',')})`)}`);
    expect(await tablero.verificar(t.db)).toEqual([]);
  });

  it('la tolerancia cambiada recuenta los desvíos de cada día', async () => {
    const exacto = async () =>
      (
        await t.db.execute<{ n: number }>(sql`
          select count(*)::int as n from tablero_recorridos r
          left join parametros_tablero p on p.unineg = r.unineg
          where r.unineg = 1 and r.finalizado_en >= ${dosAnios}::date::timestamptz
            and acopio_tablero_desvio(r.neto_kg, r.maximo_kg, p.tolerancia_faltante)`)
      ).rows[0]!.n;
    const rango = { unineg: 1, desde: dosAnios, hasta: hoy };
    for (const toleranciaFaltante of [5, 1, null]) {
      await tablero.guardarParametros(t.db, ACTOR_PRUEBA, {
        unineg: 1,
        capacidadHora: 40,
        toleranciaFaltante,
      });
      expect(await tablero.verificar(t.db)).toEqual([]);
      const { total } = leerJsonDe(await tablero.desvios(t.db, 'terminal', rango));
      expect(total).toBe(await exacto());
      expect(total).toBeGreaterThan(0);
    }
  });

  it('finales concurrentes el mismo día', async () => {
    const ctrls = await algunos(4, 12);
    // Each in its own transaction, all at once, onto the same day at different hours.
    await Promise.all(
      ctrls.map((ctrl, i) =>
        t.db.transaction(async (tx) => {
          await tx.execute(sql`
            update camiones set finalizado_en = (current_date - 3) + make_interval(hours => ${8 + i}),
                                ingplaya = (current_date - 3) + make_interval(hours => ${7 + i})
            where ctrl = ${ctrl}`);
        }),
      ),
    );
    expect(await tablero.verificar(t.db)).toEqual([]);
  });

  it('un rango en meses enteros y los menos días posibles', () => {
    expect(repo.tramos('2025-01-15', '2025-02-20')).toEqual([
      { tabla: 'dias', desde: '2025-01-01', hasta: '2025-01-14', signo: -1 },
      { tabla: 'dias', desde: '2025-02-21', hasta: '2025-02-28', signo: -1 },
      { tabla: 'meses', desde: '2025-01-01', hasta: '2025-02-01', signo: 1 },
    ]);
    expect(repo.tramos('2024-11-27', '2026-11-03')).toEqual([
      { tabla: 'dias', desde: '2024-11-27', hasta: '2024-11-30', signo: 1 },
      { tabla: 'dias', desde: '2026-11-01', hasta: '2026-11-03', signo: 1 },
      { tabla: 'meses', desde: '2024-12-01', hasta: '2026-10-31', signo: 1 },
    ]);
    expect(repo.tramos('2024-03-01', '2024-04-30')).toEqual([
      { tabla: 'meses', desde: '2024-03-01', hasta: '2024-04-01', signo: 1 },
    ]);
  });

  it('un rango ancho: días exactos, el rango al minuto, lo mismo que desde los camiones', async () => {
    const { rows } = await t.db.execute<{ a: string; b: string }>(sql`
      select to_char(current_date - 600, 'YYYY-MM-DD') as a,
             to_char(current_date - 45, 'YYYY-MM-DD') as b`);
    for (const [codempre, desde, hasta] of [
      [null, dosAnios, hoy],
      [1001, dosAnios, hoy],
      [null, rows[0]!.a, rows[0]!.b],
    ] as const) {
      const f = { unineg: 1, codempre, desde, hasta };
      const ancho = await repo.recorridos(t.db, f, false);
      const exacto = await repo.recorridos(t.db, f, true);
      expect(ancho.dias).toEqual(exacto.dias);
      expect(ancho.rango.camiones).toBe(exacto.rango.camiones);
      for (const etapa of ['total', 'sinOrden', 'conOrden', 'operando'] as const) {
        for (const p of ['p50', 'p90'] as const) {
          expect(Math.abs(ancho.rango[etapa][p]! - exacto.rango[etapa][p]!)).toBeLessThanOrEqual(1);
        }
      }
      // Each day of the wide range equals that day asked alone, computed from its trucks.
      for (const dia of leerJsonDe(ancho.dias)
        .filter((d) => d.camiones > 0)
        .slice(0, 15)) {
        const solo = await repo.recorridos(t.db, { ...f, desde: dia.dia, hasta: dia.dia }, true);
        const { dia: _, ...cifras } = dia;
        expect(solo.rango).toEqual(cifras);
      }
    }
  });

  it('los meses se leen como el texto guardado con cada uno (migración 0039), el mismo que escribía la llamada', async () => {
    // After the history, the corrections and the recounts above: every month's stored text is
    // its histogram written as array_to_string writes it, null where the histogram is.
    const { rows } = await t.db.execute<{ filas: number; distintas: number }>(sql`
      select count(*)::int as filas,
             count(*) filter (where camiones_texto is distinct from array_to_string(camiones, ','))::int
               as distintas
      from tablero_minutos_meses`);
    expect(rows[0]!.filas).toBeGreaterThan(50);
    expect(rows[0]!.distintas).toBe(0);
    // And a two-year call reads it: no month's integers written as text on the call.
    const plan = await t.db.execute<{ 'QUERY PLAN': string }>(
      sql`explain (verbose, costs off) ${repo.consultaMinutos({ unineg: 1, codempre: null, desde: dosAnios, hasta: hoy })}`,
    );
    const texto = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(texto).toContain('tablero_minutos_meses.camiones_texto');
    expect(texto).not.toMatch(/array_to_string\(tablero_minutos_meses\.camiones/);
  });

  it('la lista de desvíos lee patente y ticket de la fila del camión: lo mismo que buscarlos', async () => {
    // What the list computed before migration 0034: the plate and the last ticket with a gross
    // weight looked up for each truck listed.
    const buscados = async (f: repo.FiltroTablero, tolerancia: number | null) =>
      (
        await t.db.execute(sql`
          select p.camion_ctrl as camion, p.codempre, e.nomempre, c.patcha,
                 to_char(p.finalizado_en, 'YYYY-MM-DD"T"HH24:MI:SS') as "finalizadoEn",
                 k.ctrl as ticket, k.tara, k.bruto, p.neto_kg as neto,
                 round(p.maximo_kg)::int as maximo,
                 p.neto_kg - round(p.maximo_kg)::int as diferencia,
                 round((p.neto_kg - p.maximo_kg) / p.maximo_kg * 100, 1)::float8 as porcentaje,
                 case when p.neto_kg > p.maximo_kg then 'exceso' else 'faltante' end as tipo
          from (
            select r.camion_ctrl, r.codempre, r.finalizado_en, r.neto_kg, r.maximo_kg
            from tablero_recorridos r
            where r.unineg = ${f.unineg} and (${f.codempre}::int is null or r.codempre = ${f.codempre})
              and r.finalizado_en >= ${f.desde}::date::timestamptz
              and r.finalizado_en < (${f.hasta}::date + 1)::timestamptz
              and acopio_tablero_desvio(r.neto_kg, r.maximo_kg, ${tolerancia}::numeric)
            order by r.finalizado_en desc, r.camion_ctrl desc limit 500
          ) p
          join camiones c on c.ctrl = p.camion_ctrl
          join empresas e on e.codempre = p.codempre
          cross join lateral (
            select ctrl, tara, bruto from tickets
            where camion_ctrl = p.camion_ctrl and bruto is not null order by ctrl desc limit 1
          ) k
          order by p.finalizado_en desc, p.camion_ctrl desc`)
      ).rows;
    // A second weighing of some listed trucks (a later ticket, the one shown), a gross weight
    // taken back on another's last ticket (the earlier one shown), and plates corrected.
    const f = { unineg: 1, codempre: null, desde: dosAnios, hasta: hoy };
    const listados = leerJsonDe((await repo.desvios(t.db, f, null)).desvios).map((d) => d.camion);
    const [dos, sinBruto, patentes] = [
      listados.slice(0, 5),
      listados.slice(5, 8),
      listados.slice(8, 12),
    ];
    await t.db.execute(sql`
      insert into tickets (camion_ctrl, tara, fechatara, baltara, bruto, fechabruto, balbruto)
      select ctrl, 15000, finalizado_en, 'Balanza 1', 16000, finalizado_en, 'Balanza 2'
      from camiones where ctrl in ${sql.raw(`(${dos.join(',')})`)}`);
    await t.db.execute(sql`
      insert into tickets (camion_ctrl, tara, fechatara, baltara, bruto, fechabruto, balbruto)
      select ctrl, 15000, finalizado_en, 'Balanza 1', 16000, finalizado_en, 'Balanza 2'
      from camiones where ctrl in ${sql.raw(`(${sinBruto.join(',')})`)}`);
    await t.db.execute(sql`
      update tickets set bruto = null, fechabruto = null, balbruto = null
      where ctrl in (select max(ctrl) from tickets
                     where camion_ctrl in ${sql.raw(`(${sinBruto.join(',')})`)} group by camion_ctrl)`);
    await t.db.execute(sql`
      update camiones set patcha = 'ZZ' || right(patcha, 5)
      where ctrl in ${sql.raw(`(${patentes.join(',')})`)}`);
    expect(await tablero.verificar(t.db)).toEqual([]);
    const { rows } = await t.db.execute<{ a: string; b: string }>(sql`
      select to_char(current_date - 400, 'YYYY-MM-DD') as a,
             to_char(current_date - 6, 'YYYY-MM-DD') as b`);
    for (const [codempre, desde, tolerancia] of [
      [null, dosAnios, null],
      [null, dosAnios, 1],
      [1002, dosAnios, 1],
      [null, rows[0]!.a, null],
      [null, rows[0]!.b, 5],
    ] as const) {
      const g = { unineg: 1, codempre, desde, hasta: hoy };
      const nueva = leerJsonDe((await repo.desvios(t.db, g, tolerancia)).desvios);
      expect(nueva.length).toBeGreaterThan(0);
      expect(nueva).toEqual(await buscados(g, tolerancia));
    }
    const [patente] = leerJsonDe((await repo.desvios(t.db, f, null)).desvios).filter((d) =>
      patentes.includes(d.camion),
    );
    expect(patente?.patcha).toMatch(/^ZZ/);
  });

  it('verificar encuentra cada tabla de días alterada a mano; recalcular la arregla', async () => {
    const tablas = [
      ['tablero_dias', 'ingresados = ingresados + 1'],
      ['tablero_productos_dias', 'despachadas = despachadas + 1'],
      ['tablero_recorridos_dias', 'desvios = desvios + 1'],
      ['tablero_minutos_dias', 'camiones = camiones || array[9999, 1]'],
      ['tablero_minutos_meses', 'camiones = camiones || array[9999, 1]'],
    ] as const;
    for (const [tabla, cambio] of tablas) {
      await t.db.execute(
        sql.raw(`update ${tabla} set ${cambio} where ctid = (select min(ctid) from ${tabla})`),
      );
    }
    const diferencias = await tablero.verificar(t.db);
    expect([...new Set(diferencias.map((d) => d.tabla))].sort()).toEqual(
      tablas.map(([tabla]) => tabla).sort(),
    );
    await tablero.recalcular(t.db, ACTOR_PRUEBA);
    expect(await tablero.verificar(t.db)).toEqual([]);
  });
});
