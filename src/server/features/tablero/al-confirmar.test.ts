/**
 * The dashboard's rollups are added to at commit (migration 0036, issue 25): a change holds no
 * hot rollup row while its transaction goes on, so two gate calls of one unit and hour do not
 * wait for each other; what each transaction adds is folded once, whole, and nothing is left
 * pending or counted twice whatever the transaction did (rolled back, a savepoint undone, an
 * early fold, its settings reset) or whoever rebuilt the rollups meanwhile (`recalcular`).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Tx } from '../../db/client';
import { usarAppDePrueba } from '../../test/app';
import { ACTOR_PRUEBA } from '../operaciones/datos-prueba';
import * as repo from './repository';
import * as tablero from './servicio';

const t = usarAppDePrueba();

/** A transaction that changes things and stays open until `confirmar()`. */
async function abrirTransaccion(cambiar: (tx: Tx) => Promise<unknown>) {
  let abierta!: () => void;
  const cambiada = new Promise<void>((r) => (abierta = r));
  let confirmar!: () => void;
  const seguir = new Promise<void>((r) => (confirmar = r));
  const terminada = t.db.transaction(async (tx) => {
    await cambiar(tx);
    abierta();
    await seguir;
  });
  await cambiada;
  return { confirmar, terminada };
}

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
    const primera = await abrirTransaccion((tx) => mover(tx, a, 5));
    // With the hot row taken by the first transaction, this one would wait for it: a lock
    // timeout turns any wait at all into an error, so the test does not depend on timing.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '1ms'`);
      await mover(tx, b, 5);
    });
    expect(await todosEnLaHora(5)).toEqual(mas(antes, 1));
    primera.confirmar();
    await primera.terminada;
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

  it('una configuración borrada a mitad de la transacción no anota una segunda suma', async () => {
    const [a, b] = await dosCamionesDeClientesDistintos();
    const antes = await todosEnLaHora(13);
    await t.db.transaction(async (tx) => {
      await mover(tx, a, 13);
      await tx.execute(sql`reset all`);
      await mover(tx, b, 13);
    });
    expect(await todosEnLaHora(13)).toEqual(mas(antes, 2));
    expect(await pendientes()).toBe(0);
  });

  it('recalcular con una llamada de la portería en curso: las dos terminan, nada contado dos veces', async () => {
    const [a] = await dosCamionesDeClientesDistintos();
    const antes = await todosEnLaHora(15);
    const llamada = await abrirTransaccion((tx) => mover(tx, a, 15));
    const recalculo = tablero.recalcular(t.db, ACTOR_PRUEBA);
    // recalcular waits for the call in flight (it holds its truck's row of tablero_recorridos)...
    await vi.waitFor(
      async () => {
        const { rows } = await t.db.execute<{ n: number }>(sql`
        select count(*)::int as n from pg_stat_activity
        where wait_event_type = 'Lock' and query like '%lock table tablero\_%in exclusive mode%'
          and pid <> pg_backend_pid()`);
        expect(rows[0]!.n).toBe(1);
      },
      { timeout: 20_000 },
    );
    // ...which then commits, adding to tables recalcular has not taken yet.
    llamada.confirmar();
    await llamada.terminada;
    await recalculo;
    expect(await todosEnLaHora(15)).toEqual(mas(antes, 1));
    expect(await tablero.verificar(t.db)).toEqual([]);
  });

  it('recalcular en la misma transacción que un cambio lo cuenta una vez', async () => {
    const [, b] = await dosCamionesDeClientesDistintos();
    const antes = await todosEnLaHora(17);
    await t.db.transaction(async (tx) => {
      await mover(tx, b, 17);
      await repo.recalcularTodo(tx);
    });
    expect(await todosEnLaHora(17)).toEqual(mas(antes, 1));
    expect(await pendientes()).toBe(0);
    expect(await tablero.verificar(t.db)).toEqual([]);
  });
});
