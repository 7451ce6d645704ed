import type { ValoresTarjeta } from '../features/auth/tarjetas';
export { ingresarCon } from './sesion';

export interface TarjetaJson {
  usuario: string;
  ctrltarjeta: number;
  celdas: ValoresTarjeta;
}

/** The card printed by `tarjeta emitir --json`: its whole output is that one JSON object. */
export function leerTarjetaJson(salida: string): TarjetaJson {
  return JSON.parse(salida.trim()) as TarjetaJson;
}
