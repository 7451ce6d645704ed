/**
 * Every route of the spec's route table, in one place (spec section 2): `patrones` for the router,
 * `paths` for links (the same patterns, filled in).
 */
import { rellenar } from './caminos';
import { CAMINO_INICIALIZAR } from './inicializacion';

export const patrones = {
  inicio: '/',
  camiones: '/camiones',
  cupos: '/cupos',
  cupoAlta: '/cupos/alta',
  cupoModificar: '/cupos/modificar/:codorden',
  stock: '/stock',
  tablero: '/tablero',
  encuestas: '/encuestas',
  encuestaRespuestas: '/encuestas/respuestas/:id',
  encuestaResponder: '/encuestas/responder/:id',
  encuestasListar: '/encuestas/listar',
  // Not in the spec's table: the administration of the portal (company 0 only) and 'Mi cuenta'.
  administracionUsuarios: '/administracion/usuarios',
  administracionEmpresas: '/administracion/empresas',
  administracionUnidades: '/administracion/unidades',
  administracionTokens: '/administracion/tokens',
  administracionAuditoria: '/administracion/auditoria',
  administracionImportar: '/administracion/importar',
  administracionProductos: '/administracion/productos',
  administracionEnvases: '/administracion/envases',
  administracionTerminal: '/administracion/terminal',
  // Issue 25: the outbox of notices and the webhook endpoints.
  administracionAvisos: '/administracion/avisos',
  administracionWebhooks: '/administracion/webhooks',
  cuenta: '/cuenta',
  // The e-mail's confirmation link (issue 25): public, the token in `?token=`.
  confirmarCorreo: '/cuenta/correo',
  // Turns (issue 24): the screen, and a booking's voucher (public by its code, for a driver).
  turnos: '/turnos',
  comprobanteTurno: '/turno/:codigo',
  // The first set-up (issue 21): outside the session, while no administrator exists.
  inicializar: CAMINO_INICIALIZAR,
} as const;

export const paths = {
  inicio: patrones.inicio,
  camiones: patrones.camiones,
  cupos: patrones.cupos,
  cupoAlta: patrones.cupoAlta,
  cupoModificar: (codorden: number | string) => rellenar(patrones.cupoModificar, { codorden }),
  stock: patrones.stock,
  tablero: patrones.tablero,
  encuestas: patrones.encuestas,
  encuestaRespuestas: (id: number | string) => rellenar(patrones.encuestaRespuestas, { id }),
  encuestaResponder: (id: number | string) => rellenar(patrones.encuestaResponder, { id }),
  encuestasListar: patrones.encuestasListar,
  administracionUsuarios: patrones.administracionUsuarios,
  administracionEmpresas: patrones.administracionEmpresas,
  administracionUnidades: patrones.administracionUnidades,
  administracionTokens: patrones.administracionTokens,
  administracionAuditoria: patrones.administracionAuditoria,
  administracionImportar: patrones.administracionImportar,
  administracionProductos: patrones.administracionProductos,
  administracionEnvases: patrones.administracionEnvases,
  administracionTerminal: patrones.administracionTerminal,
  administracionAvisos: patrones.administracionAvisos,
  administracionWebhooks: patrones.administracionWebhooks,
  cuenta: patrones.cuenta,
  confirmarCorreo: patrones.confirmarCorreo,
  turnos: patrones.turnos,
  comprobanteTurno: (codigo: string) => rellenar(patrones.comprobanteTurno, { codigo }),
  inicializar: patrones.inicializar,
} as const;
