/**
 * The dashboard's rollups are added to at commit (migration 0036, issue 25): a change holds no
 * hot rollup row while its transaction goes on, so two gate calls of one unit and hour do not
 * wait for each other; what each transaction adds is folded once, whole, and nothing is left
 * pending or counted twice whatever the transaction did (rolled back, a savepoint undone, an
 * early fold).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { usarAppDePrueba } from '../../test/app';
import * as tablero from './servicio';

const t = usarAppDePrueba();

/** Two finished trucks of unit 1 of different clients: both count in 'all clients'. */
async function dosCamionesDeClientesDistintos() {
  const { rows } = await t.db.execute<{ ctrl: number; codempre: number }>(sql`
    select distinct on (codempre) camion_ctrl as ctrl, codempre from tablero_recorridos
    where unineg = 1 order by codempre, camion_ctrl limit 2`);
  expect(rows).toHaveLength(2);
  return rows.map((r) => r.ctrl) as [number, number];
}

/** Moves a finished truck's entry and finish to an hour `dias` days ago, as a correction would. */
const mover = (tx: Tx, ctrl: number, dias: number) =>
  tx.execute(sql`
    update camiones set ingplaya = date_trunc('hour', now()) - make_interval(days => ${dias}),
                        finalizado_en = date_trunc('hour', now()) - make_interval(days => ${dias})
                                        + interval '50 minutes'
    where ctrl = ${ctrl}`);

const pendientes = async () =>
  (
    await t.db.execute<{ n: number }>(sql`
      select (select count(*) from tablero_horas_pendientes)
           + (select count(*) from tablero_productos_pendientes)
           + (select count(*) from tablero_recorridos_pendientes)
           + (select count(*) from tablero_pliegues) as n`)
  ).rows[0]!.n;

/** Unit 1's trucks entered and finished in that hour, all clients, as the dashboard has them. */
const todosEnLaHora = async (dias: number) =>
  (
    await t.db.execute<{ ingresados: number; finalizados: number }>(sql`
      select coalesce(sum(ingresados), 0)::int as ingresados,
             coalesce(sum(finalizados), 0)::int as finalizados
      from tablero_horas
      where codempre = 0 and unineg = 1
        and hora = date_trunc('hour', now()) - make_interval(days => ${dias})`)
  ).rows[0]!;

/** What the hour had before the test, plus `n` trucks entered and finished. */
const mas = (antes: { ingresados: number; finalizados: number }, n: number) => ({
  ingresados: antes.ingresados + n,
  finalizados: antes.finalizados + n,
});

describe('tablero: los acumulados se suman al confirmar', () => {
  it('una transacción abierta no retiene la fila de "todos": otra de la misma hora no la espera', async () => {
    const [a, b] = await dosCamionesDeClientesDistintos();
    const antes = await todosEnLaHora(5);
    let abierta!: () => void;
    const cambiada = new Promise<void>((r) => (abierta = r));
    let confirmar!: () => void;
    const seguir = new Promise<void>((r) => (confirmar = r));
    const primera = t.db.transaction(async (tx) => {
      await mover(tx, a, 5);
      abierta();
      await seguir;
    });
    await cambiada;
    // With the hot row taken by the first transaction, this one would wait for it: a lock
    // timeout turns any wait at all into an error, so the test does not depend on timing.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '1ms'`);
      await mover(tx, b, 5);
    });
    expect(await todosEnLaHora(5)).toEqual(mas(antes, 1));
    confirmar();
    await primera;
    expect(await todosEnLaHora(5)).toEqual(mas(antes, 2));
    expect(await pendientes()).toBe(0);
    expect(await tablero.verificar(t.db)).toEqual([]);
  });

  it('nada queda pendiente ni se cuenta dos veces: deshecha, punto de retorno, plegado antes', async () => {
    const [a, b] = await dosCamionesDeClientesDistintos();
    const [antes9, antes11] = [await todosEnLaHora(9), await todosEnLaHora(11)];
    await expect(
      t.db.transaction(async (tx) => {
        await mover(tx, a, 9);
        throw new Error('deshacer');
      }),
    ).rejects.toThrow('deshacer');
    expect(await todosEnLaHora(9)).toEqual(antes9);

    await t.db.transaction(async (tx) => {
      // A savepoint undone takes its delta and its fold back; the change after it still counts.
      await expect(
        tx.transaction(async (sp) => {
          await mover(sp, a, 9);
          throw new Error('deshacer el punto');
        }),
      ).rejects.toThrow('deshacer el punto');
      await mover(tx, b, 9);
    });
    expect(await todosEnLaHora(9)).toEqual(mas(antes9, 1));

    await t.db.transaction(async (tx) => {
      // Folded early by whoever asks for it: what changes later is folded again at commit.
      await mover(tx, a, 11);
      await tx.execute(sql`set constraints all immediate`);
      await tx.execute(sql`set constraints all deferred`);
      await mover(tx, b, 11);
    });
    expect(await todosEnLaHora(11)).toEqual(mas(antes11, 2));
    expect(await pendientes()).toBe(0);
    expect(await tablero.verificar(t.db)).toEqual([]);
  });
});
