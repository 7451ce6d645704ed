/**
 * The terminal's own data (issue 21): name, CUIT and address, kept once as company 0's row —
 * the name is the one the administration lists as company 0 and the coordinate card prints; the
 * three go on the weighing ticket. The set-up (features/inicializacion) writes them first; the
 * administration and the CLI change them here, audited.
 */
import type { z } from 'zod';
import {
  datosTerminalBody,
  modificarTerminalBody,
  type DatosTerminal,
  type DatosTerminalBody,
  type ModificarTerminalBody,
} from '../../../shared/contracts/terminal';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import { MENSAJES_TERMINAL as M } from '../../../shared/textos';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db, DbOTx } from '../../db/client';
import { conflicto, errorDeCampo, ErrorHttp, solicitudInvalida } from '../../errores';
import { bloquearTerminal, datosTerminal, guardarTerminal } from './repository';

/**
 * The contract's own checks (trimmed, NFC, lengths, the CUIT's check digit), for callers that do
 * not come through a route: the CLI passes what the operator typed. Refused naming the field.
 */
function leer<S extends z.ZodType>(esquema: S, datos: unknown): z.output<S> {
  const r = esquema.safeParse(datos);
  if (r.success) return r.data;
  const problema = r.error.issues[0]!;
  throw errorDeCampo(problema.path.join('.') || 'datos', problema.message);
}

/** The terminal's data; 404 before the set-up. */
export async function datos(db: DbOTx): Promise<DatosTerminal> {
  const d = await datosTerminal(db);
  if (!d) throw new ErrorHttp(404, M.sinInicializar);
  return d;
}

/**
 * Writes the terminal's data in the set-up's transaction, audited with the set-up's actor.
 * Returns them as stored.
 */
export async function crearEn(
  tx: DbOTx,
  actor: Actor,
  nuevos: DatosTerminalBody,
): Promise<DatosTerminal> {
  const d = leer(datosTerminalBody, nuevos);
  await guardarTerminal(tx, d);
  await auditar(tx, {
    ...actor,
    accion: 'crear',
    tabla: 'empresas',
    filaId: CODEMPRE_ADMINISTRADOR,
    despues: d,
  });
  return d;
}

/** Changes some of the terminal's data (the fields given); audited before and after. */
export async function modificar(
  db: Db,
  actor: Actor,
  cambios: ModificarTerminalBody,
): Promise<DatosTerminal> {
  const leidos = leer(modificarTerminalBody, cambios);
  const dados = Object.fromEntries(
    Object.entries(leidos).filter(([, v]) => v !== undefined),
  ) as Partial<DatosTerminal>;
  if (Object.keys(dados).length === 0) throw solicitudInvalida(M.sinCambios);
  return db.transaction(async (tx) => {
    const antes = await bloquearTerminal(tx);
    if (!antes) throw conflicto(M.sinInicializar);
    const despues = { ...antes, ...dados };
    await guardarTerminal(tx, despues);
    await auditar(tx, {
      ...actor,
      accion: 'modificar',
      tabla: 'empresas',
      filaId: CODEMPRE_ADMINISTRADOR,
      antes,
      despues,
    });
    return despues;
  });
}
