/**
 * Liveness and readiness (issue 26): /api/health answers while the process does, database or
 * not; /api/health/ready only while the database answers with every migration applied and the
 * listening connection is up, and otherwise names the reason in Spanish.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { MENSAJES_API } from '../../../shared/textos';
import { crearAppDePrueba, usarAppDePrueba } from '../../test/app';
import { get } from '../../test/sesion';

const t = usarAppDePrueba();

const listo = async () => {
  const res = await get(t.app, '/api/health/ready');
  return { status: res.statusCode, cuerpo: res.json<unknown>() };
};

describe('salud', () => {
  it('un portal recién iniciado está listo en cuanto escucha los avisos', async () => {
    await vi.waitFor(async () =>
      expect(await listo()).toEqual({ status: 200, cuerpo: { estado: 'ok' } }),
    );
    expect((await get(t.app, '/api/health')).json()).toEqual({ estado: 'ok' });
  });

  it('503 mientras la conexión que escucha está caída, y listo de nuevo al reconectarse', async () => {
    await vi.waitFor(async () => expect((await listo()).status).toBe(200));
    // The listener of this app, in this test file's own database.
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = ${`acopio-en-vivo ${process.pid}`}
      ) x`);
    expect(rows[0]!.n).toBe(1);
    await vi.waitFor(async () =>
      expect(await listo()).toEqual({ status: 503, cuerpo: { msj: MENSAJES_API.escuchaCaida } }),
    );
    // It comes back by itself (a second later), and so does readiness.
    await vi.waitFor(async () => expect((await listo()).status).toBe(200), { timeout: 10_000 });
  });

  it('503 si a la base le falta una migración de esta versión', async () => {
    const [ultima] = (
      await t.db.execute<{ id: number; hash: string; created_at: string }>(
        sql`delete from drizzle.__drizzle_migrations
            where id = (select max(id) from drizzle.__drizzle_migrations) returning *`,
      )
    ).rows;
    try {
      expect(await listo()).toEqual({
        status: 503,
        cuerpo: { msj: MENSAJES_API.migracionesPendientes },
      });
    } finally {
      await t.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
                             values (${ultima!.id}, ${ultima!.hash}, ${ultima!.created_at})`);
    }
    expect((await listo()).status).toBe(200);
  });

  it('con la base inalcanzable: vivo (200) pero no listo (503 que lo dice)', async () => {
    const caida = await crearAppDePrueba({ urlBase: 'postgres://nadie:x@127.0.0.1:1/nada' });
    try {
      expect((await get(caida.app, '/api/health')).statusCode).toBe(200);
      const res = await get(caida.app, '/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ msj: MENSAJES_API.baseNoDisponible });
    } finally {
      await caida.cerrar();
    }
  });
});
