/**
 * Every Spanish text that the spec fixes word for word lives here, so that server, client and
 * tests say exactly the same thing (typos of the spec included: users know them).
 */
export const TEXTOS = {
  campoObligatorio: 'Este campo es obligatorio',
  coordenadaPositiva: 'La coordenada debe ser un valor positivo',
  coordenadaEntera: 'La coordenada debe ser un numero entero',
  ingresarCoordenadas: 'INGRESAR COORDENADAS',
  ingresar: 'Ingresar',
  cargando: 'CARGANDO...',
  algoSalioMal: 'Algo salio mal',
  algoSalioMalAcento: 'Algo salió mal',
  erroresAlGuardar: 'Los siguientes errores impidieron guardar los datos:',
  datosGuardados: 'Datos guardados con exito!!',
  bloqueoTitulo: 'Cargando, aguarde un momento.',
  bloqueoDetalle: 'El servidor esta procesando la información.',
  errorInterno: 'Error interno del servidor',
  sinPermisoPagina:
    'No tienes permiso para acceder a esta página. Por favor, contacta al administrador.',
  cerrarSesion: 'Cerrar sesión',
} as const;

/** Messages the API answers in `{ msj }`. */
export const MENSAJES_API = {
  credencialesIncorrectas: 'Usuario o coordenadas incorrectas',
  usuarioBloqueado: 'Usuario bloqueado temporalmente por intentos fallidos. Intente más tarde.',
  sinPermisoDatos: 'No tiene permiso para acceder a estos datos',
  sesionRequerida: 'Debe iniciar sesión',
  sinPermiso: 'No tiene permiso para realizar esta acción',
  noEncontrado: 'No se encontró el recurso solicitado',
  rutaInexistente: 'La ruta solicitada no existe',
  datosInvalidos: 'Los datos enviados no son válidos',
  jsonInvalido: 'El cuerpo de la solicitud no es un JSON válido',
  tipoContenido: 'Las solicitudes POST deben enviarse como application/json',
  origenInvalido: 'Origen de la solicitud no permitido',
  cuerpoGrande: 'El cuerpo de la solicitud es demasiado grande',
  demasiadasSolicitudes: 'Demasiadas solicitudes. Intente nuevamente en unos minutos.',
  desafioVencido: 'El ingreso venció. Vuelva a ingresar el usuario.',
  baseNoDisponible: 'La base de datos no está disponible. Intente nuevamente en unos instantes.',
  errorInterno: TEXTOS.errorInterno,
} as const;

/** The trucks screen (spec sections 2, 5 and 8), its typos included ('Asingar', 'Asginar'). */
export const TEXTOS_CAMIONES = {
  titulo: 'Camiones en playa',
  sinCamiones: 'No se encontraron camiones',
  sinCupos: 'No se encontraron cupos',
  sinTickets: 'No se encontraron tickets',
  algoSalioMalAsignados: 'ALGO SALIO MAL',
  asignar: 'Asingar',
  asignarCupo: 'Asginar',
  verCupo: 'Ver cupo',
  desasignar: 'Desasignar',
  ticket: 'Ticket',
  filtrar: 'Filtrar',
  cuposDisponibles: 'Cupos disponibles',
  cuposAsignados: 'Cupos asignados',
  tickets: 'Tickets',
  confirmarVincular: '¿Confirma que quiere vincular el cupo al camion?',
  confirmarDesvincular: '¿Confirma que quiere desvincular el cupo al camion?',
} as const;

/** Why the API refuses a link or an unlink (design section 4). */
export const MENSAJES_CAMIONES = {
  estadoNoAdmiteVincular:
    'Solo se puede asignar un cupo a un camión en playa (Playa sin orden o Playa con orden)',
  estadoNoAdmiteDesvincular: 'Solo se puede desasignar un cupo de un camión en Playa con orden',
  cupoEliminado: 'El cupo fue eliminado',
  cupoYaAsignado: 'Otro operador ya asignó este cupo a un camión',
  cupoYaAsignadoAlCamion: 'El cupo ya está asignado a este camión',
  cupoDeOtroCliente: 'El cupo no es del mismo cliente y unidad de negocio que el camión',
  cantidadExcedida: 'La cantidad supera la carga máxima del cupo',
  cupoNoAsignadoAlCamion: 'El cupo no está asignado a este camión',
} as const;
