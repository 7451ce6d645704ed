/**
 * Online, consistent backup and restore (`npm run cli -- respaldo|restaurar <archivo>`), with no
 * pg_dump: the embedded package ships none, and a system pg_dump older than the server refuses to
 * run. The backup reads every table inside one REPEATABLE READ snapshot with COPY, so what it
 * writes is the database at one instant while the portal keeps working. The file is gzip text:
 * a JSON header line, then per table a line `TABLA <name>`, its COPY text rows, and a line `\.`
 * (a data row can never be exactly `\.`: COPY escapes backslashes).
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import readline from 'node:readline';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { from as copiaDesde, to as copiaHacia } from 'pg-copy-streams';

const FORMATO = 'portal-acopio-respaldo';
const VERSION = 1;
const FIN_DE_TABLA = '\\.';

interface Cabecera {
  formato: string;
  version: number;
  fecha: string;
  migraciones: string[];
  tablas: string[];
}

export interface ResultadoRespaldo {
  tablas: { nombre: string; filas: number }[];
}

const ident = (nombre: string) => `"${nombre.replaceAll('"', '""')}"`;

/** The portal's tables, parents before children, so a restore can load them in this order. */
async function tablasEnOrden(cliente: pg.ClientBase): Promise<string[]> {
  const { rows: tablas } = await cliente.query<{ nombre: string }>(`
    select c.relname as nombre from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' order by c.relname`);
  const { rows: claves } = await cliente.query<{ hija: string; madre: string }>(`
    select h.relname as hija, m.relname as madre
    from pg_constraint k join pg_class h on h.oid = k.conrelid join pg_class m on m.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = 'public'::regnamespace and k.conrelid <> k.confrelid`);
  const pendientes = new Set(tablas.map((t) => t.nombre));
  const orden: string[] = [];
  while (pendientes.size) {
    const listas = [...pendientes].filter(
      (t) => !claves.some((k) => k.hija === t && pendientes.has(k.madre)),
    );
    if (!listas.length) throw new Error('Las claves foráneas forman un ciclo: no se puede ordenar');
    for (const t of listas) {
      orden.push(t);
      pendientes.delete(t);
    }
  }
  return orden;
}

async function migracionesAplicadas(cliente: pg.ClientBase): Promise<string[]> {
  const { rows } = await cliente.query<{ hash: string }>(
    `select hash from drizzle.__drizzle_migrations order by id`,
  );
  return rows.map((r) => r.hash);
}

async function abortar(copia: NodeJS.WritableStream, error: Error) {
  const stream = copia as NodeJS.WritableStream & { destroy(e: Error): void };
  stream.destroy(error);
  await finished(copia).catch(() => undefined);
}

async function escribir(destino: NodeJS.WritableStream, datos: string | Buffer) {
  if (!destino.write(datos)) await once(destino, 'drain');
}

export async function respaldar(url: string, archivo: string): Promise<ResultadoRespaldo> {
  const cliente = new pg.Client({ connectionString: url });
  await cliente.connect();
  const temporal = `${archivo}.parcial`;
  try {
    await cliente.query('begin isolation level repeatable read read only');
    const tablas = await tablasEnOrden(cliente);
    const cabecera: Cabecera = {
      formato: FORMATO,
      version: VERSION,
      fecha: new Date().toISOString(),
      migraciones: await migracionesAplicadas(cliente),
      tablas,
    };
    const gzip = createGzip();
    const salida = createWriteStream(temporal, { mode: 0o600 });
    gzip.pipe(salida);
    await escribir(gzip, `${JSON.stringify(cabecera)}\n`);
    const resultado: ResultadoRespaldo = { tablas: [] };
    for (const tabla of tablas) {
      await escribir(gzip, `TABLA ${tabla}\n`);
      let filas = 0;
      for await (const trozo of cliente.query(copiaHacia(`copy ${ident(tabla)} to stdout`))) {
        const bytes = trozo as Buffer;
        for (const b of bytes) if (b === 10) filas++;
        await escribir(gzip, bytes);
      }
      await escribir(gzip, `${FIN_DE_TABLA}\n`);
      resultado.tablas.push({ nombre: tabla, filas });
    }
    await cliente.query('commit');
    gzip.end();
    await finished(salida);
    // Only a complete file takes the name: an interrupted backup never overwrites a good one.
    await fs.rename(temporal, archivo);
    return resultado;
  } catch (e) {
    await fs.rm(temporal, { force: true });
    throw e;
  } finally {
    await cliente.end();
  }
}

/**
 * Replaces the whole content of the database with the file's, in one transaction: either the
 * restore completes or nothing changed. Sessions are restored too: users signed in after the
 * backup must sign in again.
 */
export async function restaurar(url: string, archivo: string): Promise<ResultadoRespaldo> {
  await fs.access(archivo);
  const descomprimido = createReadStream(archivo).pipe(createGunzip());
  const lineas = readline.createInterface({ input: descomprimido, crlfDelay: Infinity });
  // pipe() does not forward errors: a corrupt or cut file must end the reading, not hang it.
  let errorDeLectura: Error | undefined;
  descomprimido.on('error', (e) => {
    errorDeLectura = e;
    lineas.close();
  });
  const iterador = lineas[Symbol.asyncIterator]();
  const primera = await iterador.next().catch(() => ({ done: true as const, value: undefined }));
  let cabecera: Cabecera | undefined;
  try {
    cabecera = primera.done ? undefined : (JSON.parse(primera.value) as Cabecera);
  } catch {
    cabecera = undefined;
  }
  if (errorDeLectura || cabecera?.formato !== FORMATO || cabecera.version !== VERSION) {
    lineas.close();
    throw new Error(`${archivo} no es un respaldo del Portal Acopio.`);
  }

  const cliente = new pg.Client({ connectionString: url });
  await cliente.connect();
  try {
    const migraciones = await migracionesAplicadas(cliente);
    if (JSON.stringify(migraciones) !== JSON.stringify(cabecera.migraciones)) {
      throw new Error(
        'El respaldo corresponde a otra versión del esquema de la base: restáurelo con la misma ' +
          'versión del portal que lo generó.',
      );
    }
    await cliente.query('begin');
    const tablas = cabecera.tablas.map(ident);
    await cliente.query(`truncate ${tablas.join(', ')} restart identity`);
    // The file holds what the triggers derived (cupos.mezcla, the trucks' status history): the
    // rows go back as they were, without the triggers deriving them a second time. Disabling is
    // part of the transaction, so a failed restore leaves them enabled.
    for (const t of tablas) await cliente.query(`alter table ${t} disable trigger user`);
    const resultado: ResultadoRespaldo = { tablas: [] };
    let copia: NodeJS.WritableStream | undefined;
    let actual = { nombre: '', filas: 0 };
    for (;;) {
      const siguiente: IteratorResult<string> = await iterador.next();
      if (siguiente.done) break;
      const linea = siguiente.value;
      if (!copia) {
        if (!linea.startsWith('TABLA ')) throw new Error('Respaldo dañado: falta una tabla');
        actual = { nombre: linea.slice(6), filas: 0 };
        if (!cabecera.tablas.includes(actual.nombre))
          throw new Error(`Tabla desconocida: ${actual.nombre}`);
        copia = cliente.query(copiaDesde(`copy ${ident(actual.nombre)} from stdin`));
      } else if (linea === FIN_DE_TABLA) {
        copia.end();
        await finished(copia);
        copia = undefined;
        resultado.tablas.push(actual);
      } else {
        actual.filas++;
        await escribir(copia, `${linea}\n`);
      }
    }
    if (errorDeLectura || copia || resultado.tablas.length !== cabecera.tablas.length) {
      const error = new Error('Respaldo incompleto o dañado: no se restauró nada.');
      // An open COPY must be aborted (CopyFail) before the transaction can roll back.
      if (copia) await abortar(copia, error);
      throw error;
    }
    // Serial columns continue after the restored ids.
    const { rows: secuencias } = await cliente.query<{
      tabla: string;
      columna: string;
      secuencia: string;
    }>(`
      select table_name as tabla, column_name as columna,
             pg_get_serial_sequence(quote_ident(table_name), column_name) as secuencia
      from information_schema.columns
      where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`);
    for (const s of secuencias) {
      await cliente.query(
        `select setval($1, coalesce((select max(${ident(s.columna)}) from ${ident(s.tabla)}), 0) + 1, false)`,
        [s.secuencia],
      );
    }
    for (const t of tablas) await cliente.query(`alter table ${t} enable trigger user`);
    // The sessions and users are now the backup's: every portal process forgets what its
    // session cache holds when this commits (features/auth/cache-sesiones.ts).
    await cliente.query(`select pg_notify('acopio_sesiones', '*')`);
    await cliente.query('commit');
    return resultado;
  } catch (e) {
    await cliente.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    lineas.close();
    await cliente.end();
  }
}
