/**
 * Each portal process keeps the sessions it read in memory (cache-sesiones.ts) and forgets them
 * when the database announces a change on `acopio_sesiones`. On two portal processes, with their
 * caches warm and every pooled connection on the prepared statement's cached plan, a change made
 * elsewhere — a session closed on the other process, a user deactivated, their units changed or
 * a step-up undone in the database by hand, a business unit renamed — counts on the other process
 * as soon as the notice arrives (milliseconds: the tests wait for it, never a fixed time). The
 * process that makes a change sees it on its very next request, without waiting.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerificarUsuarioRespuesta } from '../../../shared/contracts/auth';
import { conectar, type BaseDeDatos } from '../../db/client';
import { crearBaseDePrueba } from '../../test/app';
import { ingresarHttp } from '../../test/http';
import { iniciarPortales, type Portales } from '../../test/portales';
import { tarjetaDemo } from '../../test/sesion';

let base: Awaited<ReturnType<typeof crearBaseDePrueba>>;
let portales: Portales;
let conexion: BaseDeDatos;

beforeAll(async () => {
  base = await crearBaseDePrueba('demo');
  portales = await iniciarPortales(base.url, 2);
  conexion = conectar(base.url, {
    max: 1,
    timeZone: 'America/Argentina/Buenos_Aires',
    urlDirecta: base.urlDirecta,
  });
});

afterAll(async () => {
  await portales.detener();
  await conexion.cerrar();
  await base.borrar();
});

const verificar = async (url: string, cookie: string) =>
  (await (
    await fetch(`${url}/api/auth/verifyuser`, { headers: { cookie } })
  ).json()) as VerificarUsuarioRespuesta;

/** Many requests at once, so that every connection of the pool plans, then caches, the query. */
async function calentar(url: string, cookie: string) {
  for (let i = 0; i < 8; i++) {
    const todas = await Promise.all(Array.from({ length: 25 }, () => verificar(url, cookie)));
    expect(todas.every((r) => r.loggedIn)).toBe(true);
  }
}

async function sesion(usuario: 'cliente1' | 'cliente2') {
  const [a] = portales.urls as [string, string];
  const { status, cookie } = await ingresarHttp(a, usuario, tarjetaDemo(usuario).valores);
  expect(status).toBe(200);
  return cookie;
}

const ESPERA = { timeout: 5_000, interval: 20 };
const conectado = (url: string, cookie: string) => verificar(url, cookie).then((r) => r.loggedIn);
const unidades = async (url: string, cookie: string) => {
  const r = await verificar(url, cookie);
  return r.loggedIn ? r.uniNegs.map((u) => `${u.ctrl} ${u.unineg}`) : null;
};

describe('la sesión en el caché de cada proceso, en dos procesos', { timeout: 120_000 }, () => {
  it('cerrar la sesión en un proceso: el mismo proceso la rechaza en el pedido siguiente, el otro al llegar el aviso', async () => {
    const [a, b] = portales.urls as [string, string];
    const cookie = await sesion('cliente1');
    await calentar(a, cookie);
    await calentar(b, cookie);
    await fetch(`${a}/api/user/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: '{}',
    });
    expect(await conectado(a, cookie)).toBe(false);
    await expect.poll(() => conectado(b, cookie), ESPERA).toBe(false);
  });

  it('un usuario desactivado a mano en la base ya no entra en ningún proceso, y reactivado vuelve', async () => {
    const [a, b] = portales.urls as [string, string];
    const cookie = await sesion('cliente2');
    await calentar(a, cookie);
    await calentar(b, cookie);
    await conexion.db.execute(sql`update usuarios set activo = false where usuario = 'cliente2'`);
    for (const url of [a, b]) await expect.poll(() => conectado(url, cookie), ESPERA).toBe(false);
    await conexion.db.execute(sql`update usuarios set activo = true where usuario = 'cliente2'`);
    for (const url of [a, b]) await expect.poll(() => conectado(url, cookie), ESPERA).toBe(true);
  });

  it('las unidades cambiadas, y una unidad de negocio renombrada, se ven en los dos procesos', async () => {
    const [a, b] = portales.urls as [string, string];
    const cookie = await sesion('cliente1');
    await calentar(b, cookie);
    const nombre = (await unidades(b, cookie))![1]!.split(' ').slice(1).join(' ');
    await conexion.db.execute(sql`
      delete from usuario_unidades
      where unineg = 2 and usuario_id = (select id from usuarios where usuario = 'cliente1')`);
    await expect.poll(() => unidades(b, cookie), ESPERA).toEqual([expect.stringMatching(/^1 /)]);
    await conexion.db.execute(sql`
      insert into usuario_unidades (usuario_id, unineg)
      select id, 2 from usuarios where usuario = 'cliente1'`);
    await expect.poll(() => unidades(b, cookie).then((u) => u?.length), ESPERA).toBe(2);
    await conexion.db.execute(
      sql`update unidades_negocio set unineg = 'Renombrada' where ctrl = 2`,
    );
    for (const url of [a, b]) {
      await expect
        .poll(() => unidades(url, cookie).then((u) => u?.[1]), ESPERA)
        .toBe('2 Renombrada');
    }
    await conexion.db.execute(sql`update unidades_negocio set unineg = ${nombre} where ctrl = 2`);
  });

  /**
   * The listening connection's backend frozen (SIGSTOP: the TCP connection stays open, nothing
   * arrives): its process notices within a few seconds that its own ping does not come back,
   * turns its cache off and listens again on a new connection (issue 20, point 2).
   */
  it('con la conexión que escucha congelada, una desactivación hecha en otro lado cuenta en menos de 10 s', async () => {
    const [a] = portales.urls as [string, string];
    const cookie = await sesion('cliente2');
    await calentar(a, cookie);
    const escucha = await backendQueEscucha(portales.pids[0]!);
    process.kill(escucha, 'SIGSTOP');
    try {
      await conexion.db.execute(sql`update usuarios set activo = false where usuario = 'cliente2'`);
      const desde = Date.now();
      await expect.poll(() => conectado(a, cookie), { timeout: 20_000, interval: 50 }).toBe(false);
      const demora = Date.now() - desde;
      console.log(`revocación con la escucha congelada: ${demora} ms`);
      expect(demora).toBeLessThan(10_000);
    } finally {
      process.kill(escucha, 'SIGCONT');
      await conexion.db.execute(sql`update usuarios set activo = true where usuario = 'cliente2'`);
    }
    // Listening again on a new connection, the cache answers once more.
    await expect.poll(() => conectado(a, cookie), ESPERA).toBe(true);
  });

  it('vaciar con TRUNCATE una tabla de la que depende la sesión avisa a todos los procesos', async () => {
    const [a, b] = portales.urls as [string, string];
    const cookie = await sesion('cliente1');
    await calentar(a, cookie);
    await calentar(b, cookie);
    await conexion.db.execute(sql`truncate sesiones cascade`);
    for (const url of [a, b]) await expect.poll(() => conectado(url, cookie), ESPERA).toBe(false);
  });
});

/** The backend pid of the listening connection of the portal process `pid`. */
async function backendQueEscucha(pid: number): Promise<number> {
  const { rows } = await conexion.db.execute<{ pid: number }>(
    sql`select pid from pg_stat_activity where application_name = ${`acopio-en-vivo ${pid}`}`,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.pid;
}
