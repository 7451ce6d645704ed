/**
 * A truck's wait ('Espera', issue 15): how long it has been in its current status, and whether
 * that is past its business unit's thresholds. Times are the terminal's wall clock
 * ('2026-11-21T14:03:22', as the API sends them), read as plain numbers: the screen's own time
 * zone never enters, and the terminal's 'now' comes from the server (`relojTerminal`).
 */
import type { CamionEnPlaya } from '../../../shared/contracts/camiones';
import type { UmbralEspera } from '../../../shared/contracts/camiones';
import { ESTADOS_CAMION } from '../../../shared/estados';

export type NivelEspera = 'normal' | 'demorado' | 'excedido';

/** A wall-clock text as milliseconds, without any time zone ('…T00:00:00' of day 0 → 0). */
export function msDeFechaLocal(fecha: string): number {
  const [d, h] = fecha.split('T') as [string, string];
  const [a, m, dia] = d.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss] = h.split(':').map(Number) as [number, number, number];
  return Date.UTC(a, m - 1, dia, hh, mm, ss);
}

/**
 * The difference between the terminal's wall clock and this browser's `Date.now()`: the
 * terminal's now is `Date.now() + desfase`. `ahora` is the terminal's clock as the server said it
 * at `recibido`; without it, the browser's own time zone is the best guess.
 */
export function desfaseTerminal(ahora: string | undefined, recibido: number): number {
  if (ahora === undefined) return -new Date(recibido).getTimezoneOffset() * 60_000;
  return msDeFechaLocal(ahora) - recibido;
}

/** Whole minutes from `desde` (wall clock) to `ahora` (wall-clock ms); never negative. */
export const minutosDeEspera = (desde: string, ahora: number) =>
  Math.max(0, Math.floor((ahora - msDeFechaLocal(desde)) / 60_000));

/** '0 min', '12 min', '2 h 05 min', '26 h 00 min'. */
export function formatoEspera(minutos: number): string {
  if (minutos < 60) return `${minutos} min`;
  const h = Math.floor(minutos / 60);
  return `${h} h ${String(minutos % 60).padStart(2, '0')} min`;
}

/**
 * Past the warning a truck is late (amber), past the limit over it (red): only while it waits in
 * the yard ('Playa sin orden', 'Playa con orden'), and only where its unit has thresholds.
 */
export function nivelDeEspera(
  codestado: number,
  minutos: number,
  umbral: UmbralEspera | undefined,
): NivelEspera {
  if (!umbral) return 'normal';
  const limites =
    codestado === ESTADOS_CAMION.playaSinOrden
      ? [umbral.sinOrdenAviso, umbral.sinOrdenLimite]
      : codestado === ESTADOS_CAMION.playaConOrden
        ? [umbral.conOrdenAviso, umbral.conOrdenLimite]
        : null;
  if (!limites) return 'normal';
  return minutos >= limites[1]! ? 'excedido' : minutos >= limites[0]! ? 'demorado' : 'normal';
}

export interface Espera {
  minutos: number;
  texto: string;
  nivel: NivelEspera;
}

export function esperaDe(
  camion: CamionEnPlaya,
  ahora: number,
  umbral: UmbralEspera | undefined,
): Espera {
  const minutos = minutosDeEspera(camion.estado_desde, ahora);
  return {
    minutos,
    texto: formatoEspera(minutos),
    nivel: nivelDeEspera(camion.codestado, minutos, umbral),
  };
}

export interface ConteoEspera {
  total: number;
  demorados: number;
  excedidos: number;
}

/** Per status: how many trucks, and how many of them are late or over the limit. */
export function contarConEspera(
  camiones: CamionEnPlaya[],
  ahora: number,
  umbral: UmbralEspera | undefined,
): Record<1 | 2 | 3 | 4, ConteoEspera> {
  const cuentas = {
    1: { total: 0, demorados: 0, excedidos: 0 },
    2: { total: 0, demorados: 0, excedidos: 0 },
    3: { total: 0, demorados: 0, excedidos: 0 },
    4: { total: 0, demorados: 0, excedidos: 0 },
  };
  for (const c of camiones) {
    const cuenta = cuentas[c.codestado as 1 | 2 | 3 | 4];
    if (!cuenta) continue;
    cuenta.total++;
    const nivel = nivelDeEspera(c.codestado, minutosDeEspera(c.estado_desde, ahora), umbral);
    if (nivel === 'demorado') cuenta.demorados++;
    else if (nivel === 'excedido') cuenta.excedidos++;
  }
  return cuentas;
}

/** '(2 demorados, 1 excedido)', '' when none is. */
export function textoDemoras({ demorados, excedidos }: ConteoEspera): string {
  const partes: string[] = [];
  if (demorados) partes.push(`${demorados} ${demorados === 1 ? 'demorado' : 'demorados'}`);
  if (excedidos) partes.push(`${excedidos} ${excedidos === 1 ? 'excedido' : 'excedidos'}`);
  return partes.length ? `(${partes.join(', ')})` : '';
}
