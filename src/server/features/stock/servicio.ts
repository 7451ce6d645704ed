/**
 * The stock ledger (design section 6): each client's balances by product, adjustments and
 * opening balances, and the check that every balance is the sum of its ledger. Yard operations
 * add their movements through `registrarEn`, inside their own transaction.
 */
import {
  DIAS_MAXIMOS_HISTORIAL,
  MENSAJES_HISTORIAL as H,
  type LineaStock,
  type PaginaMovimientosStock,
  type SaldosStockRespuesta,
} from '../../../shared/contracts/stock';
import { MENSAJES_ADMINISTRACION as M } from '../../../shared/textos';
import { exigirEmpresaYUnidad, type Alcance } from '../../acceso';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db, DbOTx } from '../../db/client';
import { solicitudInvalida } from '../../errores';
import { encolarEvento, type EventoCualquiera } from '../webhooks/servicio';
import {
  aperturasDe,
  cierresDelRango,
  destinoExiste,
  diferenciasDeSaldos,
  hoy,
  paginaDeMovimientos,
  recalcularSaldos,
  registrarMovimientos,
  stockDe,
  type Diferencia,
  type FiltrosMovimientos,
  type Movimiento,
  type RangoDeProducto,
} from './repository';

export type { Diferencia, Movimiento };

export function stock(
  db: Db,
  alcance: Alcance,
  codempre: number,
  unineg: number,
): Promise<LineaStock[]> {
  exigirEmpresaYUnidad(alcance, codempre, unineg);
  return stockDe(db, codempre, unineg);
}

const DIA_MS = 86_400_000;

/** '2026-11-24' → its midnight in UTC milliseconds, or null if it is no day of the calendar. */
function diaEnMs(dia: string): number | null {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  // Years PostgreSQL's date and the browser's date input both take, and a day that exists.
  if (a < 1900 || a > 9999) return null;
  const ms = Date.UTC(a, m - 1, d);
  return new Date(ms).toISOString().slice(0, 10) === dia ? ms : null;
}

const diaDeMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The tenancy of the stock list (a client sees only its company and units; an administrator
 * any), then the range: real days, `desde` not after `hasta`, at most DIAS_MAXIMOS_HISTORIAL days
 * (400 in Spanish: a reversed or huge range is a mistake to tell, not a 5xx nor an empty list).
 */
function exigirRango(alcance: Alcance, r: RangoDeProducto): { desde: number; hasta: number } {
  exigirEmpresaYUnidad(alcance, r.codempre, r.unineg);
  const desde = diaEnMs(r.desde);
  if (desde === null) throw solicitudInvalida(H.diaInexistente('desde'));
  const hasta = diaEnMs(r.hasta);
  if (hasta === null) throw solicitudInvalida(H.diaInexistente('hasta'));
  if (desde > hasta) throw solicitudInvalida(H.fechasInvertidas);
  if ((hasta - desde) / DIA_MS + 1 > DIAS_MAXIMOS_HISTORIAL) {
    throw solicitudInvalida(H.rangoExcesivo);
  }
  return { desde, hasta };
}

/**
 * A page of a product's ledger in the range, newest first by date, with the balance after each
 * movement; `siguiente` is the `antesDe` of the next page (keyset on (fecha, id): a page deep in
 * half a million movements costs what the first costs).
 */
export async function movimientos(
  db: Db,
  alcance: Alcance,
  filtros: FiltrosMovimientos,
): Promise<PaginaMovimientosStock> {
  exigirRango(alcance, filtros);
  const filas = await paginaDeMovimientos(db, filtros);
  const hayMas = filas.length > filtros.limite;
  const pagina = hayMas ? filas.slice(0, filtros.limite) : filas;
  return { movimientos: pagina, siguiente: hayMas ? pagina.at(-1)!.id : null };
}

/**
 * The balance over the range, for the chart: the opening balance and each day's closing one,
 * from `desde` up to `hasta` or today, whichever comes first (tomorrow's balance is not known).
 * A day's closing is everything dated up to its end (see `cierresDelRango`); a day without
 * movements carries the previous one.
 */
export async function saldos(
  db: Db,
  alcance: Alcance,
  r: RangoDeProducto,
): Promise<SaldosStockRespuesta> {
  const { desde, hasta } = exigirRango(alcance, r);
  const { previo, dias } = await cierresDelRango(db, r);
  const hoyMs = diaEnMs(await hoy(db))!;
  const porDia = new Map(dias.map((d) => [d.dia, d.saldo]));
  let saldo = previo ?? 0;
  const serie: SaldosStockRespuesta['saldos'] = [];
  for (let ms = desde; ms <= Math.min(hasta, hoyMs); ms += DIA_MS) {
    const dia = diaDeMs(ms);
    saldo = porDia.get(dia) ?? saldo;
    serie.push({ dia, saldo });
  }
  return { saldoInicial: previo ?? 0, saldos: serie };
}

/** Movements into the ledger and their balances, inside the caller's transaction. */
export async function registrarEn(tx: DbOTx, movimientos: Movimiento[]): Promise<void> {
  await registrarMovimientos(tx, movimientos);
  await encolarEvento(tx, ...movimientos.map(eventoMovimiento));
}

/**
 * Webhooks' 'stock.movimiento': in its quota's group when it has one (after the quota's link),
 * else in its product's.
 */
function eventoMovimiento(m: Movimiento): EventoCualquiera {
  return {
    tipo: 'stock.movimiento',
    codempre: m.codempre,
    datos: {
      codempre: m.codempre,
      unineg: m.unineg,
      codpro: m.codpro,
      tipo: m.tipo,
      toneladas: m.kilos / 1000,
      cupo: m.cupoCtrl ?? null,
      ticket: m.ticketCtrl ?? null,
    },
    grupo: m.cupoCtrl ? `cupo:${m.cupoCtrl}` : `stock:${m.codempre}:${m.unineg}:${m.codpro}`,
  };
}

export interface Ajuste {
  codempre: number;
  unineg: number;
  codpro: number;
  /** Signed whole kilograms. */
  kilos: number;
  tipo: 'apertura' | 'ajuste';
  observacion: string | null;
  /** An ISO 8601 instant; default: now. */
  fecha?: string;
}

/** An adjustment or an opening balance of a client's product, audited. */
export async function ajustar(db: DbOTx, actor: Actor, a: Ajuste): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await destinoExiste(tx, a.codempre, a.unineg, a.codpro))) {
      throw solicitudInvalida(M.stockSinDestino(a.codempre, a.unineg, a.codpro));
    }
    const observacion = a.observacion?.slice(0, 250) ?? null;
    await registrarEn(tx, [{ ...a, observacion, usuarioId: actor.usuarioId ?? null }]);
    await auditar(tx, {
      ...actor,
      accion: a.tipo,
      tabla: 'stock_movimientos',
      despues: {
        codempre: a.codempre,
        unineg: a.unineg,
        codpro: a.codpro,
        toneladas: a.kilos / 1000,
        observacion,
      },
    });
  });
}

export interface AperturaASincronizar {
  codempre: number;
  unineg: number;
  codpro: number;
  /** The opening balance wanted, in whole kilos (>= 0). */
  kilos: number;
}

export type AperturaSincronizada =
  | { estado: 'creada' | 'sinCambios' }
  /** The opening balance it had, in kilos: a movement adds the difference. */
  | { estado: 'cambiada'; antesKilos: number }
  | { estado: 'rechazada'; empresaInexistente: true }
  | { estado: 'rechazada'; empresaFueraDeUnidad: true }
  | { estado: 'rechazada'; productoInexistente: true };

/**
 * Opening balances in bulk, inside the caller's transaction (the import, issue 21). A product's
 * opening balance is the sum of its 'apertura' movements: none yet, one movement of the whole
 * amount; another amount, one of the difference; the same, nothing (importing the same file
 * twice adds no second movement). Movements enter as every movement does (`registrarEn`:
 * ledger, balances and daily closings in one statement); the caller audits.
 */
export async function sincronizarAperturasEn(
  tx: DbOTx,
  actor: Actor,
  filas: AperturaASincronizar[],
  observacion: string,
): Promise<AperturaSincronizada[]> {
  const actuales = await aperturasDe(tx, filas);
  const movimientos: Movimiento[] = [];
  const respuestas = filas.map((f, i): AperturaSincronizada => {
    const a = actuales[i]!;
    if (!a.empresa) return { estado: 'rechazada', empresaInexistente: true };
    if (!a.empresaEnUnidad) return { estado: 'rechazada', empresaFueraDeUnidad: true };
    if (!a.producto) return { estado: 'rechazada', productoInexistente: true };
    const antes = a.kilos ?? 0;
    if (antes === f.kilos) return { estado: 'sinCambios' };
    movimientos.push({
      codempre: f.codempre,
      unineg: f.unineg,
      codpro: f.codpro,
      tipo: 'apertura',
      kilos: f.kilos - antes,
      usuarioId: actor.usuarioId ?? null,
      observacion: observacion.slice(0, 250),
    });
    return a.kilos === null ? { estado: 'creada' } : { estado: 'cambiada', antesKilos: antes };
  });
  await registrarMovimientos(tx, movimientos);
  return respuestas;
}

/**
 * Balances that differ from the sum of their ledger, and daily closings that differ from the
 * opening plus the movements dated up to their day (none, unless someone wrote around them).
 */
export const verificar = (db: Db): Promise<Diferencia[]> => diferenciasDeSaldos(db);

/**
 * Rebuilds every balance and daily closing from the ledger, the source of truth; returns how many
 * balances.
 */
export function recalcular(db: DbOTx, actor: Actor): Promise<number> {
  return db.transaction(async (tx) => {
    const saldos = await recalcularSaldos(tx);
    await auditar(tx, {
      ...actor,
      accion: 'recalcular',
      tabla: 'stock_saldos',
      despues: { saldos },
    });
    return saldos;
  });
}
