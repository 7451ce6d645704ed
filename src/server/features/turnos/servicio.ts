/**
 * Turns (issue 24): the capacity calendar of each business unit and the bookings that take its
 * places. Rules on the terminal's wall clock (`reloj`, injected). No band ever holds more live
 * bookings than its capacity: every booking into a band locks the band's row first and counts
 * under that lock (repository `bloquearFranja`; docs/decisions.md).
 */
import type {
  CalendarioBody,
  CalendarioRespuesta,
  CambiarTurnoBody,
  CancelarTurnoBody,
  CopiarSemanaBody,
  DisponibilidadBody,
  DisponibilidadRespuesta,
  FranjaDisponible,
  GuardarExcepcionesBody,
  GuardarParametrosTurnosBody,
  GuardarPlantillaBody,
  ComprobanteTurno,
  OcupacionBody,
  OcupacionRespuesta,
  TurnoPausado,
  ParametrosTurnos,
  PausarBody,
  PausarRespuesta,
  PresentarTurnoBody,
  PresentarTurnoRespuesta,
  ReanudarBody,
  ReservarTurnoBody,
  Turno,
  TurnosBody,
} from '../../../shared/contracts/turnos';
import { DIAS_MAXIMOS_CONSULTA } from '../../../shared/contracts/turnos';
import { MENSAJES_TURNOS as M } from '../../../shared/textos';
import { exigirEmpresa, exigirUnidad, exigirVisible, type Alcance } from '../../acceso';
import { auditar, auditarVarias, type Actor } from '../../db/auditoria';
import { encolarEvento, type EventoCualquiera } from '../webhooks/servicio';
import type { Db, DbOTx, Tx } from '../../db/client';
import { conflicto, errorDeCampo, ErrorHttp, noEncontrado, solicitudInvalida } from '../../errores';
import type { RelojTerminal } from '../../reloj-terminal';
import * as terminal_ from '../terminal/servicio';
import { pdfDeComprobante } from './comprobante-pdf';
import { vincularEn } from '../camiones/servicio';
import * as avisos from '../avisos/servicio';
import * as repo from './repository';
import {
  clasificarLlegada,
  codigoDeTurno,
  coincidenciaDePatente,
  limiteDeCambio,
  limitesDelDia,
  maximoPorEmpresa,
  normalizarPatente,
  numeroDeDia,
  PARAMETROS_POR_DEFECTO,
  type ReglasDeVentana,
  ventanaDeReserva,
} from './rules';

const todas = (alcance: Alcance) => alcance === 'terminal' || alcance.esAdministrador;
const usuarioId = (actor: Actor) => actor.usuarioId ?? null;

/** A real day, or a 400 naming the field. */
function exigirDia(campo: string, dia: string): void {
  if (numeroDeDia(dia) === undefined) throw errorDeCampo(campo, M.diaInvalido(dia));
}

/** Real days, in order, at most DIAS_MAXIMOS_CONSULTA of them. */
function exigirRango(desde: string, hasta: string): void {
  exigirDia('desde', desde);
  exigirDia('hasta', hasta);
  if (desde > hasta) throw solicitudInvalida(M.rangoInvertido);
  if (numeroDeDia(hasta)! - numeroDeDia(desde)! + 1 > DIAS_MAXIMOS_CONSULTA) {
    throw solicitudInvalida(M.rangoExcesivo(DIAS_MAXIMOS_CONSULTA));
  }
}

/** The unit exists and the type (when named) is one of its: 404 / 400 otherwise. */
async function exigirCalendarioValido(
  db: DbOTx,
  unineg: number,
  coddespacho: number | null,
): Promise<void> {
  if (!(await repo.existeUnidad(db, unineg))) throw new ErrorHttp(404, M.unidadInexistente(unineg));
  if (coddespacho !== null && !(await repo.despachoEsDeUnidad(db, coddespacho, unineg))) {
    throw errorDeCampo('coddespacho', M.despachoInexistente(coddespacho, unineg));
  }
}

/** A unit's rules: as set, or the defaults. */
export async function parametrosDe(db: DbOTx, unineg: number): Promise<ParametrosTurnos> {
  return (await repo.parametros(db, unineg)) ?? { unineg, ...PARAMETROS_POR_DEFECTO };
}

// ---------------------------------------------------------------------------------------------
// The live stream

/**
 * Tells the live streams (the 'Turnos' screen, GET /api/camiones/eventos `event: turno`) that
 * this booking's band changed. Call it inside the transaction that changes the booking (booked,
 * moved, cancelled, checked in at the gate, marked as a no-show): the notice leaves on commit and
 * never on a rollback. Company users see only their company's; administrators every one.
 */
export async function avisarCambioDeFranja(
  tx: DbOTx,
  turno: Pick<Turno, 'codempre' | 'unineg' | 'fecha' | 'hora'>,
): Promise<void> {
  await repo.anunciarFranja(tx, {
    codempre: turno.codempre,
    unineg: turno.unineg,
    fecha: turno.fecha,
    hora: turno.hora,
  });
}

// ---------------------------------------------------------------------------------------------
// Availability and bookings

/** Each band of the range with capacity or bookings: how many places it has left, and why not. */
export async function disponibilidad(
  db: Db,
  reloj: RelojTerminal,
  alcance: Alcance,
  cuerpo: DisponibilidadBody,
): Promise<DisponibilidadRespuesta> {
  const unineg = Number(cuerpo.unineg);
  const coddespacho = cuerpo.coddespacho == null ? null : Number(cuerpo.coddespacho);
  exigirRango(cuerpo.desde, cuerpo.hasta);
  exigirUnidad(alcance, unineg);
  const ahora = reloj();
  // A type without a calendar of its own books in the unit's general one; no calendar, no bands.
  // One prepared statement, one round trip: the calendar, its bands by day, the unit's rules.
  const dias = await repo.disponibilidadDeUnidad(
    db,
    unineg,
    coddespacho,
    cuerpo.desde,
    cuerpo.hasta,
  );
  const franjas: FranjaDisponible[] = [];
  for (const d of dias) {
    // Rules never set: the defaults, as parametrosDe gives them.
    const p: ReglasDeVentana =
      d.diasAnticipacion === null
        ? PARAMETROS_POR_DEFECTO
        : {
            diasAnticipacion: d.diasAnticipacion,
            cierreDiasAntes: d.cierreDiasAntes!,
            cierreHora: d.cierreHora!,
          };
    // A day's window limits once for its 24 bands, not once per band.
    const limites = limitesDelDia(p, d.fecha);
    for (let i = 0; i < d.horas.length; i++) {
      const capacidad = d.capacidades[i]!;
      const reservados = d.reservados[i]!;
      franjas.push({
        fecha: d.fecha,
        hora: d.horas[i]!,
        capacidad,
        reservados,
        libres: Math.max(0, capacidad - reservados),
        pausa: d.pausas[i]!,
        abierta: ventanaDeReserva(p, d.fecha, d.horas[i]!, ahora, limites).abierta,
      });
    }
  }
  return { ahora, franjas };
}

/** The booking window for the band, or a 409 saying when it opens or closed. */
function exigirVentana(p: ParametrosTurnos, fecha: string, hora: number, ahora: string): void {
  const v = ventanaDeReserva(p, fecha, hora, ahora);
  if (!v.abierta) throw conflicto(M[v.motivo](v.limite));
}

/**
 * Takes a place of the band for `codempre`, under the band's lock: refused (409) when the band is
 * paused, closed, full, or the company holds its fair share of it already. `deja`: the band a
 * moved booking leaves, locked with the new one in key order (the counts' trigger writes both).
 */
async function tomarLugar(
  tx: Tx,
  p: ParametrosTurnos,
  calendarioId: number,
  fecha: string,
  hora: number,
  codempre: number,
  deja?: { fecha: string; hora: number },
): Promise<void> {
  await repo.bloquearFranjas(tx, calendarioId, deja ? [deja, { fecha, hora }] : [{ fecha, hora }]);
  const motivo = await repo.pausaDeFranja(tx, calendarioId, fecha, hora);
  if (motivo !== undefined) throw conflicto(M.franjaPausada(motivo));
  const f = await repo.estadoFranja(tx, calendarioId, fecha, hora, codempre);
  if (f.capacidad === 0) throw conflicto(M.sinCapacidad);
  if (f.reservados >= f.capacidad) throw conflicto(M.sinLugares);
  const maximo = maximoPorEmpresa(f.capacidad, p.cuotaEmpresaPct);
  if (f.deEmpresa >= maximo) throw conflicto(M.cuotaEmpresa(p.cuotaEmpresaPct!, maximo));
}

/** Books a band for a quota without a truck; answers the booking with its turn code. */
export async function reservar(
  db: Db,
  reloj: RelojTerminal,
  alcance: Alcance,
  actor: Actor,
  cuerpo: ReservarTurnoBody,
): Promise<Turno> {
  const fecha = cuerpo.fecha;
  const hora = Number(cuerpo.hora);
  exigirDia('fecha', fecha);
  return db.transaction(async (tx) => {
    const cupo = exigirVisible(alcance, await repo.bloquearCupo(tx, Number(cuerpo.cupo)));
    if (cupo.eliminado) throw noEncontrado();
    if (!cupo.unidadActiva) throw conflicto(M.unidadInactiva(cupo.nomUnidad));
    if (cupo.conCamion) throw conflicto(M.cupoConCamion);
    const vivo = await repo.turnoVivoDeCupo(tx, cupo.ctrl);
    if (vivo !== undefined) throw conflicto(M.cupoConTurno(vivo));
    const p = await parametrosDe(tx, cupo.unineg);
    exigirVentana(p, fecha, hora, reloj());
    const calendarioId = await repo.calendarioDeCupo(tx, cupo.unineg, cupo.coddespacho);
    if (calendarioId === undefined) throw conflicto(M.sinCapacidad);
    await tomarLugar(tx, p, calendarioId, fecha, hora, cupo.codempre);
    let id: number | undefined;
    while (id === undefined) {
      id = await repo.insertarTurno(tx, {
        codigo: codigoDeTurno(),
        cupo: cupo.ctrl,
        codempre: cupo.codempre,
        unineg: cupo.unineg,
        calendarioId,
        fecha,
        hora,
        patente: cuerpo.patente ?? null,
        por: usuarioId(actor),
      });
    }
    const t = (await repo.turno(tx, id))!;
    await avisos.avisarTurno(tx, 'turno.reservado', t);
    await auditar(tx, {
      ...actor,
      accion: 'reservar_turno',
      tabla: 'turnos',
      filaId: id,
      despues: t,
    });
    await avisarCambioDeFranja(tx, t);

    await encolarEvento(tx, eventoTurno('turno.reservado', t));
    return t;
  });
}

/**
 * Webhooks' event of a booking, in its quota's group. A no-show's: `encolarEvento(tx,
 * eventoTurno('turno.ausente', turno))` in the transaction that marks it.
 */
export const eventoTurno = (
  tipo: 'turno.reservado' | 'turno.cambiado' | 'turno.ausente',
  t: Turno,
): EventoCualquiera => ({ tipo, codempre: t.codempre, datos: t, grupo: `cupo:${t.cupo}` });

/** A booking the caller may touch, still 'reservado' and before its change cutoff; locked. */
async function turnoCambiable(
  tx: Tx,
  reloj: RelojTerminal,
  alcance: Alcance,
  id: number,
): Promise<{ t: repo.TurnoBloqueado; p: ParametrosTurnos; ahora: string }> {
  const t = exigirVisible(alcance, await repo.bloquearTurno(tx, id));
  if (t.estado !== 'reservado') throw conflicto(M.turnoNoReservado);
  const p = await parametrosDe(tx, t.unineg);
  const ahora = reloj();
  const limite = limiteDeCambio(p, t.fecha, t.hora);
  if (ahora >= limite) throw conflicto(M.fueraDePlazo(limite));
  return { t, p, ahora };
}

/**
 * An act on a booking the caller may still change (`turnoCambiable`), in one transaction with
 * its audit row (before and after).
 */
async function enTurno(
  db: Db,
  reloj: RelojTerminal,
  alcance: Alcance,
  actor: Actor,
  id: number,
  accion: 'cambiar_turno' | 'cancelar_turno',
  hacer: (tx: Tx, c: Awaited<ReturnType<typeof turnoCambiable>>) => Promise<void>,
): Promise<Turno> {
  return db.transaction(async (tx) => {
    const c = await turnoCambiable(tx, reloj, alcance, id);
    await hacer(tx, c);
    const despues = (await repo.turno(tx, id))!;
    const { calendarioId: _c, ...antes } = c.t;
    await auditar(tx, { ...actor, accion, tabla: 'turnos', filaId: id, antes, despues });
    await avisarCambioDeFranja(tx, c.t);
    if (despues.fecha !== c.t.fecha || despues.hora !== c.t.hora) {
      await avisarCambioDeFranja(tx, despues);
    }

    await encolarEvento(tx, eventoTurno('turno.cambiado', despues));
    return despues;
  });
}

/** Moves a booking to another band of its calendar, under the new band's lock. */
export async function cambiar(
  db: Db,
  reloj: RelojTerminal,
  alcance: Alcance,
  actor: Actor,
  cuerpo: CambiarTurnoBody,
): Promise<Turno> {
  const fecha = cuerpo.fecha;
  const hora = Number(cuerpo.hora);
  exigirDia('fecha', fecha);
  return enTurno(
    db,
    reloj,
    alcance,
    actor,
    Number(cuerpo.turno),
    'cambiar_turno',
    async (tx, { t, p, ahora }) => {
      const patente = cuerpo.patente === undefined ? undefined : (cuerpo.patente ?? null);
      if (patente !== undefined && patente !== (t.patente ?? null)) {
        await repo.cambiarPatente(tx, t.id, patente, usuarioId(actor));
        // The same band with a new plate: only the plate changes.
        if (t.fecha === fecha && t.hora === hora) return;
      }
      if (t.fecha === fecha && t.hora === hora) throw conflicto(M.mismaFranja);
      exigirVentana(p, fecha, hora, ahora);
      await tomarLugar(tx, p, t.calendarioId, fecha, hora, t.codempre, t);
      await repo.moverTurno(tx, t.id, fecha, hora, usuarioId(actor));
      await avisos.avisarTurno(tx, 'turno.cambiado', {
        ...t,
        fecha,
        hora,
        antes: { fecha: t.fecha, hora: t.hora },
      });
    },
  );
}

/** Cancels a booking before its cutoff: its place is free again at once. */
export function cancelar(
  db: Db,
  reloj: RelojTerminal,
  alcance: Alcance,
  actor: Actor,
  cuerpo: CancelarTurnoBody,
): Promise<Turno> {
  return enTurno(db, reloj, alcance, actor, Number(cuerpo.turno), 'cancelar_turno', (tx, { t }) =>
    repo.cancelarTurno(tx, t.id, usuarioId(actor)),
  );
}

/** Bookings of the range: a client's company's only, in its units; any for the terminal. */
export async function listar(db: Db, alcance: Alcance, cuerpo: TurnosBody): Promise<Turno[]> {
  exigirRango(cuerpo.desde, cuerpo.hasta);
  const unineg = cuerpo.unineg === undefined ? null : Number(cuerpo.unineg);
  if (unineg !== null) exigirUnidad(alcance, unineg);
  const pedida = cuerpo.codempre === undefined ? null : Number(cuerpo.codempre);
  if (pedida !== null) exigirEmpresa(alcance, pedida);
  const codempre = todas(alcance) ? pedida : (alcance as { codempre: number }).codempre;
  const unidades =
    unineg !== null
      ? [unineg]
      : alcance === 'terminal' || alcance.esAdministrador
        ? null
        : alcance.uniNegs.map((u) => u.ctrl);
  return repo.turnos(db, { desde: cuerpo.desde, hasta: cuerpo.hasta, unidades, codempre });
}

// ---------------------------------------------------------------------------------------------
// The calendar (administrators and the CLI)

interface CalendarioPedido {
  unineg: number;
  coddespacho: number | null;
}
const pedidoDe = (c: { unineg: number | string; coddespacho?: number | string | null }) => ({
  unineg: Number(c.unineg),
  coddespacho: c.coddespacho == null ? null : Number(c.coddespacho),
});

/** A calendar's template, its unit's rules, and the exceptions and pauses of a range. */
export async function verCalendario(db: Db, cuerpo: CalendarioBody): Promise<CalendarioRespuesta> {
  const { unineg, coddespacho } = pedidoDe(cuerpo);
  exigirRango(cuerpo.desde, cuerpo.hasta);
  await exigirCalendarioValido(db, unineg, coddespacho);
  const parametros = await parametrosDe(db, unineg);
  const id = await repo.calendario(db, unineg, coddespacho);
  if (id === undefined) return { parametros, plantilla: [], excepciones: [], pausas: [] };
  const [plantilla, excepciones, pausas] = await Promise.all([
    repo.plantilla(db, id),
    repo.excepciones(db, id, cuerpo.desde, cuerpo.hasta),
    repo.pausas(db, id, cuerpo.desde, cuerpo.hasta),
  ]);
  return { parametros, plantilla, excepciones, pausas };
}

export async function guardarParametros(
  db: Db,
  actor: Actor,
  cuerpo: GuardarParametrosTurnosBody,
): Promise<ParametrosTurnos> {
  const p: ParametrosTurnos = {
    unineg: Number(cuerpo.unineg),
    diasAnticipacion: Number(cuerpo.diasAnticipacion),
    cierreDiasAntes: Number(cuerpo.cierreDiasAntes),
    cierreHora: Number(cuerpo.cierreHora),
    cambioMinutosAntes: Number(cuerpo.cambioMinutosAntes),
    toleranciaMinutos: Number(cuerpo.toleranciaMinutos),
    cuotaEmpresaPct: cuerpo.cuotaEmpresaPct === null ? null : Number(cuerpo.cuotaEmpresaPct),
  };
  return db.transaction(async (tx) => {
    await exigirCalendarioValido(tx, p.unineg, null);
    const antes = await repo.parametros(tx, p.unineg, true);
    await repo.guardarParametros(tx, p);
    await auditar(tx, {
      ...actor,
      accion: 'cambiar_parametros_turnos',
      tabla: 'turnos_parametros',
      filaId: p.unineg,
      antes: antes ?? null,
      despues: p,
    });
    return p;
  });
}

/**
 * An act on a calendar (made the first time it is set), in one transaction with its audit row:
 * `hacer` answers what the row records as after.
 */
async function enCalendario<T>(
  db: Db,
  actor: Actor,
  pedido: CalendarioPedido,
  accion: string,
  tabla: string,
  hacer: (tx: Tx, calendarioId: number) => Promise<{ antes?: unknown; despues: T }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await exigirCalendarioValido(tx, pedido.unineg, pedido.coddespacho);
    const id = await repo.asegurarCalendario(tx, pedido.unineg, pedido.coddespacho);
    const { antes, despues } = await hacer(tx, id);
    await auditar(tx, {
      ...actor,
      accion,
      tabla,
      filaId: id,
      antes: antes === undefined ? null : { ...pedido, ...(antes as object) },
      despues: { ...pedido, ...(despues as object) },
    });
    return despues;
  });
}

/** The weekly template, replaced whole. */
export async function guardarPlantilla(
  db: Db,
  actor: Actor,
  cuerpo: GuardarPlantillaBody,
): Promise<{ franjas: repo.FranjaPlantilla[] }> {
  const franjas = cuerpo.franjas.map((f) => ({
    diaSemana: Number(f.diaSemana),
    hora: Number(f.hora),
    capacidad: Number(f.capacidad),
  }));
  return enCalendario(
    db,
    actor,
    pedidoDe(cuerpo),
    'cambiar_plantilla_turnos',
    'turnos_plantilla',
    async (tx, id) => {
      const antes = await repo.plantilla(tx, id);
      await repo.reemplazarPlantilla(tx, id, franjas);
      return { antes: { franjas: antes }, despues: { franjas } };
    },
  );
}

/** A date's own capacities, replacing its earlier ones. */
export async function guardarExcepciones(
  db: Db,
  actor: Actor,
  cuerpo: GuardarExcepcionesBody,
): Promise<{ fecha: string; franjas: { hora: number; capacidad: number }[] }> {
  exigirDia('fecha', cuerpo.fecha);
  const franjas = cuerpo.franjas.map((f) => ({
    hora: Number(f.hora),
    capacidad: Number(f.capacidad),
  }));
  return enCalendario(
    db,
    actor,
    pedidoDe(cuerpo),
    'cambiar_excepciones_turnos',
    'turnos_excepciones',
    async (tx, id) => {
      const antes = await repo.excepciones(tx, id, cuerpo.fecha, cuerpo.fecha);
      await repo.reemplazarExcepciones(tx, id, cuerpo.fecha, franjas);
      return {
        antes: {
          fecha: cuerpo.fecha,
          franjas: antes.map(({ hora, capacidad }) => ({ hora, capacidad })),
        },
        despues: { fecha: cuerpo.fecha, franjas },
      };
    },
  );
}

/**
 * The CLI's `turnos capacidad`: `capacidad` places in these hours of these weekdays (template)
 * or of one date (exceptions), the calendar's other bands as they were. Read and written in one
 * transaction, so two such changes never lose each other's bands.
 */
export async function fijarCapacidad(
  db: Db,
  actor: Actor,
  p: {
    unineg: number;
    coddespacho: number | null;
    /** ISO weekdays (the template), or a date (its exceptions). */
    donde: { dias: number[] } | { fecha: string };
    horas: number[];
    capacidad: number;
  },
): Promise<{ franjas: number }> {
  const pedido = { unineg: p.unineg, coddespacho: p.coddespacho };
  if ('fecha' in p.donde) {
    const fecha = p.donde.fecha;
    exigirDia('fecha', fecha);
    return enCalendario(
      db,
      actor,
      pedido,
      'cambiar_excepciones_turnos',
      'turnos_excepciones',
      async (tx, id) => {
        const antes = (await repo.excepciones(tx, id, fecha, fecha)).map(({ hora, capacidad }) => ({
          hora,
          capacidad,
        }));
        const franjas = [
          ...antes.filter((f) => !p.horas.includes(f.hora)),
          ...p.horas.map((hora) => ({ hora, capacidad: p.capacidad })),
        ].sort((a, b) => a.hora - b.hora);
        await repo.reemplazarExcepciones(tx, id, fecha, franjas);
        return { antes: { fecha, franjas: antes }, despues: { fecha, franjas } };
      },
    ).then((r) => ({ franjas: r.franjas.length }));
  }
  const dias = p.donde.dias;
  return enCalendario(
    db,
    actor,
    pedido,
    'cambiar_plantilla_turnos',
    'turnos_plantilla',
    async (tx, id) => {
      const antes = await repo.plantilla(tx, id);
      const toca = (f: repo.FranjaPlantilla) =>
        dias.includes(f.diaSemana) && p.horas.includes(f.hora);
      const franjas = [
        ...antes.filter((f) => !toca(f)),
        ...dias.flatMap((diaSemana) =>
          p.horas.map((hora) => ({ diaSemana, hora, capacidad: p.capacidad })),
        ),
      ].sort((a, b) => a.diaSemana - b.diaSemana || a.hora - b.hora);
      await repo.reemplazarPlantilla(tx, id, franjas);
      return { antes: { franjas: antes }, despues: { franjas } };
    },
  ).then((r) => ({ franjas: r.franjas.length }));
}

/** The 7 days from `desde`, as they are, onto the next `semanas` weeks. */
export async function copiarSemana(
  db: Db,
  actor: Actor,
  cuerpo: CopiarSemanaBody,
): Promise<{ dias: number }> {
  exigirDia('desde', cuerpo.desde);
  const semanas = Number(cuerpo.semanas);
  const r = await enCalendario(
    db,
    actor,
    pedidoDe(cuerpo),
    'copiar_semana_turnos',
    'turnos_excepciones',
    async (tx, id) => ({
      despues: {
        desde: cuerpo.desde,
        semanas,
        dias: await repo.copiarSemana(tx, id, cuerpo.desde, semanas),
      },
    }),
  );
  return { dias: r.dias };
}

/**
 * Pauses a band (or a whole day): no new booking nor change into it; the bookings it holds are
 * answered for the administrator to move.
 */
export async function pausar(db: Db, actor: Actor, cuerpo: PausarBody): Promise<PausarRespuesta> {
  exigirDia('fecha', cuerpo.fecha);
  const hora = cuerpo.hora == null ? null : Number(cuerpo.hora);
  let afectados: Turno[] = [];
  const pausa = await enCalendario(
    db,
    actor,
    pedidoDe(cuerpo),
    'pausar_turnos',
    'turnos_pausas',
    async (tx, id) => {
      // Under the band's lock (every band of the day for a whole day): a booking that counted
      // the band before the pause has committed, so the list of affected ones is complete.
      for (const h of hora === null ? Array.from({ length: 24 }, (_, i) => i) : [hora]) {
        await repo.bloquearFranja(tx, id, cuerpo.fecha, h);
      }
      const nueva = await repo.insertarPausa(tx, {
        calendarioId: id,
        fecha: cuerpo.fecha,
        hora,
        motivo: cuerpo.motivo,
        por: usuarioId(actor),
      });
      afectados = await repo.reservadosEn(tx, id, cuerpo.fecha, hora);
      await repo.anunciarFranja(tx, {
        codempre: null,
        unineg: Number(cuerpo.unineg),
        fecha: cuerpo.fecha,
        hora,
      });
      await avisos.avisarFranjaPausada(tx, {
        unineg: Number(cuerpo.unineg),
        fecha: cuerpo.fecha,
        horas: hora === null ? Array.from({ length: 24 }, (_, i) => i) : [hora],
        motivo: cuerpo.motivo,
      });
      return { despues: { ...nueva, afectados: afectados.map((t) => t.codigo) } };
    },
  );
  const { afectados: _a, ...propia } = pausa;
  return { pausa: propia, afectados };
}

/** Lifts a pause: its band takes bookings again. */
export async function reanudar(db: Db, actor: Actor, cuerpo: ReanudarBody): Promise<void> {
  await db.transaction(async (tx) => {
    const p = await repo.bloquearPausa(tx, Number(cuerpo.pausa));
    if (p === undefined) throw noEncontrado();
    if (p.levantada) throw conflicto(M.pausaLevantada);
    await repo.levantarPausa(tx, p.id, usuarioId(actor));
    await repo.anunciarFranja(tx, {
      codempre: null,
      unineg: p.unineg,
      fecha: p.fecha,
      hora: p.hora,
    });
    const { levantada: _l, ...pausa } = p;
    await auditar(tx, {
      ...actor,
      accion: 'reanudar_turnos',
      tabla: 'turnos_pausas',
      filaId: p.id,
      antes: pausa,
      despues: { ...pausa, levantada: true },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The bands' kept counts (migration 0033)

/** The bands whose kept counts differ from their bookings counted again (none: all agree). */
export function verificarFranjas(db: DbOTx): Promise<repo.DiferenciaFranja[]> {
  return repo.diferenciasDeFranjas(db);
}

/** Rebuilds the bands' counts that `verificarFranjas` finds wrong, in one transaction, audited. */
export function recalcularFranjas(db: DbOTx, actor: Actor): Promise<repo.DiferenciaFranja[]> {
  return db.transaction(async (tx) => {
    const corregidas = await repo.recalcularFranjas(tx);
    await auditar(tx, {
      ...actor,
      accion: 'recalcular',
      tabla: 'turnos_franjas',
      despues: corregidas,
    });
    return corregidas;
  });
}

// ---------------------------------------------------------------------------------------------
// The 'Turnos' screen and the voucher

/** A calendar's bands of one day: capacity, booked, checked in, no-shows, pause. */
export async function ocupacion(db: Db, cuerpo: OcupacionBody): Promise<OcupacionRespuesta> {
  const { unineg, coddespacho } = pedidoDe(cuerpo);
  exigirDia('fecha', cuerpo.fecha);
  await exigirCalendarioValido(db, unineg, coddespacho);
  const id = await repo.calendario(db, unineg, coddespacho);
  if (id === undefined) return { fecha: cuerpo.fecha, franjas: [] };
  const filas = await repo.franjas(db, id, cuerpo.fecha, cuerpo.fecha);
  return { fecha: cuerpo.fecha, franjas: filas.map(({ fecha: _f, ...f }) => f) };
}

/**
 * The caller's bookings from today on (terminal's clock) that a pause holds: a client's
 * company's in its units; every one for an administrator. The app shows them as a notice.
 */
export function turnosPausados(
  db: Db,
  reloj: RelojTerminal,
  alcance: Alcance,
): Promise<TurnoPausado[]> {
  const desde = reloj().slice(0, 10);
  if (alcance === 'terminal' || alcance.esAdministrador)
    return repo.reservadosEnPausa(db, { desde, codempre: null, unidades: null });
  return repo.reservadosEnPausa(db, {
    desde,
    codempre: alcance.codempre,
    unidades: alcance.uniNegs.map((u) => u.ctrl),
  });
}

/** A voucher by its code (public: the code is the secret); 404 for any unknown code. */
export async function comprobante(db: Db, codigo: string): Promise<ComprobanteTurno> {
  const c = await repo.comprobante(db, codigo);
  if (c === undefined) throw new ErrorHttp(404, M.comprobanteInexistente);
  // Before the set-up there is no terminal's name (404): the portal's stands in.
  const terminal = await terminal_.datos(db).catch((e: unknown) => {
    if (e instanceof ErrorHttp) return undefined;
    throw e;
  });
  return { terminal: terminal?.nombre ?? 'Portal Acopio', ...c };
}

/** The voucher as a PDF, with its file name. */
export async function comprobantePdf(
  db: Db,
  codigo: string,
): Promise<{ pdf: Buffer; archivo: string }> {
  const c = await comprobante(db, codigo);
  return { pdf: await pdfDeComprobante(c), archivo: `turno-${c.codigo}.pdf` };
}

// ---------------------------------------------------------------------------------------------
// At the gate, the no-shows, and a quota's deletion

/** `avisarCambioDeFranja` once for each band (and company) these changed bookings touch. */
async function avisarCambioDeTurnos(
  tx: Tx,
  cambios: readonly Pick<Turno, 'codempre' | 'unineg' | 'fecha' | 'hora'>[],
): Promise<void> {
  const vistos = new Set<string>();
  for (const c of cambios) {
    const clave = `${c.codempre}/${c.unineg}/${c.fecha}/${c.hora}`;
    if (vistos.has(clave)) continue;
    vistos.add(clave);
    await avisarCambioDeFranja(tx, c);
  }
}

/** The booking a check-in names (by code, or by plate): one, or the plate's candidates. */
async function turnoAPresentar(
  tx: Tx,
  camion: repo.CamionParaTurno,
  hoy: string,
  cuerpo: { codigo?: string; patente?: string },
): Promise<{ turno: repo.TurnoBloqueado } | { candidatos: Turno[] }> {
  if (cuerpo.codigo !== undefined) {
    const t = await repo.bloquearTurnoPorCodigo(tx, cuerpo.codigo);
    if (t === undefined) throw new ErrorHttp(404, M.turnoNoEncontrado);
    if (t.codempre !== camion.codempre || t.unineg !== camion.unineg) {
      throw conflicto(M.turnoDeOtroCamion(t.codigo));
    }
    if (t.fecha !== hoy) throw conflicto(M.turnoDeOtroDia(t.codigo, t.fecha));
    return { turno: t };
  }
  const leida = cuerpo.patente ?? normalizarPatente(camion.patcha);
  const candidatos = (await repo.turnosConPatente(tx, hoy, camion.codempre, camion.unineg)).filter(
    (t) => coincidenciaDePatente(leida, t.patente!) !== null,
  );
  if (candidatos.length === 0) throw new ErrorHttp(404, M.sinTurnoParaPatente(leida));
  // Two or more bookings the plate may be (one exact and one a confusion away, too): never a
  // guess; the gate chooses, by code.
  if (candidatos.length > 1) return { candidatos };
  const t = await repo.bloquearTurno(tx, candidatos[0]!.id);
  if (t === undefined || !['reservado', 'ausente'].includes(t.estado)) {
    throw conflicto(M.turnoNoReservado);
  }
  return { turno: t };
}

/**
 * A truck in the yard checks in with its booking of today (the terminal's day): by turn code, by
 * a plate read at the gate, or by the truck's own plate. The arrival is classified against the
 * band and its tolerance; a late truck takes a place of the current band, under its lock as a
 * booking does, or is refused saying why. The booking's quota is linked to the truck (Playa con
 * orden) through the trucks' service, and the booking is 'presente', in one transaction, audited.
 */
export async function presentar(
  db: Db,
  reloj: RelojTerminal,
  alcance: Alcance,
  actor: Actor,
  cuerpo: PresentarTurnoBody,
): Promise<PresentarTurnoRespuesta> {
  const ahora = reloj();
  const hoy = ahora.slice(0, 10);
  return db.transaction(async (tx) => {
    const camion = exigirVisible(alcance, await repo.camion(tx, Number(cuerpo.camion)));
    const hallado = await turnoAPresentar(tx, camion, hoy, cuerpo);
    if ('candidatos' in hallado) return { turno: null, candidatos: hallado.candidatos };
    const t = hallado.turno;
    if (t.estado === 'cancelado') throw conflicto(M.turnoCancelado(t.codigo));
    if (t.estado === 'presente') throw conflicto(M.turnoYaPresentado(t.codigo));
    const p = await parametrosDe(tx, t.unineg);
    const clasificacion = clasificarLlegada(t.fecha, t.hora, p.toleranciaMinutos, ahora);
    let hora = t.hora;
    if (clasificacion === 'tarde') {
      // Its band is over: the truck comes in only if the band of now has a place for it.
      hora = Number(ahora.slice(11, 13));
      try {
        await tomarLugar(tx, p, t.calendarioId, hoy, hora, t.codempre, t);
      } catch (e) {
        if (e instanceof ErrorHttp && e.statusCode === 409) {
          throw conflicto(M.tardeSinLugar(t.codigo, hora, e.msj));
        }
        throw e;
      }
    }
    await vincularEn(tx, alcance, actor, { camion: camion.ctrl, cupo: t.cupo });
    await repo.marcarPresente(tx, t.id, {
      llegada: ahora,
      clasificacion,
      camion: camion.ctrl,
      hora,
      por: usuarioId(actor),
    });
    const despues = (await repo.turno(tx, t.id))!;
    const { calendarioId: _c, ...antes } = t;
    await auditar(tx, {
      ...actor,
      accion: 'presentar_turno',
      tabla: 'turnos',
      filaId: t.id,
      antes,
      despues,
    });
    await avisarCambioDeTurnos(tx, [t, despues]);
    return { turno: despues, candidatos: [] };
  });
}

/** Who marks the no-shows in the audit. */
export const ACTOR_AUSENTES: Actor = { actor: 'control de turnos' };

/**
 * Every booking still 'reservado' once its band's end plus its unit's tolerance has passed
 * becomes 'ausente' ('No se presentó'), audited, and announced; answers those marked. Several
 * processes may run it at once: one UPDATE … RETURNING marks each row in exactly one of them,
 * and each audits only the rows it marked.
 */
export async function marcarAusentes(db: Db, reloj: RelojTerminal): Promise<Turno[]> {
  const ahora = reloj();
  return db.transaction(async (tx) => {
    const marcados = await repo.marcarAusentes(tx, ahora, PARAMETROS_POR_DEFECTO.toleranciaMinutos);
    if (marcados.length === 0) return marcados;
    await auditarVarias(
      tx,
      marcados.map((t) => ({
        ...ACTOR_AUSENTES,
        accion: 'marcar_ausente_turno',
        tabla: 'turnos',
        filaId: t.id,
        antes: { ...t, estado: 'reservado' },
        despues: t,
      })),
    );
    await avisarCambioDeTurnos(tx, marcados);
    // Told once, with the marking: e-mail to who chose it, the company's webhooks.
    for (const t of marcados) await avisos.avisarTurno(tx, 'turno.ausente', t);
    await encolarEvento(tx, ...marcados.map((t) => eventoTurno('turno.ausente', t)));
    return marcados;
  });
}

/**
 * A quota deleted (one, or a client's clean-up) takes its live booking with it: cancelled in the
 * caller's transaction (the quotas' service's), audited, its place free again.
 */
export async function cancelarDeCuposEn(
  tx: Tx,
  actor: Actor,
  cupos: readonly number[],
): Promise<Turno[]> {
  const cancelados = await repo.cancelarTurnosDeCupos(tx, cupos, usuarioId(actor));
  if (cancelados.length === 0) return cancelados;
  await auditarVarias(
    tx,
    cancelados.map((t) => ({
      ...actor,
      accion: 'cancelar_turno',
      tabla: 'turnos',
      filaId: t.id,
      antes: { ...t, estado: 'reservado' },
      despues: t,
    })),
  );
  await avisarCambioDeTurnos(tx, cancelados);
  return cancelados;
}
