/**
 * The checks of the quota order form (spec section 5), once: the form runs them before sending
 * and the server runs them again on what arrives, so both say the same Spanish messages. Plain
 * TypeScript on raw values (what a select, an input or a JSON body holds), no zod: the browser
 * does not carry it.
 *
 * Percentages are handled in whole tenths (33.3 → 333): the input steps by 0.1, and integer sums
 * make 33.3 + 33.3 + 33.4 exactly 100 where binary floating point would not.
 */
import { ETIQUETAS_CUPO, TEXTOS, TEXTOS_CUPOS as T } from './textos';

/** A value as a form or a JSON body carries it. */
export type Crudo = string | number | boolean | null | undefined;

export interface FilaProductoCruda {
  producto?: Crudo;
  porcentaje?: Crudo;
}

/** Container value meaning 'no container' (spec section 9). */
export const SIN_ENVASE_ID = -1;
export const MAX_CUPOS_IGUALES = 100;
/** The whole blend, in tenths of a percent. */
export const CIEN_POR_CIENTO = 1000;
/** numeric(14, 3) in the database. */
const MAX_CARGA = 99_999_999_999;
const MAX_ENTERO = 2_147_483_647;

const vacio = (v: Crudo) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** A decimal number written with '.' or ',' (never '1e3', never hex): its value and decimals. */
function decimal(v: Crudo): { valor: number; decimales: number } | null {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return null;
    const texto = String(v);
    const m = /\.(\d+)$/.exec(texto);
    // Exponent notation only appears for tiny or huge numbers: treat them as many decimals.
    return { valor: v, decimales: texto.includes('e') ? 99 : (m?.[1]?.length ?? 0) };
  }
  if (typeof v !== 'string') return null;
  const m = /^([+-]?\d*)(?:[.,](\d*))?$/.exec(v.trim());
  if (!m || !/\d/.test(v)) return null;
  const fraccion = (m[2] ?? '').replace(/0+$/, '');
  return { valor: Number(`${m[1]}.${m[2] ?? ''}`.replace(/\.$/, '')), decimales: fraccion.length };
}

/** A percentage in whole tenths, or the spec's message for what is wrong with it. */
export function porcentajeEnDecimas(v: Crudo): { decimas: number } | { error: string } {
  if (vacio(v)) return { error: T.porcentajeVacio };
  const d = decimal(v);
  if (!d) return { error: T.porcentajeNoNumerico };
  if (d.valor < 0) return { error: T.porcentajeNegativo };
  if (d.valor > 100) return { error: T.porcentajeMayor100 };
  if (d.decimales > 1) return { error: T.porcentajeUnDecimal };
  return { decimas: Math.round(d.valor * 10) };
}

/** Tenths back to the number the API and the screen show: 333 → 33.3. */
export const decimasAPorcentaje = (decimas: number) => decimas / 10;

/** A product id: a positive integer, or the spec's message. */
function idProducto(v: Crudo): { codpro: number } | { error: string } {
  if (vacio(v)) return { error: T.productosSinSeleccionar };
  const codpro = enteroDe(v);
  return codpro !== undefined && codpro >= 1 ? { codpro } : { error: T.productoNoNumerico };
}

export interface ErroresFila {
  producto?: string;
  porcentaje?: string;
}

export interface ResultadoProductos {
  /** One entry per row, in the rows' order; empty objects for rows without errors. */
  filas: ErroresFila[];
  /** The sum rule, checked only when every percentage is valid. */
  total?: string;
  /** Sum of the valid percentages, in tenths. */
  sumaDecimas: number;
  /** Every distinct message, in the order they appear. */
  errores: string[];
  /** The rows as numbers; meaningful only when `errores` is empty. */
  productos: { codpro: number; decimas: number }[];
}

/** The product table of the order form (spec section 5). */
export function validarProductos(filas: readonly FilaProductoCruda[]): ResultadoProductos {
  const errores = new Set<string>();
  const productos: ResultadoProductos['productos'] = [];
  const vistos = new Set<number>();
  let sumaDecimas = 0;
  let porcentajesValidos = true;

  const errFilas = filas.map((fila) => {
    const e: ErroresFila = {};
    const p = idProducto(fila.producto);
    const q = porcentajeEnDecimas(fila.porcentaje);
    if ('error' in p) e.producto = p.error;
    else if (vistos.has(p.codpro)) e.producto = T.productosRepetidos;
    else vistos.add(p.codpro);
    if ('error' in q) {
      e.porcentaje = q.error;
      porcentajesValidos = false;
    } else sumaDecimas += q.decimas;
    if (e.producto) errores.add(e.producto);
    if (e.porcentaje) errores.add(e.porcentaje);
    if ('codpro' in p && 'decimas' in q) productos.push({ codpro: p.codpro, decimas: q.decimas });
    return e;
  });

  let total: string | undefined;
  if (porcentajesValidos && sumaDecimas !== CIEN_POR_CIENTO) {
    total = sumaDecimas > CIEN_POR_CIENTO ? T.porcentajeSupera : T.porcentajeNoSuma;
    errores.add(total);
  }
  return { filas: errFilas, total, sumaDecimas, errores: [...errores], productos };
}

export interface ValoresCupoCrudos {
  cliente?: Crudo;
  uniNeg?: Crudo;
  tipoDespacho?: Crudo;
  envase?: Crudo;
  cargaMaxima?: Crudo;
  cantCuposIguales?: Crudo;
}

export type CampoCupo = keyof ValoresCupoCrudos;

export interface OpcionesValidacion {
  /** cantCuposIguales is asked only when creating. */
  creando: boolean;
  /** Container flag of the chosen dispatch type ('S' true, 'N' false); undefined while unknown. */
  conEnvase?: boolean;
}

export interface CupoValidado {
  cliente: number;
  uniNeg: number;
  tipoDespacho: number;
  /** SIN_ENVASE_ID when there is none. */
  envase: number;
  cargaMaxima: number;
  cantCuposIguales: number;
  productos: { codpro: number; decimas: number }[];
}

export interface ResultadoCupo {
  campos: Partial<Record<CampoCupo, string>>;
  productos: ResultadoProductos;
  /** Every message, fields prefixed by their label where the message alone does not say which. */
  errores: string[];
  /** Present only when there is no error. */
  cupo?: CupoValidado;
}

/** An integer written as a number or as text ('12', ' -1 '); anything else is undefined. */
export function enteroDe(v: Crudo): number | undefined {
  const texto = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!/^-?\d+$/.test(texto)) return undefined;
  const n = Number(texto);
  return Math.abs(n) <= MAX_ENTERO ? n : undefined;
}

/** A required select holding an id: '' is missing; anything but an integer ≥ min is invalid. */
function idObligatorio(v: Crudo, min: number): number | string {
  if (vacio(v)) return TEXTOS.campoObligatorio;
  const n = enteroDe(v);
  return n !== undefined && n >= min ? n : T.valorInvalido;
}

function cargaMaxima(v: Crudo, conEnvase: boolean | undefined): number | string {
  if (vacio(v)) return TEXTOS.campoObligatorio;
  const d = decimal(v);
  if (!d || !(d.valor > 0)) return T.cargaMaximaPositiva;
  // Units of a container quota are whole and also count the empty containers (an integer).
  if (d.valor > (conEnvase ? MAX_ENTERO : MAX_CARGA)) return T.cargaMaximaGrande;
  if (conEnvase && d.decimales > 0) return T.unidadesEnteras;
  if (d.decimales > 3) return T.cargaMaximaDecimales;
  return d.valor;
}

function cantidadCupos(v: Crudo): number | string {
  if (vacio(v)) return TEXTOS.campoObligatorio;
  const d = decimal(v);
  if (!d || !(d.valor > 0)) return T.cantidadCuposPositiva;
  if (d.decimales > 0) return T.cantidadCuposEntera;
  if (d.valor > MAX_CUPOS_IGUALES) return T.cantidadCuposMaxima;
  return d.valor;
}

/** The whole order form: fields and product table (spec section 5). */
export function validarCupo(
  valores: ValoresCupoCrudos,
  productos: readonly FilaProductoCruda[],
  { creando, conEnvase }: OpcionesValidacion,
): ResultadoCupo {
  const resultados: Record<CampoCupo, number | string> = {
    cliente: idObligatorio(valores.cliente, 0),
    uniNeg: idObligatorio(valores.uniNeg, 1),
    tipoDespacho: idObligatorio(valores.tipoDespacho, 1),
    envase: idObligatorio(valores.envase, SIN_ENVASE_ID),
    cargaMaxima: cargaMaxima(valores.cargaMaxima, conEnvase),
    cantCuposIguales: creando ? cantidadCupos(valores.cantCuposIguales) : 1,
  };
  // 0 is no container id; and a dispatch in containers needs a real one.
  if (resultados.envase === 0) resultados.envase = T.valorInvalido;
  if (conEnvase && resultados.envase === SIN_ENVASE_ID) resultados.envase = TEXTOS.campoObligatorio;

  const campos: ResultadoCupo['campos'] = {};
  const errores: string[] = [];
  for (const [campo, r] of Object.entries(resultados) as [CampoCupo, number | string][]) {
    if (typeof r !== 'string') continue;
    campos[campo] = r;
    const generico = r === TEXTOS.campoObligatorio || r === T.valorInvalido;
    errores.push(generico ? `${ETIQUETAS_CUPO[campo]}: ${r}` : r);
  }
  const prod = validarProductos(productos);
  errores.push(...prod.errores);
  if (errores.length > 0) return { campos, productos: prod, errores };
  const n = resultados as Record<CampoCupo, number>;
  return {
    campos,
    productos: prod,
    errores,
    cupo: {
      cliente: n.cliente,
      uniNeg: n.uniNeg,
      tipoDespacho: n.tipoDespacho,
      envase: n.envase,
      cargaMaxima: n.cargaMaxima,
      cantCuposIguales: n.cantCuposIguales,
      productos: prod.productos,
    },
  };
}
