/** The texts of 'Webhooks' (issue 25); the server's refusals are in shared/textos.ts. */
import type { EventoWebhook } from '../../../shared/contracts/webhooks';

/**
 * Every event an endpoint may want, in the contract's order: the record keeps the list complete
 * (types only from the contract: zod stays out of the browser).
 */
const ORDEN_EVENTOS: Record<EventoWebhook, number> = {
  'camion.ingresado': 0,
  'camion.estado': 1,
  'camion.finalizado': 2,
  'cupo.creado': 3,
  'cupo.vinculado': 4,
  'cupo.eliminado': 5,
  'turno.reservado': 6,
  'turno.cambiado': 7,
  'turno.ausente': 8,
  'stock.movimiento': 9,
};
export const EVENTOS = (Object.keys(ORDEN_EVENTOS) as EventoWebhook[]).sort(
  (a, b) => ORDEN_EVENTOS[a] - ORDEN_EVENTOS[b],
);

export const TEXTOS_WEBHOOKS = {
  titulo: 'Webhooks',
  ayuda:
    'Los sistemas de la terminal y de sus clientes reciben los eventos del portal por HTTP, firmados con el secreto de cada endpoint (Standard Webhooks). El endpoint de una empresa recibe solo los eventos de esa empresa.',
  nuevo: 'Nuevo endpoint',
  tabla: 'Endpoints de webhooks',
  sinEndpoints: 'No hay endpoints registrados.',
  cantidad: (n: number) => `${n} endpoint(s)`,
  columnas: {
    url: 'URL',
    eventos: 'Eventos',
    alcance: 'Empresa',
    estado: 'Estado',
    ultima: 'Última entrega',
    cola: 'Pendientes / fallidas',
    acciones: 'Acciones',
  },
  todaLaTerminal: 'Toda la terminal',
  activo: 'Activo',
  desactivado: 'Desactivado',
  sinEntregas: 'Ninguna todavía',
  sinRespuesta: 'sin respuesta',
  http: (codigo: number) => `HTTP ${codigo}`,
  cola: (pendientes: number, fallidas: number) => `${pendientes} / ${fallidas}`,
  acciones: 'Acciones',
  accionesDe: (url: string) => `Acciones de ${url}`,
  verEntregas: 'Entregas',
  activar: 'Activar',
  desactivar: 'Desactivar',
  eliminar: 'Eliminar',
  confirmarDesactivar: (url: string) =>
    `¿Desactivar ${url}? No recibe eventos nuevos y sus entregas pendientes fallan.`,
  confirmarEliminar: (url: string) =>
    `¿Eliminar ${url}? Se borra con su registro de entregas; sus entregas pendientes fallan.`,
  desactivadoAviso: (url: string) => `${url} quedó desactivado.`,
  activadoAviso: (url: string) => `${url} quedó activo.`,
  eliminado: (url: string) => `Se eliminó ${url}.`,

  // The form
  formulario: 'Nuevo endpoint de webhooks',
  campoUrl: 'URL',
  ayudaUrl:
    'http:// o https://, sin usuario ni contraseña. Una dirección interna (127.0.0.1, 10.x, 192.168.x) solo si WEBHOOKS_ALLOW_HOSTS la permite.',
  faltaUrl: 'Falta la URL.',
  urlNoHttp: 'La URL debe empezar con http:// o https://.',
  campoEventos: 'Eventos',
  faltanEventos: 'Elija al menos un evento.',
  campoEmpresa: 'Empresa',
  ayudaEmpresa: 'Una empresa: recibe solo sus eventos. Toda la terminal: los de todas.',
  cancelar: 'Cancelar',
  crear: 'Registrar',
  cerrar: 'Cerrar',

  // The secret, once
  creadoTitulo: 'Endpoint registrado',
  secreto: 'Secreto',
  advertenciaSecreto:
    'Cópielo ahora y configúrelo en el receptor para verificar las firmas: no se va a volver a mostrar. Si se pierde, elimine el endpoint y regístrelo de nuevo.',

  // The log
  entregasDe: (url: string) => `Entregas de ${url}`,
  tablaEntregas: 'Entregas',
  sinEntregasLog: 'El endpoint no tuvo entregas todavía.',
  columnasEntregas: {
    evento: 'Evento',
    id: 'webhook-id',
    estado: 'Estado',
    intentos: 'Intentos',
    http: 'HTTP',
    ultimoIntento: 'Último intento',
    proximo: 'Próximo intento',
    error: 'Último error',
    acciones: 'Acciones',
  },
  estado: { pendiente: 'Pendiente', enviado: 'Enviada', fallido: 'Fallida' },
  enCola: 'En cuanto se pueda',
  reenviar: 'Reenviar',
  reenviarDe: (id: string) => `Reenviar ${id}`,
  confirmarReenviar: (id: string) =>
    `¿Reenvía ${id}? Vuelve a la cola ahora con el mismo webhook-id (el receptor puede tenerla ya).`,
  reenviada: (id: string) => `${id} volvió a la cola.`,
  masAntiguas: 'Más antiguas',
  noHayMas: 'No hay más entregas.',
} as const;
