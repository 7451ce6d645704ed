/** Truck status codes of the yard (spec sections 2, 4 and 9). */
export const ESTADOS_CAMION = {
  playaSinOrden: 1,
  playaConOrden: 2,
  operando: 3,
  finalizado: 4,
} as const;

export type CodEstado = (typeof ESTADOS_CAMION)[keyof typeof ESTADOS_CAMION];

/** The filter's options in the spec's order; 0 means every status. */
export const OPCIONES_ESTADO = [
  { valor: 0, texto: 'Todos' },
  { valor: 4, texto: 'Finalizado' },
  { valor: 3, texto: 'Operando' },
  { valor: 1, texto: 'Playa sin orden' },
  { valor: 2, texto: 'Playa con orden' },
] as const;

export const NOMBRES_ESTADO: Record<CodEstado, string> = {
  1: 'Playa sin orden',
  2: 'Playa con orden',
  3: 'Operando',
  4: 'Finalizado',
};

/** Company code of the terminal itself: its users are the administrators. */
export const CODEMPRE_ADMINISTRADOR = 0;
