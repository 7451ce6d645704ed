/**
 * The CLI's commands as data: each command group declares its commands (name, arguments,
 * options, a one-line summary) and this file parses a command line against them and prints the
 * help table from the same declarations, so the help cannot drift from what is accepted.
 *
 * A small parser of our own rather than commander: every word the operator reads — help, usage
 * errors — is Spanish and one line, which commander would need overriding message by message.
 */
import type { Entorno } from '../arranque';
import type { Db } from '../db/client';

export interface Argumento {
  nombre: string;
  descripcion: string;
  opcional?: boolean;
  /** Takes every remaining word ('empresas crear <codempre> <nombre…>'). */
  resto?: boolean;
}

export interface Opcion {
  nombre: string;
  descripcion: string;
  /** The placeholder of its value ('<codempre>'); absent, the option is a flag. */
  valor?: string;
  obligatoria?: boolean;
}

export interface Contexto {
  entorno: Entorno;
  db: Db;
  /** Arguments by name; a `resto` argument holds its words joined by spaces. */
  args: Record<string, string | undefined>;
  opciones: Record<string, string | boolean | undefined>;
  /** Prints a line to stdout. */
  escribir: (linea: string) => void;
}

export interface Comando {
  /** 'usuarios crear', 'demo'. */
  nombre: string;
  resumen: string;
  argumentos?: Argumento[];
  opciones?: Opcion[];
  ejecutar: (c: Contexto) => Promise<void>;
}

/** The output as JSON for scripts: every command that prints something a script may read. */
export const OPCION_JSON: Opcion = {
  nombre: 'json',
  descripcion: 'la salida en JSON, para un script (use npm run -s cli)',
};

/** A wrong command line: one Spanish line, exit code 2. */
export class ErrorUso extends Error {
  constructor(mensaje: string) {
    super(mensaje);
    this.name = 'ErrorUso';
  }
}

export const PROGRAMA = 'npm run cli --';

const verAyuda = (c?: Comando) => `Vea '${PROGRAMA} ${c ? `${c.nombre} ` : ''}--help'.`;

export type Lectura =
  | { tipo: 'ayuda'; comando?: Comando }
  | {
      tipo: 'comando';
      comando: Comando;
      args: Contexto['args'];
      opciones: Contexto['opciones'];
    };

/** A number such as '-2,5' is a value (a negative adjustment), never an option. */
const esNumeroNegativo = (palabra: string) => /^-\d[\d.,]*$/.test(palabra);
const esOpcion = (palabra: string) => palabra.startsWith('-') && !esNumeroNegativo(palabra);
const AYUDA = new Set(['-h', '--help', '--ayuda']);

/** Reads a command line (what follows `npm run cli --`) against the commands. */
export function leer(comandos: Comando[], palabras: string[]): Lectura {
  const pideAyuda = palabras.some((p) => AYUDA.has(p));
  const [primera, segunda] = palabras;
  if (primera === undefined) return { tipo: 'ayuda' };
  if (primera === 'ayuda') {
    return { tipo: 'ayuda', comando: buscar(comandos, palabras.slice(1))?.comando };
  }
  const hallado = buscar(comandos, palabras);
  if (!hallado) {
    if (esOpcion(primera)) {
      if (pideAyuda) return { tipo: 'ayuda' };
      throw new ErrorUso(`Opción desconocida: '${primera}'. ${verAyuda()}`);
    }
    const pedido = segunda === undefined || esOpcion(segunda) ? primera : `${primera} ${segunda}`;
    throw new ErrorUso(`Comando desconocido: '${pedido}'. ${verAyuda()}`);
  }
  const { comando, largo } = hallado;
  if (pideAyuda) return { tipo: 'ayuda', comando };
  return { tipo: 'comando', comando, ...repartir(comando, palabras.slice(largo)) };
}

/** The command named by the first one or two words (the longer name wins). */
function buscar(comandos: Comando[], palabras: string[]) {
  for (const largo of [2, 1]) {
    const nombre = palabras.slice(0, largo).join(' ');
    const comando = comandos.find((c) => c.nombre === nombre);
    if (comando) return { comando, largo };
  }
  return undefined;
}

/** Gives each word after the command's name to its arguments and options, or refuses it. */
function repartir(comando: Comando, palabras: string[]) {
  const opciones: Contexto['opciones'] = {};
  const sueltas: string[] = [];
  for (let i = 0; i < palabras.length; i++) {
    const p = palabras[i]!;
    if (p === '--') {
      sueltas.push(...palabras.slice(i + 1));
      break;
    }
    if (!esOpcion(p)) {
      sueltas.push(p);
      continue;
    }
    const [nombre, ...resto] = p.replace(/^--?/, '').split('=');
    const opcion = p.startsWith('--')
      ? comando.opciones?.find((o) => o.nombre === nombre)
      : undefined;
    if (!opcion) {
      throw new ErrorUso(`Opción desconocida para '${comando.nombre}': ${p}. ${verAyuda(comando)}`);
    }
    if (opcion.valor) {
      const valor = resto.length ? resto.join('=') : palabras[++i];
      if (valor === undefined || (!resto.length && esOpcion(valor))) {
        throw new ErrorUso(
          `--${opcion.nombre} necesita un valor ${opcion.valor}. ${verAyuda(comando)}`,
        );
      }
      opciones[opcion.nombre] = valor;
    } else {
      if (resto.length)
        throw new ErrorUso(`--${opcion.nombre} no lleva valor. ${verAyuda(comando)}`);
      opciones[opcion.nombre] = true;
    }
  }

  const args: Contexto['args'] = {};
  const declarados = comando.argumentos ?? [];
  for (const [i, a] of declarados.entries()) {
    const valor = a.resto ? sueltas.slice(i).join(' ') || undefined : sueltas[i];
    if (valor === undefined && !a.opcional) {
      throw new ErrorUso(`Falta <${a.nombre}> para '${comando.nombre}'. ${verAyuda(comando)}`);
    }
    args[a.nombre] = valor;
  }
  const sobrante = declarados.some((a) => a.resto) ? undefined : sueltas[declarados.length];
  if (sobrante !== undefined) {
    throw new ErrorUso(`Sobra '${sobrante}' para '${comando.nombre}'. ${verAyuda(comando)}`);
  }
  for (const o of comando.opciones ?? []) {
    if (o.obligatoria && opciones[o.nombre] === undefined) {
      throw new ErrorUso(
        `Falta --${o.nombre} ${o.valor} para '${comando.nombre}'. ${verAyuda(comando)}`,
      );
    }
  }
  return { args, opciones };
}

/** 'usuarios crear <usuario>' with its arguments as the operator types them. */
function sinopsis(c: Comando): string {
  const args = (c.argumentos ?? []).map((a) => {
    const nombre = `<${a.nombre}${a.resto ? '…' : ''}>`;
    return a.opcional ? `[${nombre}]` : nombre;
  });
  return [c.nombre, ...args].join(' ');
}

const opcionEnTexto = (o: Opcion) => `--${o.nombre}${o.valor ? ` ${o.valor}` : ''}`;

const ANCHO = 100;

/** Words of `texto` in lines of at most `ancho` characters. */
function partir(texto: string, ancho: number): string[] {
  const lineas: string[] = [];
  let actual = '';
  for (const palabra of texto.split(' ')) {
    if (actual && actual.length + 1 + palabra.length > ancho) {
      lineas.push(actual);
      actual = palabra;
    } else actual = actual ? `${actual} ${palabra}` : palabra;
  }
  return [...lineas, actual];
}

/**
 * Two columns: what to type, and what it does, wrapped to 100 characters. What to type longer
 * than the column gets a line of its own.
 */
function tabla(filas: [string, string][], sangria: number): string[] {
  const columna = Math.min(30, Math.max(...filas.map(([a]) => a.length))) + 3;
  const margen = ' '.repeat(sangria + columna);
  return filas.flatMap(([a, b]) => {
    const texto = partir(b, ANCHO - sangria - columna).map((l) => margen + l);
    const cabe = a.length + 3 <= columna;
    if (cabe) texto[0] = ' '.repeat(sangria) + a.padEnd(columna) + texto[0]!.trimStart();
    return cabe ? texto : [' '.repeat(sangria) + a, ...texto];
  });
}

function filasDeOpciones(c: Comando): [string, string][] {
  return (c.opciones ?? []).map((o) => [
    opcionEnTexto(o),
    `${o.obligatoria ? '(obligatoria) ' : ''}${o.descripcion}`,
  ]);
}

/** The whole help table: every command with its options. */
export function ayudaGeneral(comandos: Comando[]): string {
  const filas: [string, string][] = [];
  for (const c of comandos) {
    filas.push([sinopsis(c), c.resumen]);
    for (const [o, d] of filasDeOpciones(c)) filas.push([`    ${o}`, d]);
  }
  return [
    'Portal Acopio: administración por línea de comandos.',
    '',
    `Uso: ${PROGRAMA} <comando> [argumentos] [opciones]`,
    '',
    'Comandos:',
    ...tabla(filas, 2),
    '',
    'Opciones de todos los comandos:',
    ...tabla([['-h, --help', 'muestra la ayuda (también: ayuda [<comando>])']], 2),
    '',
    `'${PROGRAMA} <comando> --help' explica un comando. Usa DATA_DIR o DATABASE_URL como el`,
    'portal, y funciona con el portal andando o detenido. Códigos de salida: 0 bien, 1 falló,',
    '2 el pedido no es válido (comando, opción o dato).',
  ].join('\n');
}

export function ayudaDe(c: Comando): string {
  const lineas = [
    `Uso: ${PROGRAMA} ${sinopsis(c)}${c.opciones?.length ? ' [opciones]' : ''}`,
    '',
    c.resumen,
  ];
  if (c.argumentos?.length) {
    lineas.push(
      '',
      'Argumentos:',
      ...tabla(
        c.argumentos.map((a) => [`<${a.nombre}>`, a.descripcion]),
        2,
      ),
    );
  }
  lineas.push(
    '',
    'Opciones:',
    ...tabla([...filasDeOpciones(c), ['-h, --help', 'muestra esta ayuda']], 2),
  );
  return lineas.join('\n');
}

// Helpers the commands share to read their values.

export function entero(texto: string | undefined, nombre: string, minimo = 0): number {
  const n = Number(texto);
  if (texto === undefined || !/^\d+$/.test(texto.trim()) || n < minimo) {
    throw new ErrorUso(
      `${nombre} debe ser un número entero${minimo > 0 ? ' positivo' : ''}: '${texto ?? ''}'.`,
    );
  }
  return n;
}

export function listaDeEnteros(texto: string | undefined, nombre: string): number[] {
  if (!texto) return [];
  const partes = texto.split(',').map((x) => x.trim());
  if (partes.some((p) => !/^\d+$/.test(p) || Number(p) <= 0)) {
    throw new ErrorUso(`${nombre} debe ser una lista de números separados por comas: '${texto}'.`);
  }
  return partes.map(Number);
}

/** Prints rows as a table for a person, or as JSON for a script. */
export function mostrar(c: Contexto, filas: object[], vacia: string) {
  if (c.opciones.json) c.escribir(JSON.stringify(filas));
  else if (filas.length === 0) c.escribir(vacia);
  else console.table(filas);
}

/**
 * A `… verificar` command (stock, tablero, turnos): compares what is kept with a recount, prints
 * each difference (the whole row as JSON for a script; `fila` says how a person reads it in the
 * table) or that there is none, and exits with 1 when there is any.
 */
export function comandoVerificar<T extends object>(o: {
  nombre: string;
  resumen: string;
  diferencias: (db: Db) => Promise<T[]>;
  coinciden: string;
  noCoinciden: (cuantas: number) => string;
  fila?: (diferencia: T) => object;
}): Comando {
  return {
    nombre: o.nombre,
    resumen: o.resumen,
    opciones: [OPCION_JSON],
    async ejecutar(c) {
      const diferencias = await o.diferencias(c.db);
      if (c.opciones.json) c.escribir(JSON.stringify(diferencias));
      else if (diferencias.length === 0) c.escribir(o.coinciden);
      else console.table(o.fila ? diferencias.map(o.fila) : diferencias);
      if (diferencias.length > 0) throw new Error(o.noCoinciden(diferencias.length));
    },
  };
}
