/**
 * The first set-up of a terminal (issue 21). On a database without an administrator nobody can
 * sign in, so the portal prints a one-time code in its log at start (`prepararCodigo`); whoever
 * holds it — the person who started the portal — names the terminal and its first administrator
 * once (`inicializar`), and gets that administrator's card. The CLI does the same without a code:
 * a shell on the server is already the terminal's. Afterwards there is nothing left to set up.
 */
import type { EstadoInicializacion } from '../../../shared/contracts/inicializacion';
import type { DatosTerminalBody } from '../../../shared/contracts/terminal';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import { MENSAJES_INICIALIZACION as M } from '../../../shared/textos';
import { hashToken } from '../../acceso';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db } from '../../db/client';
import { conflicto, ErrorHttp } from '../../errores';
import * as auth from '../auth/servicio';
import * as terminal from '../terminal/servicio';
import * as usuarios from '../usuarios/servicio';
import { mismoHash, normalizarCodigo, nuevoCodigo } from './codigo';
import {
  bloquearInicializacion,
  borrarCodigos,
  codigosVigentes,
  guardarCodigo,
  hayAdministrador,
} from './repository';

/** How long a code printed at start is worth; a restart prints a new one. */
export const HORAS_CODIGO = 12;

/** The hash a code is kept and compared as; one that cannot be a code matches nothing. */
const hashDeCodigo = (codigo: string) => {
  const normalizado = normalizarCodigo(codigo);
  return normalizado ? hashToken(normalizado) : '0'.repeat(64);
};

/** Whether the set-up is still to be done: no administrator exists. Nothing else is said. */
export async function estado(db: Db): Promise<EstadoInicializacion> {
  return { pendiente: !(await hayAdministrador(db)) };
}

/**
 * A new code for this process to print, when the set-up is pending; null when it is not. Each
 * process that starts keeps its own (only the hash), so any of the codes in the logs works.
 */
export function prepararCodigo(
  db: Db,
  horas = HORAS_CODIGO,
): Promise<{ codigo: string; vence: string } | null> {
  return db.transaction(async (tx) => {
    // Behind a set-up under way: no code is made once an administrator exists.
    await bloquearInicializacion(tx);
    if (await hayAdministrador(tx)) return null;
    const codigo = nuevoCodigo();
    const vence = await guardarCodigo(tx, hashDeCodigo(codigo), horas);
    return { codigo, vence };
  });
}

export interface PedidoInicializacion extends DatosTerminalBody {
  /** The first administrator's user name. */
  usuario: string;
}

/** Who asks: a browser with the code from the log, or the CLI on the server. */
export type Origen = { codigo: string; ip: string } | 'cli';

/**
 * The set-up, in one transaction behind an advisory lock (two at once, in any processes: one
 * wins, the other finds the administrator and gets 409): the code checked, company 0 with the
 * terminal's data, the administrator, its card, the codes deleted, all audited as
 * 'inicializacion'. Returns the card: the only moment its values exist in clear.
 */
export async function inicializar(
  db: Db,
  secreto: string,
  pedido: PedidoInicializacion,
  origen: Origen,
): ReturnType<typeof auth.emitirTarjetaAuditadaEn> {
  const actor: Actor = {
    usuarioId: null,
    actor: 'inicializacion',
    ip: origen === 'cli' ? null : origen.ip,
  };
  const hash = origen === 'cli' ? null : hashDeCodigo(origen.codigo);
  return db.transaction(async (tx) => {
    await bloquearInicializacion(tx);
    if (await hayAdministrador(tx)) throw conflicto(M.yaInicializada);
    if (hash !== null) {
      // Every valid code is compared, in constant time, whatever matched before.
      const coincide = (await codigosVigentes(tx)).map((h) => mismoHash(h, hash));
      if (!coincide.includes(true)) throw new ErrorHttp(403, M.codigoIncorrecto);
    }
    const { nombre, cuit, direccion } = pedido;
    const datos = await terminal.crearEn(tx, actor, { nombre, cuit, direccion });
    const administrador = await usuarios.crear(tx, 'terminal', actor, {
      usuario: pedido.usuario,
      codempre: CODEMPRE_ADMINISTRADOR,
      unidades: [],
    });
    const tarjeta = await auth.emitirTarjetaAuditadaEn(tx, secreto, administrador, actor);
    const codigosBorrados = await borrarCodigos(tx);
    await auditar(tx, {
      ...actor,
      accion: 'inicializar',
      tabla: 'empresas',
      filaId: CODEMPRE_ADMINISTRADOR,
      despues: {
        ...datos,
        administrador: administrador.usuario,
        tarjeta: tarjeta.ctrltarjeta,
        origen: origen === 'cli' ? 'cli' : 'web',
        codigosBorrados,
      },
    });
    return tarjeta;
  });
}

/**
 * The printable sheet of the card the set-up just showed. The page that shows it has no session
 * yet: the card's fifty values are the proof (checked against its HMACs, as the administration's
 * sheet is), and only an administrator's card issued in the last 15 minutes is printed here.
 */
export function tarjetaImprimible(
  db: Db,
  secreto: string,
  pedido: { usuario: string; ctrltarjeta: number; celdas: Record<string, number> },
  ip: string,
  ingreso?: string,
): Promise<{ pdf: Buffer; archivo: string }> {
  const actor: Actor = { usuarioId: null, actor: 'inicializacion', ip };
  return auth.tarjetaImprimible(db, secreto, pedido, actor, { soloAdministradores: true, ingreso });
}
