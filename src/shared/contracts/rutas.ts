/**
 * Every API route, declared once: keyed exactly as the API answers it ('METHOD /api/…'), with
 * its OpenAPI tag and summary, the zod schemas of its body, path parameters, query string,
 * headers and success answer (`estado`: 201 where the route answers 201, 200 otherwise), and its
 * error answers when they are not the common ones. The server registers each route from here
 * with only its handler and `acceso` (src/server/plugins/ruta.ts); src/server/test/rutas-mapa.test.ts
 * checks that every route here is registered exactly once and that nothing else is.
 *
 * The browser imports only types from here (`import type`): zod never enters its bundle. The web
 * client (src/web/lib/api-client.ts) turns `api.post('/api/cupos', cuerpo)` into a checked body
 * and an inferred answer; the web test kit answers calls with handlers typed the same way.
 */
import type { z } from 'zod';
import { errorApi, respuestasDeError, sinCuerpo } from './comun';
import {
  calendarioBody,
  calendarioRespuesta,
  cambiarTurnoBody,
  cancelarTurnoBody,
  copiarSemanaBody,
  copiarSemanaRespuesta,
  disponibilidadBody,
  disponibilidadRespuesta,
  guardarExcepcionesBody,
  guardarParametrosTurnosBody,
  guardarPlantillaBody,
  parametrosTurnos,
  pausarBody,
  pausarRespuesta,
  presentarTurnoBody,
  presentarTurnoRespuesta,
  reanudarBody,
  reservarTurnoBody,
  turno,
  turnosBody,
  turnosRespuesta,
  ocupacionBody,
  ocupacionRespuesta,
  turnosPausadosRespuesta,
  comprobanteParams,
  comprobanteTurno,
  comprobantePdfRespuesta,
} from './turnos';
import {
  cerrarSesionRespuesta,
  compararCoordenadasBody,
  compararCoordenadasRespuesta,
  pedirCoordenadasBody,
  pedirCoordenadasRespuesta,
  verificarUsuarioRespuesta,
} from './auth';
import {
  camionesPlayaBody,
  camionesPlayaRespuesta,
  cuposAsignadosBody,
  cuposAsignadosRespuesta,
  desasignarCupoCamionBody,
  desasignarCupoCamionRespuesta,
  guardarUmbralEsperaBody,
  ticketsBody,
  ticketsRespuesta,
  umbralesEsperaRespuesta,
  vincularCamionCupoBody,
  vincularCamionCupoRespuesta,
} from './camiones';
import { clientesEmpresasBody, clientesEmpresasRespuesta, empresa } from './empresas';
import {
  codordenBody,
  crearCupoBody,
  cuposBody,
  cuposGuardadosRespuesta,
  cuposRespuesta,
  despachosBody,
  despachosRespuesta,
  detalleCupoRespuesta,
  editarCupoBody,
  eliminadosRespuesta,
  errorCupo,
  limpiarCuposBody,
} from './cupos';
import {
  activoEnvaseBody,
  crearEnvaseBody,
  ctrlEnvaseBody,
  editarEnvaseBody,
  envaseAdministrado,
  envasesClientesBody,
  envasesClientesRespuesta,
  envasesDeClienteBody,
  listaEnvases,
} from './envases';
import {
  activoProductoBody,
  codproBody,
  crearProductoBody,
  guardarProductosDeClienteBody,
  listaProductos,
  listaProductosDeCliente,
  productoAdministrado,
  productosClientesBody,
  productosClientesRespuesta,
  productosDeClienteBody,
  renombrarProductoBody,
} from './productos';
import {
  crearEncuestaBody,
  crearPreguntaBody,
  editarEncuestaBody,
  editarPreguntaBody,
  encuesta,
  encuestaParams,
  encuestaUsuarioParams,
  enviarRecordatorioBody,
  enviarRecordatorioRespuesta,
  estadoRecordatorio,
  listaEncuestas,
  listaPreguntas,
  listaRecordatorios,
  listaRespuestas,
  pregunta,
  recordatoriosVistosBody,
  recordatoriosVistosRespuesta,
  respondioRespuesta,
  responderBody,
  responderRespuesta,
  resultadosBody,
  resultadosRespuesta,
  usuarioParams,
} from './encuestas';
import {
  brutoRespuesta,
  cabecerasOperacion,
  camionOperado,
  egresoBody,
  ingresoBody,
  pesajeBody,
  vincularBody,
} from './operaciones';
import {
  flujoImportacion,
  flujoLineas,
  importacionConsulta,
  LIMITE_ARCHIVO_MB,
  plantillaCsv,
  plantillaCsvParams,
  plantillaXlsx,
} from './importacion';
import { saludRespuesta } from './salud';
import {
  activoUsuarioBody,
  crearUsuarioBody,
  listaUsuarios,
  sesionesCerradasRespuesta,
  unidadesUsuarioBody,
  usuarioBody,
  usuarioCreado,
} from './usuarios';
import { auditoriaBody, opcionesAuditoria, paginaAuditoria } from './auditoria';
import {
  avisosBody,
  cambiarCorreoBody,
  confirmarCorreoBody,
  correoConfirmado,
  correoUsuarioBody,
  guardarAvisosBody,
  paginaAvisos,
  preferenciasCorreo,
  reenviarAvisoBody,
} from './avisos';
import {
  activarWebhookBody,
  crearWebhookBody,
  entregasWebhookBody,
  idWebhookBody,
  listaWebhooks,
  paginaEntregas,
  reenviarEntregaBody,
  webhookCreado,
} from './webhooks';
import { crearEmpresaBody, listaEmpresasAdministradas, unidadesEmpresaBody } from './empresas';
import { crearTokenBody, listaTokens, nombreTokenBody, tokenCreado } from './tokens';
import { hechoRespuesta, documento, type RespuestaArchivo } from './comun';
import {
  reautenticacionDesafioRespuesta,
  reautenticadoRespuesta,
  reautenticarBody,
  tarjetaEmitida,
  tarjetaPdfBody,
  tarjetaPdfRespuesta,
} from './auth';
import {
  activoDespachoBody,
  activoUnidadBody,
  crearDespachoBody,
  crearUnidadBody,
  despachoAdministrado,
  despachoBody,
  listaUnidadesAdministradas,
  renombrarDespachoBody,
  renombrarUnidadBody,
  unidadAdministrada,
  unidadBody,
} from './unidades';
import { cerrarSesionPropiaBody, miCuenta, sesionesPropiasCerradas } from './cuenta';
import { eventosConsulta, flujo, flujoEventosPlaya } from './en-vivo';
import {
  movimientosStockBody,
  paginaMovimientosStock,
  saldosStockBody,
  saldosStockRespuesta,
  stockBody,
  stockRespuesta,
} from './stock';
import {
  guardarParametrosTableroBody,
  parametrosTablero,
  tableroBody,
  tableroCamionesRespuesta,
  tableroCuposRespuesta,
  tableroDesviosRespuesta,
  tableroRecorridosRespuesta,
  tableroToneladasRespuesta,
  tableroTurnosRespuesta,
} from './tablero';
import { estadoInicializacion, inicializarBody } from './inicializacion';
import { datosTerminal, modificarTerminalBody } from './terminal';

/** What the map knows of one route. */
export interface DefinicionRuta {
  /** The OpenAPI tag the route is listed under (/api/docs). */
  etiqueta: string;
  /** What the route does, as /api/docs shows it. */
  resumen: string;
  /** More than the summary, where a caller needs it (the body of the import is a file). */
  descripcion?: string;
  cuerpo?: z.ZodType;
  /** Path parameters: one per `:name` of the path. */
  params?: z.ZodType;
  /** The query string (the live yard's stream: EventSource can send nothing else; the import). */
  consulta?: z.ZodType;
  cabeceras?: z.ZodType;
  /** The success answer (for a document, what the browser gets of it: a Blob). */
  respuesta: z.ZodType;
  /** A document's answer as the route registers and documents it (`content` by media type). */
  archivo?: RespuestaArchivo;
  /** The success status when it is not 200. */
  estado?: 201;
  /** The error answers by status, when not just `respuestasDeError` (all `{ msj }`). */
  errores?: Readonly<Record<number, z.ZodType>>;
}

/** The answers of the dashboard: what their range covers. */
const RANGO =
  'de una unidad de negocio entre dos días de la terminal (ambos incluidos); el administrador ve todos los clientes o uno (`codempre`), un cliente solo su empresa';

/**
 * Operations of the yard (gate and scale, with a service token): same headers for all, and 422
 * when the truck is not where the operation needs it.
 */
const operacion = {
  etiqueta: 'operaciones',
  cabeceras: cabecerasOperacion,
  errores: { ...respuestasDeError, 422: errorApi },
} as const;

/** Create and edit of a quota: 400 carries the list of the form's messages (`erroresCupo`). */
const erroresGuardadoCupo = { ...respuestasDeError, 400: errorCupo } as const;

/** The import's answer starts only once the file is read: 413 past its size limit. */
const importacion = {
  etiqueta: 'administración',
  descripcion:
    'El cuerpo es el archivo tal cual (Content-Type: application/octet-stream), hasta ' +
    `${LIMITE_ARCHIVO_MB} MB. Un xlsx con una hoja por clase, o un CSV de una clase ` +
    '(`clase`, o el nombre del archivo).',
  consulta: importacionConsulta,
  respuesta: flujoLineas,
  archivo: flujoImportacion,
  errores: { ...respuestasDeError, 413: errorApi },
} as const;

export const rutas = {
  // Liveness: no database (a supervisor must not restart every process while PostgreSQL is away).
  'GET /api/health': {
    etiqueta: 'salud',
    resumen: 'El proceso del portal responde (vida; no consulta la base)',
    respuesta: saludRespuesta,
    errores: {},
  },
  'GET /api/health/ready': {
    etiqueta: 'salud',
    resumen: 'El proceso puede atender: base disponible, migraciones aplicadas y avisos escuchados',
    respuesta: saludRespuesta,
    // Answered before any session is read: only 503, with the reason.
    errores: { 503: errorApi },
  },

  'POST /api/auth/request-coordenadas': {
    etiqueta: 'auth',
    resumen: 'Paso 1 del ingreso: pide dos coordenadas de la tarjeta',
    cuerpo: pedirCoordenadasBody,
    respuesta: pedirCoordenadasRespuesta,
  },
  'POST /api/auth/comparar-coordenadas': {
    etiqueta: 'auth',
    resumen: 'Paso 2 del ingreso: verifica las coordenadas y abre la sesión',
    cuerpo: compararCoordenadasBody,
    respuesta: compararCoordenadasRespuesta,
  },
  'GET /api/auth/verifyuser': {
    etiqueta: 'auth',
    resumen: 'Estado de la sesión (nunca 401: sin sesión responde loggedIn false)',
    respuesta: verificarUsuarioRespuesta,
  },
  'POST /api/user/logout': {
    etiqueta: 'auth',
    resumen: 'Cierra la sesión actual',
    cuerpo: sinCuerpo,
    respuesta: cerrarSesionRespuesta,
  },

  'POST /api/clientes/clientes-empresas': {
    etiqueta: 'clientes',
    resumen: 'Empresas que el usuario puede elegir como cliente',
    cuerpo: clientesEmpresasBody,
    respuesta: clientesEmpresasRespuesta,
  },

  'POST /api/camiones/camiones-playa': {
    etiqueta: 'camiones',
    resumen:
      'Camiones en playa de un cliente y unidad (estados 1-3 y finalizados recientes), el ingreso más nuevo primero',
    cuerpo: camionesPlayaBody,
    respuesta: camionesPlayaRespuesta,
  },
  'POST /api/camiones/vincular-camion-cupo': {
    etiqueta: 'camiones',
    resumen: 'Asigna un cupo sin asignar a un camión en playa (el camión pasa a Playa con orden)',
    cuerpo: vincularCamionCupoBody,
    respuesta: vincularCamionCupoRespuesta,
    estado: 201,
  },
  'POST /api/camiones/cupos-asignados': {
    etiqueta: 'camiones',
    resumen: 'Cupos asignados a un camión',
    cuerpo: cuposAsignadosBody,
    respuesta: cuposAsignadosRespuesta,
  },
  'POST /api/camiones/desasignar-cupo-camion': {
    etiqueta: 'camiones',
    resumen:
      'Quita un cupo de un camión en Playa con orden (sin cupos, el camión vuelve a Playa sin orden)',
    cuerpo: desasignarCupoCamionBody,
    respuesta: desasignarCupoCamionRespuesta,
    estado: 201,
  },
  'POST /api/camiones/tickets': {
    etiqueta: 'camiones',
    resumen: 'Tickets de pesaje de un camión (pesos en kg)',
    cuerpo: ticketsBody,
    respuesta: ticketsRespuesta,
  },
  'GET /api/camiones/umbrales-espera': {
    etiqueta: 'camiones',
    resumen:
      "Los umbrales de espera (aviso y límite, en minutos, de 'Playa sin orden' y 'Playa con orden') de las unidades de negocio del usuario, y la hora de la terminal",
    respuesta: umbralesEsperaRespuesta,
  },
  'GET /api/camiones/eventos': {
    etiqueta: 'camiones',
    resumen:
      'La playa en vivo: los cambios de los camiones que el usuario puede ver, como Server-Sent Events',
    consulta: eventosConsulta,
    respuesta: flujo,
    archivo: flujoEventosPlaya,
  },

  'POST /api/cupos': {
    etiqueta: 'cupos',
    resumen: 'Cupos sin asignar de un cliente y unidad de negocio, los más nuevos primero',
    cuerpo: cuposBody,
    respuesta: cuposRespuesta,
  },
  'POST /api/cupo/detalle': {
    etiqueta: 'cupos',
    resumen: 'Un cupo con su mezcla y sus envases vacíos (detalle y formulario de edición)',
    cuerpo: codordenBody,
    respuesta: detalleCupoRespuesta,
  },
  'POST /api/cupos/crear': {
    etiqueta: 'cupos',
    resumen: 'Crea cantCuposIguales cupos idénticos (hasta 100), todos o ninguno',
    cuerpo: crearCupoBody,
    respuesta: cuposGuardadosRespuesta,
    estado: 201,
    errores: erroresGuardadoCupo,
  },
  'POST /api/cupos/editar': {
    etiqueta: 'cupos',
    resumen: 'Modifica un cupo sin asignar: todos sus valores, mezcla y envases',
    cuerpo: editarCupoBody,
    respuesta: cuposGuardadosRespuesta,
    estado: 201,
    errores: erroresGuardadoCupo,
  },
  'POST /api/cupos/eliminar': {
    etiqueta: 'cupos',
    resumen: 'Elimina un cupo sin asignar (queda en la base como eliminado, con quién y cuándo)',
    cuerpo: codordenBody,
    respuesta: eliminadosRespuesta,
  },
  'POST /api/cupos/limpiar': {
    etiqueta: 'cupos',
    resumen: 'Limpiar Cupos: elimina todos los cupos sin asignar de un cliente y unidad',
    cuerpo: limpiarCuposBody,
    respuesta: eliminadosRespuesta,
  },
  'POST /api/cupos/despachos': {
    etiqueta: 'cupos',
    resumen: 'Tipos de despacho de una unidad de negocio (coddespacho lleva la unidad)',
    cuerpo: despachosBody,
    respuesta: despachosRespuesta,
  },
  'POST /api/envases/envases-clientes': {
    etiqueta: 'cupos',
    resumen: 'Envases activos de un cliente',
    cuerpo: envasesClientesBody,
    respuesta: envasesClientesRespuesta,
  },
  'POST /api/productos/productos-clientes': {
    etiqueta: 'cupos',
    resumen: 'Productos activos que un cliente puede pedir en una unidad de negocio',
    cuerpo: productosClientesBody,
    respuesta: productosClientesRespuesta,
  },

  'POST /api/empresa/stock': {
    etiqueta: 'stock',
    resumen:
      'Stock de un cliente en una unidad de negocio: una línea por producto con movimientos o comprometido en cupos de despacho abiertos, en toneladas (stock, comprometidas, disponibles)',
    cuerpo: stockBody,
    respuesta: stockRespuesta,
  },
  'POST /api/empresa/stock/movimientos': {
    etiqueta: 'stock',
    resumen:
      'Movimientos de un producto (historial) fechados en un rango de días, por fecha, el más nuevo primero (a igual fecha, el anotado después), con el saldo después de cada uno: todo lo fechado hasta él. Paginación por clave (fecha, id): pase `siguiente` como `antesDe`',
    cuerpo: movimientosStockBody,
    respuesta: paginaMovimientosStock,
  },
  'POST /api/empresa/stock/saldos': {
    etiqueta: 'stock',
    resumen:
      'Saldo de un producto a lo largo de un rango de días (para el gráfico): el inicial y el de cierre de cada día hasta hoy (todo lo fechado hasta el fin de ese día)',
    cuerpo: saldosStockBody,
    respuesta: saldosStockRespuesta,
  },

  'POST /api/tablero/camiones': {
    etiqueta: 'tablero',
    resumen: `Camiones ingresados y finalizados por hora y por día, y la capacidad por hora declarada, ${RANGO}`,
    cuerpo: tableroBody,
    respuesta: tableroCamionesRespuesta,
  },
  'POST /api/tablero/recorridos': {
    etiqueta: 'tablero',
    resumen: `Tiempo de ingreso a finalizado (mediana y percentil 90, en minutos) por etapa y por día, y los camiones que hoy superan los umbrales de espera, ${RANGO}`,
    cuerpo: tableroBody,
    respuesta: tableroRecorridosRespuesta,
  },
  'POST /api/tablero/toneladas': {
    etiqueta: 'tablero',
    resumen: `Toneladas despachadas por producto y por día, ${RANGO}`,
    cuerpo: tableroBody,
    respuesta: tableroToneladasRespuesta,
  },
  'POST /api/tablero/cupos': {
    etiqueta: 'tablero',
    resumen: `Cupos pedidos, usados y eliminados sin usar por día, ${RANGO}`,
    cuerpo: tableroBody,
    respuesta: tableroCuposRespuesta,
  },
  'POST /api/tablero/desvios': {
    etiqueta: 'tablero',
    resumen: `Camiones finalizados cuyo neto supera la carga máxima de sus cupos o queda por debajo más que la tolerancia de la unidad, con su ticket (los 500 más recientes y el total), ${RANGO}`,
    cuerpo: tableroBody,
    respuesta: tableroDesviosRespuesta,
  },
  'POST /api/tablero/turnos': {
    etiqueta: 'tablero',
    resumen: `Turnos reservados contra la capacidad de la unidad y los llegados, por hora y por día, y la puntualidad de cada empresa (a tiempo, temprano, tarde, ausentes), ${RANGO}`,
    cuerpo: tableroBody,
    respuesta: tableroTurnosRespuesta,
  },

  'GET /api/encuestas': {
    etiqueta: 'encuestas',
    resumen: 'Todas las encuestas, las más nuevas primero',
    respuesta: listaEncuestas,
  },
  'POST /api/encuestas': {
    etiqueta: 'encuestas',
    resumen: 'Crea una encuesta (sin preguntas)',
    cuerpo: crearEncuestaBody,
    respuesta: encuesta,
    estado: 201,
  },
  'POST /api/encuestas/editar': {
    etiqueta: 'encuestas',
    resumen: 'Cambia el título y la descripción de una encuesta',
    cuerpo: editarEncuestaBody,
    respuesta: encuesta,
  },
  'POST /api/encuestas/pregunta': {
    etiqueta: 'encuestas',
    resumen: 'Agrega una pregunta de puntaje, no obligatoria, al final de la encuesta',
    cuerpo: crearPreguntaBody,
    respuesta: pregunta,
    estado: 201,
  },
  'POST /api/encuestas/pregunta/editar': {
    etiqueta: 'encuestas',
    resumen: 'Cambia el texto de una pregunta y si es obligatoria o de texto',
    cuerpo: editarPreguntaBody,
    respuesta: pregunta,
  },
  'POST /api/encuestas/resultados': {
    etiqueta: 'encuestas',
    resumen:
      'Los resultados de una encuesta: por pregunta respondidas, omitidas, promedio, distribución, CSAT y su evolución por mes; las respuestas de texto; la tasa de respuesta',
    cuerpo: resultadosBody,
    respuesta: resultadosRespuesta,
  },
  'GET /api/encuestas/pendientes/:userId': {
    etiqueta: 'encuestas',
    resumen: 'Encuestas con preguntas que el usuario todavía no respondió',
    params: usuarioParams,
    respuesta: listaEncuestas,
  },
  'GET /api/encuestas/:id': {
    etiqueta: 'encuestas',
    resumen: 'Una encuesta',
    params: encuestaParams,
    respuesta: encuesta,
  },
  'GET /api/encuestas/:id/preguntas': {
    etiqueta: 'encuestas',
    resumen: 'Las preguntas de una encuesta, en el orden en que se hacen',
    params: encuestaParams,
    respuesta: listaPreguntas,
  },
  'GET /api/encuestas/:id/respuestas': {
    etiqueta: 'encuestas',
    resumen: 'Las respuestas de cada usuario, las más nuevas primero',
    params: encuestaParams,
    respuesta: listaRespuestas,
  },
  'GET /api/encuestas/:id/usuario/:userId/respondio': {
    etiqueta: 'encuestas',
    resumen: 'Si el usuario ya respondió la encuesta',
    params: encuestaUsuarioParams,
    respuesta: respondioRespuesta,
  },
  'POST /api/encuestas/responder': {
    etiqueta: 'encuestas',
    resumen: 'Registra las respuestas del usuario a una encuesta (una sola vez)',
    cuerpo: responderBody,
    respuesta: responderRespuesta,
    estado: 201,
  },
  'GET /api/encuestas/recordatorios/encuesta/:id': {
    etiqueta: 'encuestas',
    resumen:
      'A cuántos usuarios llegaría un recordatorio ahora (pendientes no recordados en los últimos 7 días) y el último enviado',
    params: encuestaParams,
    respuesta: estadoRecordatorio,
  },
  'POST /api/encuestas/recordatorio': {
    etiqueta: 'encuestas',
    resumen:
      'Recuerda la encuesta a quienes la tienen pendiente; omite a quienes ya se les recordó en los últimos 7 días',
    cuerpo: enviarRecordatorioBody,
    respuesta: enviarRecordatorioRespuesta,
  },
  'GET /api/encuestas/recordatorios/usuario/:userId': {
    etiqueta: 'encuestas',
    resumen:
      'Los recordatorios no vistos del usuario, uno por encuesta que todavía no respondió (no marca nada)',
    params: usuarioParams,
    respuesta: listaRecordatorios,
  },
  'POST /api/encuestas/recordatorios/vistos': {
    etiqueta: 'encuestas',
    resumen: 'Marca como vistos los recordatorios del usuario de la sesión para esas encuestas',
    cuerpo: recordatoriosVistosBody,
    respuesta: recordatoriosVistosRespuesta,
  },

  'POST /api/operaciones/ingreso': {
    resumen: 'Un camión entra a playa: Playa sin orden, o Playa con orden si llega con su cupo',
    ...operacion,
    cuerpo: ingresoBody,
    respuesta: camionOperado,
    estado: 201,
  },
  'POST /api/operaciones/vincular': {
    resumen:
      'El chofer presenta su cupo en playa: se asigna al camión, como en la pantalla Camiones',
    ...operacion,
    cuerpo: vincularBody,
    respuesta: camionOperado,
  },
  'POST /api/operaciones/tara': {
    resumen:
      'Pesaje de tara: abre el ticket y el camión pasa a Operando (solo desde Playa con orden)',
    ...operacion,
    cuerpo: pesajeBody,
    respuesta: camionOperado,
    estado: 201,
  },
  'POST /api/operaciones/bruto': {
    resumen:
      'Pesaje bruto: cierra el ticket (neto = bruto - tara), el camión pasa a Finalizado y el neto entra al stock',
    ...operacion,
    cuerpo: pesajeBody,
    respuesta: brutoRespuesta,
  },
  'POST /api/operaciones/egreso': {
    resumen: 'El camión sale de playa (después del pesaje bruto)',
    ...operacion,
    cuerpo: egresoBody,
    respuesta: camionOperado,
  },

  'POST /api/auth/reautenticacion/desafio': {
    etiqueta: 'auth',
    resumen:
      'Reautenticación, paso 1: dos coordenadas de la tarjeta propia, antes de un acto sensible de la administración',
    cuerpo: sinCuerpo,
    respuesta: reautenticacionDesafioRespuesta,
  },
  'POST /api/auth/reautenticacion': {
    etiqueta: 'auth',
    resumen:
      'Reautenticación, paso 2: con las coordenadas correctas, esta sesión puede emitir tarjetas, crear tokens y administradores por 5 minutos',
    cuerpo: reautenticarBody,
    respuesta: reautenticadoRespuesta,
  },

  'GET /api/cuenta': {
    etiqueta: 'cuenta',
    resumen: 'Mis sesiones abiertas, mis últimos ingresos e intentos fallidos, y mi tarjeta',
    respuesta: miCuenta,
  },
  'POST /api/cuenta/sesiones/cerrar': {
    etiqueta: 'cuenta',
    resumen: 'Cierra una de mis sesiones (la de este navegador también: es salir)',
    cuerpo: cerrarSesionPropiaBody,
    respuesta: sesionesPropiasCerradas,
  },
  'POST /api/cuenta/sesiones/cerrar-otras': {
    etiqueta: 'cuenta',
    resumen: 'Cierra todas mis sesiones menos la de este navegador',
    cuerpo: sinCuerpo,
    respuesta: sesionesPropiasCerradas,
  },

  'GET /api/administracion/usuarios': {
    etiqueta: 'administración',
    resumen:
      'Los usuarios con su empresa, unidades, tarjeta, bloqueo, último ingreso y sesiones abiertas',
    respuesta: listaUsuarios,
  },
  'POST /api/administracion/usuarios/crear': {
    etiqueta: 'administración',
    resumen:
      'Crea un usuario de una empresa con sus unidades de negocio (sin tarjeta). Un administrador (empresa 0) pide reautenticación',
    cuerpo: crearUsuarioBody,
    respuesta: usuarioCreado,
    estado: 201,
  },
  'POST /api/administracion/usuarios/unidades': {
    etiqueta: 'administración',
    resumen: 'Cambia las unidades de negocio de un usuario',
    cuerpo: unidadesUsuarioBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/usuarios/activo': {
    etiqueta: 'administración',
    resumen: 'Desactiva un usuario (no ingresa y sus sesiones se cierran en el acto) o lo reactiva',
    cuerpo: activoUsuarioBody,
    respuesta: sesionesCerradasRespuesta,
  },
  'POST /api/administracion/usuarios/desbloquear': {
    etiqueta: 'administración',
    resumen: 'Quita el bloqueo por intentos fallidos (y la cuenta de fallos) de un usuario',
    cuerpo: usuarioBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/usuarios/cerrar-sesiones': {
    etiqueta: 'administración',
    resumen: 'Cierra todas las sesiones abiertas de un usuario',
    cuerpo: usuarioBody,
    respuesta: sesionesCerradasRespuesta,
  },
  'POST /api/administracion/tarjetas/emitir': {
    etiqueta: 'administración',
    resumen:
      'Emite una tarjeta de coordenadas nueva (revoca la anterior y cierra sus sesiones). Pide reautenticación; los valores se muestran una sola vez',
    cuerpo: usuarioBody,
    respuesta: tarjetaEmitida,
    estado: 201,
  },
  'POST /api/administracion/tarjetas/pdf': {
    etiqueta: 'administración',
    resumen:
      'La tarjeta recién emitida, para imprimir (PDF). Lleva los valores que tiene la pantalla que la emitió; no se guarda',
    cuerpo: tarjetaPdfBody,
    respuesta: documento,
    archivo: tarjetaPdfRespuesta,
  },
  'POST /api/administracion/avisos': {
    etiqueta: 'administración',
    resumen:
      'Los avisos por correo y webhook: pendientes, enviados y fallidos, del más nuevo al más viejo, con las cuentas por estado',
    cuerpo: avisosBody,
    respuesta: paginaAvisos,
  },
  'POST /api/administracion/avisos/reenviar': {
    etiqueta: 'administración',
    resumen: 'Vuelve a poner en cola un aviso fallido (Reenviar): se intenta de nuevo en seguida',
    cuerpo: reenviarAvisoBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/usuarios/correo': {
    etiqueta: 'administración',
    resumen:
      'Fija (o quita, con null) la dirección de correo de un usuario, sin enlace de confirmación',
    cuerpo: correoUsuarioBody,
    respuesta: hechoRespuesta,
  },
  'GET /api/cuenta/avisos': {
    etiqueta: 'cuenta',
    resumen: 'Mi dirección de correo (y la pendiente de confirmar) y los avisos que elegí recibir',
    respuesta: preferenciasCorreo,
  },
  'POST /api/cuenta/avisos': {
    etiqueta: 'cuenta',
    resumen: 'Elige los avisos que recibo por correo (ninguno si no elijo)',
    cuerpo: guardarAvisosBody,
    respuesta: preferenciasCorreo,
  },
  'POST /api/cuenta/correo': {
    etiqueta: 'cuenta',
    resumen:
      'Pide cambiar mi dirección de correo: se confirma con el enlace que se envía a la nueva (vale 24 horas)',
    cuerpo: cambiarCorreoBody,
    respuesta: preferenciasCorreo,
  },
  'POST /api/cuenta/correo/confirmar': {
    etiqueta: 'cuenta',
    resumen: 'Confirma una dirección de correo con el token de su enlace (sin sesión)',
    cuerpo: confirmarCorreoBody,
    respuesta: correoConfirmado,
  },
  'GET /api/administracion/webhooks': {
    etiqueta: 'administración',
    resumen:
      'Los endpoints de webhooks: URL, eventos, empresa (o toda la terminal), si está activo, y sus entregas pendientes y fallidas',
    respuesta: listaWebhooks,
  },
  'POST /api/administracion/webhooks/crear': {
    etiqueta: 'administración',
    resumen:
      'Registra un endpoint de webhooks (URL, eventos, empresa optativa). El secreto whsec_… se muestra una sola vez',
    cuerpo: crearWebhookBody,
    respuesta: webhookCreado,
    estado: 201,
  },
  'POST /api/administracion/webhooks/activar': {
    etiqueta: 'administración',
    resumen:
      'Activa o desactiva un endpoint: desactivado no recibe eventos nuevos y sus entregas pendientes fallan',
    cuerpo: activarWebhookBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/webhooks/eliminar': {
    etiqueta: 'administración',
    resumen: 'Elimina un endpoint con su registro de entregas',
    cuerpo: idWebhookBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/webhooks/entregas': {
    etiqueta: 'administración',
    resumen:
      'El registro de entregas de un endpoint, la más nueva primero: estado, código HTTP y hora del último intento',
    cuerpo: entregasWebhookBody,
    respuesta: paginaEntregas,
  },
  'POST /api/administracion/webhooks/reenviar': {
    etiqueta: 'administración',
    resumen:
      'Vuelve a poner en cola una entrega fallida de un endpoint activo, con el mismo webhook-id',
    cuerpo: reenviarEntregaBody,
    respuesta: hechoRespuesta,
  },
  'GET /api/administracion/empresas': {
    etiqueta: 'administración',
    resumen: 'Las empresas con las unidades de negocio en que trabajan y cuántos usuarios tienen',
    respuesta: listaEmpresasAdministradas,
  },
  'POST /api/administracion/empresas/crear': {
    etiqueta: 'administración',
    resumen: 'Crea una empresa cliente con las unidades de negocio en que trabaja',
    cuerpo: crearEmpresaBody,
    respuesta: empresa,
    estado: 201,
  },
  'POST /api/administracion/empresas/unidades': {
    etiqueta: 'administración',
    resumen:
      'Cambia las unidades de negocio en que trabaja una empresa (no quita una que tengan sus usuarios)',
    cuerpo: unidadesEmpresaBody,
    respuesta: hechoRespuesta,
  },
  'GET /api/administracion/unidades': {
    etiqueta: 'administración',
    resumen: 'Las unidades de negocio con sus tipos de despacho, activos o no',
    respuesta: listaUnidadesAdministradas,
  },
  'POST /api/administracion/unidades/crear': {
    etiqueta: 'administración',
    resumen: 'Crea una unidad de negocio (nombre único, sin distinguir mayúsculas)',
    cuerpo: crearUnidadBody,
    respuesta: unidadAdministrada,
    estado: 201,
  },
  'POST /api/administracion/unidades/renombrar': {
    etiqueta: 'administración',
    resumen: 'Cambia el nombre de una unidad de negocio',
    cuerpo: renombrarUnidadBody,
    respuesta: unidadAdministrada,
  },
  'POST /api/administracion/unidades/activo': {
    etiqueta: 'administración',
    resumen:
      'Desactiva una unidad de negocio (no se ofrece para nada nuevo; su historia queda) o la activa otra vez',
    cuerpo: activoUnidadBody,
    respuesta: unidadAdministrada,
  },
  'POST /api/administracion/unidades/eliminar': {
    etiqueta: 'administración',
    resumen:
      'Elimina una unidad de negocio que nada usa, con sus tipos de despacho; si algo la usa responde 409 nombrándolo',
    cuerpo: unidadBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/despachos/crear': {
    etiqueta: 'administración',
    resumen: "Crea un tipo de despacho de una unidad: a granel ('N') o en envases ('S')",
    cuerpo: crearDespachoBody,
    respuesta: despachoAdministrado,
    estado: 201,
  },
  'POST /api/administracion/despachos/renombrar': {
    etiqueta: 'administración',
    resumen: 'Cambia el nombre de un tipo de despacho',
    cuerpo: renombrarDespachoBody,
    respuesta: despachoAdministrado,
  },
  'POST /api/administracion/despachos/activo': {
    etiqueta: 'administración',
    resumen:
      'Desactiva un tipo de despacho (los cupos nuevos no lo ofrecen; los que lo tienen lo conservan) o lo activa otra vez',
    cuerpo: activoDespachoBody,
    respuesta: despachoAdministrado,
  },
  'POST /api/administracion/despachos/eliminar': {
    etiqueta: 'administración',
    resumen: 'Elimina un tipo de despacho que ningún cupo tiene; si alguno lo tiene responde 409',
    cuerpo: despachoBody,
    respuesta: hechoRespuesta,
  },
  'GET /api/administracion/productos': {
    etiqueta: 'administración',
    resumen: 'Los productos, activos o no, con cuántos clientes pueden pedir cada uno',
    respuesta: listaProductos,
  },
  'POST /api/administracion/productos/crear': {
    etiqueta: 'administración',
    resumen: 'Crea un producto (código entero positivo y nombre, ambos únicos)',
    cuerpo: crearProductoBody,
    respuesta: productoAdministrado,
    estado: 201,
  },
  'POST /api/administracion/productos/renombrar': {
    etiqueta: 'administración',
    resumen: 'Cambia el nombre de un producto: cupos, stock y tablero lo muestran desde ya',
    cuerpo: renombrarProductoBody,
    respuesta: productoAdministrado,
  },
  'POST /api/administracion/productos/activo': {
    etiqueta: 'administración',
    resumen:
      'Desactiva un producto (deja de ofrecerse para cupos nuevos y a clientes; su historia queda) o lo activa',
    cuerpo: activoProductoBody,
    respuesta: productoAdministrado,
  },
  'POST /api/administracion/productos/eliminar': {
    etiqueta: 'administración',
    resumen:
      'Elimina un producto al que nada se refiere; si lo usan cupos, tickets, stock o clientes, lo rechaza diciendo cuáles',
    cuerpo: codproBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/productos/cliente': {
    etiqueta: 'administración',
    resumen:
      'Los productos activos marcando los que un cliente puede pedir en una unidad (y los desactivados que aún tiene)',
    cuerpo: productosDeClienteBody,
    respuesta: listaProductosDeCliente,
  },
  'POST /api/administracion/productos/cliente/guardar': {
    etiqueta: 'administración',
    resumen:
      'Fija la lista de productos que un cliente puede pedir en una unidad (no quita uno de sus cupos abiertos)',
    cuerpo: guardarProductosDeClienteBody,
    respuesta: listaProductosDeCliente,
  },
  'POST /api/administracion/envases': {
    etiqueta: 'administración',
    resumen: 'Los envases de un cliente, activos o no',
    cuerpo: envasesDeClienteBody,
    respuesta: listaEnvases,
  },
  'POST /api/administracion/envases/crear': {
    etiqueta: 'administración',
    resumen: 'Crea un envase de un cliente: nombre (único en el cliente) y peso en kg',
    cuerpo: crearEnvaseBody,
    respuesta: envaseAdministrado,
    estado: 201,
  },
  'POST /api/administracion/envases/editar': {
    etiqueta: 'administración',
    resumen: 'Cambia el nombre y el peso de un envase (los cupos ya pedidos conservan su peso)',
    cuerpo: editarEnvaseBody,
    respuesta: envaseAdministrado,
  },
  'POST /api/administracion/envases/activo': {
    etiqueta: 'administración',
    resumen: 'Desactiva un envase (deja de ofrecerse para cupos nuevos) o lo activa',
    cuerpo: activoEnvaseBody,
    respuesta: envaseAdministrado,
  },
  'POST /api/administracion/envases/eliminar': {
    etiqueta: 'administración',
    resumen: 'Elimina un envase que ningún cupo usó; si alguno lo usó, lo rechaza',
    cuerpo: ctrlEnvaseBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/umbrales-espera': {
    etiqueta: 'administración',
    resumen:
      'Fija los umbrales de espera de una unidad de negocio: el límite debe ser mayor que el aviso',
    cuerpo: guardarUmbralEsperaBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/tablero-parametros': {
    etiqueta: 'administración',
    resumen:
      'Fija la capacidad declarada (camiones por hora) y la tolerancia de faltante (porcentaje) de una unidad de negocio para el tablero; responde lo guardado',
    cuerpo: guardarParametrosTableroBody,
    respuesta: parametrosTablero,
  },
  'GET /api/administracion/tokens': {
    etiqueta: 'administración',
    resumen: 'Los tokens de servicio: creación, último uso, vencimiento y revocación',
    respuesta: listaTokens,
  },
  'POST /api/administracion/tokens/crear': {
    etiqueta: 'administración',
    resumen:
      'Crea un token de servicio, con vencimiento optativo. Pide reautenticación; el token se muestra una sola vez',
    cuerpo: crearTokenBody,
    respuesta: tokenCreado,
    estado: 201,
  },
  'POST /api/administracion/tokens/revocar': {
    etiqueta: 'administración',
    resumen: 'Revoca un token de servicio: deja de valer en el acto',
    cuerpo: nombreTokenBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/auditoria': {
    etiqueta: 'administración',
    resumen:
      'Una página de la auditoría, la más nueva primero, con filtros (días, actor, acción, tabla, fila). Paginación por clave: pase `siguiente` como `antesDe`',
    cuerpo: auditoriaBody,
    respuesta: paginaAuditoria,
  },
  'GET /api/administracion/auditoria/opciones': {
    etiqueta: 'administración',
    resumen: 'Las acciones y tablas que tiene la auditoría, para los filtros',
    respuesta: opcionesAuditoria,
  },
  // The import (issue 21): the body is the file itself, not JSON; the answer, NDJSON lines.
  'POST /api/administracion/importacion/revisar': {
    ...importacion,
    resumen:
      'Revisa un archivo de importación (xlsx o CSV) sin guardar nada: fila por fila, qué se crea, qué cambia y qué se rechaza',
  },
  'POST /api/administracion/importacion/aplicar': {
    ...importacion,
    resumen:
      'Importa un archivo (xlsx o CSV) en una sola transacción: si alguna fila se rechaza, no guarda nada y la nombra',
  },
  'GET /api/administracion/importacion/plantilla': {
    etiqueta: 'administración',
    resumen: 'La plantilla de importación: un xlsx con una hoja por clase y una fila de ejemplo',
    respuesta: documento,
    archivo: plantillaXlsx,
  },
  'GET /api/administracion/importacion/plantilla/:clase': {
    etiqueta: 'administración',
    resumen: 'La plantilla CSV de una clase de importación',
    params: plantillaCsvParams,
    respuesta: documento,
    archivo: plantillaCsv,
  },
  'GET /api/inicializacion': {
    etiqueta: 'inicialización',
    resumen: 'Si la inicialización de la terminal está pendiente (no hay administradores)',
    respuesta: estadoInicializacion,
  },
  'POST /api/inicializacion': {
    etiqueta: 'inicialización',
    resumen:
      'Pone en marcha la terminal: con el código del registro del portal crea la empresa 0 con sus datos y el primer administrador, y muestra su tarjeta una sola vez. Después responde 409',
    cuerpo: inicializarBody,
    respuesta: tarjetaEmitida,
    estado: 201,
  },
  'POST /api/inicializacion/tarjeta/pdf': {
    etiqueta: 'inicialización',
    resumen:
      'La tarjeta del primer administrador, recién emitida, para imprimir (PDF): con los valores que mostró la inicialización',
    cuerpo: tarjetaPdfBody,
    respuesta: documento,
    archivo: tarjetaPdfRespuesta,
  },
  'GET /api/terminal': {
    etiqueta: 'terminal',
    resumen: 'El nombre, el CUIT y la dirección de la terminal (van en el ticket de balanza)',
    respuesta: datosTerminal,
  },
  'POST /api/administracion/terminal': {
    etiqueta: 'administración',
    resumen: 'Cambia el nombre, el CUIT o la dirección de la terminal (los campos que se envíen)',
    cuerpo: modificarTerminalBody,
    respuesta: datosTerminal,
  },

  // Turns (issue 24): availability and bookings for users; the calendar for administrators.
  'POST /api/turnos/disponibilidad': {
    etiqueta: 'turnos',
    resumen:
      'Las franjas horarias de una unidad (o de un tipo de despacho) entre dos días: capacidad, reservados, lugares libres, pausa y si la reserva está abierta ahora',
    cuerpo: disponibilidadBody,
    respuesta: disponibilidadRespuesta,
  },
  'POST /api/turnos/reservar': {
    etiqueta: 'turnos',
    resumen:
      'Reserva una franja para un cupo sin camión y responde el turno con su código; 409 si no quedan lugares, está pausada o fuera de plazo',
    cuerpo: reservarTurnoBody,
    respuesta: turno,
    estado: 201,
  },
  'POST /api/turnos/cambiar': {
    etiqueta: 'turnos',
    resumen: 'Pasa un turno reservado a otra franja, antes del plazo de cambio',
    cuerpo: cambiarTurnoBody,
    respuesta: turno,
  },
  'POST /api/turnos/cancelar': {
    etiqueta: 'turnos',
    resumen: 'Cancela un turno reservado, antes del plazo de cambio: su lugar queda libre',
    cuerpo: cancelarTurnoBody,
    respuesta: turno,
  },
  'POST /api/turnos': {
    etiqueta: 'turnos',
    resumen:
      'Los turnos entre dos días: los de la empresa del usuario (un cliente) o de todas (el administrador)',
    cuerpo: turnosBody,
    respuesta: turnosRespuesta,
  },
  'POST /api/administracion/turnos/calendario': {
    etiqueta: 'administración',
    resumen:
      'El calendario de capacidad de una unidad (o tipo de despacho): plantilla semanal, parámetros, excepciones y pausas de un rango',
    cuerpo: calendarioBody,
    respuesta: calendarioRespuesta,
  },
  'POST /api/administracion/turnos/parametros': {
    etiqueta: 'administración',
    resumen:
      'Fija las reglas de reserva de una unidad: anticipación, cierre, plazo de cambio, tolerancia y cuota por empresa',
    cuerpo: guardarParametrosTurnosBody,
    respuesta: parametrosTurnos,
  },
  'POST /api/administracion/turnos/plantilla': {
    etiqueta: 'administración',
    resumen: 'Reemplaza la plantilla semanal: camiones por hora de cada día de la semana',
    cuerpo: guardarPlantillaBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/turnos/excepciones': {
    etiqueta: 'administración',
    resumen:
      'Reemplaza las capacidades propias de una fecha (0: franja cerrada; lista vacía: vuelve a la plantilla)',
    cuerpo: guardarExcepcionesBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/turnos/copiar-semana': {
    etiqueta: 'administración',
    resumen: 'Copia los 7 días desde una fecha, tal como están, sobre las semanas siguientes',
    cuerpo: copiarSemanaBody,
    respuesta: copiarSemanaRespuesta,
  },
  'POST /api/administracion/turnos/pausar': {
    etiqueta: 'administración',
    resumen:
      'Pausa una franja o un día entero con un motivo: no toma reservas; responde los turnos afectados',
    cuerpo: pausarBody,
    respuesta: pausarRespuesta,
  },
  'POST /api/administracion/turnos/reanudar': {
    etiqueta: 'administración',
    resumen: 'Levanta una pausa: la franja vuelve a tomar reservas',
    cuerpo: reanudarBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/turnos/ocupacion': {
    etiqueta: 'administración',
    resumen:
      'Las franjas de un día de una unidad (o tipo de despacho): capacidad, reservados, presentes, ausentes y pausa',
    cuerpo: ocupacionBody,
    respuesta: ocupacionRespuesta,
  },
  'POST /api/turnos/pausados': {
    etiqueta: 'turnos',
    resumen:
      'Los turnos reservados del usuario (de su empresa; todos para el administrador) desde hoy que quedaron en una franja pausada, con el motivo',
    cuerpo: sinCuerpo,
    respuesta: turnosPausadosRespuesta,
  },
  'GET /api/turnos/comprobante/:codigo': {
    etiqueta: 'turnos',
    resumen:
      'El comprobante de un turno por su código (público, limitado por dirección): terminal, empresa, unidad, cupo, producto, día, franja, patente y estado',
    params: comprobanteParams,
    respuesta: comprobanteTurno,
  },
  'GET /api/turnos/comprobante/:codigo/pdf': {
    etiqueta: 'turnos',
    resumen:
      'El comprobante de un turno en PDF (A5) con el código grande y un código QR que lo contiene; público por el código, limitado por dirección',
    params: comprobanteParams,
    respuesta: documento,
    archivo: comprobantePdfRespuesta,
  },
  'POST /api/turnos/porteria/presentar': {
    etiqueta: 'operaciones',
    resumen:
      'La portería presenta el turno de hoy de un camión en playa, por código o por patente (sin ellos, la del camión): lo clasifica (a tiempo, temprano, tarde) y vincula su cupo (Playa con orden); si la patente puede ser más de un turno responde los candidatos para elegir; 429 tras muchos códigos sin turno',
    cuerpo: presentarTurnoBody,
    respuesta: presentarTurnoRespuesta,
  },
  'POST /api/administracion/turnos/presentar': {
    etiqueta: 'administración',
    resumen:
      'Presentar turno desde la pantalla Camiones: lo mismo que la portería, con la sesión del administrador',
    cuerpo: presentarTurnoBody,
    respuesta: presentarTurnoRespuesta,
  },
} as const satisfies Record<`${'GET' | 'POST'} /api/${string}`, DefinicionRuta>;

export type Rutas = typeof rutas;
/** 'POST /api/cupos', 'GET /api/encuestas/:id', … */
export type Ruta = keyof Rutas;

type CaminosDe<M extends 'GET' | 'POST'> = Ruta extends infer K
  ? K extends `${M} ${infer Camino}`
    ? Camino
    : never
  : never;
/** The paths of the POST routes: '/api/cupos', … */
export type RutaPost = CaminosDe<'POST'>;
/** The paths of the GET routes, with their parameters: '/api/encuestas/:id', … */
export type RutaGet = CaminosDe<'GET'>;

/** The body as the client sends it (`z.input`); `undefined` for a route without one. */
export type CuerpoDe<K extends Ruta> = Rutas[K] extends { cuerpo: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;
/** The body as the server reads it, once parsed (`z.output`). */
export type CuerpoLeidoDe<K extends Ruta> = Rutas[K] extends { cuerpo: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;
/** The path parameters as the client fills them in; `undefined` for a path without any. */
export type ParamsDe<K extends Ruta> = Rutas[K] extends { params: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;
/** The path parameters as the server reads them, once parsed. */
export type ParamsLeidosDe<K extends Ruta> = Rutas[K] extends { params: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;
/** The success answer (`z.output` of the route's 200 or 201 schema). */
export type RespuestaDe<K extends Ruta> = z.output<Rutas[K]['respuesta']>;
/** The success status: 201 where the map says so, 200 otherwise. */
export type EstadoDe<K extends Ruta> = Rutas[K] extends { estado: 201 } ? 201 : 200;

/** The `:name` parameters of a path pattern: 'id' | 'userId' for '/api/encuestas/:id/usuario/:userId'. */
export type NombresDeParametros<Camino extends string> =
  Camino extends `${string}:${infer Nombre}/${infer Resto}`
    ? Nombre | NombresDeParametros<Resto>
    : Camino extends `${string}:${infer Nombre}`
      ? Nombre
      : never;

/**
 * Compile-time check of the map itself: each route's `params` names exactly the `:name`s of its
 * path (a typo in either fails `npm run typecheck`).
 */
type ParamsCoinciden = {
  [K in Ruta]: K extends `${string} ${infer Camino}`
    ? [NombresDeParametros<Camino>] extends [never]
      ? ParamsDe<K> extends undefined
        ? true
        : K
      : [keyof NonNullable<ParamsDe<K>>] extends [NombresDeParametros<Camino>]
        ? [NombresDeParametros<Camino>] extends [keyof NonNullable<ParamsDe<K>>]
          ? true
          : K
        : K
    : K;
}[Ruta];
const _paramsCoinciden: Exclude<ParamsCoinciden, true> extends never
  ? true
  : Exclude<ParamsCoinciden, true> = true;
void _paramsCoinciden;
