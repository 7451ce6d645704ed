/** Every route of the spec's route table, in one place (spec section 2). */
export const paths = {
  inicio: '/',
  camiones: '/camiones',
  cupos: '/cupos',
  cupoAlta: '/cupos/alta',
  cupoModificar: (codorden: number | string) => `/cupos/modificar/${codorden}`,
  stock: '/stock',
  encuestas: '/encuestas',
  encuestaRespuestas: (id: number | string) => `/encuestas/respuestas/${id}`,
  encuestaResponder: (id: number | string) => `/encuestas/responder/${id}`,
  encuestasListar: '/encuestas/listar',
} as const;
