/**
 * What goes wrong when the portal or the CLI starts — bad configuration, a database that does
 * not answer, a port in use — said in one Spanish line with its remedy, never a stack: the
 * person reading it is an operator at a terminal, not a developer.
 */

/** A start-up failure whose message is already the line to print. */
export class ErrorDeArranque extends Error {
  constructor(mensaje: string) {
    super(mensaje);
    this.name = 'ErrorDeArranque';
  }
}

interface ErrorDeSistema {
  code?: string;
  message?: string;
  port?: number;
  address?: string;
  path?: string;
  hostname?: string;
  cause?: unknown;
}

export interface ContextoArranque {
  port?: number;
  host?: string;
  /** The external database's URL, when there is one (its password is never printed). */
  databaseUrl?: string;
  dataDir?: string;
}

/** The database's address as the operator configured it, without its password. */
function donde(c: ContextoArranque): string {
  if (!c.databaseUrl) return 'el PostgreSQL embebido';
  try {
    const u = new URL(c.databaseUrl);
    return `${u.hostname}:${u.port || '5432'}${u.pathname} (DATABASE_URL)`;
  } catch {
    return 'DATABASE_URL';
  }
}

const primeraLinea = (texto: string) => texto.split('\n')[0]!.trim();

/** One line for the operator: what failed and what to do. */
export function explicarErrorDeArranque(error: unknown, c: ContextoArranque = {}): string {
  if (error instanceof ErrorDeArranque) return error.message;
  const e = (error ?? {}) as ErrorDeSistema;
  const base = donde(c);
  switch (e.code) {
    case 'ECONNREFUSED':
      return (
        `No se pudo conectar a PostgreSQL en ${base}: la conexión fue rechazada. Verifique que ` +
        `el servidor esté andando y su dirección${c.databaseUrl ? ', o quite DATABASE_URL para usar el PostgreSQL embebido' : ''}.`
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `No se encontró el servidor de PostgreSQL ${e.hostname ?? ''} de ${base}: revise el nombre del host en DATABASE_URL.`;
    case 'ETIMEDOUT':
      return `PostgreSQL en ${base} no respondió a tiempo: revise la red, un firewall o la dirección en DATABASE_URL.`;
    case '28P01':
      return `PostgreSQL en ${base} rechazó la contraseña: revise usuario y clave en DATABASE_URL.`;
    case '28000':
      return `PostgreSQL en ${base} no acepta a ese usuario: revise el usuario de DATABASE_URL y pg_hba.conf.`;
    case '3D000':
      return `La base de datos de ${base} no existe: créela (createdb) o corrija su nombre en DATABASE_URL.`;
    case '42501':
      return `El usuario de ${base} no tiene permiso para crear las tablas del portal: use el dueño de la base o déle permisos.`;
    case '53300':
      return `PostgreSQL en ${base} no acepta más conexiones: baje DB_POOL_MAX o suba max_connections.`;
    case 'EADDRINUSE':
      return `El puerto ${e.port ?? c.port} ya está en uso en ${c.host ?? e.address}: detenga el otro proceso o elija otro puerto con PORT=.`;
    case 'EADDRNOTAVAIL':
      return `La dirección HOST=${c.host ?? e.address} no es de esta máquina: use 127.0.0.1, 0.0.0.0 o una dirección propia.`;
    case 'EACCES':
      if (e.path) {
        return `Sin permiso para usar ${e.path}: elija una carpeta propia con DATA_DIR= o corrija sus permisos.`;
      }
      return `Sin permiso para escuchar en el puerto ${e.port ?? c.port}: use un puerto de 1024 en adelante (PORT=3000).`;
    case 'EROFS':
    case 'ENOSPC':
      return `No se puede escribir en ${e.path ?? c.dataDir ?? 'DATA_DIR'} (${e.code === 'ENOSPC' ? 'disco lleno' : 'sistema de archivos de solo lectura'}): libere espacio o elija otro DATA_DIR.`;
  }
  const causa = e.cause;
  if (causa && causa !== error) return explicarErrorDeArranque(causa, c);
  const mensaje = primeraLinea(e.message ?? String(error));
  return `No se pudo iniciar: ${mensaje}`;
}
