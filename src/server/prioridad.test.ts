/**
 * The deliveries' backends at a low priority (prioridad.ts): a PostgreSQL backend on this machine
 * that serves the very socket is lowered; one reached through something in between (a pooler, a
 * proxy, another machine) is left as it is, whatever local process its id names.
 */
import net from 'node:net';
import { getPriority } from 'node:os';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { bajarPrioridadDelServidor } from './prioridad';
import { puedeCambiarPrioridad } from './test/prioridad';

const url = new URL(inject('urlServidorPg'));
url.pathname = '/postgres';
const clientes: pg.Client[] = [];
const proxies: net.Server[] = [];

async function cliente(connectionString: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString });
  await c.connect();
  clientes.push(c);
  return c;
}

async function pidDe(c: pg.Client): Promise<number> {
  return (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
}

/** A plain TCP relay to the server: the backend sees the relay's socket, not the client's. */
async function proxy(): Promise<string> {
  const servidor = net.createServer((entrada) => {
    const salida = net.connect(Number(url.port || 5432), url.hostname);
    entrada.pipe(salida).pipe(entrada);
    entrada.on('error', () => salida.destroy());
    salida.on('error', () => entrada.destroy());
  });
  await new Promise<void>((listo) => servidor.listen(0, '127.0.0.1', listo));
  proxies.push(servidor);
  const otra = new URL(url);
  otra.hostname = '127.0.0.1';
  otra.port = String((servidor.address() as net.AddressInfo).port);
  return otra.toString();
}

afterAll(async () => {
  await Promise.all(clientes.map((c) => c.end()));
  await Promise.all(proxies.map((s) => new Promise((listo) => s.close(listo))));
});

// The run's server is on this machine (embedded, or DATABASE_URL on 127.0.0.1).
describe('bajarPrioridadDelServidor', () => {
  it('baja el proceso de PostgreSQL que atiende esta conexión, y solo ese', async () => {
    const bajo = await cliente(url.toString());
    const otro = await cliente(url.toString());
    const pid = await pidDe(bajo);
    const esperado = puedeCambiarPrioridad(pid) ? 10 : undefined;
    expect(await bajarPrioridadDelServidor(bajo, 10)).toBe(esperado);
    expect(getPriority(pid)).toBe(esperado ?? 0);
    expect(getPriority(await pidDe(otro))).toBe(0);
    // The connection still works as before.
    expect((await bajo.query('select 1 as uno')).rows).toEqual([{ uno: 1 }]);
  });

  it('no toca nada cuando el proceso no atiende este socket (un intermediario)', async () => {
    const c = await cliente(await proxy());
    const pid = await pidDe(c);
    expect(await bajarPrioridadDelServidor(c, 10)).toBeUndefined();
    expect(getPriority(pid)).toBe(0);
  });
});
