/**
 * `npm run cli -- <comando>` (design section 10): the terminal's administration from a shell.
 * Works with the portal running or stopped: on the embedded database it shares the running
 * portal's PostgreSQL, or starts one for itself. Every command calls the same services as the
 * screens and the gate, so they cannot disagree. One file per command group; `--help` prints
 * the table built from their declarations (comandos.ts).
 */
import { prepararEntorno, type Entorno } from '../arranque';
import { leerConfig } from '../config';
import { ErrorHttp } from '../errores';
import { explicarErrorDeArranque } from '../errores-arranque';
import { ayudaDe, ayudaGeneral, ErrorUso, leer, type Comando } from './comandos';
import { COMANDOS_DEMO } from './demo';
import { COMANDOS_EMPRESAS } from './empresas';
import { COMANDOS_IMPORTACION } from './importacion';
import { COMANDOS_ENVASES } from './envases';
import { COMANDOS_PRODUCTOS } from './productos';
import { COMANDOS_INICIALIZACION } from './inicializacion';
import { COMANDOS_PURGAR } from './purgar';
import { COMANDOS_RESPALDO } from './respaldo';
import { COMANDOS_SESIONES } from './sesiones';
import { COMANDOS_SIMULAR } from './simular';
import { COMANDOS_STOCK } from './stock';
import { COMANDOS_TABLERO } from './tablero';
import { COMANDOS_TERMINAL } from './terminal';
import { COMANDOS_TARJETA } from './tarjeta';
import { COMANDOS_TOKEN } from './token';
import { COMANDOS_TURNOS } from './turnos';
import { COMANDOS_UNIDADES } from './unidades';
import { COMANDOS_USUARIOS } from './usuarios';

const COMANDOS: Comando[] = [
  ...COMANDOS_INICIALIZACION,
  ...COMANDOS_TERMINAL,
  ...COMANDOS_USUARIOS,
  ...COMANDOS_TARJETA,
  ...COMANDOS_SESIONES,
  ...COMANDOS_EMPRESAS,
  ...COMANDOS_UNIDADES,
  ...COMANDOS_PRODUCTOS,
  ...COMANDOS_ENVASES,
  ...COMANDOS_TOKEN,
  ...COMANDOS_STOCK,
  ...COMANDOS_IMPORTACION,
  ...COMANDOS_TABLERO,
  ...COMANDOS_TURNOS,
  ...COMANDOS_SIMULAR,
  ...COMANDOS_DEMO,
  ...COMANDOS_RESPALDO,
  ...COMANDOS_PURGAR,
];

/** 0 done, 1 failed, 2 refused (a wrong command line, or data the service refused). */
async function principal(palabras: string[]): Promise<number> {
  let lectura;
  try {
    lectura = leer(COMANDOS, palabras);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  if (lectura.tipo === 'ayuda') {
    console.log(lectura.comando ? ayudaDe(lectura.comando) : ayudaGeneral(COMANDOS));
    return 0;
  }

  let entorno: Entorno | undefined;
  try {
    const config = leerConfig();
    try {
      entorno = await prepararEntorno(config, 'si-lo-inicie');
    } catch (e) {
      console.error(explicarErrorDeArranque(e, config));
      return 1;
    }
    await lectura.comando.ejecutar({
      entorno,
      db: entorno.base.db,
      args: lectura.args,
      opciones: lectura.opciones,
      escribir: (linea) => console.log(linea),
    });
    return 0;
  } catch (e) {
    if (e instanceof ErrorUso) {
      console.error(e.message);
      return 2;
    }
    // What a service refuses (no such user, a name taken…) is the request's fault, as a 4xx.
    if (e instanceof ErrorHttp && e.statusCode < 500) {
      console.error(e.msj);
      return 2;
    }
    console.error(entorno ? `Error: ${(e as Error).message}` : explicarErrorDeArranque(e));
    return 1;
  } finally {
    await entorno?.cerrar();
  }
}

process.exitCode = await principal(process.argv.slice(2));
