/**
 * The yard operations of the gate and the scale (ingreso, vincular, tara, bruto, egreso). Each
 * takes the truck's row first, decides on it (rules.ts), writes and audits, inside the caller's
 * transaction: `operar` runs one for the API in its own transaction under the request's
 * idempotency key, and the demo data runs the very same functions to fill its yard.
 */
import * as avisos from '../avisos/servicio';
import type { BrutoRespuesta, CamionOperado } from '../../../shared/contracts/operaciones';
import { ESTADOS_CAMION, NOMBRES_ESTADO, type CodEstado } from '../../../shared/estados';
import { MENSAJES_OPERACIONES as M } from '../../../shared/textos';
import type { TokenServicio } from '../../acceso';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db, Tx } from '../../db/client';
import { noEncontrado, solicitudInvalida } from '../../errores';
import { eventoEstado, tickets, vincularEn, type Vinculo } from '../camiones/servicio';
import { encolarEvento } from '../webhooks/servicio';
import { registrarEn } from '../stock/servicio';
import { conIdempotencia, type Respuesta } from './idempotencia';
import {
  bloquearCamionEnOperacion,
  camionSinTicket,
  cuposDelCamionParaReparto,
  empresaYUnidadExisten,
  finalizarCamion,
  insertarCamion,
  insertarTicket,
  marcarOperando,
  nombresDeProductos,
  registrarBrutoEnTicket,
  registrarEgresoCamion,
  resolverFecha,
  ticketAbierto,
  type CamionNuevo,
} from './repository';
import {
  type Instante,
  movimientosDelTicket,
  validarBruto,
  validarEgreso,
  validarOrden,
  validarTara,
} from './rules';

/** A time from the API (text) or from the demo data (a Date). */
type Fecha = string | Date | undefined;

async function fechaPlausible(tx: Tx, fecha: Fecha): Promise<Instante> {
  const r = await resolverFecha(tx, fecha);
  if (!r.plausible) throw solicitudInvalida(M.fechaFueraDeRango);
  return r.fecha;
}

async function camionBloqueado(tx: Tx, ctrl: number) {
  const camion = await bloquearCamionEnOperacion(tx, ctrl);
  if (!camion) throw noEncontrado();
  return camion;
}

const fotoCamion = (c: { codestado: number }) => ({ codestado: c.codestado });

/** The truck as every operation answers it, with its last ticket. */
async function camionOperado(tx: Tx, ctrl: number): Promise<CamionOperado> {
  const suyos = await tickets(tx, 'terminal', ctrl);
  return { ...(await camionSinTicket(tx, ctrl)), ticket: suyos.at(-1) ?? null };
}

export type DatosIngreso = Omit<CamionNuevo, 'pataco'> & {
  pataco?: string | null;
  cupo?: number;
  fecha?: Fecha;
};

/** A truck enters the yard: Playa sin orden, or Playa con orden when it names its quota. */
export async function registrarIngreso(
  tx: Tx,
  actor: Actor,
  d: DatosIngreso,
): Promise<CamionOperado> {
  const existen = await empresaYUnidadExisten(tx, d.codempre, d.unineg);
  if (!existen.empresa) throw solicitudInvalida(M.empresaInexistente);
  if (!existen.unidad) throw solicitudInvalida(M.unidadInexistente);
  const fecha = await fechaPlausible(tx, d.fecha);
  const nuevo = await insertarCamion(tx, { ...d, pataco: d.pataco ?? null }, fecha);
  const ctrl = nuevo.camion;
  await auditar(tx, {
    ...actor,
    accion: 'ingreso',
    tabla: 'camiones',
    filaId: ctrl,
    despues: {
      codempre: d.codempre,
      unineg: d.unineg,
      patcha: d.patcha,
      codestado: ESTADOS_CAMION.playaSinOrden,
    },
  });
  // Before its link below: an endpoint hears the truck entered, then that it got its order.
  // A truck just written has no quota, ticket or exit yet: its data needs no query.
  await encolarEvento(tx, {
    tipo: 'camion.ingresado',
    codempre: d.codempre,
    datos: {
      ...nuevo,
      nomestado: NOMBRES_ESTADO[nuevo.codestado as CodEstado],
      egreso: null,
      cupos: [],
      ticket: null,
    },
    grupo: `camion:${ctrl}`,
  });
  if (d.cupo !== undefined) {
    await vincularEn(tx, 'terminal', actor, { camion: ctrl, cupo: d.cupo, fecha });
  }
  return camionOperado(tx, ctrl);
}

/** The driver presents the order after entering: the trucks screen's link, done by the gate. */
export async function registrarVinculo(tx: Tx, actor: Actor, v: Vinculo): Promise<CamionOperado> {
  await vincularEn(tx, 'terminal', actor, v);
  return camionOperado(tx, v.camion);
}

export interface Pesaje {
  camion: number;
  kg: number;
  balanza: string;
  fecha?: Fecha;
}

/** Tare weighing: the ticket opens and the truck is Operando. */
export async function registrarTara(tx: Tx, actor: Actor, p: Pesaje): Promise<CamionOperado> {
  const camion = await camionBloqueado(tx, p.camion);
  validarTara(camion);
  const fecha = await fechaPlausible(tx, p.fecha);
  validarOrden(fecha, camion.ingplaya, 'el ingreso');
  const ticket = await insertarTicket(tx, camion.ctrl, { kg: p.kg, balanza: p.balanza, fecha });
  await marcarOperando(tx, camion.ctrl, fecha);
  await auditar(tx, {
    ...actor,
    accion: 'tara',
    tabla: 'camiones',
    filaId: camion.ctrl,
    antes: fotoCamion(camion),
    despues: { codestado: ESTADOS_CAMION.operando, ticket, tara: p.kg, baltara: p.balanza },
  });
  await encolarEvento(tx, eventoEstado(camion, ESTADOS_CAMION.operando));
  return camionOperado(tx, camion.ctrl);
}

/**
 * Gross weighing: the ticket closes (neto = bruto - tara), the truck is Finalizado and the net
 * goes to the stock ledger, product by product of its quotas, all in the caller's transaction.
 */
export async function registrarBruto(tx: Tx, actor: Actor, p: Pesaje): Promise<BrutoRespuesta> {
  const camion = await camionBloqueado(tx, p.camion);
  const abierto =
    camion.codestado === ESTADOS_CAMION.operando ? await ticketAbierto(tx, camion.ctrl) : undefined;
  const ticket = validarBruto(camion, abierto, p.kg);
  const fecha = await fechaPlausible(tx, p.fecha);
  validarOrden(fecha, ticket.fechatara, 'la tara');
  await registrarBrutoEnTicket(tx, ticket.ctrl, { kg: p.kg, balanza: p.balanza, fecha });
  const neto = p.kg - ticket.tara;
  const movimientos = movimientosDelTicket(neto, await cuposDelCamionParaReparto(tx, camion.ctrl), {
    ctrl: ticket.ctrl,
    fecha,
  });
  await registrarEn(tx, movimientos);
  await finalizarCamion(tx, camion.ctrl, fecha);
  await avisos.avisarCamionFinalizado(tx, camion);
  const nombres = await nombresDeProductos(
    tx,
    movimientos.map((m) => m.codpro),
  );
  const lineas = movimientos.map((m) => ({
    cupo: m.cupoCtrl!,
    codpro: m.codpro,
    nompro: nombres.get(m.codpro) ?? '',
    toneladas: m.kilos / 1000,
  }));
  await auditar(tx, {
    ...actor,
    accion: 'bruto',
    tabla: 'camiones',
    filaId: camion.ctrl,
    antes: fotoCamion(camion),
    despues: {
      codestado: ESTADOS_CAMION.finalizado,
      ticket: ticket.ctrl,
      bruto: p.kg,
      balbruto: p.balanza,
      neto,
      movimientos: lineas,
    },
  });
  const finalizado = { ...(await camionOperado(tx, camion.ctrl)), movimientos: lineas };
  await encolarEvento(tx, {
    tipo: 'camion.finalizado',
    codempre: camion.codempre,
    datos: finalizado,
    grupo: `camion:${camion.ctrl}`,
  });
  return finalizado;
}

/** The truck leaves the yard, once, after its gross weighing. */
export async function registrarEgreso(
  tx: Tx,
  actor: Actor,
  e: { camion: number; fecha?: Fecha },
): Promise<CamionOperado> {
  const camion = await camionBloqueado(tx, e.camion);
  validarEgreso(camion);
  const fecha = await fechaPlausible(tx, e.fecha);
  validarOrden(fecha, camion.finalizado_en!, 'el pesaje bruto');
  await registrarEgresoCamion(tx, camion.ctrl, fecha);
  await auditar(tx, {
    ...actor,
    accion: 'egreso',
    tabla: 'camiones',
    filaId: camion.ctrl,
    antes: { egreso_en: null },
    despues: { egreso_en: fecha },
  });
  return camionOperado(tx, camion.ctrl);
}

/** An operation as the API runs it: for a token, under an idempotency key, in a transaction. */
export interface Pedido<C> {
  token: TokenServicio;
  actor: Actor;
  /** The route's name ('ingreso', 'tara', …): part of what an idempotency key stands for. */
  operacion: string;
  /** The route's success status, kept with the answer for a replay. */
  status: number;
  clave: string | undefined;
  cuerpo: C;
}

export function operar<C, R>(
  db: Db,
  p: Pedido<C>,
  hacer: (tx: Tx, actor: Actor, cuerpo: C) => Promise<R>,
): Promise<Respuesta<R>> {
  return db.transaction((tx) =>
    conIdempotencia(
      tx,
      { clave: p.clave, tokenId: p.token.id, operacion: p.operacion, cuerpo: p.cuerpo },
      p.status,
      () => hacer(tx, p.actor, p.cuerpo),
    ),
  );
}
