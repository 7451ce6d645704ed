/**
 * A row's cells as the typed row each kind imports, or why it is refused: pure, no database
 * (what the database holds is looked at by each kind's handler, inside the transaction). The
 * units are named in the file and found by name among those that exist.
 */
import { CARACTERES_NO_PERMITIDOS } from '../../../shared/contracts/comun';
import { CLASES_IMPORTACION, type Clase } from '../../../shared/contracts/importacion';
import { MENSAJES_IMPORTACION as M } from '../../../shared/textos';
import { NOMBRE_USUARIO } from '../usuarios/servicio';
import { normalizar, type Celdas } from './lectura';

/** Why a row is refused, in Spanish, for the person who fixes the file. */
export class Rechazo extends Error {
  constructor(readonly motivo: string) {
    super(motivo);
    this.name = 'Rechazo';
  }
}

export interface Unidad {
  ctrl: number;
  unineg: string;
}

/** The terminal's business units by name (compared without case or accents). */
export class Unidades {
  private readonly porNombre: Map<string, Unidad>;
  private readonly porCtrl: Map<number, Unidad>;

  constructor(lista: Unidad[]) {
    this.porNombre = new Map(lista.map((u) => [normalizar(u.unineg), u]));
    this.porCtrl = new Map(lista.map((u) => [u.ctrl, u]));
  }

  buscar(nombre: string): Unidad | undefined {
    return this.porNombre.get(normalizar(nombre));
  }

  nombre(ctrl: number): string {
    return this.porCtrl.get(ctrl)?.unineg ?? String(ctrl);
  }

  /** 'Granos, Subproductos' from their ctrl. */
  nombres(ctrls: number[]): string {
    return ctrls.map((c) => this.nombre(c)).join(', ');
  }
}

// ---------------------------------------------------------------------------------------------
// Cells

/** The column's header, for a message. */
const titulo = (clase: Clase, clave: string) =>
  CLASES_IMPORTACION[clase].columnas.find((c) => c.clave === clave)?.titulo ?? clave;

function celda(c: Celdas, clave: string): string {
  return (c[clave] ?? '').trim();
}

function obligatoria(clase: Clase, c: Celdas, clave: string): string {
  const v = celda(c, clave);
  if (!v) throw new Rechazo(M.faltaValor(titulo(clase, clave)));
  return v;
}

/** A code: an integer from 0 (the terminal's, refused by whoever calls) up to int4's top. */
function codigo(clase: Clase, c: Celdas, clave: string): number {
  const v = obligatoria(clase, c, clave);
  const n = Number(v);
  if (!/^\d{1,10}$/.test(v) || n > 2_147_483_647) {
    throw new Rechazo(M.enteroInvalido(titulo(clase, clave), v));
  }
  return n;
}

/** A client company's code: 0 is the terminal, and the import gives it nothing. */
function codempre(clase: Clase, c: Celdas, clave = 'codempre'): number {
  const n = codigo(clase, c, clave);
  if (n === 0) throw new Rechazo(M.terminalNoSeImporta);
  return n;
}

function positivo(clase: Clase, c: Celdas, clave: string): number {
  const n = codigo(clase, c, clave);
  if (n === 0) throw new Rechazo(M.enteroInvalido(titulo(clase, clave), '0'));
  return n;
}

/** Free text as the API takes it: trimmed, NFC, no control or invisible characters. */
function textoLibre(clase: Clase, c: Celdas, clave: string, maximo: number): string {
  const v = obligatoria(clase, c, clave).normalize('NFC');
  if (CARACTERES_NO_PERMITIDOS.test(v)) throw new Rechazo(M.textoNoPermitido(titulo(clase, clave)));
  if (v.length > maximo) throw new Rechazo(M.textoLargo(titulo(clase, clave), maximo));
  return v;
}

/**
 * '1250,5', '1250.5' or '0' as thousandths (kilos of tonnes, grams of kilos): at most 3
 * decimals, no thousands separator (in '1.250' it could not be told from a decimal point).
 */
export function milesimas(texto: string, enteros = 11): number | null {
  const m = new RegExp(`^(-?)(\\d{1,${enteros}})(?:[.,](\\d{1,3}))?$`).exec(texto.trim());
  if (!m) return null;
  const valor = Number(m[2]) * 1000 + Number((m[3] ?? '').padEnd(3, '0'));
  return m[1] && valor !== 0 ? -valor : valor;
}

function cantidad(clase: Clase, c: Celdas, clave: string, enteros: number): number {
  const v = obligatoria(clase, c, clave);
  const n = milesimas(v, enteros);
  if (n === null) throw new Rechazo(M.cantidadInvalida(titulo(clase, clave), v));
  if (n < 0) throw new Rechazo(M.cantidadNegativa(titulo(clase, clave)));
  return n;
}

const SI = new Set(['si', 's', 'yes', 'y', 'true', 'verdadero', '1', 'x', 'activo']);
const NO = new Set(['no', 'n', 'false', 'falso', '0', 'inactivo']);

function siNo(clase: Clase, c: Celdas, clave: string, porDefecto: boolean): boolean {
  const v = celda(c, clave);
  if (!v) return porDefecto;
  const n = normalizar(v);
  if (SI.has(n)) return true;
  if (NO.has(n)) return false;
  throw new Rechazo(M.siNo(titulo(clase, clave), v));
}

function unidad(clase: Clase, c: Celdas, unidades: Unidades, clave = 'unidad'): number {
  const nombre = obligatoria(clase, c, clave);
  const u = unidades.buscar(nombre);
  if (!u) throw new Rechazo(M.unidadInexistente(nombre));
  return u.ctrl;
}

/** 'Granos, Subproductos' (or with `;`) as their ctrl, sorted; empty: none. */
function listaDeUnidades(c: Celdas, unidades: Unidades): number[] {
  const ctrls: number[] = [];
  for (const nombre of celda(c, 'unidades').split(/[,;]/)) {
    if (!nombre.trim()) continue;
    const u = unidades.buscar(nombre);
    if (!u) throw new Rechazo(M.unidadInexistente(nombre.trim()));
    if (ctrls.includes(u.ctrl)) throw new Rechazo(M.unidadRepetida(u.unineg));
    ctrls.push(u.ctrl);
  }
  return ctrls.sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------
// Rows

export interface EmpresaImportada {
  codempre: number;
  nomempre: string;
  unidades: number[];
}

export interface UsuarioImportado {
  usuario: string;
  codempre: number;
  unidades: number[];
}

export interface ProductoImportado {
  codpro: number;
  nompro: string;
  activo: boolean;
}

export interface ProductoClienteImportado {
  codempre: number;
  unineg: number;
  codpro: number;
}

export interface EnvaseImportado {
  codempre: number;
  nombre: string;
  /** Kilograms, up to 3 decimals. */
  peso: number;
}

export interface SaldoImportado {
  codempre: number;
  unineg: number;
  codpro: number;
  /** Whole kilograms: tonnes with 3 decimals, as the ledger keeps them. */
  kilos: number;
}

export interface Filas {
  empresas: EmpresaImportada;
  usuarios: UsuarioImportado;
  productos: ProductoImportado;
  productosClientes: ProductoClienteImportado;
  envases: EnvaseImportado;
  saldos: SaldoImportado;
}

/** Each kind's cells as its row; throws a Rechazo naming what is wrong. */
export const LECTORES: { [C in Clase]: (c: Celdas, unidades: Unidades) => Filas[C] } = {
  empresas: (c, u) => ({
    codempre: codempre('empresas', c),
    nomempre: textoLibre('empresas', c, 'nombre', 100),
    unidades: listaDeUnidades(c, u),
  }),
  usuarios: (c, u) => {
    const usuario = obligatoria('usuarios', c, 'usuario').toLowerCase();
    if (!NOMBRE_USUARIO.test(usuario)) throw new Rechazo(M.nombreUsuarioInvalido);
    const empresa = codigo('usuarios', c, 'codempre');
    if (empresa === 0) throw new Rechazo(M.administradorNoSeImporta);
    return { usuario, codempre: empresa, unidades: listaDeUnidades(c, u) };
  },
  productos: (c) => ({
    codpro: positivo('productos', c, 'codpro'),
    nompro: textoLibre('productos', c, 'nombre', 60),
    activo: siNo('productos', c, 'activo', true),
  }),
  productosClientes: (c, u) => ({
    codempre: codempre('productosClientes', c),
    unineg: unidad('productosClientes', c, u),
    codpro: positivo('productosClientes', c, 'codpro'),
  }),
  envases: (c) => {
    const peso = cantidad('envases', c, 'peso', 7);
    if (peso === 0) throw new Rechazo(M.pesoCero);
    return {
      codempre: codempre('envases', c),
      nombre: textoLibre('envases', c, 'nombre', 60),
      peso: peso / 1000,
    };
  },
  saldos: (c, u) => ({
    codempre: codempre('saldos', c),
    unineg: unidad('saldos', c, u),
    codpro: positivo('saldos', c, 'codpro'),
    kilos: cantidad('saldos', c, 'toneladas', 11),
  }),
};

/** Reads a row, or tells why not. */
export function leerFila<C extends Clase>(
  clase: C,
  celdas: Celdas,
  unidades: Unidades,
): Filas[C] | Rechazo {
  try {
    return LECTORES[clase](celdas, unidades);
  } catch (e) {
    if (e instanceof Rechazo) return e;
    throw e;
  }
}
