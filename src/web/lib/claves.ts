/**
 * Every query key of the web, defined once. A key names a resource, not a screen: two screens
 * that show the same thing share one cache entry, and invalidating it after a change reaches
 * both. The plain arrays are prefixes that invalidate a whole resource (`claves.cupos.todos`:
 * every list and detail of quotas).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { CuerpoLeidoDe } from '../../shared/contracts/rutas';

/** The filters of the trucks' list, as the server reads them. */
export type FiltrosCamiones = CuerpoLeidoDe<'POST /api/camiones/camiones-playa'>['filtros'];

export const claves = {
  sesion: ['sesion'] as const,
  /** The companies a user may choose (every selector); the prefix reaches all of them. */
  empresasTodas: ['clientes-empresas'] as const,
  empresas: (codempre: number) => ['clientes-empresas', codempre] as const,

  camiones: {
    todos: ['camiones'] as const,
    playa: (filtros: FiltrosCamiones) => ['camiones', 'playa', filtros] as const,
    cuposAsignados: (codcamion: number) => ['camiones', 'cupos-asignados', codcamion] as const,
    tickets: (camion: number) => ['camiones', 'tickets', camion] as const,
  },
  /** GET /api/camiones/umbrales-espera: the wait thresholds of the user's units. */
  umbralesEspera: ['umbrales-espera'] as const,

  cupos: {
    todos: ['cupos'] as const,
    /** POST /api/cupos: the unassigned quotas, on the quota list and in the trucks' modal. */
    disponibles: (codEmpre: number | undefined, uniNeg: number | undefined) =>
      ['cupos', 'disponibles', codEmpre, uniNeg] as const,
    detalle: (codorden: number) => ['cupos', 'detalle', codorden] as const,
  },

  /** The order form's catalogues: they do not change with the quotas. */
  catalogos: {
    /** Every catalogue: what a change in the administration of products or containers reaches. */
    todos: ['catalogos'] as const,
    despachos: (unineg: number | undefined) => ['catalogos', 'despachos', unineg] as const,
    envases: (cliente: number | undefined) => ['catalogos', 'envases', cliente] as const,
    productos: (cliente: number | undefined, unineg: number | undefined) =>
      ['catalogos', 'productos', cliente, unineg] as const,
  },

  empresasAdministradas: ['administracion', 'empresas'] as const,
  /** The business units with their dispatch types (issue 21). */
  unidadesNegocio: ['administracion', 'unidades'] as const,
  tokensServicio: ['administracion', 'tokens'] as const,
  /** Issue 25: the outbox (a page list per state filter) and the webhook endpoints. */
  avisos: {
    todos: ['administracion', 'avisos'] as const,
    paginas: (estado: string | undefined) => ['administracion', 'avisos', estado] as const,
  },
  webhooks: {
    todos: ['administracion', 'webhooks'] as const,
    lista: ['administracion', 'webhooks', 'lista'] as const,
    entregas: (id: number) => ['administracion', 'webhooks', 'entregas', id] as const,
  },
  cuenta: ['cuenta'] as const,
  /** GET /api/cuenta/avisos: my e-mail address (confirmed or pending) and chosen notices. */
  correoCuenta: ['cuenta-correo'] as const,

  auditoria: {
    opciones: ['auditoria', 'opciones'] as const,
    paginas: (filtros: object) => ['auditoria', 'paginas', filtros] as const,
  },

  stock: (codempre: number | undefined, unineg: number | undefined) =>
    ['stock', codempre, unineg] as const,

  /** The dashboard (issue 16): one entry per call and filters; the prefix reaches them all. */
  tablero: {
    todos: ['tablero'] as const,
    seccion: (seccion: string, filtros: object) => ['tablero', seccion, filtros] as const,
  },

  encuestas: {
    todas: ['encuestas'] as const,
    lista: ['encuestas', 'lista'] as const,
    una: (id: number) => ['encuestas', id] as const,
    preguntas: (id: number) => ['encuestas', id, 'preguntas'] as const,
    respuestas: (id: number) => ['encuestas', id, 'respuestas'] as const,
    respondio: (id: number, userId: number) => ['encuestas', id, 'respondio', userId] as const,
    /**
     * Apart from the rest: `ingreso` tells one sign-in from the next, and answering a survey
     * does not bring the notice back.
     */
    pendientes: (userId: number, ingreso: number) =>
      ['encuestas-pendientes', userId, ingreso] as const,
    /** The unseen reminders after a sign-in: apart, like `pendientes`. */
    recordatorios: (userId: number, ingreso: number) =>
      ['encuestas-recordatorios', userId, ingreso] as const,
    /** Whom a reminder would reach now, and the last one sent (issue 16). */
    estadoRecordatorio: (id: number) => ['encuestas', id, 'recordatorio'] as const,
  },

  usuariosAdministrados: ['administracion', 'usuarios'] as const,

  /** The catalogue of products and what each client may order (issue 21); prefix of both. */
  productosAdministrados: ['administracion', 'productos'] as const,
  productosDeCliente: (codempre: number | undefined, unineg: number | undefined) =>
    ['administracion', 'productos', 'cliente', codempre, unineg] as const,
  /** A client's containers; the plain array is the prefix of every client's. */
  envasesAdministrados: ['administracion', 'envases'] as const,
  envasesDeCliente: (codempre: number | undefined) =>
    ['administracion', 'envases', codempre] as const,
  /** GET /api/inicializacion: whether the first set-up is still to be done. */
  inicializacion: ['inicializacion'] as const,
  /** GET /api/terminal: the terminal's name, CUIT and address (the ticket, 'Terminal'). */
  terminal: ['terminal'] as const,

  /** Turns (issue 24): the prefix reaches bookings, availability, counts and the calendar. */
  turnos: {
    todos: ['turnos'] as const,
    lista: (filtros: object) => ['turnos', 'lista', filtros] as const,
    disponibilidad: (filtros: object) => ['turnos', 'disponibilidad', filtros] as const,
    ocupacion: (filtros: object) => ['turnos', 'ocupacion', filtros] as const,
    calendario: (filtros: object) => ['turnos', 'calendario', filtros] as const,
    pausados: ['turnos', 'pausados'] as const,
    comprobante: (codigo: string) => ['turno-comprobante', codigo] as const,
  },
};

/**
 * A mutation's `onSettled` that loads these resources again after a change, successful or not
 * (a failure may mean someone else changed them).
 */
export const recargarAlTerminar =
  (...recursos: (readonly unknown[])[]) =>
  (
    _datos: unknown,
    _error: unknown,
    _variables: unknown,
    _contexto: unknown,
    c: { client: QueryClient },
  ) => {
    for (const queryKey of recursos) void c.client.invalidateQueries({ queryKey });
  };
