/**
 * What the portal and the CLI share at start: the database (embedded in DATA_DIR or
 * DATABASE_URL), its migrations, the card secret and the demo data.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { esComodin, esDireccionLocal, type Config } from './config';
import { conectar, conexionDe, type BaseDeDatos } from './db/client';
import { baseVacia, cargarDemo, type TarjetaDemo } from './demo/datos';
import { abrirPostgresEmbebido, type PostgresEmbebido } from './db/embedded';
import { migrar } from './db/migrate';
import { ErrorDeArranque } from './errores-arranque';
import { tarjetaEnTexto } from './features/auth/tarjetas';

export type ConfigCompleta = Config & { cardSecret: string };

export interface Entorno {
  config: ConfigCompleta;
  /** Connection string of the database in use (embedded or DATABASE_URL). */
  url: string;
  /**
   * The same database without a pooler (DATABASE_DIRECT_URL, or `url` when unset): migrations,
   * backups and session advisory locks, which a pooler in transaction mode would break.
   */
  urlDirecta: string;
  base: BaseDeDatos;
  /** The embedded PostgreSQL, when DATABASE_URL is not set. */
  embebido?: PostgresEmbebido;
  cerrar(): Promise<void>;
  /** A forced exit: the embedded PostgreSQL, when it is ours to stop, stops at once. */
  abortar(): Promise<void>;
}

export const ARCHIVO_TARJETAS_DEMO = 'tarjetas-demo.txt';

/** The key is at least 32 bytes: a shorter one (an empty file, a truncated copy) is refused. */
export const BYTES_MINIMOS_CLAVE = 32;

/** A file only its owner reads: warn and fix it at start if it was left wider. */
async function soloElDuenio(archivo: string): Promise<void> {
  const { mode } = await fs.stat(archivo);
  if ((mode & 0o077) === 0) return;
  console.warn(
    `Aviso: ${archivo} tenía permisos ${(mode & 0o777).toString(8)}; se dejaron en 600 (solo su dueño lo lee).`,
  );
  await fs.chmod(archivo, 0o600);
}

/**
 * CARD_SECRET, or a random key kept in DATA_DIR/tarjetas.secreto (mode 0600), created on first
 * start. It is written to a temporary file and then linked into place, so nobody ever reads a
 * half-written key, and two processes starting at once end up with the same one (the second
 * link fails and reads the first's).
 */
export async function secretoTarjetas(config: Pick<Config, 'cardSecret' | 'dataDir'>) {
  if (config.cardSecret) return config.cardSecret;
  const archivo = path.join(config.dataDir, 'tarjetas.secreto');
  let contenido = await fs.readFile(archivo, 'utf8').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return undefined;
    throw e;
  });
  if (contenido === undefined) {
    await fs.mkdir(config.dataDir, { recursive: true });
    const temporal = `${archivo}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(temporal, `${randomBytes(32).toString('hex')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
    try {
      await fs.link(temporal, archivo);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      await fs.unlink(temporal);
    }
    contenido = await fs.readFile(archivo, 'utf8');
  }
  await soloElDuenio(archivo);
  const clave = contenido.trim();
  const bytes = Buffer.byteLength(clave);
  if (bytes < BYTES_MINIMOS_CLAVE) {
    throw new ErrorDeArranque(
      `La clave de las tarjetas en ${archivo} tiene ${bytes} bytes y el mínimo es ${BYTES_MINIMOS_CLAVE}: ` +
        'restáurela desde su respaldo (sin ella ninguna tarjeta emitida vale) o, si nunca se emitieron tarjetas, borre el archivo y el portal creará otra.',
    );
  }
  return clave;
}

/**
 * Whether to load the demo data into an empty database. Its users' cards sit in a file of
 * DATA_DIR, so on an address other machines reach (HOST=0.0.0.0) it loads only when asked for
 * by name (DEMO=1), and then every start says so.
 */
export function decidirDemo(config: Pick<Config, 'demo' | 'demoExplicita' | 'host'>): {
  cargar: boolean;
  aviso?: string;
} {
  if (!config.demo) return { cargar: false };
  if (esDireccionLocal(config.host)) return { cargar: true };
  if (!config.demoExplicita) {
    return {
      cargar: false,
      aviso:
        `Aviso: HOST=${config.host} es una dirección de red: no se cargan los datos de demostración ` +
        '(sus tarjetas están en un archivo de DATA_DIR). Para cargarlos igual, DEMO=1.',
    };
  }
  return {
    cargar: true,
    aviso:
      `Aviso: DEMO=1 con HOST=${config.host}: los usuarios de demostración (admin, cliente1, cliente2) ` +
      'entran con las tarjetas de DATA_DIR/tarjetas-demo.txt. Desactívelos antes de usar el portal en serio.',
  };
}

/**
 * Whether browsers can reach the portal at the origins it accepts (PUBLIC_URL, plugins/security.ts).
 * Behind HTTPS or a proxy they open it at an address the portal cannot guess, and without
 * PUBLIC_URL it would refuse every change they send: it does not start. Listening on every
 * address (HOST=0.0.0.0) it still works from this machine, so it starts and says so.
 */
export function revisarOrigenPublico(
  config: Pick<Config, 'publicUrl' | 'publicUrlExplicita' | 'host' | 'cookieSecure' | 'trustProxy'>,
): { aviso?: string } {
  if (config.publicUrlExplicita) return {};
  if (config.cookieSecure || config.trustProxy !== false) {
    const causa = config.cookieSecure ? 'COOKIE_SECURE=1' : 'TRUST_PROXY';
    throw new ErrorDeArranque(
      `Con ${causa} los navegadores abren el portal por otra dirección (la de HTTPS o del proxy): ` +
        'defina PUBLIC_URL con ella (PUBLIC_URL=https://acopio.example); si no, se rechazaría todo envío del navegador.',
    );
  }
  if (!esComodin(config.host)) return {};
  return {
    aviso:
      `Aviso: HOST=${config.host} sin PUBLIC_URL: solo se aceptan envíos de navegadores que abren ` +
      `${config.publicUrl.join(' o ')}. Para las demás máquinas, defina PUBLIC_URL con la dirección ` +
      'con que lo abren (PUBLIC_URL=http://10.0.0.7:3000).',
  };
}

/**
 * @param detenerPostgres 'siempre' for the portal (it owns the embedded server, even one it
 *   adopted after a crash); 'si-lo-inicie' for the CLI, which must not stop a running portal's.
 */
export async function prepararEntorno(
  config: Config,
  detenerPostgres: 'siempre' | 'si-lo-inicie',
): Promise<Entorno> {
  const embebido = config.databaseUrl ? undefined : await abrirPostgresEmbebido(config.dataDir);
  const url = config.databaseUrl ?? embebido!.url;
  const urlDirecta = config.databaseDirectUrl ?? url;
  try {
    await migrar(urlDirecta, { zonaHoraria: config.timeZone });
    const completa = { ...config, cardSecret: await secretoTarjetas(config) };
    const base = conectar(url, {
      max: config.dbPoolMax,
      timeZone: config.timeZone,
      urlDirecta,
    });
    const propio =
      embebido && (detenerPostgres === 'siempre' || embebido.iniciadoAqui) ? embebido : undefined;
    return {
      config: completa,
      url,
      urlDirecta,
      base,
      embebido,
      async cerrar() {
        await base.cerrar();
        await propio?.detener();
      },
      abortar: async () => propio?.abortar(),
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
  const { db } = entorno.base;
  // A session lock, so on a connection of its own straight to PostgreSQL: through a pooler in
  // transaction mode the unlock could reach another server connection than the lock.
  const cliente = new pg.Client(conexionDe(db).directa);
  await cliente.connect();
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
    await cliente.end().catch(() => undefined);
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
  const archivo = path.join(dataDir, ARCHIVO_TARJETAS_DEMO);
  await fs.writeFile(archivo, texto, { mode: 0o600 });
  // An existing file keeps its mode on rewrite: set it.
  await fs.chmod(archivo, 0o600);
}

/** The demo cards file, if there is one, readable by its owner only: checked at every start. */
export async function protegerTarjetasDemo(dataDir: string): Promise<void> {
  const archivo = path.join(dataDir, ARCHIVO_TARJETAS_DEMO);
  await soloElDuenio(archivo).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
}
