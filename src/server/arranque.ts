/**
 * What the portal and the CLI share at start: the database (embedded in DATA_DIR or
 * DATABASE_URL), its migrations, the card secret and the demo data.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from './config';
import { conectar, type BaseDeDatos } from './db/client';
import { baseVacia, cargarDemo, type TarjetaDemo } from './db/demo-data';
import { abrirPostgresEmbebido, type PostgresEmbebido } from './db/embedded';
import { migrar } from './db/migrate';
import { tarjetaEnTexto } from './features/auth/tarjetas';

export type ConfigCompleta = Config & { cardSecret: string };

export interface Entorno {
  config: ConfigCompleta;
  /** Connection string of the database in use (embedded or DATABASE_URL). */
  url: string;
  base: BaseDeDatos;
  /** The embedded PostgreSQL, when DATABASE_URL is not set. */
  embebido?: PostgresEmbebido;
  cerrar(): Promise<void>;
}

export const ARCHIVO_TARJETAS_DEMO = 'tarjetas-demo.txt';

/** CARD_SECRET, or a random key kept in DATA_DIR (mode 0600), created on first start. */
async function secretoTarjetas(config: Config): Promise<string> {
  if (config.cardSecret) return config.cardSecret;
  const archivo = path.join(config.dataDir, 'tarjetas.secreto');
  try {
    return (await fs.readFile(archivo, 'utf8')).trim();
  } catch {
    await fs.mkdir(config.dataDir, { recursive: true });
    const secreto = randomBytes(32).toString('hex');
    // 'wx': two processes starting at once cannot both write a different key.
    await fs.writeFile(archivo, `${secreto}\n`, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return (await fs.readFile(archivo, 'utf8')).trim();
  }
}

/**
 * @param detenerPostgres 'siempre' for the portal (it owns the embedded server, even one it
 *   adopted after a crash); 'si-lo-inicie' for the CLI, which must not stop a running portal's.
 */
export async function prepararEntorno(
  config: Config,
  detenerPostgres: 'siempre' | 'si-lo-inicie',
): Promise<Entorno> {
  const embebido = config.databaseUrl
    ? undefined
    : await abrirPostgresEmbebido(config.dataDir, {
        alFallar: (log) => console.error(log),
      });
  const url = config.databaseUrl ?? embebido!.url;
  try {
    await migrar(url);
    const completa = { ...config, cardSecret: await secretoTarjetas(config) };
    const base = conectar(url, { max: config.dbPoolMax, timeZone: config.timeZone });
    return {
      config: completa,
      url,
      base,
      embebido,
      async cerrar() {
        await base.cerrar();
        if (embebido && (detenerPostgres === 'siempre' || embebido.iniciadoAqui)) {
          await embebido.detener();
        }
      },
    };
  } catch (e) {
    if (embebido?.iniciadoAqui) await embebido.detener();
    throw e;
  }
}

const LLAVE_DEMO = 730_214_002;

/**
 * Loads the demo data when the database is empty and writes the demo cards to DATA_DIR.
 * Returns the cards when it loaded them, undefined when the database already had data.
 */
export async function cargarDemoSiVacia(entorno: Entorno): Promise<TarjetaDemo[] | undefined> {
  const { db, pool } = entorno.base;
  const cliente = await pool.connect();
  try {
    // Several instances starting together on one empty database load the demo once.
    await cliente.query('select pg_advisory_lock($1)', [LLAVE_DEMO]);
    if (!(await baseVacia(db))) return undefined;
    const tarjetas = await cargarDemo(db, entorno.config.cardSecret);
    await escribirTarjetasDemo(entorno.config.dataDir, tarjetas);
    await db.execute(sql`analyze`);
    return tarjetas;
  } finally {
    await cliente.query('select pg_advisory_unlock($1)', [LLAVE_DEMO]).catch(() => undefined);
    cliente.release();
  }
}

export async function escribirTarjetasDemo(dataDir: string, tarjetas: TarjetaDemo[]) {
  const texto = [
    'Portal Acopio — tarjetas de coordenadas de los usuarios de demostración.',
    'Al ingresar, el portal pide dos coordenadas: letra (fila) y posición (columna).',
    '',
    ...tarjetas.map(
      (t) =>
        `${tarjetaEnTexto(t.usuario, t.ctrl, t.valores)}\nEmpresa: ${t.nomempre} (codempre ${t.codempre})\n`,
    ),
  ].join('\n');
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(path.join(dataDir, ARCHIVO_TARJETAS_DEMO), texto, { mode: 0o600 });
}
