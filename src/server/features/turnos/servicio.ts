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
  GuardarExcepcionesBody,
  GuardarParametrosTurnosBody,
  GuardarPlantillaBody,
  ParametrosTurnos,
  PausarBody,
  PausarRespuesta,
  ReanudarBody,
  ReservarTurnoBody,
  Turno,
  TurnosBody,
} from '../../../shared/contracts/turnos';
import { DIAS_MAXIMOS_CONSULTA } from '../../../shared/contracts/turnos';
import { MENSAJES_TURNOS as M } from '../../../shared/textos';
import { exigirEmpresa, exigirUnidad, exigirVisible, type Alcance } from '../../acceso';
import { auditar, type Actor } from '../../db/auditoria';
import { encolarEvento, type EventoCualquiera } from '../webhooks/servicio';
import type { Db, DbOTx, Tx } from '../../db/client';
import { conflicto, errorDeCampo, ErrorHttp, noEncontrado, solicitudInvalida } from '../../errores';
import type { RelojTerminal } from '../../reloj-terminal';
import * as repo from './repository';
import {
  codigoDeTurno,
  limiteDeCambio,
  maximoPorEmpresa,
  numeroDeDia,
  PARAMETROS_POR_DEFECTO,
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
  // A type without a calendar of its own books in the unit's general one.
  const calendarioId =
    coddespacho === null
      ? await repo.calendario(db, unineg, null)
      : await repo.calendarioDeCupo(db, unineg, coddespacho);
  if (calendarioId === undefined) return { ahora, franjas: [] };
  const [p, filas] = await Promise.all([
    parametrosDe(db, unineg),
    repo.franjas(db, calendarioId, cuerpo.desde, cuerpo.hasta),
  ]);
  return {
    ahora,
    franjas: filas.map((f) => ({
      ...f,
      libres: Math.max(0, f.capacidad - f.reservados),
      abierta: ventanaDeReserva(p, f.fecha, f.hora, ahora).abierta,
    })),
  };
}

/** The booking window for the band, or a 409 saying when it opens or closed. */
function exigirVentana(p: ParametrosTurnos, fecha: string, hora: number, ahora: string): void {
  const v = ventanaDeReserva(p, fecha, hora, ahora);
  if (!v.abierta) throw conflicto(M[v.motivo](v.limite));
}

/**
 * Takes a place of the band for `codempre`, under the band's lock: refused (409) when the band is
 * paused, closed, full, or the company holds its fair share of it already.
 */
async function tomarLugar(
  tx: Tx,
  p: ParametrosTurnos,
  calendarioId: number,
  fecha: string,
  hora: number,
  codempre: number,
): Promise<void> {
  await repo.bloquearFranja(tx, calendarioId, fecha, hora);
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
        por: usuarioId(actor),
      });
    }
    const t = (await repo.turno(tx, id))!;
    await auditar(tx, {
      ...actor,
      accion: 'reservar_turno',
      tabla: 'turnos',
      filaId: id,
      despues: t,
    });
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
      if (t.fecha === fecha && t.hora === hora) throw conflicto(M.mismaFranja);
      exigirVentana(p, fecha, hora, ahora);
      await tomarLugar(tx, p, t.calendarioId, fecha, hora, t.codempre);
      await repo.moverTurno(tx, t.id, fecha, hora, usuarioId(actor));
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
