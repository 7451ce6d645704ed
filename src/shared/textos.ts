/**
 * Every Spanish text that the spec fixes word for word lives here, so that server, client and
 * tests say exactly the same thing (typos of the spec included: users know them).
 */
import type { AvisoCorreo } from './contracts/avisos';
import { fechaDdMmAaaaHhMm } from './formato';

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
  /** Beside 'Algo salio mal': the request's id, for the person to quote to the terminal. */
  referencia: 'Referencia',
} as const;

/** Messages the API answers in `{ msj }`. */
export const MENSAJES_API = {
  credencialesIncorrectas: 'Usuario o coordenadas incorrectas',
  usuarioBloqueado: 'Usuario bloqueado temporalmente por intentos fallidos. Intente más tarde.',
  ultimoIntento: (minutos: number) =>
    `Le queda 1 intento antes de que el ingreso se bloquee por ${minutos} minutos.`,
  bloqueadoHasta: (hora: string) =>
    `El ingreso de este usuario quedó bloqueado hasta las ${hora}. Si necesita ingresar antes, pida a la terminal que lo desbloquee.`,
  sinPermisoDatos: 'No tiene permiso para acceder a estos datos',
  sesionRequerida: 'Debe iniciar sesión',
  sinPermiso: 'No tiene permiso para realizar esta acción',
  noEncontrado: 'No se encontró el recurso solicitado',
  rutaInexistente: 'La ruta solicitada no existe',
  datosInvalidos: 'Los datos enviados no son válidos',
  jsonInvalido: 'El cuerpo de la solicitud no es un JSON válido',
  tipoContenido: 'Las solicitudes POST deben enviarse como application/json',
  /** A route that takes a file (the import): its bytes as they are, nothing else. */
  tipoContenidoArchivo: 'El archivo debe enviarse tal cual, como application/octet-stream',
  /** A body with Content-Encoding (gzip…): the API reads bodies only as they are. */
  cuerpoComprimido: 'El cuerpo de la solicitud debe enviarse sin comprimir',
  origenInvalido: 'Origen de la solicitud no permitido',
  cuerpoGrande: 'El cuerpo de la solicitud es demasiado grande',
  demasiadasSolicitudes: 'Demasiadas solicitudes. Intente nuevamente en unos minutos.',
  demasiadosFlujos:
    'Tiene demasiadas pantallas en vivo abiertas con este usuario: cierre alguna y vuelva a intentar.',
  desafioVencido: 'El ingreso venció. Vuelva a ingresar el usuario.',
  baseNoDisponible: 'La base de datos no está disponible. Intente nuevamente en unos instantes.',
  migracionesPendientes:
    'La base de datos no tiene todas las migraciones de esta versión del portal: reinicie un proceso para que las aplique.',
  escuchaCaida:
    'La conexión que escucha los avisos de la base (playa en vivo y sesiones) está caída; se está reconectando.',
  errorInterno: TEXTOS.errorInterno,
} as const;

/** Quotas: list, detail, order form (spec sections 2, 5, 8), and the server's own checks. */
export const TEXTOS_CUPOS = {
  titulo: 'Listado de cupos disponibles',
  sinCupos: 'No se encontraron cupos',
  nuevo: 'Nuevo',
  limpiar: 'Limpiar Cupos',
  confirmarEliminar: '¿Confirma que quiere eliminar el cupo?',
  confirmarLimpiar: '¿Confirma que quiere eliminar todos los cupos sin asignar?',
  errorEliminar: 'Algo salió mal.',
  detalleTitulo: 'Detalle cupo',
  cabecera: 'Cabecera',
  items: 'Items',
  envasesVacios: 'Envases vacios',
  cargaMaxima: 'Carga máxima',
  cerrar: 'Cerrar',
  kilos: 'Kilos',
  unidades: 'Unidades',
  // Spec section 5, word for word.
  cargaMaximaPositiva: 'La carga maxima debe ser un valor positivo',
  cantidadCuposPositiva: 'La cantidad cupos debe ser un valor positivo',
  productosSinSeleccionar: 'Hay productos sin seleccionar',
  productoNoNumerico: 'El ID del producto no es un numero',
  porcentajeVacio: 'Inserte un porcentaje válido',
  porcentajeNoNumerico: 'El porcentaje debe ser numerico',
  porcentajeNegativo: 'El porcentaje no puede ser negativo',
  porcentajeMayor100: 'El porcentaje no puede ser mayo que 100',
  porcentajeNoSuma: 'El porcentaje no suma 100',
  porcentajeSupera: 'El porcentaje supera 100',
  erroresProductos: 'Hay errores en la sección de productos.',
  erroresMarcados: 'Los errores se marcan en rojo a lo largo del formulario.',
  // Beyond the spec: limits the database holds and the ownership the server checks.
  valorInvalido: 'El valor elegido no es válido',
  porcentajeUnDecimal: 'El porcentaje admite un solo decimal',
  productosRepetidos: 'Hay productos repetidos',
  cargaMaximaDecimales: 'La carga maxima admite hasta 3 decimales',
  cargaMaximaGrande: 'La carga maxima es demasiado grande',
  unidadesEnteras: 'Con envase la carga maxima son unidades: debe ser un numero entero',
  cantidadCuposEntera: 'La cantidad cupos debe ser un numero entero',
  cantidadCuposMaxima: 'La cantidad cupos no puede ser mayor que 100',
  despachoAjeno: 'El tipo de despacho no corresponde a la unidad de negocio',
  granelSinEnvase: 'Un tipo de despacho a granel no lleva envase',
  envaseAjeno: 'El envase no corresponde al cliente',
  productoAjeno: (producto: string) =>
    `El producto ${producto} no corresponde al cliente y unidad de negocio`,
  productoInactivo: (producto: string) =>
    `El producto ${producto} está desactivado: ya no se puede pedir`,
  cupoVinculado: 'El cupo está vinculado a un camión: no se puede modificar ni eliminar',
  unidadInactiva: 'La unidad de negocio está inactiva: no admite cupos nuevos',
  despachoInactivo: 'El tipo de despacho está inactivo: elija otro',
  cuposEliminados: (n: number) =>
    n === 1 ? 'Se eliminó 1 cupo sin asignar.' : `Se eliminaron ${n} cupos sin asignar.`,
} as const;

/** Labels of the quota order form; the server prefixes its field messages with them. */
export const ETIQUETAS_CUPO = {
  cliente: 'Cliente',
  uniNeg: 'Unidad de Negocio',
  tipoOrden: 'Tipo de orden',
  tipoDespacho: 'Tipo de despacho',
  envase: 'Envase',
  cargaMaxima: 'Carga máxima',
  conCoating: 'Con coating',
  observaciones: 'Observaciones',
  cantCuposIguales: 'Cantidad de cupos iguales',
  producto: 'Producto',
  porcentaje: 'Porcentaje',
} as const;

/** Order types of a quota (spec section 3): 'D' dispatch, 'R' reception. */
export const TIPOS_ORDEN = { D: 'Despacho', R: 'Recepción' } as const;

/** Surveys (spec sections 2, 5, 8 and 9). */
export const TEXTOS_ENCUESTAS = {
  crearEncuesta: 'Crear Encuesta',
  encuestasExistentes: 'Encuestas Existentes',
  sinDescripcionCorta: 'N/A',
  preguntas: 'Preguntas',
  verRespuestas: 'Ver Respuestas',
  preguntasDe: (titulo: string) => `Preguntas de: ${titulo}`,
  editarEncuesta: 'Editar Encuesta',
  cancelar: 'Cancelar',
  guardarCambios: 'Guardar Cambios',
  agregarNuevaPregunta: 'Agregar nueva pregunta',
  agregar: 'Agregar',
  obligatoria: 'Obligatoria',
  esTexto: 'Es texto?',
  guardar: 'Guardar',
  debeCompletarTitulo: 'Debe completar el título',
  sinTitulo: 'Sin título',
  sinDescripcion: 'Sin descripción',
  volver: '← Volver',
  exportarExcel: 'Exportar a Excel',
  encabezadoUsuario: (usuario: string, empresa: string) =>
    `Usuario: ${usuario} - Empresa : ${empresa}`,
  /** Columns of each user's answers (spec section 2, 'Survey answers'). */
  columnasRespuestas: [
    '#',
    'Pregunta',
    'Obligatoria',
    'Puntaje',
    'Respuesta',
    'Observaciones',
    'Fecha de Respuesta',
  ],
  sinRespuestas:
    'Ningún usuario ha respondido esta encuesta aún o no tienes acceso para ver las respuestas.',
  marcaObligatoria: '* (Obligatoria)',
  observacionesOpcional: 'Observaciones (opcional)',
  enviarRespuestas: 'Enviar Respuestas',
  enviando: 'Enviando...',
  sinPreguntas: 'No hay preguntas disponibles para esta encuesta.',
  encuestaNoEncontrada: 'Encuesta no encontrada o no tienes permiso para responderla',
  faltanObligatorias: 'Debes responder todas las preguntas obligatorias.',
  encuestasDisponibles: 'Encuestas disponibles',
  respondida: 'Respondida',
  responder: 'Responder',
  si: 'Sí',
  no: 'No',
  sinEncuestas: 'No hay encuestas disponibles por el momento.',
  errorCargarEncuestas: 'Error al cargar encuestas',
  errorCrearEncuesta: 'Error al crear encuesta',
  errorAgregarPregunta: 'Error al agregar pregunta',
  errorActualizarEncuesta: 'Error al actualizar encuesta',
  errorActualizarPregunta: 'Error al actualizar pregunta',
  errorCargarRespuestas: 'Error al cargar respuestas',
  errorObtenerEncuesta: 'Error al obtener encuesta',
  errorCargarLaEncuesta: 'Error al cargar la encuesta',
  errorEnviarRespuestas: 'Error al enviar respuestas',
  sinRespuestasParaExportar: 'No hay respuestas para exportar',
  encuestaCreada: 'Encuesta creada',
  preguntaAgregada: 'Pregunta agregada',
  encuestaActualizada: 'Encuesta actualizada',
  preguntaActualizada: 'Pregunta actualizada',
  graciasPorResponder: '¡Gracias por responder!',
  pendientes: (n: number) => `Tenés ${n} encuesta(s) pendiente(s) para responder.`,
  /** Score scale of spec section 9, 1 to 5. */
  puntajes: ['Malo', 'Regular', 'Bueno', 'Muy Bueno', 'Excelente'],
  // Not in the spec: what the server answers where the spec shows no message (design section 7).
  yaRespondiste: 'Ya respondiste esta encuesta',
  preguntaVacia: 'El texto de la pregunta es obligatorio',
  preguntaAjena: 'Hay respuestas a preguntas que no son de esta encuesta',
  preguntaRepetida: 'Hay más de una respuesta para la misma pregunta',
  encuestaSinPreguntas: 'La encuesta no tiene preguntas para responder',
  soloPropioUsuario: 'Solo puede responder encuestas con su propio usuario',
  cargandoRespondida: 'Consultando si ya fue respondida',
  administradorNoResponde: 'Los administradores no responden encuestas',
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

/** How a truck came against its turn's band (issue 24), as the yard board says it. */
export const TEXTOS_LLEGADA_TURNO = {
  a_tiempo: 'A tiempo',
  temprano: 'Temprano',
  tarde: 'Tarde',
} as const;

/** 'Presentar turno' on the trucks screen (issue 24, point 3): a truck checks in with its turn. */
export const TEXTOS_PRESENTAR_TURNO = {
  accion: 'Presentar turno',
  titulo: 'Presentar turno',
  buscarPor: 'Buscar el turno por',
  porCodigo: 'Código de turno',
  porPatente: 'Patente',
  ayudaCodigo: 'Las 8 letras y números del comprobante; guiones y espacios no importan.',
  ayudaPatente: (propia: string) =>
    `La patente leída en la portería; vacía: la del camión (${propia}).`,
  faltaCodigo: 'Escriba el código del turno.',
  patenteInvalida: 'La patente tiene de 5 a 10 letras y números.',
  candidatos: 'La patente puede ser de más de un turno de hoy: elija cuál.',
  faltaCandidato: 'Elija el turno.',
  patenteDe: (patente: string) => `patente ${patente}`,
  presentar: 'Presentar',
  presentado: (codigo: string, llegada: string) => `Turno ${codigo} presentado: ${llegada}.`,
  vinculado: (camion: number, cupo: number) =>
    `El camión ${camion} quedó en Playa con orden con el cupo N° ${cupo}.`,
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

/** The stock screen (spec sections 2, 7 and 9). */
export const TEXTOS_STOCK = {
  titulo: 'Listado de stock',
  generarExcel: 'Generar Excel',
  /** Columns of the table and of the spreadsheet's header row. */
  columnas: ['Código', 'Producto', 'Toneladas'],
  archivo: 'Stock.xlsx',
  hoja: 'Sheet1',
  // Not in the spec: what an empty list says.
  sinStock: 'No hay stock de este cliente en esta unidad de negocio',
} as const;

/** Why the yard operations API refuses a request (beyond the spec: the gate and the scale). */
export const MENSAJES_OPERACIONES = {
  tokenRequerido: 'Falta un token de servicio válido (Authorization: Bearer …)',
  empresaInexistente: 'El cliente no existe',
  unidadInexistente: 'La unidad de negocio no existe',
  fechaFueraDeRango: 'La fecha debe estar entre los últimos 30 días y la hora actual',
  fechaAnterior: (paso: string) => `La fecha es anterior a ${paso} del camión`,
  taraSinCupo: 'El camión no tiene cupo asignado: sin cupo no se carga ni se descarga',
  taraYaRegistrada: 'El camión ya tiene la tara registrada',
  camionFinalizado: 'El camión ya finalizó su operación',
  brutoSinTara: 'El camión no tiene la tara registrada',
  brutoYaRegistrado: 'El camión ya tiene el pesaje bruto registrado',
  brutoMenorQueTara: 'El peso bruto no puede ser menor que la tara',
  egresoSinFinalizar: 'Solo puede salir de playa un camión finalizado',
  egresoYaRegistrado: 'El camión ya salió de playa',
  claveReutilizada: 'La clave de idempotencia ya se usó para otra operación',
} as const;

/**
 * Why the administration of the portal (users, cards, companies, service tokens, stock
 * adjustments) refuses a request. The CLI and the administration screens say the same words:
 * both call the same services.
 */
export const MENSAJES_ADMINISTRACION = {
  nombreUsuarioInvalido:
    'El usuario debe tener de 3 a 50 letras minúsculas, números, punto, guion o guion bajo.',
  usuarioExistente: (usuario: string) => `Ya existe el usuario '${usuario}'.`,
  usuarioInexistente: (usuario: string) => `No existe el usuario '${usuario}'.`,
  empresaInexistente: (codempre: number) => `No existe la empresa ${codempre}.`,
  empresaExistente: (codempre: number) => `Ya existe la empresa ${codempre}.`,
  codempreInvalido: 'El código de empresa debe ser un entero positivo (0 es la terminal).',
  faltaCodigoEmpresa: 'Falta el código de la empresa.',
  nombreEmpresaVacio: 'Falta el nombre de la empresa.',
  unidadInexistente: (unineg: number) => `No existe la unidad de negocio ${unineg}.`,
  unidadRequerida:
    'Elija al menos una unidad de negocio: un usuario de un cliente sin unidades no ve ningún dato.',
  nombreTokenInvalido:
    'El nombre del token debe tener de 3 a 60 letras minúsculas, números, punto, guion o guion bajo.',
  tokenExistente: (nombre: string) =>
    `Ya existe el token '${nombre}'. Revóquelo antes de crearlo de nuevo.`,
  tokenInexistente: (nombre: string) => `No hay un token vigente llamado '${nombre}'.`,
  vencimientoInvalido: 'La fecha de vencimiento debe ser un día válido de la forma AAAA-MM-DD.',
  vencimientoPasado: 'La fecha de vencimiento ya pasó: elija hoy o un día futuro.',
  stockSinDestino: (codempre: number, unineg: number, codpro: number) =>
    `No existe la empresa ${codempre}, la unidad ${unineg} o el producto ${codpro}.`,
  baseConDatos: 'La base de datos ya tiene datos: la demostración solo se carga en una base vacía.',
  reautenticacionRequerida:
    'Confirme su identidad con dos coordenadas de su tarjeta para continuar.',
  unidadAjena: (codempre: number, unineg: number) =>
    `La empresa ${codempre} no trabaja en la unidad de negocio ${unineg}.`,
  administradorSinUnidades:
    'Un administrador (empresa 0) tiene todas las unidades de negocio: no se le asignan.',
  unidadConUsuarios: (unineg: number, n: number) =>
    `${n} usuario(s) de la empresa tienen la unidad de negocio ${unineg}: quíteselas primero.`,
  tarjetaNoVigente:
    'Esa tarjeta ya no es la vigente del usuario, o sus valores no coinciden: emita otra.',
  tarjetaVieja: 'La tarjeta se emitió hace más de 15 minutos: emita otra para imprimirla.',
  tarjetaNoAdministrador:
    'Solo la tarjeta de un administrador recién emitida se imprime desde la inicialización.',
  sesionPropiaInexistente: 'No tiene una sesión abierta con ese identificador.',
  unidadesEnSuPantalla:
    'Las unidades de negocio y sus tipos de despacho se crean, renombran y desactivan en Administración › Unidades de negocio.',
} as const;

/**
 * Why the administration of products and of the products each client may order (issue 21)
 * refuses a request; the screens, the CLI and the import say the same words.
 */
export const MENSAJES_PRODUCTOS = {
  codproInvalido: 'El código de producto debe ser un número entero positivo.',
  nombreVacio: 'Falta el nombre del producto.',
  nombreInvalido:
    'El nombre del producto admite hasta 60 caracteres, sin caracteres de control ni invisibles.',
  productoExistente: (codpro: number, nompro: string) =>
    `Ya existe el producto ${codpro} '${nompro}'.`,
  nombreExistente: (nompro: string, codpro: number) =>
    `Ya existe un producto llamado '${nompro}' (código ${codpro}).`,
  productoInexistente: (codpro: number) => `No existe el producto ${codpro}.`,
  /** `usos`: what refers to it, as `usoCupos`, `usoTickets`… say it. */
  noSeElimina: (codpro: number, nompro: string, usos: string[]) =>
    `No se puede eliminar el producto ${codpro} '${nompro}': lo usan ${usos.join(', ')}. Desactívelo: deja de ofrecerse y su historia se conserva.`,
  usoCupos: (n: number) => `${n} cupo(s)`,
  usoTickets: (n: number) => `${n} ticket(s)`,
  usoMovimientos: (n: number) => `${n} movimiento(s) de stock`,
  usoClientes: (n: number) => `${n} cliente(s) que pueden pedirlo`,
  inactivoParaCliente: (codpro: number, nompro: string) =>
    `El producto ${codpro} '${nompro}' está desactivado: no se puede habilitar a un cliente.`,
  enCuposAbiertos: (codpro: number, nompro: string, cupos: number) =>
    `No se puede quitar el producto ${codpro} '${nompro}': lo usan ${cupos} cupo(s) abierto(s) del cliente en esa unidad de negocio.`,
} as const;

/** Why the administration of containers per client (issue 21) refuses a request. */
export const MENSAJES_ENVASES = {
  nombreVacio: 'Falta el nombre del envase.',
  nombreInvalido:
    'El nombre del envase admite hasta 60 caracteres, sin caracteres de control ni invisibles.',
  pesoInvalido:
    'El peso debe ser mayor que 0 kg, de hasta 9.999.999,999 kg y con tres decimales como mucho.',
  envaseExistente: (codempre: number, nombre: string, activo: boolean) =>
    `La empresa ${codempre} ya tiene un envase llamado '${nombre}'${activo ? '' : ' (desactivado: actívelo)'}.`,
  envaseInexistente: (ctrl: number) => `No existe el envase ${ctrl}.`,
  noSeElimina: (ctrl: number, nombre: string, cupos: number) =>
    `No se puede eliminar el envase ${ctrl} '${nombre}': lo usan ${cupos} cupo(s). Desactívelo: deja de ofrecerse y los cupos lo conservan.`,
} as const;

/** The wait thresholds per business unit (issue 15): why the API refuses them, and the screens' words. */
export const MENSAJES_UMBRALES = {
  unidadInexistente: (unineg: number) => `No existe la unidad de negocio ${unineg}.`,
  limiteNoMayor: (aviso: number) =>
    `debe ser mayor que el aviso (${aviso} min): pasado el aviso el camión está demorado, pasado el límite excedido.`,
} as const;

/** The dashboard's refusals (issue 16). */
export const MENSAJES_TABLERO = {
  diaInvalido: (campo: string, dia: string) => `${campo}: el día ${dia} no existe.`,
  rangoInvertido: 'La fecha desde no puede ser posterior a la fecha hasta.',
  rangoExcesivo: (maximo: number) =>
    `El rango no puede superar ${String(maximo).replace(/\B(?=(\d{3})+$)/g, '.')} días: acórtelo.`,
  unidadInexistente: (unineg: number) => `No existe la unidad de negocio ${unineg}.`,
} as const;

export const TEXTOS_ESPERA = {
  demorado: 'Demorado',
  excedido: 'Excedido',
  umbrales: 'Umbrales de espera',
} as const;

/**
 * Business units and their dispatch types (issue 21): the administration's words and the
 * refusals of the service, the same for the screen and the CLI.
 */
export const TEXTOS_UNIDADES = {
  titulo: 'Unidades de negocio',
  nueva: 'Nueva unidad',
  nuevoDespacho: 'Nuevo tipo de despacho',
  renombrar: 'Renombrar',
  desactivar: 'Desactivar',
  activar: 'Activar',
  eliminar: 'Eliminar',
  acciones: 'Acciones',
  accionesDe: (nombre: string) => `Acciones de ${nombre}`,
  sinUnidades: 'No hay unidades de negocio.',
  sinDespachos: 'Sin tipos de despacho: agregue uno para poder pedir cupos en esta unidad.',
  nombre: 'Nombre',
  estado: 'Estado',
  activa: 'Activa',
  inactiva: 'Inactiva',
  activo: 'Activo',
  inactivo: 'Inactivo',
  despachos: 'Tipos de despacho',
  envase: 'Envase',
  aGranel: 'A granel',
  enEnvases: 'En envases',
  aGranelAyuda: 'A granel (sin envase: la carga se pide en kilos)',
  enEnvasesAyuda: 'En envases (bolsas, big bags: la carga se pide en unidades)',
  codigo: 'Código',
  crear: 'Crear',
  guardar: 'Guardar',
  cancelar: 'Cancelar',
  cerrar: 'Cerrar',
  /** How a unit reads where old data is found: its name, marked when it is inactive. */
  nombreUnidad: (u: { unineg: string; inactiva?: boolean }) =>
    u.inactiva ? `${u.unineg} (inactiva)` : u.unineg,
  nombreDespacho: (d: { nomdespacho: string; activo: boolean }) =>
    d.activo ? d.nomdespacho : `${d.nomdespacho} (inactivo)`,
  creada: (nombre: string) => `Unidad de negocio '${nombre}' creada.`,
  renombrada: (nombre: string) => `Unidad de negocio renombrada '${nombre}'.`,
  desactivada: (nombre: string) => `Unidad de negocio '${nombre}' desactivada.`,
  activada: (nombre: string) => `Unidad de negocio '${nombre}' activada.`,
  eliminada: (nombre: string) => `Unidad de negocio '${nombre}' eliminada.`,
  despachoCreado: (nombre: string) => `Tipo de despacho '${nombre}' creado.`,
  despachoRenombrado: (nombre: string) => `Tipo de despacho renombrado '${nombre}'.`,
  despachoDesactivado: (nombre: string) => `Tipo de despacho '${nombre}' desactivado.`,
  despachoActivado: (nombre: string) => `Tipo de despacho '${nombre}' activado.`,
  despachoEliminado: (nombre: string) => `Tipo de despacho '${nombre}' eliminado.`,
  confirmarDesactivar: (nombre: string) =>
    `¿Desactivar la unidad de negocio '${nombre}'? No se ofrecerá para cupos, usuarios ni empresas nuevos; su historia se sigue viendo. Puede activarla otra vez.`,
  confirmarEliminar: (nombre: string) =>
    `¿Eliminar la unidad de negocio '${nombre}' y sus tipos de despacho? Solo se puede si nada la usa; si no, desactívela.`,
  confirmarDesactivarDespacho: (nombre: string, unidad: string) =>
    `¿Desactivar el tipo de despacho '${nombre}' de ${unidad}? Los cupos que lo tienen lo conservan; no se ofrecerá para cupos nuevos.`,
  confirmarEliminarDespacho: (nombre: string, unidad: string) =>
    `¿Eliminar el tipo de despacho '${nombre}' de ${unidad}? Solo se puede si ningún cupo lo usa.`,
  ayudaInactiva:
    'Una unidad inactiva no se ofrece para cupos, usuarios ni empresas nuevos; sus datos se siguen viendo, marcados (inactiva).',

  // Refusals (400 naming the field, 404, 409).
  nombreVacio: 'Falta el nombre de la unidad de negocio.',
  nombreDespachoVacio: 'Falta el nombre del tipo de despacho.',
  nombreLargo: (maximo: number) => `El nombre no puede tener más de ${maximo} caracteres.`,
  unidadExistente: (nombre: string) => `Ya existe la unidad de negocio '${nombre}'.`,
  unidadInexistente: (unidad: number | string) =>
    typeof unidad === 'number'
      ? `No existe la unidad de negocio ${unidad}.`
      : `No existe la unidad de negocio '${unidad}'.`,
  unidadInactiva: (nombre: string) =>
    `La unidad de negocio '${nombre}' está inactiva: no se asigna. Actívela antes si hace falta.`,
  unidadEnUso: (nombre: string, usos: string) =>
    `La unidad de negocio '${nombre}' no se puede eliminar: la usan ${usos}. Desactívela en su lugar.`,
  despachoExistente: (nombre: string, unidad: string) =>
    `La unidad '${unidad}' ya tiene un tipo de despacho '${nombre}'.`,
  despachoInexistente: (coddespacho: number) => `No existe el tipo de despacho ${coddespacho}.`,
  despachoEnUso: (nombre: string) =>
    `El tipo de despacho '${nombre}' no se puede eliminar: lo usan cupos. Desactívelo en su lugar.`,
  envaseDistinto: (nombre: string) =>
    `El tipo de despacho '${nombre}' ya tiene cupos: no puede pasar de a granel a en envases ni al revés.`,
  envaseInvalido: (valor: string) => `--envase debe ser S (en envases) o N (a granel): '${valor}'.`,
} as const;

/**
 * What refers to a business unit, by table, as the refusal to delete it names it ('la usan
 * camiones y cupos'). A table missing here is named as it is; a test keeps the list whole.
 */
export const USOS_DE_UNIDAD: Record<string, string> = {
  camiones: 'camiones',
  cupos: 'cupos',
  stock_movimientos: 'movimientos de stock',
  stock_saldos: 'saldos de stock',
  usuario_unidades: 'usuarios',
  empresa_unidades: 'empresas',
  productos_clientes: 'productos por cliente',
  turnos_calendarios: 'calendarios de turnos',
  turnos: 'turnos',
};

/** Importing from a spreadsheet (issue 21): why a file or a row is refused, and what changes. */
export const MENSAJES_IMPORTACION = {
  archivoGrande: (mb: number) => `El archivo supera ${mb} MB: divídalo en partes más chicas.`,
  archivoVacio: 'El archivo está vacío.',
  formatoDesconocido:
    'El archivo no es un libro de Excel (.xlsx) ni un CSV: use la plantilla de esta pantalla.',
  xlsAntiguo:
    'El archivo es un Excel antiguo (.xls): guárdelo como libro de Excel (.xlsx) o como CSV UTF-8.',
  xlsxIlegible: 'No se pudo leer el libro de Excel: el archivo está dañado o no es un .xlsx.',
  csvNoUtf8: "El CSV no está en UTF-8: en Excel, guárdelo como 'CSV UTF-8 (delimitado por comas)'.",
  csvSinClase: (clases: string) => `Elija qué contiene el CSV: ${clases}.`,
  sinFilas: 'El archivo no tiene filas para importar.',
  hojaDesconocida: (hoja: string, hojas: string) =>
    `La hoja '${hoja}' no es de ninguna clase: las hojas pueden ser ${hojas}.`,
  hojaSinNombre:
    'No se pudieron leer los nombres de las hojas del libro: ábralo y guárdelo de nuevo con Excel o LibreOffice.',
  hojaRepetida: (hoja: string, otra: string) =>
    `Las hojas '${otra}' y '${hoja}' son de la misma clase: júntelas en una.`,
  columnaDesconocida: (hoja: string, columna: string, columnas: string) =>
    `Hoja '${hoja}': la columna '${columna}' no es de esta hoja; sus columnas son ${columnas}.`,
  columnaFaltante: (hoja: string, columna: string) =>
    `Hoja '${hoja}': falta la columna '${columna}' (vea la plantilla).`,
  columnaRepetida: (hoja: string, columna: string) =>
    `Hoja '${hoja}': la columna '${columna}' está dos veces.`,
  celdaLarga: (hoja: string, fila: number) =>
    `Hoja '${hoja}', fila ${fila}: una celda supera los 10.000 caracteres (¿unas comillas sin cerrar?).`,
  demasiadasColumnas: (hoja: string, fila: number) =>
    `Hoja '${hoja}', fila ${fila}: tiene más de 50 columnas.`,

  faltaValor: (columna: string) => `Falta '${columna}'.`,
  enteroInvalido: (columna: string, valor: string) =>
    `'${columna}': '${valor}' no es un número entero mayor que 0.`,
  textoLargo: (columna: string, maximo: number) => `'${columna}' supera los ${maximo} caracteres.`,
  textoNoPermitido: (columna: string) =>
    `'${columna}' tiene caracteres no permitidos (de control o invisibles).`,
  siNo: (columna: string, valor: string) => `'${columna}' debe ser Sí o No: '${valor}'.`,
  cantidadInvalida: (columna: string, valor: string) =>
    `'${columna}': '${valor}' no es una cantidad (hasta 3 decimales, con coma o punto y sin separador de miles).`,
  cantidadNegativa: (columna: string) => `'${columna}' no puede ser negativo.`,
  pesoCero: 'El peso de un envase debe ser mayor que 0.',
  terminalNoSeImporta: 'La empresa 0 es la terminal: no se importa ni se le cargan datos.',
  administradorNoSeImporta:
    'Los administradores (empresa 0) no se importan: créelos en Administración › Usuarios.',
  nombreUsuarioInvalido:
    'El usuario debe tener de 3 a 50 letras minúsculas, números, punto, guion o guion bajo.',
  unidadInexistente: (nombre: string) =>
    `No existe la unidad de negocio '${nombre}': créela antes en Administración.`,
  unidadRepetida: (nombre: string) => `La unidad '${nombre}' está dos veces.`,
  repetida: (fila: number) => `Repite lo de la fila ${fila}: quede una sola.`,
  empresaInexistente: (codempre: number) =>
    `No existe la empresa ${codempre} (ni en la base ni en la hoja de empresas).`,
  productoInexistente: (codpro: number) =>
    `No existe el producto ${codpro} (ni en la base ni en la hoja de productos).`,
  unidadAjena: (codempre: number, unidad: string) =>
    `La empresa ${codempre} no trabaja en la unidad '${unidad}'.`,
  unidadConUsuarios: (unidad: string, usuarios: number) =>
    `No se le puede quitar la unidad '${unidad}': la tienen ${usuarios} usuario(s) de la empresa.`,
  usuarioDeOtraEmpresa: (usuario: string, codempre: number) =>
    `El usuario '${usuario}' ya existe en la empresa ${codempre}: no se cambia de empresa.`,
  nombreDeProductoTomado: (nombre: string, codpro: number) =>
    `El nombre '${nombre}' ya es del producto ${codpro}.`,

  cambioNombre: (antes: string, despues: string) => `nombre '${antes}' → '${despues}'`,
  cambioUnidades: (antes: string, despues: string) =>
    `unidades ${antes || '(ninguna)'} → ${despues || '(ninguna)'}`,
  cambioPeso: (antes: number, despues: number) => `peso ${antes} kg → ${despues} kg`,
  cambioActivo: (antes: boolean, despues: boolean) =>
    `activo ${antes ? 'Sí' : 'No'} → ${despues ? 'Sí' : 'No'}`,
  cambioSaldo: (antes: number, despues: number) => `saldo inicial ${antes} t → ${despues} t`,

  enFila: (hoja: string, fila: number, detalle: string) =>
    `Hoja '${hoja}', fila ${fila}: ${detalle}`,
  nadaImportado: (rechazadas: number, primera: string) =>
    `Nada se importó: ${rechazadas} fila(s) rechazada(s). ${primera}`,
  revisionConRechazos: (rechazadas: number, primera: string) =>
    `La revisión rechaza ${rechazadas} fila(s): corrija el archivo. ${primera}`,
  observacionSaldo: (archivo: string) => `Saldo inicial importado de '${archivo}'`,
} as const;

/** The import screen (Administración › Importar). */
export const TEXTOS_IMPORTACION = {
  titulo: 'Importar datos',
  revisar: 'Revisar',
  importar: 'Importar',
  enviando: 'Enviando el archivo…',
  leyendo: (filas: string) => `Leyendo el archivo: ${filas} filas`,
  revisando: (hechas: string, total: string) => `Revisando las filas: ${hechas} de ${total}`,
  aplicando: (hechas: string, total: string) => `Importando las filas: ${hechas} de ${total}`,
  estados: {
    creada: 'Se crea',
    cambiada: 'Cambia',
    sinCambios: 'Sin cambios',
    rechazada: 'Rechazada',
  },
} as const;

/** Why a CUIT is refused (src/shared/cuit.ts): the form and the API say the same. */
export const MENSAJES_CUIT = {
  formato: 'El CUIT debe tener 11 dígitos (XX-XXXXXXXX-X).',
  digito: 'El dígito verificador del CUIT no coincide: revise el número.',
} as const;

/** The first set-up of a terminal (issue 21): the API's refusals and the portal's log lines. */
export const MENSAJES_INICIALIZACION = {
  yaInicializada: 'La terminal ya está inicializada: ingrese con su usuario y su tarjeta.',
  codigoIncorrecto:
    'El código de inicialización no es correcto o venció: copie el que el portal mostró al iniciar (o reinícielo para obtener otro).',
  codigoEnElRegistro: (codigo: string, vence: string) =>
    `Inicialización pendiente: no hay ningún administrador. Código de inicialización: ${codigo} (vale hasta ${vence}, una sola vez).`,
  abrirPagina: (url: string) => `Abra ${url} para poner en marcha la terminal.`,
} as const;

/** The terminal's own data (issue 21). */
export const MENSAJES_TERMINAL = {
  sinInicializar:
    'La terminal todavía no se inicializó: hágalo en /inicializar o con npm run cli -- inicializar.',
  sinCambios: 'Indique al menos un dato para cambiar: nombre, CUIT o dirección.',
} as const;

/** A coordinate card just issued, as the screens show it once (administration and set-up). */
export const TEXTOS_TARJETA = {
  tarjetaDe: (u: string) => `Tarjeta de coordenadas de ${u}`,
  numeroTarjeta: 'N° de tarjeta',
  emitida: 'Emitida',
  unaSolaVez:
    'Estos valores se muestran una sola vez: descargue el PDF para imprimirla (o anótelos) antes de cerrar. Al cerrar esta ventana se descartan y no se pueden volver a ver; para otra copia hay que emitir una tarjeta nueva.',
  descargarPdf: 'Descargar PDF',
  descargando: 'Descargando…',
  pdfDescargado: 'Se descargó el PDF de la tarjeta.',
  errorPdf: 'No se pudo descargar el PDF de la tarjeta.',
  grilla: (u: string) => `Coordenadas de la tarjeta de ${u}`,
} as const;

/** The set-up page and the sign-in's notice (issue 21). */
export const TEXTOS_INICIALIZACION = {
  titulo: 'Poner en marcha la terminal',
  introduccion:
    'La terminal todavía no tiene administrador. Complete sus datos y el del primer administrador: el portal emite su tarjeta de coordenadas, que se muestra una sola vez.',
  codigo: 'Código de inicialización',
  ayudaCodigo:
    'Lo muestra el portal en su registro al iniciar (tres grupos de cuatro letras y números). Sirve una sola vez.',
  datosTerminal: 'Datos de la terminal',
  nombre: 'Razón social',
  cuit: 'CUIT',
  ayudaCuit: 'Con o sin guiones: 30-71234567-1.',
  direccion: 'Dirección',
  ayudaDireccion: 'Como va en los tickets de balanza.',
  administrador: 'Primer administrador',
  usuario: 'Usuario',
  ayudaUsuario: 'De 3 a 50 letras minúsculas, números, punto, guion o guion bajo.',
  poner: 'Poner en marcha',
  enMarcha: 'La terminal está en marcha',
  tarjetaDelAdministrador: (u: string) =>
    `Esta es la tarjeta de coordenadas de ${u}: con ella ingresa al portal. Descárguela e imprímala (o anote sus valores) antes de salir de esta página.`,
  irAlIngreso: 'Ir al ingreso',
  yaInicializada: 'La terminal ya está inicializada.',
  yaInicializadaDetalle: 'Ingrese con su usuario y su tarjeta de coordenadas.',
  avisoIngreso: 'La terminal todavía no tiene administrador: nadie puede ingresar aún.',
  enlaceIngreso: 'Poner en marcha la terminal',
} as const;

/** The 'Terminal' screen of the administration (issue 21). */
export const TEXTOS_TERMINAL = {
  titulo: 'Terminal',
  introduccion:
    'El nombre, el CUIT y la dirección de la terminal: van en los tickets de balanza y en las tarjetas de coordenadas.',
  nombre: 'Razón social',
  cuit: 'CUIT',
  direccion: 'Dirección',
  guardar: 'Guardar',
  guardados: 'Datos de la terminal guardados.',
  sinCambios: 'No hay cambios para guardar.',
} as const;

/** The turns' refusals (issue 24): what a client is told when a band cannot be booked. */
/** A booking's state as the screens, the voucher and the exports name it. */
export const ESTADOS_TURNO_TEXTO = {
  reservado: 'Reservado',
  cancelado: 'Cancelado',
  presente: 'Presente',
  ausente: 'No se presentó',
} as const;

export const MENSAJES_TURNOS = {
  sinLugares: 'No quedan lugares en esa franja: elija otra hora.',
  cuotaEmpresa: (pct: number, maximo: number) =>
    `Su empresa ya tiene ${maximo} turno(s) en esa franja, el ${pct} % de sus lugares: elija otra hora.`,
  franjaPausada: (motivo: string) => `Esa franja está pausada (${motivo}): no toma reservas.`,
  sinCapacidad: 'Esa franja no recibe camiones ese día: elija otra hora.',
  aunNoAbre: (limite: string) =>
    `Las reservas para esa franja abren el ${fechaDdMmAaaaHhMm(limite)}.`,
  yaCerro: (limite: string) =>
    `Las reservas para esa franja cerraron el ${fechaDdMmAaaaHhMm(limite)}: elija otro día.`,
  fueraDePlazo: (limite: string) =>
    `El turno ya no se puede cambiar ni cancelar: el plazo venció el ${fechaDdMmAaaaHhMm(limite)}.`,
  cupoConCamion: 'El cupo ya tiene un camión vinculado: no necesita turno.',
  cupoConTurno: (codigo: string) => `El cupo ya tiene el turno ${codigo}: cámbielo o cancélelo.`,
  turnoNoReservado: 'El turno no está reservado (fue cancelado o ya se resolvió en la portería).',
  mismaFranja: 'El turno ya es de esa franja.',
  pausaLevantada: 'Esa pausa ya fue levantada.',
  comprobanteInexistente: 'No hay un turno con ese código: revíselo letra por letra.',
  unidadInexistente: (unineg: number) => `No existe la unidad de negocio ${unineg}.`,
  despachoInexistente: (coddespacho: number, unineg: number) =>
    `El tipo de despacho ${coddespacho} no es de la unidad de negocio ${unineg}.`,
  diaInvalido: (dia: string) => `el día ${dia} no existe.`,
  rangoInvertido: 'La fecha desde no puede ser posterior a la fecha hasta.',
  rangoExcesivo: (maximo: number) => `El rango no puede superar ${maximo} días: acórtelo.`,
  unidadInactiva: (nombre: string) =>
    `La unidad de negocio ${nombre} está desactivada: no toma turnos.`,
  turnoNoEncontrado: 'No hay ningún turno con ese código.',
  sinTurnoParaPatente: (patente: string) =>
    `No hay ningún turno de hoy para la patente ${patente} de este cliente y unidad.`,
  turnoDeOtroCamion: (codigo: string) =>
    `El turno ${codigo} es de otro cliente o unidad de negocio que el camión: no corresponde.`,
  turnoDeOtroDia: (codigo: string, fecha: string) =>
    `El turno ${codigo} es del ${fecha.split('-').reverse().join('/')}, no de hoy.`,
  turnoCancelado: (codigo: string) => `El turno ${codigo} fue cancelado: no sirve para entrar.`,
  turnoYaPresentado: (codigo: string) => `El turno ${codigo} ya se presentó en la portería.`,
  tardeSinLugar: (codigo: string, hora: number, motivo: string) =>
    `El camión llegó tarde a su turno ${codigo} y la franja de las ${String(hora).padStart(2, '0')}:00 no puede recibirlo: ${motivo}`,
  demasiadosCodigos:
    'Demasiados códigos o patentes sin turno seguidos: espere un minuto antes de intentar otra vez.',
} as const;

/** The notices' outbox and e-mail (issue 25). */
export const MENSAJES_AVISOS = {
  soloFallidos: 'Solo se reenvía un aviso fallido: este está pendiente o ya se envió.',
  canalInactivo: (canal: string) =>
    canal === 'correo'
      ? 'El correo está desactivado en este portal (falta SMTP_URL).'
      : `El canal «${canal}» no está activo en este portal.`,
  sinCorreo: 'El usuario no tiene dirección de correo.',
  yaNoQuiere: 'El usuario ya no pide este aviso.',
  usuarioInactivo: 'El usuario está desactivado.',
  correoDesactivado:
    'El correo está desactivado en este portal (falta SMTP_URL): no se envían avisos por correo.',
  correoInvalido: 'La dirección de correo no es válida.',
  enlaceInvalido: 'El enlace de confirmación no es válido o ya se usó.',
  enlaceVencido: 'El enlace de confirmación venció: pida el cambio de nuevo.',
} as const;

/** 'Mi cuenta' → Correo y avisos, and the page the confirmation link opens (issue 25). */
export const TEXTOS_CORREO = {
  titulo: 'Correo y avisos',
  introduccion:
    'Los avisos llegan a su dirección de correo solo si los elige: ninguno está elegido de antemano.',
  desactivado:
    'El correo está desactivado en este portal: no se envían avisos. Pida a la terminal que lo configure.',
  direccion: 'Dirección de correo',
  sinDireccion: 'Sin dirección',
  confirmada: 'Confirmada',
  pendiente: 'Pendiente de confirmar',
  enlaceEnviado: (correo: string) =>
    `Le enviamos un enlace a ${correo}: ábralo para confirmar la dirección (vale 24 horas).`,
  mientrasTanto: 'Hasta entonces los avisos siguen llegando a la dirección confirmada.',
  nuevaDireccion: 'Nueva dirección de correo',
  cambiar: 'Cambiar dirección',
  enviarEnlace: 'Enviar enlace',
  direccionInvalida: 'Escriba una dirección de correo válida (nombre@dominio).',
  mismaDireccion: 'Esa ya es su dirección.',
  avisos: 'Avisos que quiero recibir',
  sinDireccionParaAvisos: 'Los avisos elegidos se envían cuando tenga una dirección confirmada.',
  guardar: 'Guardar avisos',
  guardados: 'Avisos guardados.',
  nombres: {
    'camion.finalizado': 'Camión finalizado, con su ticket en PDF',
    'turno.reservado': 'Turno reservado',
    'turno.cambiado': 'Turno cambiado',
    'turno.ausente': 'Turno sin presentarse («No se presentó»)',
    'franja.pausada': 'Franja de turnos pausada',
    'encuesta.recordatorio': 'Recordatorio de encuesta',
  } satisfies Record<AvisoCorreo, string>,
  // The page of the link.
  confirmarTitulo: 'Confirmar la dirección de correo',
  confirmadaTitulo: 'Dirección confirmada',
  confirmadaDetalle: (correo: string) => `Los avisos que elija llegan ahora a ${correo}.`,
  errorTitulo: 'No se pudo confirmar la dirección',
  enlaceIncompleto:
    'El enlace está incompleto: ábralo desde el correo, o copie la dirección entera.',
  pedirOtro: 'Si hace falta, pida el cambio de nuevo en «Mi cuenta».',
  irAMiCuenta: 'Ir a Mi cuenta',
  irAlIngreso: 'Ingresar al portal',
} as const;

/** Webhooks (issue 25): endpoints, deliveries and the address checks. */
export const MENSAJES_WEBHOOKS = {
  urlInvalida: 'La URL debe ser http:// o https://, sin usuario ni contraseña.',
  hostSinDireccion: (host: string) => `El nombre «${host}» no resuelve a ninguna dirección.`,
  direccionInterna: (host: string, ip: string) =>
    `«${host}» es una dirección interna (${ip}): no se envían webhooks a la red propia salvo que WEBHOOKS_ALLOW_HOSTS la permita.`,
  empresaInexistente: 'La empresa no existe.',
  endpointInexistente: 'El endpoint no existe (se eliminó).',
  endpointInactivo: 'El endpoint está desactivado.',
  desactivadoPor410: 'El receptor respondió 410 (Gone): el endpoint quedó desactivado.',
  soloFallidas: 'Solo se reenvía una entrega fallida: esta está pendiente o ya se entregó.',
  entregaAjena: 'La entrega no es de este endpoint.',
  sinRespuesta: (ms: number) => `El receptor no respondió en ${ms / 1000} s.`,
  respuestaHttp: (status: number) => `El receptor respondió ${status}.`,
} as const;

/**
 * What each notice or event is called on the administration's screens (Avisos, Webhooks): the
 * webhook events, the e-mail notices and the address confirmation. An unknown code shows as is.
 */
export const NOMBRES_EVENTO: Record<string, string> = {
  'camion.ingresado': 'Camión ingresado',
  'camion.estado': 'Camión cambió de estado',
  'camion.finalizado': 'Camión finalizado',
  'cupo.creado': 'Cupo creado',
  'cupo.vinculado': 'Cupo vinculado',
  'cupo.eliminado': 'Cupo eliminado',
  'turno.reservado': 'Turno reservado',
  'turno.cambiado': 'Turno cambiado',
  'turno.ausente': 'Turno ausente',
  'stock.movimiento': 'Movimiento de stock',
  'franja.pausada': 'Franja pausada',
  'encuesta.recordatorio': 'Recordatorio de encuesta',
  'correo.confirmar': 'Confirmación de correo',
};
export const nombreEvento = (codigo: string) => NOMBRES_EVENTO[codigo] ?? codigo;
