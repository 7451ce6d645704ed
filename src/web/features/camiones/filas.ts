/**
 * The rows of the trucks table as shown, and the search over them (spec section 2): the text
 * matches any field case-insensitively, the entry date in its displayed form. Each row's search
 * text is built once per list, so a keystroke is one `includes` per row, even at 5,000 trucks.
 */
import type { CamionEnPlaya } from '../../../shared/contracts/camiones';
import type { CodEstado } from '../../../shared/estados';
import { fechaHora19, numeroAr } from '../../../shared/formato';
import { normalizarPatente } from '../../../shared/patentes';
import { TEXTOS_LLEGADA_TURNO } from '../../../shared/textos';

export type Orden = 'desc' | 'asc';

export interface FilaCamion {
  camion: CamionEnPlaya;
  /** Entry date as shown: '2026-11-21 14:03:22'. */
  ingreso: string;
  /** Theoretical load as shown: '30.000 kg'. */
  carga: string;
  /** Every field, displayed and raw, lower case: what Buscar looks in. */
  texto: string;
  /** Its plates normalised ('EPY144'), so that 'epy 144' finds it too. */
  patentes: string;
  /** Its turn (issue 24) as shown, when a booking is linked to it. */
  turno: TurnoDeFila | null;
}

export interface TurnoDeFila {
  /** '10–11'; with the day ('20/11 23–24') when it is not the day the truck entered. */
  franja: string;
  /** 'A tiempo', 'Temprano' or 'Tarde' (words, never color only). */
  llegada: string | null;
  /** The badge's color. */
  clase: string;
}

const CLASE_LLEGADA = {
  a_tiempo: 'text-bg-success',
  temprano: 'text-bg-warning',
  tarde: 'text-bg-danger',
} as const;

const dos = (n: number) => String(n).padStart(2, '0');

function turnoDe(c: CamionEnPlaya): TurnoDeFila | null {
  if (c.turno_fecha === null || c.turno_hora === null) return null;
  const banda = `${dos(c.turno_hora)}–${dos(c.turno_hora + 1)}`;
  const otroDia = c.turno_fecha !== c.ingplaya.slice(0, 10);
  const [, mes, dia] = c.turno_fecha.split('-');
  return {
    franja: otroDia ? `${dia}/${mes} ${banda}` : banda,
    llegada: c.turno_llegada === null ? null : TEXTOS_LLEGADA_TURNO[c.turno_llegada],
    clase: c.turno_llegada === null ? 'text-bg-light' : CLASE_LLEGADA[c.turno_llegada],
  };
}

export const cargaKg = (kg: number) => `${numeroAr(kg, 0)} kg`;

function aFila(camion: CamionEnPlaya): FilaCamion {
  const ingreso = fechaHora19(camion.ingplaya);
  const carga = cargaKg(camion.cargateorica);
  const turno = turnoDe(camion);
  const campos = [
    camion.ctrl,
    camion.txtempresa,
    camion.patcha,
    camion.pataco ?? '',
    camion.cargateorica,
    carga,
    camion.nomchofer,
    camion.dni,
    ingreso,
    camion.nomestado,
    camion.cupo_camion ?? '',
    turno?.franja ?? '',
    turno?.llegada ?? '',
  ];
  // A separator no one types keeps a search from matching across two fields.
  return {
    camion,
    ingreso,
    carga,
    turno,
    texto: campos.join('\u0000').toLowerCase(),
    patentes: [camion.patcha, camion.pataco ?? ''].map(normalizarPatente).join('\u0000'),
  };
}

const porIngreso = (a: FilaCamion, b: FilaCamion) =>
  a.camion.ingplaya < b.camion.ingplaya
    ? -1
    : a.camion.ingplaya > b.camion.ingplaya
      ? 1
      : a.camion.ctrl - b.camion.ctrl;

/** Rows in both orders of the Ingreso column, newest first by default. */
export function prepararFilas(camiones: CamionEnPlaya[]): Record<Orden, FilaCamion[]> {
  const asc = camiones.map(aFila).sort(porIngreso);
  return { asc, desc: [...asc].reverse() };
}

interface Busqueda {
  patente: string;
  filas: FilaCamion[];
}
/** The last searches of each list (a keystroke is one of them), newest last. */
const busquedas = new WeakMap<FilaCamion[], Map<string, Busqueda>>();
const BUSQUEDAS_GUARDADAS = 64;

/**
 * Rows with `texto` in any field as typed, or in a plate however it is spaced or dashed. As a
 * person types (issue 23): the last searches of each list are kept, so an erased letter finds
 * its result again, and a text that extends an earlier one filters that one's rows instead of
 * the whole list (what contains 'walt' contains 'wal'). Not when the earlier text had no plate
 * characters ('-'): its rows were not looked for by plate.
 */
export function buscar(filas: FilaCamion[], texto: string): FilaCamion[] {
  const buscado = texto.trim().toLowerCase();
  if (!buscado) return filas;
  let previas = busquedas.get(filas);
  if (!previas) busquedas.set(filas, (previas = new Map<string, Busqueda>()));
  const hecha = previas.get(buscado);
  if (hecha) return hecha.filas;
  const patente = normalizarPatente(buscado);
  let desde = filas;
  let largo = 0;
  for (const [t, b] of previas) {
    if (t.length > largo && buscado.startsWith(t) && (b.patente !== '' || patente === '')) {
      desde = b.filas;
      largo = t.length;
    }
  }
  const encontradas = desde.filter(
    (f) => f.texto.includes(buscado) || (patente !== '' && f.patentes.includes(patente)),
  );
  if (previas.size >= BUSQUEDAS_GUARDADAS) previas.delete(previas.keys().next().value!);
  previas.set(buscado, { patente, filas: encontradas });
  return encontradas;
}

/** How many trucks of the list are in each status, for the counts above the table. */
export function contarPorEstado(camiones: CamionEnPlaya[]): Record<CodEstado, number> {
  const cuentas: Record<CodEstado, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const c of camiones) cuentas[c.codestado as CodEstado]++;
  return cuentas;
}

/**
 * The list after a change of one truck seen live: its row replaced, added (it just entered) or
 * dropped (it left the status the list is filtered by).
 */
export function aplicarCambio(
  lista: CamionEnPlaya[],
  camion: CamionEnPlaya,
  estado: number,
): CamionEnPlaya[] {
  const otros = lista.filter((c) => c.ctrl !== camion.ctrl);
  return estado === 0 || camion.codestado === estado ? [...otros, camion] : otros;
}
