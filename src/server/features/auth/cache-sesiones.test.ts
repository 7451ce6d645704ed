/**
 * The session cache (cache-sesiones.ts): what it keeps and when it forgets, on its own; then in
 * a real app, that it answers from memory, that it is off while the listening connection is
 * down, and that what was changed by hand in the database reaches it.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usarAppDePrueba } from '../../test/app';
import { get, ingresar } from '../../test/sesion';
import { cacheDe, CacheSesiones, type EntradaSesion } from './cache-sesiones';

const entrada = (usuarioId: number, ahora: number, extra: Partial<EntradaSesion> = {}) => ({
  usuario: {
    id: usuarioId,
    usuario: `u${usuarioId}`,
    codempre: 1,
    esAdministrador: false,
    uniNegs: [],
  },
  expiraHasta: ahora + 3_600_000,
  inactivaHasta: ahora + 1_800_000,
  tocarDesde: ahora + 60_000,
  reautenticadaHasta: 0,
  leida: ahora,
  ...extra,
});

describe('CacheSesiones', () => {
  it('apagada no guarda ni responde; encendida, sí', () => {
    const c = new CacheSesiones();
    c.guardar('h', entrada(1, 0), c.marca());
    expect(c.leer('h', 0)).toBeUndefined();
    c.conexion(true);
    c.guardar('h', entrada(1, 0), c.marca());
    expect(c.leer('h', 0)?.usuario.id).toBe(1);
    c.conexion(false);
    expect(c.leer('h', 0)).toBeUndefined();
  });

  it('un aviso olvida las sesiones de ese usuario; "*" las de todos', () => {
    const c = new CacheSesiones();
    c.conexion(true);
    for (const [h, id] of [
      ['a', 1],
      ['b', 1],
      ['c', 2],
    ] as const)
      c.guardar(h, entrada(id, 0), c.marca());
    c.aviso('1');
    expect([c.leer('a', 0), c.leer('b', 0)]).toEqual([undefined, undefined]);
    expect(c.leer('c', 0)?.usuario.id).toBe(2);
    c.aviso('*');
    expect(c.leer('c', 0)).toBeUndefined();
  });

  it('una lectura que empezó antes de un aviso no se guarda', () => {
    const c = new CacheSesiones();
    c.conexion(true);
    const marca = c.marca();
    c.aviso('7');
    c.guardar('h', entrada(1, 0), marca);
    expect(c.leer('h', 0)).toBeUndefined();
  });

  it('vencida, inactiva o leída hace un minuto, se vuelve a leer de la base', () => {
    const c = new CacheSesiones();
    c.conexion(true);
    c.guardar('v', entrada(1, 0, { expiraHasta: 1_000 }), c.marca());
    c.guardar('i', entrada(1, 0, { inactivaHasta: 1_000 }), c.marca());
    c.guardar('m', entrada(1, 0), c.marca());
    expect(c.leer('v', 999)).toBeDefined();
    expect(c.leer('v', 1_000)).toBeUndefined();
    expect(c.leer('i', 1_000)).toBeUndefined();
    expect(c.leer('m', 59_999)).toBeDefined();
    expect(c.leer('m', 60_000)).toBeUndefined();
  });
});

describe('el caché de sesiones en la app', () => {
  const t = usarAppDePrueba();
  const cache = () => cacheDe(t.db)!;
  const ESPERA = { timeout: 10_000, interval: 20 };
  const conectado = async (cookie: string) =>
    (await get(t.app, '/api/auth/verifyuser', cookie)).json<{ loggedIn: boolean }>().loggedIn;

  it('responde de memoria: una sesión borrada sin aviso (disparadores apagados) sigue valiendo en este proceso', async () => {
    await expect.poll(() => cache().activa, ESPERA).toBe(true);
    const cookie = await ingresar(t.app, 'cliente1');
    expect(await conectado(cookie)).toBe(true);
    // Only the triggers announce a change; with them off (as a restore does) nobody is told.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`delete from sesiones where usuario_id = (select id from usuarios where usuario = 'cliente1')`,
      );
    });
    expect(await conectado(cookie)).toBe(true);
    cache().vaciar();
    expect(await conectado(cookie)).toBe(false);
  });

  it('sin la conexión que escucha, el caché se apaga y cada pedido lee la base; al volver, se enciende', async () => {
    await expect.poll(() => cache().activa, ESPERA).toBe(true);
    const cookie = await ingresar(t.app, 'cliente2');
    expect(await conectado(cookie)).toBe(true);
    await t.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query like 'LISTEN%'`);
    await expect.poll(() => cache().activa, ESPERA).toBe(false);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update usuarios set activo = false where usuario = 'cliente2'`);
    });
    expect(await conectado(cookie)).toBe(false);
    await t.db.execute(sql`update usuarios set activo = true where usuario = 'cliente2'`);
    await expect.poll(() => cache().activa, ESPERA).toBe(true);
    expect(await conectado(cookie)).toBe(true);
  });

  it('lo cambiado a mano en la base llega por el aviso: la sesión cerrada deja de valer', async () => {
    await expect.poll(() => cache().activa, ESPERA).toBe(true);
    const cookie = await ingresar(t.app, 'cliente1');
    expect(await conectado(cookie)).toBe(true);
    await t.db.execute(
      sql`delete from sesiones where usuario_id = (select id from usuarios where usuario = 'cliente1')`,
    );
    await expect.poll(() => conectado(cookie), ESPERA).toBe(false);
  });
});
