/**
 * The portal's connections through a pooler (issue 26, part 4). Run by scripts/pgbouncer.ts with
 * DATABASE_URL at a PgBouncer 1.18 in transaction mode and DATABASE_DIRECT_URL straight at its
 * PostgreSQL: it proves the pooler is really in between (its admin console lists this file's
 * database in transaction mode; two clients share one server connection), that the terminal's
 * time zone holds on every server connection, and that named prepared statements are off. In
 * the other runs (no pooler) the same tests check the direct behaviour: one server connection
 * per client, the zone in the startup packet, named statements prepared once per connection.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { leerConfig } from '../config';
import { crearBaseDePrueba } from '../test/app';
import { conectar, conexionDe, type BaseDeDatos, type DbOTx } from './client';
import { leerPreparada, sentenciaPreparada } from './sql';

const agrupada = inject('urlServidorAgrupado') !== inject('urlServidorPg');

let base: Awaited<ReturnType<typeof crearBaseDePrueba>>;
const abiertas: BaseDeDatos[] = [];

/** A pool of one connection to this file's database, as the portal opens it. */
function pool(timeZone = 'America/Argentina/Buenos_Aires') {
  const b = conectar(base.url, { max: 1, timeZone, urlDirecta: base.urlDirecta });
  abiertas.push(b);
  return b;
}

const pid = async (b: BaseDeDatos) =>
  (await b.pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

beforeAll(async () => {
  base = await crearBaseDePrueba('vacia');
});

afterAll(async () => {
  for (const b of abiertas) await b.cerrar();
  await base?.borrar();
});

it('conectar sabe si pasa por un agrupador: DATABASE_DIRECT_URL distinta de DATABASE_URL', () => {
  const b = pool();
  expect(b.agrupada).toBe(agrupada);
  expect(conexionDe(b.db).agrupada).toBe(agrupada);
  expect(conexionDe(b.db).directa.connectionString).toBe(base.urlDirecta);
});

it('con agrupador, PgBouncer atiende en modo transacción y dos clientes comparten una conexión del servidor', async () => {
  const a = pool();
  const b = pool();
  // One after the other: the pooler lends the second client the server connection the first
  // one just gave back. Without a pooler each client has its own backend.
  const pidA = await pid(a);
  const pidB = await pid(b);
  if (agrupada) {
    expect(pidB).toBe(pidA);
    const consola = new pg.Client({
      connectionString: (() => {
        const u = new URL(inject('urlServidorAgrupado'));
        u.pathname = '/pgbouncer';
        return u.toString();
      })(),
    });
    await consola.connect();
    try {
      const { rows } = await consola.query<{ database: string; pool_mode: string }>('show pools');
      const nombre = new URL(base.url).pathname.slice(1);
      expect(rows.filter((r) => r.database === nombre).map((r) => r.pool_mode)).toEqual([
        'transaction',
      ]);
    } finally {
      await consola.end();
    }
  } else {
    expect(pidB).not.toBe(pidA);
  }
});

it('cada cliente ve siempre su zona horaria, aunque compartan conexiones del servidor', async () => {
  const terminal = pool('America/Argentina/Buenos_Aires');
  const otra = pool('Asia/Tokyo');
  const zona = async (ejecutor: DbOTx) =>
    (
      await ejecutor.execute<{ zona: string; hora: string }>(
        sql`select current_setting('TimeZone') as zona,
                   to_char(timestamptz '2026-11-21 12:00:00+00', 'HH24:MI') as hora`,
      )
    ).rows[0];
  const pids = new Set<number>();
  for (let i = 0; i < 3; i++) {
    expect(await zona(terminal.db)).toEqual({
      zona: 'America/Argentina/Buenos_Aires',
      hora: '09:00',
    });
    expect(await zona(otra.db)).toEqual({ zona: 'Asia/Tokyo', hora: '21:00' });
    // Inside a transaction as well (the way services read).
    expect(
      await terminal.db.transaction((tx) => tx.execute(sql`select 1`).then(() => zona(tx))),
    ).toEqual({ zona: 'America/Argentina/Buenos_Aires', hora: '09:00' });
    pids.add(await pid(terminal));
    pids.add(await pid(otra));
  }
  // Through the pooler both clients ran on the same server connection; straight, on two.
  expect(pids.size).toBe(agrupada ? 1 : 2);
});

it('las sentencias preparadas con nombre se apagan detrás del agrupador', async () => {
  const leer = sentenciaPreparada<{ n: number }, { doble: number }>(
    'acopio_prueba_agrupacion',
    (p) => sql`select ${p.n}::int * 2 as doble`,
  );
  const a = pool();
  const b = pool();
  // Two clients take turns on the statement: with names, behind the pooler the second would find
  // the first's statement on the shared server connection ("already exists").
  for (let i = 0; i < 3; i++) {
    expect(await leer(a.db, { n: i })).toEqual([{ doble: 2 * i }]);
    expect(await leer(b.db, { n: i + 10 })).toEqual([{ doble: 2 * (i + 10) }]);
  }
  const preparadas = await a.pool.query<{ name: string }>(
    `select name from pg_prepared_statements where name = 'acopio_prueba_agrupacion'`,
  );
  expect(preparadas.rows.map((r) => r.name)).toEqual(agrupada ? [] : ['acopio_prueba_agrupacion']);
});

it('una lectura preparada por su texto da las filas de execute, con nombre solo sin agrupador', async () => {
  const a = pool();
  const b = pool();
  // Dates, timestamps and numeric arrays stay PostgreSQL's text, as drizzle's execute keeps them.
  const consulta = (n: number) => sql`
    select ${n}::int * 2 as doble, '2026-11-28'::date as dia,
           '2026-11-28 09:30:00-03'::timestamptz as instante, '{1.50,2}'::numeric[] as cifras,
           '{45.5,80}'::float8[] as minutos`;
  for (let i = 0; i < 3; i++) {
    const esperadas = (await a.db.execute(consulta(i))).rows;
    expect(await leerPreparada(a.db, consulta(i))).toEqual(esperadas);
    expect(await leerPreparada(b.db, consulta(i + 10))).toEqual(
      (await b.db.execute(consulta(i + 10))).rows,
    );
  }
  expect(await leerPreparada(a.db, consulta(1))).toEqual([
    {
      doble: 2,
      dia: '2026-11-28',
      instante: '2026-11-28 09:30:00-03',
      cifras: '{1.50,2}',
      minutos: [45.5, 80],
    },
  ]);
  // One statement for every value, named by its text; none behind the pooler, where two clients
  // would meet each other's statements on one server connection.
  const preparadas = await a.pool.query<{ name: string }>(
    `select name from pg_prepared_statements where name like 'acopio\\_%'`,
  );
  expect(preparadas.rows).toHaveLength(agrupada ? 0 : 1);
});

it('la conexión directa escucha los avisos que se envían por el agrupador', async () => {
  const b = pool();
  const oyente = new pg.Client(conexionDe(b.db).directa);
  await oyente.connect();
  try {
    const llegado = new Promise<string | undefined>((resolve) =>
      oyente.on('notification', (n) => resolve(n.payload)),
    );
    await oyente.query('listen acopio_prueba_agrupacion');
    await b.db.execute(sql`select pg_notify('acopio_prueba_agrupacion', 'hola')`);
    expect(await llegado).toBe('hola');
    const { rows } = await oyente.query<{ zona: string }>(
      `select current_setting('TimeZone') as zona`,
    );
    expect(rows[0]!.zona).toBe('America/Argentina/Buenos_Aires');
  } finally {
    await oyente.end();
  }
});

it('DATABASE_DIRECT_URL sin DATABASE_URL no arranca, y sin ella DATABASE_URL sirve para todo', () => {
  const directa = 'postgres://acopio@db.interna:5432/acopio';
  expect(() => leerConfig({ DATABASE_DIRECT_URL: directa })).toThrow(
    /^Configuración inválida: DATABASE_DIRECT_URL sin DATABASE_URL/,
  );
  expect(leerConfig({ DATABASE_URL: directa }).databaseDirectUrl).toBeUndefined();
  expect(
    leerConfig({
      DATABASE_URL: 'postgres://acopio@pgbouncer.interna:6432/acopio',
      DATABASE_DIRECT_URL: directa,
    }).databaseDirectUrl,
  ).toBe(directa);
});
