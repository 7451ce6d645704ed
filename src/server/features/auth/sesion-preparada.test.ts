/**
 * The session is read with a named prepared statement (buscarSesion): PostgreSQL keeps its plan
 * per connection, but never its answer. On two portal processes, after enough requests that every
 * pooled connection runs the statement with its cached (generic) plan, a change made elsewhere —
 * a session closed on the other process, a user deactivated or their units changed in the
 * database — counts on the very next request.
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
  conexion = conectar(base.url, { max: 1, timeZone: 'America/Argentina/Buenos_Aires' });
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

describe(
  'la sesión leída con una sentencia preparada, en dos procesos',
  { timeout: 120_000 },
  () => {
    it('cerrar la sesión en un proceso la cierra en el otro en el pedido siguiente', async () => {
      const [a, b] = portales.urls as [string, string];
      const cookie = await sesion('cliente1');
      await calentar(b, cookie);
      await fetch(`${a}/api/user/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: '{}',
      });
      expect((await verificar(b, cookie)).loggedIn).toBe(false);
    });

    it('un usuario desactivado ya no entra, y reactivado vuelve, en el pedido siguiente', async () => {
      const [, b] = portales.urls as [string, string];
      const cookie = await sesion('cliente2');
      await calentar(b, cookie);
      await conexion.db.execute(sql`update usuarios set activo = false where usuario = 'cliente2'`);
      expect((await verificar(b, cookie)).loggedIn).toBe(false);
      await conexion.db.execute(sql`update usuarios set activo = true where usuario = 'cliente2'`);
      expect((await verificar(b, cookie)).loggedIn).toBe(true);
    });

    it('las unidades cambiadas se ven en el pedido siguiente', async () => {
      const [, b] = portales.urls as [string, string];
      const cookie = await sesion('cliente1');
      await calentar(b, cookie);
      const unidades = async () => {
        const r = await verificar(b, cookie);
        return r.loggedIn ? r.uniNegs.map((u) => u.ctrl) : null;
      };
      expect(await unidades()).toEqual([1, 2]);
      await conexion.db.execute(sql`
      delete from usuario_unidades
      where unineg = 2 and usuario_id = (select id from usuarios where usuario = 'cliente1')`);
      expect(await unidades()).toEqual([1]);
      await conexion.db.execute(sql`
      insert into usuario_unidades (usuario_id, unineg)
      select id, 2 from usuarios where usuario = 'cliente1'`);
      expect(await unidades()).toEqual([1, 2]);
    });
  },
);
