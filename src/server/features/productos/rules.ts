/** The catalogue's rules that need no database: pure, tested without HTTP. */
import { texto } from '../../../shared/contracts/comun';
import { MENSAJES_PRODUCTOS as M } from '../../../shared/textos';
import { errorDeCampo } from '../../errores';
import type { UsosProducto } from './repository';

/** A product code: a positive integer that fits the column. */
export const codproValido = (codpro: number) =>
  Number.isInteger(codpro) && codpro > 0 && codpro <= 2_147_483_647;

const NOMBRE = texto(60);

/**
 * A name as the contract leaves it (trimmed, NFC, at most 60 characters, nothing invisible),
 * for callers that do not come through a contract (the CLI, the import); refused naming the
 * field.
 */
export function nombreDeProducto(nompro: string): string {
  const r = NOMBRE.safeParse(nompro);
  if (!r.success) throw errorDeCampo('nompro', M.nombreInvalido);
  if (r.data === '') throw errorDeCampo('nompro', M.nombreVacio);
  return r.data;
}

/** What keeps a product from being deleted, as the refusal names it; empty when nothing does. */
export function usosQueImpidenBorrar(u: UsosProducto): string[] {
  return [
    u.cupos > 0 && M.usoCupos(u.cupos),
    u.tickets > 0 && M.usoTickets(u.tickets),
    u.movimientos > 0 && M.usoMovimientos(u.movimientos),
    u.clientes > 0 && M.usoClientes(u.clientes),
  ].filter((x): x is string => typeof x === 'string');
}
