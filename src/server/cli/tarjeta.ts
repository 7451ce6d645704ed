import * as auth from '../features/auth/servicio';
import { tarjetaEnTexto, type ValoresTarjeta } from '../features/auth/tarjetas';
import { CLI } from './actor';
import { OPCION_JSON, type Comando, type Contexto } from './comandos';

/**
 * A card issued, shown once: its grid and a closing line, or with --json exactly
 * `{ usuario, ctrltarjeta, celdas }` (the run contract, design section 10).
 */
export function mostrarTarjeta(
  c: Contexto,
  t: { usuario: string; ctrltarjeta: number; celdas: ValoresTarjeta },
  pie: string,
) {
  if (c.opciones.json) {
    const { usuario, ctrltarjeta, celdas } = t;
    c.escribir(JSON.stringify({ usuario, ctrltarjeta, celdas }));
    return;
  }
  c.escribir(tarjetaEnTexto(t.usuario, t.ctrltarjeta, t.celdas));
  c.escribir(pie);
}

/** --json of a command that issues a card. */
export const OPCION_JSON_TARJETA = {
  ...OPCION_JSON,
  descripcion: 'solo la tarjeta: { "usuario", "ctrltarjeta", "celdas": { "A1": 1234, … } }',
};

const USUARIO = { nombre: 'usuario', descripcion: 'nombre de ingreso' };

export const COMANDOS_TARJETA: Comando[] = [
  {
    nombre: 'tarjeta emitir',
    resumen:
      'emite una tarjeta de coordenadas nueva (revoca la anterior y cierra sus sesiones) y la muestra una sola vez',
    argumentos: [USUARIO],
    opciones: [OPCION_JSON_TARJETA],
    async ejecutar(c) {
      const t = await auth.emitirTarjeta(
        c.db,
        c.entorno.config.cardSecret,
        'terminal',
        c.args.usuario!.toLowerCase(),
        CLI,
      );
      mostrarTarjeta(
        c,
        t,
        '\nEntréguela a su titular: no se vuelve a mostrar. La tarjeta anterior quedó revocada.',
      );
    },
  },
  {
    nombre: 'tarjeta desbloquear',
    resumen: 'quita el bloqueo por cinco intentos fallidos (y la cuenta de fallos)',
    argumentos: [USUARIO],
    async ejecutar(c) {
      const nombre = c.args.usuario!.toLowerCase();
      await auth.desbloquear(c.db, nombre, CLI);
      c.escribir(`Usuario '${nombre}' desbloqueado.`);
    },
  },
];
