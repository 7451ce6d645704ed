/**
 * The hub when the database fails under it, as in a failover (issue 26): the pool and the
 * listening connection reach PostgreSQL through two small TCP relays the test can cut, so each
 * can lose the database on its own. A change that could not be handed out is read again once the
 * database answers: no stream misses it, and the process never meets an unhandled rejection.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, type UsuarioSesion } from '../../acceso';
import { conectar, type BaseDeDatos } from '../../db/client';
import { crearBaseDePrueba } from '../../test/app';
import { CentralEnVivo, nuevoFlujo } from './central';

/** A TCP relay to PostgreSQL that can drop every connection and refuse new ones. */
async function relevo(destino: URL) {
  let abierto = true;
  const sockets = new Set<net.Socket>();
  const servidor = net.createServer((cliente) => {
    if (!abierto) {
      cliente.destroy();
      return;
    }
    const servidorPg = net.connect(Number(destino.port), destino.hostname);
    for (const s of [cliente, servidorPg]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        cliente.destroy();
        servidorPg.destroy();
      });
    }
    cliente.pipe(servidorPg).pipe(cliente);
  });
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  const url = new URL(destino);
  url.port = String((servidor.address() as net.AddressInfo).port);
  url.hostname = '127.0.0.1';
  return {
    url: url.toString(),
    cortar() {
      abierto = false;
      for (const s of sockets) s.destroy();
    },
    abrir() {
      abierto = true;
    },
    cerrar: () => new Promise<void>((resolve) => servidor.close(() => resolve())),
  };
}

let base: Awaited<ReturnType<typeof crearBaseDePrueba>>;
let directa: BaseDeDatos;
let relevoPool: Awaited<ReturnType<typeof relevo>>;
let relevoEscucha: Awaited<ReturnType<typeof relevo>>;
let pool: BaseDeDatos;
let central: CentralEnVivo;
const registro: string[] = [];
/** A real session of the demo's administrator: the hub checks its streams' sessions. */
const token = randomBytes(32).toString('base64url');
let administrador: UsuarioSesion;

/** A stream of the hub, as the route opens it: what it receives, as text. */
function flujo() {
  const salida = { texto: '', escribir: (t: string) => void (salida.texto += t), cerrar() {} };
  const f = nuevoFlujo(administrador, token, salida, randomUUID());
  central.agregar(f);
  central.soltar(f);
  return salida;
}

/** A truck enters (directly in the database: its trigger records the event and notifies). */
async function ingreso(): Promise<number> {
  const { rows } = await directa.db.execute<{ ctrl: number }>(sql`
    insert into camiones (codempre, unineg, patcha, cargateorica, nomchofer, dni, codestado)
    values (1, 1, ${`CE${randomInt(100_000, 999_999)}`}, 30000, 'Chofer Central', '30111222', 1)
    returning ctrl`);
  return rows[0]!.ctrl;
}

beforeAll(async () => {
  base = await crearBaseDePrueba('demo');
  directa = conectar(base.url, { max: 2, timeZone: 'America/Argentina/Buenos_Aires' });
  const { rows } = await directa.db.execute<{ id: number }>(sql`
    insert into sesiones (token_hash, usuario_id, expira_en)
    select ${hashToken(token)}, id, now() + interval '1 hour' from usuarios where usuario = 'admin'
    returning usuario_id as id`);
  administrador = {
    id: rows[0]!.id,
    usuario: 'admin',
    codempre: 0,
    esAdministrador: true,
    uniNegs: [{ ctrl: 1, unineg: 'Granos' }],
    reautenticada: false,
  };
  relevoPool = await relevo(new URL(base.url));
  relevoEscucha = await relevo(new URL(base.url));
  pool = conectar(relevoPool.url, { max: 4, timeZone: 'America/Argentina/Buenos_Aires' });
  central = new CentralEnVivo(pool.db, { connectionString: relevoEscucha.url }, 120, {
    warn: (_o, m) => registro.push(m),
    error: (_o, m) => registro.push(m),
  });
  await central.iniciar();
});

afterEach(() => {
  registro.length = 0;
  relevoPool.abrir();
  relevoEscucha.abrir();
});

afterAll(async () => {
  await central.cerrar();
  await pool.cerrar();
  await directa.cerrar();
  await relevoPool.cerrar();
  await relevoEscucha.cerrar();
  await base.borrar();
});

describe('la central en vivo cuando la base falla', { timeout: 60_000 }, () => {
  it('un cambio que no se pudo repartir (el pool sin base, la escucha en pie) llega cuando la base vuelve', async () => {
    const salida = flujo();
    relevoPool.cortar();
    const ctrl = await ingreso();
    await expect.poll(() => registro.includes('en vivo: no se pudo repartir')).toBe(true);
    expect(salida.texto).not.toContain(`"ctrl":${ctrl},`);
    relevoPool.abrir();
    await expect.poll(() => salida.texto, { timeout: 20_000 }).toContain(`"ctrl":${ctrl},`);
  });

  it('la escucha vuelve antes que el pool: lo pendiente se lee cuando el pool vuelve, sin rechazos sin atender', async () => {
    relevoPool.cortar();
    relevoEscucha.cortar();
    await expect.poll(() => central.escuchando).toBe(false);
    const ctrl = await ingreso();
    relevoEscucha.abrir();
    // Back, it tries to catch up through the pool, still cut: that fails and is retried.
    await expect
      .poll(() => registro.includes('en vivo: no se pudo leer lo pendiente; se reintenta'), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(central.escuchando).toBe(true);
    const salida = flujo();
    relevoPool.abrir();
    await expect.poll(() => salida.texto, { timeout: 20_000 }).toContain(`"ctrl":${ctrl},`);
  });
});
