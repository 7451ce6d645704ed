/**
 * What the gate and the scale may record, decided on the truck's locked row, and how a ticket's
 * net weight becomes stock movements (design sections 4 and 6). Pure functions.
 */
import { ESTADOS_CAMION } from '../../../shared/estados';
import { MENSAJES_OPERACIONES as M } from '../../../shared/textos';
import { conflicto, solicitudInvalida } from '../../errores';
import type { Movimiento } from '../stock/servicio';

/** An instant in UTC with microseconds, '2026-11-21T17:03:22.123456Z': compares as text. */
export type Instante = string;

export interface CamionEnOperacion {
  ctrl: number;
  codempre: number;
  unineg: number;
  codestado: number;
  ingplaya: Instante;
  finalizado_en: Instante | null;
  egreso_en: Instante | null;
}

const { playaSinOrden, operando, finalizado } = ESTADOS_CAMION;

/** The tare is weighed once, on a truck that holds a quota: nothing is loaded without an order. */
export function validarTara(camion: CamionEnOperacion) {
  if (camion.codestado === playaSinOrden) throw conflicto(M.taraSinCupo);
  if (camion.codestado === operando) throw conflicto(M.taraYaRegistrada);
  if (camion.codestado === finalizado) throw conflicto(M.camionFinalizado);
}

export interface TicketAbierto {
  ctrl: number;
  tara: number;
  fechatara: Instante;
}

/** The gross weighing closes the ticket the tare opened; returns that ticket. */
export function validarBruto(
  camion: CamionEnOperacion,
  ticket: TicketAbierto | undefined,
  bruto: number,
): TicketAbierto {
  if (camion.codestado === finalizado) throw conflicto(M.brutoYaRegistrado);
  if (camion.codestado !== operando || !ticket) throw conflicto(M.brutoSinTara);
  if (bruto < ticket.tara) throw solicitudInvalida(M.brutoMenorQueTara);
  return ticket;
}

/** Leaving is recorded once, after the gross weighing. */
export function validarEgreso(camion: CamionEnOperacion) {
  if (camion.egreso_en !== null) throw conflicto(M.egresoYaRegistrado);
  if (camion.codestado !== finalizado) throw conflicto(M.egresoSinFinalizar);
}

/** Each step happens after the one before it, by the clocks that report them. */
export function validarOrden(fecha: Instante, anterior: Instante, paso: string) {
  if (fecha < anterior) throw solicitudInvalida(M.fechaAnterior(paso));
}

/**
 * Splits `total` into whole parts proportional to `pesos` that add up exactly to `total`
 * (largest remainder: each part is the floor of its share, and the units left over go to the
 * largest remainders, the first one on a tie). BigInt, so that no weight loses precision.
 */
export function repartir(total: bigint, pesos: bigint[]): bigint[] {
  const suma = pesos.reduce((a, b) => a + b, 0n);
  if (suma <= 0n) throw new Error('repartir: la suma de los pesos debe ser positiva');
  const partes = pesos.map((p) => (total * p) / suma);
  const restos = pesos.map((p, i) => ({ i, resto: (total * p) % suma }));
  let sobrante = total - partes.reduce((a, b) => a + b, 0n);
  restos.sort((a, b) => (a.resto === b.resto ? a.i - b.i : a.resto > b.resto ? -1 : 1));
  for (const { i } of restos) {
    if (sobrante === 0n) break;
    partes[i]! += 1n;
    sobrante -= 1n;
  }
  return partes;
}

export interface CupoDelCamion {
  ctrl: number;
  codempre: number;
  unineg: number;
  tipo: 'D' | 'R';
  /** The amount linked to the truck: kilos for bulk, units for containers. */
  cantidad_asignada: number;
  /** Kilos per unit for a container quota; null for bulk. */
  peso_envase: number | null;
  productos: { codpro: number; porcentaje: number }[];
}

/** A decimal the database keeps with at most 3 places, as an exact integer of thousandths. */
const milesimas = (n: number) => BigInt(Math.round(n * 1000));

/**
 * The stock movements of a finished ticket (design section 6), in whole kilograms:
 * - the net is split among the truck's quotas in proportion to the kilos linked to each (units
 *   times the container's weight for a container quota), then among each quota's products by
 *   percentage, every part to the kilogram by largest remainder: the parts add up to the net;
 * - a reception (R) adds to the client's stock, a dispatch (D) takes out.
 */
export function movimientosDelTicket(
  netoKg: number,
  cupos: CupoDelCamion[],
  ticket: { ctrl: number; fecha: Instante },
): Movimiento[] {
  if (cupos.length === 0) return [];
  const pesos = cupos.map((c) => milesimas(c.cantidad_asignada) * milesimas(c.peso_envase ?? 1));
  const porCupo = repartir(BigInt(netoKg), pesos);
  return cupos.flatMap((c, i) => {
    const porProducto = repartir(
      porCupo[i]!,
      c.productos.map((p) => BigInt(Math.round(p.porcentaje * 100))),
    );
    const signo = c.tipo === 'R' ? 1 : -1;
    return c.productos.map((p, j) => ({
      codempre: c.codempre,
      unineg: c.unineg,
      codpro: p.codpro,
      tipo: c.tipo === 'R' ? ('recepcion' as const) : ('despacho' as const),
      kilos: signo * Number(porProducto[j]!),
      fecha: ticket.fecha,
      ticketCtrl: ticket.ctrl,
      cupoCtrl: c.ctrl,
    }));
  });
}
