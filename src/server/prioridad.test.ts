/**
 * The deliveries' backends at a low priority (prioridad.ts): a PostgreSQL backend on this machine
 * that serves the very socket is lowered, never raised; one reached through something in between
 * (a proxy, a pooler, another machine) is left as it is, whatever local process its id names.
 * With the run's server elsewhere, nothing may change at all.
 */
import net from 'node:net';
import { setPriority } from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bajarPrioridadDelServidor } from './prioridad';
import { crearBaseDePrueba } from './test/app';
import { esBackendLocal, niceDe, puedeCambiarPrioridad } from './test/prioridad';

let base: Awaited<ReturnType<typeof crearBaseDePrueba>>;
let nombre = '';
const clientes: pg.Client[] = [];
const proxies: net.Server[] = [];

beforeAll(async () => {
  base = await crearBaseDePrueba('vacia');
  nombre = new URL(base.urlDirecta).pathname.slice(1);
});

async function cliente(connectionString: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString });
  await c.connect();
  clientes.push(c);
  return c;
}

/** The backend's id, as the server gave it at the start of the connection. */
const pidDe = (c: pg.Client) => (c as unknown as { processID: number }).processID;

/** A plain TCP relay to the server: the backend sees the relay's socket, not the client's. */
async function proxy(): Promise<string> {
  const destino = new URL(base.urlDirecta);
  const [puerto, host] = [Number(destino.port || 5432), destino.hostname];
  const servidor = net.createServer((entrada) => {
    const salida = net.connect(puerto, host);
    entrada.pipe(salida).pipe(entrada);
    entrada.on('error', () => salida.destroy());
    salida.on('error', () => entrada.destroy());
  });
  await new Promise<void>((listo) => servidor.listen(0, '127.0.0.1', listo));
  proxies.push(servidor);
  destino.hostname = '127.0.0.1';
  destino.port = String((servidor.address() as net.AddressInfo).port);
  return destino.toString();
}

afterAll(async () => {
  await Promise.all(clientes.map((c) => c.end()));
  await Promise.all(proxies.map((s) => new Promise((listo) => s.close(listo))));
  await base.borrar();
});

describe('bajarPrioridadDelServidor', () => {
  it('baja el proceso de PostgreSQL que atiende esta conexión, y solo ese', async () => {
    const bajo = await cliente(base.urlDirecta);
    const otro = await cliente(base.urlDirecta);
    const pid = pidDe(bajo);
    const antes = niceDe(pid)!;
    const antesOtro = niceDe(pidDe(otro));
    const despues = bajarPrioridadDelServidor(bajo, 10);
    if (!esBackendLocal(pid, nombre)) {
      // The server is on another machine: its id names no process of ours.
      expect(despues).toBeUndefined();
    } else if (puedeCambiarPrioridad(pid)) {
      expect(despues).toBe(Math.max(antes, 10));
      expect(niceDe(pid)).toBe(Math.max(antes, 10));
      expect(niceDe(pidDe(otro))).toBe(antesOtro);
    } else {
      expect(niceDe(pid)).toBe(antes);
    }
    // The connection still works as before.
    expect((await bajo.query('select 1 as uno')).rows).toEqual([{ uno: 1 }]);
  });

  it('nunca sube: un proceso que ya corre con menos prioridad queda como está', async () => {
    const c = await cliente(base.urlDirecta);
    const pid = pidDe(c);
    if (!esBackendLocal(pid, nombre) || !puedeCambiarPrioridad(pid)) {
      expect(bajarPrioridadDelServidor(c, 10)).toBeUndefined();
      return;
    }
    setPriority(pid, 15);
    expect(bajarPrioridadDelServidor(c, 10)).toBe(15);
    expect(niceDe(pid)).toBe(15);
  });

  it('no toca nada cuando el proceso no atiende este socket (un intermediario)', async () => {
    const c = await cliente(await proxy());
    const pid = pidDe(c);
    const antes = niceDe(pid);
    expect(bajarPrioridadDelServidor(c, 10)).toBeUndefined();
    expect(niceDe(pid)).toBe(antes);
  });
});
