/**
 * Every API route, keyed exactly as Fastify registers it ('METHOD /api/…'), with the zod schemas
 * of its body, path parameters, headers and success answer (`estado`: 201 where the route
 * answers 201, 200 otherwise). The schemas are the ones the server registers (checked object by
 * object in src/server/test/rutas-mapa.test.ts), so the types below are the API's own.
 *
 * The browser imports only types from here (`import type`): zod never enters its bundle. The web
 * client (src/web/lib/api-client.ts) turns `api.post('/api/cupos', cuerpo)` into a checked body
 * and an inferred answer; the web test kit answers calls with handlers typed the same way.
 */
import type { z } from 'zod';
import { sinCuerpo } from './comun';
import { guardarUmbralEsperaBody, umbralesEsperaRespuesta } from './umbrales';
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
  reanudarBody,
  reservarTurnoBody,
  turno,
  turnosBody,
  turnosRespuesta,
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
  ticketsBody,
  ticketsRespuesta,
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
} from './tablero';
import { estadoInicializacion, inicializarBody } from './inicializacion';
import { datosTerminal, modificarTerminalBody } from './terminal';

/** What the map knows of one route. */
export interface DefinicionRuta {
  cuerpo?: z.ZodType;
  /** Path parameters: one per `:name` of the path. */
  params?: z.ZodType;
  /** The query string (only the live yard's stream: EventSource can send nothing else). */
  consulta?: z.ZodType;
  cabeceras?: z.ZodType;
  /** The success answer (for a document, what the browser gets of it: a Blob). */
  respuesta: z.ZodType;
  /** A document's answer as the route registers and documents it (`content` by media type). */
  archivo?: RespuestaArchivo;
  /** The success status when it is not 200. */
  estado?: 201;
}

/** Operations of the yard (gate and scale, with a service token): same headers for all. */
const operacion = { cabeceras: cabecerasOperacion } as const;

export const rutas = {
  'GET /api/health': { respuesta: saludRespuesta },

  'POST /api/auth/request-coordenadas': {
    cuerpo: pedirCoordenadasBody,
    respuesta: pedirCoordenadasRespuesta,
  },
  'POST /api/auth/comparar-coordenadas': {
    cuerpo: compararCoordenadasBody,
    respuesta: compararCoordenadasRespuesta,
  },
  'GET /api/auth/verifyuser': { respuesta: verificarUsuarioRespuesta },
  'POST /api/user/logout': { cuerpo: sinCuerpo, respuesta: cerrarSesionRespuesta },

  'POST /api/clientes/clientes-empresas': {
    cuerpo: clientesEmpresasBody,
    respuesta: clientesEmpresasRespuesta,
  },

  'POST /api/camiones/camiones-playa': {
    cuerpo: camionesPlayaBody,
    respuesta: camionesPlayaRespuesta,
  },
  'POST /api/camiones/vincular-camion-cupo': {
    cuerpo: vincularCamionCupoBody,
    respuesta: vincularCamionCupoRespuesta,
    estado: 201,
  },
  'POST /api/camiones/cupos-asignados': {
    cuerpo: cuposAsignadosBody,
    respuesta: cuposAsignadosRespuesta,
  },
  'POST /api/camiones/desasignar-cupo-camion': {
    cuerpo: desasignarCupoCamionBody,
    respuesta: desasignarCupoCamionRespuesta,
    estado: 201,
  },
  'POST /api/camiones/tickets': { cuerpo: ticketsBody, respuesta: ticketsRespuesta },
  'GET /api/camiones/umbrales-espera': { respuesta: umbralesEsperaRespuesta },
  'GET /api/camiones/eventos': {
    consulta: eventosConsulta,
    respuesta: flujo,
    archivo: flujoEventosPlaya,
  },

  'POST /api/cupos': { cuerpo: cuposBody, respuesta: cuposRespuesta },
  'POST /api/cupo/detalle': { cuerpo: codordenBody, respuesta: detalleCupoRespuesta },
  'POST /api/cupos/crear': {
    cuerpo: crearCupoBody,
    respuesta: cuposGuardadosRespuesta,
    estado: 201,
  },
  'POST /api/cupos/editar': {
    cuerpo: editarCupoBody,
    respuesta: cuposGuardadosRespuesta,
    estado: 201,
  },
  'POST /api/cupos/eliminar': { cuerpo: codordenBody, respuesta: eliminadosRespuesta },
  'POST /api/cupos/limpiar': { cuerpo: limpiarCuposBody, respuesta: eliminadosRespuesta },
  'POST /api/cupos/despachos': { cuerpo: despachosBody, respuesta: despachosRespuesta },
  'POST /api/envases/envases-clientes': {
    cuerpo: envasesClientesBody,
    respuesta: envasesClientesRespuesta,
  },
  'POST /api/productos/productos-clientes': {
    cuerpo: productosClientesBody,
    respuesta: productosClientesRespuesta,
  },

  'POST /api/empresa/stock': { cuerpo: stockBody, respuesta: stockRespuesta },
  'POST /api/empresa/stock/movimientos': {
    cuerpo: movimientosStockBody,
    respuesta: paginaMovimientosStock,
  },
  'POST /api/empresa/stock/saldos': { cuerpo: saldosStockBody, respuesta: saldosStockRespuesta },

  'POST /api/tablero/camiones': { cuerpo: tableroBody, respuesta: tableroCamionesRespuesta },
  'POST /api/tablero/recorridos': { cuerpo: tableroBody, respuesta: tableroRecorridosRespuesta },
  'POST /api/tablero/toneladas': { cuerpo: tableroBody, respuesta: tableroToneladasRespuesta },
  'POST /api/tablero/cupos': { cuerpo: tableroBody, respuesta: tableroCuposRespuesta },
  'POST /api/tablero/desvios': { cuerpo: tableroBody, respuesta: tableroDesviosRespuesta },

  'GET /api/encuestas': { respuesta: listaEncuestas },
  'POST /api/encuestas': { cuerpo: crearEncuestaBody, respuesta: encuesta, estado: 201 },
  'POST /api/encuestas/editar': { cuerpo: editarEncuestaBody, respuesta: encuesta },
  'POST /api/encuestas/pregunta': { cuerpo: crearPreguntaBody, respuesta: pregunta, estado: 201 },
  'POST /api/encuestas/pregunta/editar': { cuerpo: editarPreguntaBody, respuesta: pregunta },
  'POST /api/encuestas/resultados': { cuerpo: resultadosBody, respuesta: resultadosRespuesta },
  'GET /api/encuestas/pendientes/:userId': { params: usuarioParams, respuesta: listaEncuestas },
  'GET /api/encuestas/:id': { params: encuestaParams, respuesta: encuesta },
  'GET /api/encuestas/:id/preguntas': { params: encuestaParams, respuesta: listaPreguntas },
  'GET /api/encuestas/:id/respuestas': { params: encuestaParams, respuesta: listaRespuestas },
  'GET /api/encuestas/:id/usuario/:userId/respondio': {
    params: encuestaUsuarioParams,
    respuesta: respondioRespuesta,
  },
  'POST /api/encuestas/responder': {
    cuerpo: responderBody,
    respuesta: responderRespuesta,
    estado: 201,
  },
  'GET /api/encuestas/:id/recordatorio': { params: encuestaParams, respuesta: estadoRecordatorio },
  'POST /api/encuestas/recordatorio': {
    cuerpo: enviarRecordatorioBody,
    respuesta: enviarRecordatorioRespuesta,
  },
  'GET /api/encuestas/recordatorios/:userId': {
    params: usuarioParams,
    respuesta: listaRecordatorios,
  },
  'POST /api/encuestas/recordatorios/vistos': {
    cuerpo: recordatoriosVistosBody,
    respuesta: recordatoriosVistosRespuesta,
  },

  'POST /api/operaciones/ingreso': {
    ...operacion,
    cuerpo: ingresoBody,
    respuesta: camionOperado,
    estado: 201,
  },
  'POST /api/operaciones/vincular': {
    ...operacion,
    cuerpo: vincularBody,
    respuesta: camionOperado,
  },
  'POST /api/operaciones/tara': {
    ...operacion,
    cuerpo: pesajeBody,
    respuesta: camionOperado,
    estado: 201,
  },
  'POST /api/operaciones/bruto': { ...operacion, cuerpo: pesajeBody, respuesta: brutoRespuesta },
  'POST /api/operaciones/egreso': { ...operacion, cuerpo: egresoBody, respuesta: camionOperado },

  'POST /api/auth/reautenticacion/desafio': {
    cuerpo: sinCuerpo,
    respuesta: reautenticacionDesafioRespuesta,
  },
  'POST /api/auth/reautenticacion': { cuerpo: reautenticarBody, respuesta: reautenticadoRespuesta },

  'GET /api/cuenta': { respuesta: miCuenta },
  'POST /api/cuenta/sesiones/cerrar': {
    cuerpo: cerrarSesionPropiaBody,
    respuesta: sesionesPropiasCerradas,
  },
  'POST /api/cuenta/sesiones/cerrar-otras': {
    cuerpo: sinCuerpo,
    respuesta: sesionesPropiasCerradas,
  },

  'GET /api/administracion/usuarios': { respuesta: listaUsuarios },
  'POST /api/administracion/usuarios/crear': {
    cuerpo: crearUsuarioBody,
    respuesta: usuarioCreado,
    estado: 201,
  },
  'POST /api/administracion/usuarios/unidades': {
    cuerpo: unidadesUsuarioBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/usuarios/activo': {
    cuerpo: activoUsuarioBody,
    respuesta: sesionesCerradasRespuesta,
  },
  'POST /api/administracion/usuarios/desbloquear': {
    cuerpo: usuarioBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/usuarios/cerrar-sesiones': {
    cuerpo: usuarioBody,
    respuesta: sesionesCerradasRespuesta,
  },
  'POST /api/administracion/tarjetas/emitir': {
    cuerpo: usuarioBody,
    respuesta: tarjetaEmitida,
    estado: 201,
  },
  'POST /api/administracion/tarjetas/pdf': {
    cuerpo: tarjetaPdfBody,
    respuesta: documento,
    archivo: tarjetaPdfRespuesta,
  },
  'GET /api/administracion/empresas': { respuesta: listaEmpresasAdministradas },
  'POST /api/administracion/empresas/crear': {
    cuerpo: crearEmpresaBody,
    respuesta: empresa,
    estado: 201,
  },
  'POST /api/administracion/empresas/unidades': {
    cuerpo: unidadesEmpresaBody,
    respuesta: hechoRespuesta,
  },
  'GET /api/administracion/unidades': { respuesta: listaUnidadesAdministradas },
  'POST /api/administracion/unidades/crear': {
    cuerpo: crearUnidadBody,
    respuesta: unidadAdministrada,
    estado: 201,
  },
  'POST /api/administracion/unidades/renombrar': {
    cuerpo: renombrarUnidadBody,
    respuesta: unidadAdministrada,
  },
  'POST /api/administracion/unidades/activo': {
    cuerpo: activoUnidadBody,
    respuesta: unidadAdministrada,
  },
  'POST /api/administracion/unidades/eliminar': { cuerpo: unidadBody, respuesta: hechoRespuesta },
  'POST /api/administracion/despachos/crear': {
    cuerpo: crearDespachoBody,
    respuesta: despachoAdministrado,
    estado: 201,
  },
  'POST /api/administracion/despachos/renombrar': {
    cuerpo: renombrarDespachoBody,
    respuesta: despachoAdministrado,
  },
  'POST /api/administracion/despachos/activo': {
    cuerpo: activoDespachoBody,
    respuesta: despachoAdministrado,
  },
  'POST /api/administracion/despachos/eliminar': {
    cuerpo: despachoBody,
    respuesta: hechoRespuesta,
  },
  'GET /api/administracion/productos': { respuesta: listaProductos },
  'POST /api/administracion/productos/crear': {
    cuerpo: crearProductoBody,
    respuesta: productoAdministrado,
    estado: 201,
  },
  'POST /api/administracion/productos/renombrar': {
    cuerpo: renombrarProductoBody,
    respuesta: productoAdministrado,
  },
  'POST /api/administracion/productos/activo': {
    cuerpo: activoProductoBody,
    respuesta: productoAdministrado,
  },
  'POST /api/administracion/productos/eliminar': { cuerpo: codproBody, respuesta: hechoRespuesta },
  'POST /api/administracion/productos/cliente': {
    cuerpo: productosDeClienteBody,
    respuesta: listaProductosDeCliente,
  },
  'POST /api/administracion/productos/cliente/guardar': {
    cuerpo: guardarProductosDeClienteBody,
    respuesta: listaProductosDeCliente,
  },
  'POST /api/administracion/envases': { cuerpo: envasesDeClienteBody, respuesta: listaEnvases },
  'POST /api/administracion/envases/crear': {
    cuerpo: crearEnvaseBody,
    respuesta: envaseAdministrado,
    estado: 201,
  },
  'POST /api/administracion/envases/editar': {
    cuerpo: editarEnvaseBody,
    respuesta: envaseAdministrado,
  },
  'POST /api/administracion/envases/activo': {
    cuerpo: activoEnvaseBody,
    respuesta: envaseAdministrado,
  },
  'POST /api/administracion/envases/eliminar': {
    cuerpo: ctrlEnvaseBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/umbrales-espera': {
    cuerpo: guardarUmbralEsperaBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/tablero-parametros': {
    cuerpo: guardarParametrosTableroBody,
    respuesta: parametrosTablero,
  },
  'GET /api/administracion/tokens': { respuesta: listaTokens },
  'POST /api/administracion/tokens/crear': {
    cuerpo: crearTokenBody,
    respuesta: tokenCreado,
    estado: 201,
  },
  'POST /api/administracion/tokens/revocar': {
    cuerpo: nombreTokenBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/auditoria': { cuerpo: auditoriaBody, respuesta: paginaAuditoria },
  'GET /api/administracion/auditoria/opciones': { respuesta: opcionesAuditoria },
  // The import (issue 21): the body is the file itself, not JSON; the answer, NDJSON lines.
  'POST /api/administracion/importacion/revisar': {
    consulta: importacionConsulta,
    respuesta: flujoLineas,
    archivo: flujoImportacion,
  },
  'POST /api/administracion/importacion/aplicar': {
    consulta: importacionConsulta,
    respuesta: flujoLineas,
    archivo: flujoImportacion,
  },
  'GET /api/administracion/importacion/plantilla': {
    respuesta: documento,
    archivo: plantillaXlsx,
  },
  'GET /api/administracion/importacion/plantilla/:clase': {
    params: plantillaCsvParams,
    respuesta: documento,
    archivo: plantillaCsv,
  },
  'GET /api/inicializacion': { respuesta: estadoInicializacion },
  'POST /api/inicializacion': { cuerpo: inicializarBody, respuesta: tarjetaEmitida, estado: 201 },
  'POST /api/inicializacion/tarjeta/pdf': {
    cuerpo: tarjetaPdfBody,
    respuesta: documento,
    archivo: tarjetaPdfRespuesta,
  },
  'GET /api/terminal': { respuesta: datosTerminal },
  'POST /api/administracion/terminal': { cuerpo: modificarTerminalBody, respuesta: datosTerminal },
  'POST /api/turnos/disponibilidad': {
    cuerpo: disponibilidadBody,
    respuesta: disponibilidadRespuesta,
  },
  'POST /api/turnos/reservar': { cuerpo: reservarTurnoBody, respuesta: turno, estado: 201 },
  'POST /api/turnos/cambiar': { cuerpo: cambiarTurnoBody, respuesta: turno },
  'POST /api/turnos/cancelar': { cuerpo: cancelarTurnoBody, respuesta: turno },
  'POST /api/turnos': { cuerpo: turnosBody, respuesta: turnosRespuesta },
  'POST /api/administracion/turnos/calendario': {
    cuerpo: calendarioBody,
    respuesta: calendarioRespuesta,
  },
  'POST /api/administracion/turnos/parametros': {
    cuerpo: guardarParametrosTurnosBody,
    respuesta: parametrosTurnos,
  },
  'POST /api/administracion/turnos/plantilla': {
    cuerpo: guardarPlantillaBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/turnos/excepciones': {
    cuerpo: guardarExcepcionesBody,
    respuesta: hechoRespuesta,
  },
  'POST /api/administracion/turnos/copiar-semana': {
    cuerpo: copiarSemanaBody,
    respuesta: copiarSemanaRespuesta,
  },
  'POST /api/administracion/turnos/pausar': { cuerpo: pausarBody, respuesta: pausarRespuesta },
  'POST /api/administracion/turnos/reanudar': { cuerpo: reanudarBody, respuesta: hechoRespuesta },
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
