/**
 * Coordinate cards of people (design section 3): issuing one, which revokes the previous card
 * and closes its sessions, and printing the sheet of a card just issued. The values exist in
 * clear only in the answer that issues them; tarjetas.ts holds how they are drawn and hashed.
 */
import type { TarjetaEmitida } from '../../../../shared/contracts/auth';
import { CODEMPRE_ADMINISTRADOR } from '../../../../shared/estados';
import { MENSAJES_ADMINISTRACION as M } from '../../../../shared/textos';
import { exigirReautenticacion, type Alcance } from '../../../acceso';
import { auditar, type Actor } from '../../../db/auditoria';
import type { Db, DbOTx } from '../../../db/client';
import { conflicto } from '../../../errores';
import { transaccionDeSesiones } from '../cache-sesiones';
import { cerrarSesionesEn, exigirUsuario } from '../sesiones/servicio';
import { tarjetaEnPdf } from '../tarjeta-pdf';
import {
  CELDAS,
  generarValores,
  HMAC_NULO,
  hmacCelda,
  mismoHmac,
  type ValoresTarjeta,
} from '../tarjetas';
import { hmacsDeTarjeta, insertarTarjeta, tarjetaParaImprimir, tarjetaVigente } from './repository';

/**
 * A new card for the user in the caller's transaction; the previous one is revoked and every
 * session opened with it closed (ASVS 7.4.3). Returns the values: the only moment they exist
 * in clear.
 */
export async function emitirTarjetaEn(
  tx: DbOTx,
  secreto: string,
  usuarioId: number,
): Promise<{ ctrltarjeta: number; celdas: ValoresTarjeta; sesionesCerradas: number }> {
  const celdas = generarValores();
  const ctrltarjeta = await insertarTarjeta(tx, secreto, usuarioId, celdas);
  const sesionesCerradas = await cerrarSesionesEn(tx, usuarioId);
  return { ctrltarjeta, celdas, sesionesCerradas };
}

/**
 * Issues a card to the user `nombre`, audited with the card it replaces and the sessions it
 * closed (never with its values). From the administration it needs a fresh step-up.
 */
export async function emitirTarjeta(
  db: Db,
  secreto: string,
  alcance: Alcance,
  nombre: string,
  actor: Actor,
): Promise<TarjetaEmitida & { celdas: ValoresTarjeta }> {
  exigirReautenticacion(alcance);
  return transaccionDeSesiones(db, async (tx) => {
    const usuario = await exigirUsuario(tx, nombre);
    return emitirTarjetaAuditadaEn(tx, secreto, usuario, actor);
  });
}

/**
 * `emitirTarjetaEn` with its audit row, in the caller's transaction: the administration's act
 * above, and the first administrator's card at the set-up (features/inicializacion).
 */
export async function emitirTarjetaAuditadaEn(
  tx: DbOTx,
  secreto: string,
  usuario: { id: number; usuario: string },
  actor: Actor,
): Promise<TarjetaEmitida & { celdas: ValoresTarjeta }> {
  const anterior = await tarjetaVigente(tx, usuario.id);
  const { sesionesCerradas, ...tarjeta } = await emitirTarjetaEn(tx, secreto, usuario.id);
  const emitida = (await tarjetaVigente(tx, usuario.id))!.emitida;
  await auditar(tx, {
    ...actor,
    accion: 'emitir_tarjeta',
    tabla: 'tarjetas',
    filaId: tarjeta.ctrltarjeta,
    antes: { usuario: usuario.usuario, tarjeta: anterior?.ctrl ?? null },
    despues: { usuario: usuario.usuario, tarjeta: tarjeta.ctrltarjeta, sesionesCerradas },
  });
  return { usuario: usuario.usuario, ...tarjeta, emitida };
}

/** How long after issuing a card its printable sheet may be asked for. */
const MINUTOS_PARA_IMPRIMIR = 15;

/**
 * The printable sheet of a card just issued: the screen that issued it sends back the values it
 * holds, and they must be the user's card in use, cell by cell (a sheet of made-up or old
 * values is refused), issued within the last 15 minutes. Nothing is stored; the audit records
 * that it was printed, without the values.
 */
export async function tarjetaImprimible(
  db: Db,
  secreto: string,
  pedido: { usuario: string; ctrltarjeta: number; celdas: Record<string, number> },
  actor: Actor,
  opciones: { soloAdministradores?: boolean; ingreso?: string } = {},
): Promise<{ pdf: Buffer; archivo: string }> {
  const datos = await tarjetaParaImprimir(
    db,
    pedido.usuario,
    pedido.ctrltarjeta,
    MINUTOS_PARA_IMPRIMIR,
  );
  const guardados = datos ? await hmacsDeTarjeta(db, datos.ctrl) : new Map<string, string>();
  const coinciden =
    CELDAS.every((c) => pedido.celdas[c] !== undefined) &&
    CELDAS.map((c) =>
      mismoHmac(
        hmacCelda(secreto, pedido.ctrltarjeta, c, pedido.celdas[c] ?? 0),
        guardados.get(c) ?? HMAC_NULO,
      ),
    ).every(Boolean);
  if (!datos || !coinciden) throw conflicto(M.tarjetaNoVigente);
  if (!datos.reciente) throw conflicto(M.tarjetaVieja);
  if (opciones.soloAdministradores && datos.codempre !== CODEMPRE_ADMINISTRADOR) {
    throw conflicto(M.tarjetaNoAdministrador);
  }
  const pdf = await tarjetaEnPdf({
    terminal: datos.terminal,
    usuario: datos.usuario,
    empresa: datos.empresa,
    ctrltarjeta: datos.ctrl,
    emitida: datos.emitida,
    celdas: pedido.celdas as ValoresTarjeta,
    ingreso: opciones.ingreso,
  });
  await auditar(db, {
    ...actor,
    accion: 'imprimir_tarjeta',
    tabla: 'tarjetas',
    filaId: datos.ctrl,
    despues: { usuario: datos.usuario },
  });
  return { pdf, archivo: `tarjeta-${datos.usuario}-${datos.ctrl}.pdf` };
}

/** The user's card in use (number and issue instant), or null. */
export const tarjetaDe = async (db: DbOTx, usuarioId: number) =>
  (await tarjetaVigente(db, usuarioId)) ?? null;
