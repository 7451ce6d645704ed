/**
 * Run by db/client.test.ts as a process of its own: a client of the portal's pool is handed out
 * (as a transaction holds it between two statements) when its server ends the connection, as a
 * failover or a restart does. Prints 'sigue' if the process survived it and the pool still works.
 */
import { conectar } from '../db/client';

const base = conectar(process.env.DATABASE_URL!, { max: 2, timeZone: 'UTC' });
const prestada = await base.pool.connect();
const { rows } = await prestada.query<{ pid: number }>('select pg_backend_pid() as pid');
const cortada = new Promise((resolve) => prestada.once('end', resolve));
await base.pool.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
await cortada;
prestada.release(new Error('cortada'));
await base.pool.query('select 1');
console.log('sigue');
await base.cerrar();
