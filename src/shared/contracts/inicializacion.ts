/**
 * The first set-up of a terminal on an empty database (issue 21): while no administrator exists,
 * whoever holds the one-time code the portal printed in its log names the terminal and its first
 * administrator, and gets that administrator's card, once.
 */
import { z } from 'zod';
import { texto } from './comun';
import { datosTerminalBody } from './terminal';

/** GET /api/inicializacion: whether the set-up is still to be done, and nothing else. */
export const estadoInicializacion = z.object({ pendiente: z.boolean() });
export type EstadoInicializacion = z.infer<typeof estadoInicializacion>;

/** POST /api/inicializacion. The answer is the card issued (`tarjetaEmitida`), with 201. */
export const inicializarBody = datosTerminalBody.extend({
  /** 'K7QM-3XRT-9HDB' as the log shows it; case, spaces and dashes do not matter. */
  codigo: texto(40).min(1),
  /** The first administrator's user name. */
  usuario: texto(50).min(1),
});
export type InicializarBody = z.input<typeof inicializarBody>;
