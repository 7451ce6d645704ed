import { MENSAJES_API } from '../shared/textos';

/** An answer the client is meant to see: `{ msj }` with this status. */
export class ErrorHttp extends Error {
  constructor(
    readonly statusCode: number,
    readonly msj: string,
    /** What a person can do about it, shown under `msj` (the API's `detalle`). */
    readonly detalle?: string,
  ) {
    super(msj);
    this.name = 'ErrorHttp';
  }
}

export const noEncontrado = () => new ErrorHttp(404, MENSAJES_API.noEncontrado);
/** Another company's data, or a business unit outside the user's (design section 2). */
export const sinPermisoDatos = () => new ErrorHttp(403, MENSAJES_API.sinPermisoDatos);
export const conflicto = (msj: string) => new ErrorHttp(409, msj);
export const solicitudInvalida = (msj: string) => new ErrorHttp(400, msj);
/** A 400 that names the field it is about, as a contract's validation does: 'usuario: …'. */
export const errorDeCampo = (campo: string, msj: string) => new ErrorHttp(400, `${campo}: ${msj}`);
