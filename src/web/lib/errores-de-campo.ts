/**
 * The server names the field a 400 is about: `codempre: Ya existe la empresa 1.` from a service,
 * or `Los datos enviados no son válidos. nombre: …; vence: …` from the contract. A form shows
 * each message under its field, and the rest (or a message of another status) above the form.
 */
import { MENSAJES_API } from '../../shared/textos';
import { ErrorApi, mensajeDeError } from './api-client';

export interface ErroresDeCampo<C extends string> {
  campos: Partial<Record<C, string>>;
  /** What belongs to no field of the form; null when every message found its field. */
  general: string | null;
}

export function erroresDeCampo<C extends string>(
  error: unknown,
  campos: readonly C[],
): ErroresDeCampo<C> {
  const resultado: ErroresDeCampo<C> = { campos: {}, general: null };
  if (!(error instanceof ErrorApi) || error.status !== 400) {
    resultado.general = mensajeDeError(error);
    return resultado;
  }
  const prefijo = `${MENSAJES_API.datosInvalidos}. `;
  const detalle = error.msj.startsWith(prefijo) ? error.msj.slice(prefijo.length) : error.msj;
  const sueltos: string[] = [];
  for (const parte of detalle.split('; ')) {
    const m = /^([A-Za-z]\w*)(?:\.[\w.]+)?: (.+)$/.exec(parte);
    const campo = m && (campos as readonly string[]).includes(m[1]!) ? (m[1] as C) : null;
    if (campo && !resultado.campos[campo]) resultado.campos[campo] = m![2]!;
    else sueltos.push(parte);
  }
  if (sueltos.length > 0) resultado.general = error.msj;
  return resultado;
}

/**
 * A form's failed save: each field's message set on its field (react-hook-form's `setError`,
 * focusing the first), and what belongs to none returned, for the alert above the form.
 */
export function marcarErroresDeCampo<C extends string>(
  error: unknown,
  campos: readonly C[],
  setError: (campo: C, e: { type: string; message: string }, o: { shouldFocus: boolean }) => void,
): string | null {
  const r = erroresDeCampo(error, campos);
  for (const campo of campos) {
    const msj = r.campos[campo];
    if (msj) setError(campo, { type: 'server', message: msj }, { shouldFocus: true });
  }
  return r.general;
}

/**
 * `marcarErroresDeCampo` for a form whose fields the API names by key and the person by label
 * (`nombres`): each message is said with the field's name, 'Límite de Playa sin orden: debe ser
 * mayor que el aviso', under its field and, if it found none, in what is returned for the alert.
 */
export function marcarErroresNombrados<C extends string>(
  error: unknown,
  nombres: Record<C, string>,
  setError: (campo: C, e: { type: string; message: string }, o: { shouldFocus: boolean }) => void,
): string | null {
  const campos = Object.keys(nombres) as C[];
  const general = marcarErroresDeCampo(error, campos, (campo, e, o) =>
    setError(campo, { ...e, message: `${nombres[campo]}: ${e.message}` }, o),
  );
  return (
    general?.replace(/^(\w+): /, (todo, campo: string) =>
      campo in nombres ? `${nombres[campo as C]}: ` : todo,
    ) ?? null
  );
}

/**
 * A field's marks while it has an error: Bootstrap's red border (`isInvalid`, which sets no ARIA
 * of its own), `aria-invalid` for screen readers and the id of the message under it.
 */
export function marcasDeError(invalido: boolean, idDelMensaje: string) {
  return invalido
    ? { isInvalid: true, 'aria-invalid': true, 'aria-describedby': idDelMensaje }
    : { 'aria-invalid': false };
}
