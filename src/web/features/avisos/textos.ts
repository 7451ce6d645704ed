/** The texts of 'Avisos' (issue 25); the server's refusals are in shared/textos.ts. */
import type { CanalAviso, EstadoAviso } from '../../../shared/contracts/avisos';

/** The states, in the filters' order (types only from the contract: zod stays out of the browser). */
export const ESTADOS: readonly EstadoAviso[] = ['pendiente', 'enviado', 'fallido'];

export const TEXTOS_AVISOS = {
  titulo: 'Avisos',
  ayuda:
    'Los correos y los webhooks que el portal envía: pendientes (también entre reintentos), enviados y fallidos tras el último intento. Un fallido se puede reenviar.',
  filtro: 'Estado',
  todos: 'Todos',
  estados: {
    pendiente: 'Pendientes',
    enviado: 'Enviados',
    fallido: 'Fallidos',
  } satisfies Record<EstadoAviso, string>,
  estado: {
    pendiente: 'Pendiente',
    enviado: 'Enviado',
    fallido: 'Fallido',
  } satisfies Record<EstadoAviso, string>,
  canal: { correo: 'Correo', webhook: 'Webhook' } satisfies Record<CanalAviso, string>,
  tabla: 'Avisos',
  columnas: {
    evento: 'Aviso',
    canal: 'Canal',
    destino: 'Destino',
    estado: 'Estado',
    intentos: 'Intentos',
    error: 'Último error',
    creado: 'Creado',
    enviado: 'Enviado',
    proximo: 'Próximo intento',
    acciones: 'Acciones',
  },
  destinoBorrado: (canal: CanalAviso, id: number) =>
    canal === 'correo' ? `Usuario ${id} (ya no existe)` : `Endpoint ${id} (eliminado)`,
  enCola: 'En cuanto se pueda',
  sinAvisos: 'No hay avisos.',
  sinAvisosEstado: (estado: string) => `No hay avisos ${estado.toLowerCase()}.`,
  cantidad: (n: number, mas: boolean) => `${n} aviso(s)${mas ? ' (hay más antiguos)' : ''}`,
  masAntiguos: 'Más antiguos',
  noHayMas: 'No hay más avisos.',
  reenviar: 'Reenviar',
  reenviarDe: (id: number) => `Reenviar el aviso ${id}`,
  confirmarReenviar: (id: number, evento: string, destino: string) =>
    `¿Reenvía el aviso ${id} (${evento}) a ${destino}? Vuelve a la cola ahora, con sus intentos de nuevo.`,
  reenviado: (id: number) => `El aviso ${id} volvió a la cola.`,
  cerrar: 'Cerrar',
} as const;
