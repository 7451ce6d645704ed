/**
 * CSV as Excel writes it (RFC 4180): fields in double quotes may hold separators, line breaks
 * and doubled quotes. The separator is the header line's: `;` where Excel's list separator is
 * the comma's partner (Spanish and most European locales, decimal comma), `,` elsewhere. Text
 * arrives decoded, in chunks, and records leave one by one: the file is never held whole.
 */

/** A field longer than this is refused: an unclosed quote would otherwise swallow the file. */
export const LARGO_MAXIMO_CELDA = 10_000;
export const COLUMNAS_MAXIMAS = 50;

/** A record that breaks a limit: its number (the header is record 1) and which limit. */
export class ErrorCsv extends Error {
  constructor(
    readonly registro: number,
    readonly motivo: 'celdaLarga' | 'demasiadasColumnas',
  ) {
    super(`${motivo} en el registro ${registro}`);
    this.name = 'ErrorCsv';
  }
}

/** `;` or `,`: whichever the first line holds more of, outside quotes (`;` on a tie). */
export function separadorDe(primeraLinea: string): ';' | ',' {
  let puntoYComa = 0;
  let coma = 0;
  let enComillas = false;
  for (const c of primeraLinea) {
    if (c === '"') enComillas = !enComillas;
    else if (!enComillas && c === ';') puntoYComa++;
    else if (!enComillas && c === ',') coma++;
  }
  return coma > puntoYComa ? ',' : ';';
}

/**
 * The records of a CSV, numbered from 1, from its text in chunks. An empty line is a record with
 * one empty field (the caller skips it, and the numbers still match the rows Excel shows).
 */
export async function* registrosCsv(
  textos: AsyncIterable<string>,
): AsyncGenerator<{ numero: number; campos: string[] }> {
  let separador: string | null = null;
  let pendiente = '';
  let campo = '';
  let campos: string[] = [];
  let enComillas = false;
  /** The previous character closed a quoted field (a quote now would be an escaped one). */
  let comillaCerrada = false;
  /** The previous character was a CR: a LF now ends nothing more. */
  let trasCr = false;
  let numero = 1;
  let hayAlgo = false;

  const cerrarCampo = () => {
    campos.push(campo);
    campo = '';
    if (campos.length > COLUMNAS_MAXIMAS) throw new ErrorCsv(numero, 'demasiadasColumnas');
  };

  for await (const texto of textos) {
    let trozo = texto;
    if (separador === null) {
      // The separator comes from the first line: wait for it whole (or for the end).
      pendiente += trozo;
      const fin = pendiente.search(/[\r\n]/);
      if (fin < 0 && pendiente.length < LARGO_MAXIMO_CELDA * COLUMNAS_MAXIMAS) continue;
      separador = separadorDe(fin < 0 ? pendiente : pendiente.slice(0, fin));
      trozo = pendiente;
      pendiente = '';
    }
    for (let i = 0; i < trozo.length; i++) {
      const c = trozo[i]!;
      if (trasCr) {
        trasCr = false;
        if (c === '\n') continue;
      }
      hayAlgo = true;
      if (enComillas) {
        if (c === '"') {
          enComillas = false;
          comillaCerrada = true;
          continue;
        }
        campo += c;
      } else if (c === '"') {
        if (comillaCerrada) {
          // "" inside quotes: one quote, and the field goes on quoted.
          campo += '"';
          enComillas = true;
        } else if (campo === '') enComillas = true;
        else campo += c;
        comillaCerrada = false;
        continue;
      } else if (c === separador) {
        cerrarCampo();
      } else if (c === '\n' || c === '\r') {
        cerrarCampo();
        yield { numero, campos };
        campos = [];
        numero++;
        hayAlgo = false;
        trasCr = c === '\r';
      } else campo += c;
      comillaCerrada = false;
      if (campo.length > LARGO_MAXIMO_CELDA) throw new ErrorCsv(numero, 'celdaLarga');
    }
  }
  if (separador === null && pendiente) {
    // A file of one line without its end: parse it the same way.
    yield* registrosCsv(
      (async function* () {
        yield `${pendiente}\n`;
      })(),
    );
    return;
  }
  if (hayAlgo) {
    cerrarCampo();
    yield { numero, campos };
  }
}
