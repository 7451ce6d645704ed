/**
 * The dashboard ('Tablero', issue 16): figures of a business unit over a range of the
 * terminal's days, for an administrator (every client, or one) or a client user (their own
 * company only, whatever the body says). Read from rollups that triggers keep in the same
 * transaction as each change (migration 0015); `verificar` and `recalcular` check and rebuild
 * them from scratch, as `stock verificar` does with the balances.
 */
import {
  DIAS_MAXIMOS,
  DIAS_MAXIMOS_POR_HORA,
  type GuardarParametrosTableroBody,
  type ParametrosTablero,
  type TableroBody,
  type TableroCamionesRespuesta,
  type TableroCuposRespuesta,
  type TableroDesviosRespuesta,
  type TableroRecorridosRespuesta,
  tableroRecorridosRespuesta,
  type TableroToneladasRespuesta,
  type TableroTurnosRespuesta,
} from '../../../shared/contracts/tablero';
import { MENSAJES_TABLERO as M } from '../../../shared/textos';
import { exigirUnidad, type Alcance } from '../../acceso';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db, DbOTx } from '../../db/client';
import type { JsonDe } from '../../db/sql';
import { errorDeCampo, ErrorHttp, solicitudInvalida } from '../../errores';
import * as repo from './repository';

export type { DiferenciaTablero } from './repository';

const MS_DIA = 86_400_000;

/**
 * Days since the epoch of an 'AAAA-MM-DD' that exists; undefined for '2026-02-30' and for the
 * year 0, which the calendar (and PostgreSQL) does not have.
 */
function numeroDeDia(dia: string): number | undefined {
  if (dia < '0001-01-01') return undefined;
  const ms = Date.parse(`${dia}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== dia) return undefined;
  return ms / MS_DIA;
}

interface Rango extends repo.FiltroTablero {
  /** Days in the range, both ends included. */
  dias: number;
}

/**
 * What a call may see: the unit must be one the user holds (403, as stock and the trucks'
 * screen answer); a client user always sees only their company; the range must be real days,
 * in order, at most DIAS_MAXIMOS of them (400, in Spanish).
 */
export function filtroDe(alcance: Alcance, cuerpo: TableroBody): Rango {
  const unineg = Number(cuerpo.unineg);
  const desde = numeroDeDia(cuerpo.desde);
  if (desde === undefined) throw errorDeCampo('desde', M.diaInvalido('desde', cuerpo.desde));
  const hasta = numeroDeDia(cuerpo.hasta);
  if (hasta === undefined) throw errorDeCampo('hasta', M.diaInvalido('hasta', cuerpo.hasta));
  if (desde > hasta) throw solicitudInvalida(M.rangoInvertido);
  const dias = hasta - desde + 1;
  if (dias > DIAS_MAXIMOS) throw solicitudInvalida(M.rangoExcesivo(DIAS_MAXIMOS));
  exigirUnidad(alcance, unineg);
  const todas = alcance === 'terminal' || alcance.esAdministrador;
  const codempre = todas
    ? cuerpo.codempre === undefined
      ? null
      : Number(cuerpo.codempre)
    : alcance.codempre;
  return { unineg, codempre, desde: cuerpo.desde, hasta: cuerpo.hasta, dias };
}

/** Hour by hour only up to a month of days (wider ranges: day by day). */
const porHoraEn = (f: Rango) => f.dias <= DIAS_MAXIMOS_POR_HORA;

export function camiones(
  db: Db,
  alcance: Alcance,
  cuerpo: TableroBody,
): Promise<JsonDe<TableroCamionesRespuesta>> {
  const f = filtroDe(alcance, cuerpo);
  return repo.camiones(db, f, porHoraEn(f));
}

export async function recorridos(
  db: Db,
  alcance: Alcance,
  cuerpo: TableroBody,
): Promise<JsonDe<TableroRecorridosRespuesta>> {
  const f = filtroDe(alcance, cuerpo);
  const { rango, dias, demorados } = await repo.recorridos(db, f, f.dias <= DIAS_MAXIMOS_POR_HORA);
  // The days and the waiting trucks are the contract's JSON already (built by PostgreSQL); the
  // range, computed here, is checked by its contract and written in its fields' order.
  const r = JSON.stringify(tableroRecorridosRespuesta.shape.rango.parse(rango));
  return `{"rango":${r},"dias":${dias},"demorados":${demorados}}` as JsonDe<TableroRecorridosRespuesta>;
}

export function toneladas(
  db: Db,
  alcance: Alcance,
  cuerpo: TableroBody,
): Promise<JsonDe<TableroToneladasRespuesta>> {
  return repo.toneladas(db, filtroDe(alcance, cuerpo));
}

export function cupos(
  db: Db,
  alcance: Alcance,
  cuerpo: TableroBody,
): Promise<JsonDe<TableroCuposRespuesta>> {
  return repo.cupos(db, filtroDe(alcance, cuerpo));
}

export async function desvios(
  db: Db,
  alcance: Alcance,
  cuerpo: TableroBody,
): Promise<JsonDe<TableroDesviosRespuesta>> {
  const f = filtroDe(alcance, cuerpo);
  const { toleranciaFaltante } = await repo.parametros(db, f.unineg);
  const { total, desvios } = await repo.desvios(db, f, toleranciaFaltante);
  // The list is the contract's JSON already (built by PostgreSQL); the two numbers are ours.
  return `{"toleranciaFaltante":${JSON.stringify(toleranciaFaltante)},"total":${total},"desvios":${desvios}}` as JsonDe<TableroDesviosRespuesta>;
}

/**
 * Turns (issue 24): booked vs the unit's capacity vs arrived, per hour (ranges up to
 * DIAS_MAXIMOS_POR_HORA days) and per day, and punctuality per company.
 */
export async function turnos(
  db: Db,
  alcance: Alcance,
  cuerpo: TableroBody,
): Promise<TableroTurnosRespuesta> {
  const f = filtroDe(alcance, cuerpo);
  return { porHora: porHoraEn(f), ...(await repo.turnos(db, f, porHoraEn(f))) };
}

/** A unit's settings, replaced (or set the first time), audited with before and after. */
export async function guardarParametros(
  db: DbOTx,
  actor: Actor,
  cuerpo: GuardarParametrosTableroBody,
): Promise<ParametrosTablero> {
  const p: ParametrosTablero = {
    unineg: Number(cuerpo.unineg),
    capacidadHora: cuerpo.capacidadHora === null ? null : Number(cuerpo.capacidadHora),
    toleranciaFaltante: cuerpo.toleranciaFaltante,
  };
  return db.transaction(async (tx) => {
    if (!(await repo.existeUnidad(tx, p.unineg))) {
      throw new ErrorHttp(404, M.unidadInexistente(p.unineg));
    }
    const antes = await repo.bloquearParametros(tx, p.unineg);
    await repo.guardarParametros(tx, p);
    await auditar(tx, {
      ...actor,
      accion: 'cambiar_parametros_tablero',
      tabla: 'parametros_tablero',
      filaId: p.unineg,
      antes: antes ?? null,
      despues: p,
    });
    return repo.parametros(tx, p.unineg);
  });
}

/** Rollup rows that differ from a recomputation from scratch (none, normally). */
export const verificar = (db: Db) => repo.diferencias(db);

/** Rebuilds every rollup from its sources in one transaction, audited; returns the row counts. */
export function recalcular(db: DbOTx, actor: Actor) {
  return db.transaction(async (tx) => {
    const filas = await repo.recalcularTodo(tx);
    await auditar(tx, { ...actor, accion: 'recalcular', tabla: 'tablero', despues: filas });
    return filas;
  });
}
