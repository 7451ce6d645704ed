/**
 * The audit trail as a person reads it (issue 22): each row as one Spanish sentence ("admin
 * emitió la tarjeta N° 609163 de jperez"), its fields with the screens' labels and formatted
 * values, and readable names for the actions and tables of the filters.
 *
 * One pure module for both sides: the server builds the sentence when it writes the row (and
 * stores it, so the text filter searches exactly what the screen shows), the browser formats the
 * fields of an opened row. Names of the rows an entry refers to (a company, a unit, a plate…) are
 * looked up once, when the row is written (`referenciasDe` says which), and kept in the row's
 * `nombres`: the trail reads as it was then, also after the thing is renamed or deleted. A name
 * not there (an old row) reads as its number.
 *
 * Instants with a time zone (egreso_en, hasta) stay out of the sentence: the server that writes
 * it may not run in the terminal's zone. The opened row shows them, in the browser's.
 */
import { NOMBRES_ESTADO } from './estados';
import { numeroAr } from './formato';
import { ETIQUETAS_CUPO, TIPOS_ORDEN } from './textos';

/** The kinds of names an entry may mention, each by id. */
export const CLASES_DE_NOMBRE = [
  'empresas',
  'unidades',
  'productos',
  'camiones',
  'usuarios',
  'encuestas',
] as const;
export type ClaseDeNombre = (typeof CLASES_DE_NOMBRE)[number];
/** Names by kind and id, as the row keeps them: `{ empresas: { "7": "Agro SA" } }`. */
export type NombresAuditoria = Partial<Record<ClaseDeNombre, Record<string, string>>>;
export type Referencias = Record<ClaseDeNombre, number[]>;

/** What a sentence is made of: an audit row, with the names looked up when it was written. */
export interface EntradaLegible {
  actor: string;
  accion: string;
  tabla: string;
  filaId: string | number | null | undefined;
  antes?: unknown;
  despues?: unknown;
  nombres?: NombresAuditoria | null;
}

// ---------------------------------------------------------------------------------------------
// Reading JSON values without trusting their shape

type Objeto = Record<string, unknown>;
const esObjeto = (v: unknown): v is Objeto =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Objeto => (esObjeto(v) ? v : {});
const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)
      ? Number(v)
      : null;
const txt = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null;
const nums = (v: unknown): number[] =>
  Array.isArray(v) ? v.map(num).filter((n): n is number => n !== null) : [];
const de = (e: EntradaLegible) => ({ ...obj(e.antes), ...obj(e.despues) });

// ---------------------------------------------------------------------------------------------
// Names

const nombreDe = (e: EntradaLegible, clase: ClaseDeNombre, id: unknown): string | null => {
  const n = num(id);
  return n === null ? null : (e.nombres?.[clase]?.[String(n)] ?? null);
};
const empresa = (e: EntradaLegible, id: unknown) =>
  nombreDe(e, 'empresas', id) ?? `la empresa ${txt(id) ?? '?'}`;
const unidad = (e: EntradaLegible, id: unknown) =>
  nombreDe(e, 'unidades', id) ?? `la unidad ${txt(id) ?? '?'}`;
const producto = (e: EntradaLegible, id: unknown) =>
  nombreDe(e, 'productos', id) ?? `el producto ${txt(id) ?? '?'}`;
const camion = (e: EntradaLegible, ctrl: unknown) =>
  nombreDe(e, 'camiones', ctrl) ?? `N° ${txt(ctrl) ?? '?'}`;
const usuario = (e: EntradaLegible, id: unknown) =>
  nombreDe(e, 'usuarios', id) ?? `N° ${txt(id) ?? '?'}`;
const encuesta = (e: EntradaLegible, id: unknown, titulo?: unknown) => {
  const t = txt(titulo) ?? nombreDe(e, 'encuestas', id);
  return t ? `«${t}»` : `N° ${txt(id) ?? '?'}`;
};

/** 'a', 'a y b', 'a, b y c'. */
export function lista(cosas: string[], vacia = 'ninguna'): string {
  if (cosas.length === 0) return vacia;
  if (cosas.length === 1) return cosas[0]!;
  return `${cosas.slice(0, -1).join(', ')} y ${cosas.at(-1)}`;
}
const unidades = (e: EntradaLegible, ids: unknown) =>
  lista(
    nums(ids).map((u) => unidad(e, u)),
    'ninguna',
  );
/** 'sin unidades', 'con la unidad Granos', 'con las unidades Granos y Subproductos'. */
const conUnidades = (e: EntradaLegible, ids: unknown) => {
  const n = nums(ids).length;
  if (n === 0) return 'sin unidades';
  return `${n === 1 ? 'con la unidad' : 'con las unidades'} ${unidades(e, ids)}`;
};
const kg = (v: unknown) => `${numeroAr(num(v) ?? 0, 0)} kg`;
const veces = (n: number, una: string, varias: string) =>
  `${numeroAr(n, 0)} ${n === 1 ? una : varias}`;

/** '2027-06-30' → '30/06/2027'; anything else as it came. */
const dia = (v: unknown) => {
  const s = txt(v);
  const m = s ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(s) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : s;
};

// ---------------------------------------------------------------------------------------------
// Which ids an entry names (looked up once, when it is written)

/** The ids whose names the sentence and the fields of this entry use. */
export function referenciasDe(e: EntradaLegible): Referencias {
  const r: Record<ClaseDeNombre, Set<number>> = {
    empresas: new Set(),
    unidades: new Set(),
    productos: new Set(),
    camiones: new Set(),
    usuarios: new Set(),
    encuestas: new Set(),
  };
  const poner = (clase: ClaseDeNombre, v: unknown) => {
    const n = num(v);
    if (n !== null) r[clase].add(n);
  };
  const fila = num(e.filaId);
  for (const lado of [e.antes, e.despues]) {
    const o = obj(lado);
    poner('empresas', o.codempre);
    // A unit's own rows carry its name in `unineg`, not an id.
    if (e.tabla !== 'unidades_negocio') poner('unidades', o.unineg);
    for (const u of nums(o.unidades)) poner('unidades', u);
    poner('productos', o.codpro);
    for (const p of Array.isArray(o.productos) ? o.productos : []) {
      poner('productos', esObjeto(p) ? p.codpro : p);
    }
    poner('camiones', o.camion_ctrl);
    poner('camiones', obj(o.camion).ctrl);
    poner('camiones', obj(o.cupo).camion_ctrl);
    poner('encuestas', o.EncuestaId);
  }
  // A user's rows carry its name (or the actor is the user): a sign-in looks nothing up.
  if (fila !== null) {
    if (e.tabla === 'camiones') poner('camiones', fila);
    if (e.tabla === 'empresas') poner('empresas', fila);
    if (e.tabla === 'umbrales_espera' || e.tabla === 'parametros_tablero') {
      poner('unidades', fila);
    }
    if (e.tabla === 'encuestas' || e.tabla === 'encuesta_recordatorios') {
      poner('encuestas', fila);
    }
  }
  if (e.tabla === 'productos_clientes' && typeof e.filaId === 'string') {
    const [c, u] = e.filaId.split('/');
    poner('empresas', c);
    poner('unidades', u);
  }
  return Object.fromEntries(
    CLASES_DE_NOMBRE.map((c) => [c, [...r[c]].sort((a, b) => a - b)]),
  ) as Referencias;
}

// ---------------------------------------------------------------------------------------------
// Actions and tables by name (the filters' lists, and the fallback sentence)

/** Every action the portal writes to the trail, as the filter lists it. */
export const NOMBRES_ACCION: Record<string, string> = {
  activar: 'Activar',
  ajuste: 'Ajuste de stock',
  apertura: 'Saldo inicial de stock',
  bruto: 'Pesada de bruto',
  cambiar_parametros_tablero: 'Cambiar parámetros del tablero',
  cambiar_parametros_turnos: 'Cambiar reglas de turnos',
  cambiar_plantilla_turnos: 'Cambiar plantilla de turnos',
  cambiar_excepciones_turnos: 'Cambiar capacidades de una fecha',
  cambiar_turno: 'Cambiar turno',
  cancelar_turno: 'Cancelar turno',
  marcar_ausente_turno: 'Turno sin presentarse',
  presentar_turno: 'Presentar turno',
  copiar_semana_turnos: 'Copiar semana de turnos',
  pausar_turnos: 'Pausar turnos',
  reanudar_turnos: 'Levantar pausa de turnos',
  reservar_turno: 'Reservar turno',
  reenviar_aviso: 'Reenviar aviso',
  cambiar_correo: 'Cambiar correo',
  cambiar_avisos_correo: 'Cambiar avisos por correo',
  crear_webhook: 'Registrar webhook',
  activar_webhook: 'Activar webhook',
  desactivar_webhook: 'Desactivar webhook',
  eliminar_webhook: 'Eliminar webhook',
  cambiar_productos: 'Cambiar productos de un cliente',
  cambiar_umbrales_espera: 'Cambiar umbrales de espera',
  cambiar_unidades: 'Cambiar unidades de negocio',
  cerrar_otras_sesiones: 'Cerrar las otras sesiones propias',
  cerrar_sesion_propia: 'Cerrar una sesión propia',
  cerrar_sesiones: 'Cerrar sesiones',
  crear: 'Crear',
  crear_encuesta: 'Crear encuesta',
  crear_pregunta: 'Agregar pregunta',
  crear_token: 'Crear token de servicio',
  desactivar: 'Desactivar',
  desbloquear: 'Desbloquear usuario',
  desvincular_cupo: 'Desvincular cupo',
  editar_encuesta: 'Editar encuesta',
  editar_pregunta: 'Editar pregunta',
  egreso: 'Egreso de camión',
  eliminar: 'Eliminar',
  emitir_tarjeta: 'Emitir tarjeta',
  enviar_recordatorio_encuesta: 'Enviar recordatorio de encuesta',
  importar: 'Importar archivo',
  imprimir_tarjeta: 'Imprimir tarjeta',
  ingreso: 'Ingreso (al portal o de camión)',
  ingreso_fallido: 'Ingreso fallido',
  inicializar: 'Inicializar el portal',
  limpiar: 'Limpiar cupos sin asignar',
  modificar: 'Modificar',
  purgar: 'Purgar auditoría vieja',
  reautenticacion: 'Confirmar identidad',
  reautenticacion_fallida: 'Confirmación de identidad fallida',
  recalcular: 'Recalcular',
  renombrar: 'Renombrar',
  responder_encuesta: 'Responder encuesta',
  restaurar: 'Restaurar respaldo',
  revocar_token: 'Revocar token de servicio',
  salida: 'Salida del portal',
  tara: 'Pesada de tara',
  usuario_bloqueado: 'Bloqueo por intentos fallidos',
  vincular_cupo: 'Vincular cupo',
};

/** Every table the portal names in the trail, as the filter lists it. */
export const NOMBRES_TABLA: Record<string, string> = {
  auditoria: 'Auditoría',
  base: 'Base de datos',
  camiones: 'Camiones',
  cupos: 'Cupos',
  empresas: 'Empresas',
  encuesta_preguntas: 'Preguntas de encuestas',
  encuesta_recordatorios: 'Recordatorios de encuestas',
  encuesta_respuestas: 'Respuestas de encuestas',
  encuestas: 'Encuestas',
  envases: 'Envases',
  importacion: 'Importación',
  login_fallos: 'Bloqueos de ingreso',
  parametros_tablero: 'Parámetros del tablero',
  productos: 'Productos',
  productos_clientes: 'Productos por cliente',
  sesiones: 'Sesiones',
  stock_movimientos: 'Movimientos de stock',
  stock_saldos: 'Saldos de stock',
  tablero: 'Tablero',
  tarjetas: 'Tarjetas',
  tipos_despacho: 'Tipos de despacho',
  tokens_servicio: 'Tokens de servicio',
  turnos: 'Turnos',
  avisos: 'Avisos',
  webhook_endpoints: 'Webhooks',
  turnos_excepciones: 'Capacidades por fecha',
  turnos_franjas: 'Cuentas de franjas',
  turnos_parametros: 'Reglas de turnos',
  turnos_pausas: 'Pausas de turnos',
  turnos_plantilla: 'Plantilla de turnos',
  umbrales_espera: 'Umbrales de espera',
  unidades_negocio: 'Unidades de negocio',
  usuarios: 'Usuarios',
};

/** 'cambiar_unidades' → 'cambiar unidades': an unknown code, readable. */
const sinGuiones = (codigo: string) => codigo.replaceAll('_', ' ');
export const nombreDeAccion = (a: string) => NOMBRES_ACCION[a] ?? sinGuiones(a);
export const nombreDeTabla = (t: string) => NOMBRES_TABLA[t] ?? sinGuiones(t);

// ---------------------------------------------------------------------------------------------
// The sentence

type Frase = (e: EntradaLegible) => string | null;

/**
 * Active/inactive, created, renamed, deleted: the same words for every kind of thing. `clave` is
 * the field that holds its name (a rename tells the new one).
 */
function ciclo(nombre: (e: EntradaLegible) => string, clave: string): Record<string, Frase> {
  return {
    crear: (e) => `${e.actor} creó ${nombre(e)}`,
    modificar: (e) => `${e.actor} modificó ${nombre({ ...e, despues: undefined })}${cambiados(e)}`,
    renombrar: (e) =>
      `${e.actor} renombró ${nombre({ ...e, despues: undefined })} a ${txt(obj(e.despues)[clave]) ?? '?'}`,
    activar: (e) => `${e.actor} activó ${nombre(e)}`,
    desactivar: (e) => `${e.actor} desactivó ${nombre(e)}`,
    eliminar: (e) => `${e.actor} eliminó ${nombre(e)}`,
  };
}

/** ': Cantidad, Observaciones', the labels of the fields that changed; '' when none did. */
function cambiados(e: EntradaLegible): string {
  const campos = camposDeAuditoria(e).filter((c) => c.cambio);
  return campos.length ? ` (${lista(campos.map((c) => minuscula(c.campo)))})` : '';
}

/** A label inside a sentence: 'Carga máxima' → 'carga máxima'; an acronym (CUIT) stays. */
const minuscula = (s: string) => (/^[A-ZÁÉÍÓÚÑ]{2}/.test(s) ? s : s.toLowerCase());

const nombreProducto = (e: EntradaLegible) => {
  const d = de(e);
  return `el producto ${txt(d.nompro) ?? producto(e, e.filaId)}`;
};
const nombreEnvase = (e: EntradaLegible) => {
  const d = de(e);
  return `el envase ${txt(d.nombre) ?? `N° ${txt(e.filaId) ?? '?'}`} de ${empresa(e, d.codempre)}`;
};
const nombreUnidad = (e: EntradaLegible) =>
  `la unidad de negocio ${txt(de(e).unineg) ?? `N° ${txt(e.filaId) ?? '?'}`}`;
const nombreDespacho = (e: EntradaLegible) => {
  const d = de(e);
  return `el tipo de despacho ${txt(d.nomdespacho) ?? `N° ${txt(e.filaId) ?? '?'}`} de ${unidad(e, d.unineg)}`;
};
const nombreCupo = (e: EntradaLegible) => {
  const d = de(e);
  const de_ = d.codempre === undefined ? '' : ` de ${empresa(e, d.codempre)}`;
  const en = d.unineg === undefined ? '' : ` en ${unidad(e, d.unineg)}`;
  return `el cupo N° ${txt(e.filaId) ?? '?'}${de_}${en}`;
};
const nombreCamion = (e: EntradaLegible) => {
  const patente = txt(de(e).patcha) ?? camion(e, e.filaId);
  return `camión ${patente}`;
};
const nombreTerminal = (e: EntradaLegible) => {
  const n = txt(de(e).nombre);
  return n ? `la terminal ${n}` : 'la terminal';
};

/** '01/12/2026 09-10 h'. */
const franja = (fecha: unknown, hora: unknown) => {
  const h = num(hora) ?? 0;
  return `${dia(fecha) ?? '?'} ${String(h).padStart(2, '0')}-${String(h + 1).padStart(2, '0')} h`;
};
const nombreTurno = (e: EntradaLegible) => {
  const d = de(e);
  return `el turno ${txt(d.codigo) ?? `N° ${txt(e.filaId) ?? '?'}`} del cupo N° ${txt(d.cupo) ?? '?'} de ${empresa(e, d.codempre)} para el ${franja(d.fecha, d.hora)}`;
};
/** 'Granos' or 'Granos, despacho N° 3': the calendar an entry is about. */
const calendarioDe = (e: EntradaLegible) => {
  const d = de(e);
  const tipo = num(d.coddespacho);
  return `${unidad(e, d.unineg)}${tipo === null ? '' : `, despacho N° ${tipo}`}`;
};

/** The sentences, by table and action. */
const FRASES: Record<string, Record<string, Frase>> = {
  usuarios: {
    cambiar_correo: (e) => {
      const d = obj(e.despues);
      const quien = usuario(e, e.filaId);
      if (txt(d.pendiente))
        return `${e.actor} pidió cambiar el correo de ${quien} a ${txt(d.pendiente)} (a confirmar con el enlace)`;
      return txt(d.correo)
        ? `${e.actor} fijó el correo de ${quien}: ${txt(d.correo)}`
        : `${e.actor} quitó el correo de ${quien}`;
    },
    cambiar_avisos_correo: (e) => {
      const a = obj(e.despues).avisos;
      const lista = Array.isArray(a) ? a.map(String) : [];
      return lista.length === 0
        ? `${e.actor} dejó a ${usuario(e, e.filaId)} sin avisos por correo`
        : `${e.actor} eligió para ${usuario(e, e.filaId)} los avisos por correo: ${lista.join(', ')}`;
    },
    crear: (e) => {
      const d = obj(e.despues);
      const donde = num(d.codempre) === 0 ? 'de la terminal' : `de ${empresa(e, d.codempre)}`;
      return `${e.actor} creó el usuario ${txt(d.usuario) ?? usuario(e, e.filaId)} ${donde} ${conUnidades(e, d.unidades)}`;
    },
    cambiar_unidades: (e) => {
      const a = obj(e.antes);
      const d = obj(e.despues);
      return `${e.actor} cambió las unidades de ${txt(d.usuario) ?? usuario(e, e.filaId)} a ${unidades(e, d.unidades)} (antes: ${unidades(e, a.unidades)})`;
    },
    activar: (e) => `${e.actor} activó al usuario ${txt(de(e).usuario) ?? usuario(e, e.filaId)}`,
    desactivar: (e) => {
      const d = obj(e.despues);
      const n = num(d.sesionesCerradas) ?? 0;
      const cerradas = n > 0 ? ` y cerró ${veces(n, 'sesión', 'sesiones')}` : '';
      return `${e.actor} desactivó al usuario ${txt(d.usuario) ?? usuario(e, e.filaId)}${cerradas}`;
    },
    ingreso: (e) => `${e.actor} ingresó al portal`,
    salida: (e) => `${e.actor} salió del portal`,
    ingreso_fallido: (e) => {
      const d = obj(e.despues);
      const n = num(d.fallos);
      const cuenta =
        n === null ? '' : ` (${veces(n, 'fallo', 'fallos seguidos')} desde su dirección)`;
      return `${e.actor} no pudo ingresar: usuario o coordenadas incorrectas${cuenta}`;
    },
    reautenticacion_fallida: (e) => {
      const n = num(obj(e.despues).fallos);
      const cuenta = n === null ? '' : ` (${veces(n, 'fallo', 'fallos seguidos')})`;
      return `${e.actor} no pudo confirmar su identidad: coordenadas incorrectas${cuenta}`;
    },
    usuario_bloqueado: (e) => {
      const d = obj(e.despues);
      const porque =
        d.ambito === 'usuario'
          ? 'por intentos fallidos en la última hora'
          : d.ambito === 'reautenticacion'
            ? 'por intentos fallidos al confirmar su identidad'
            : `por intentos fallidos${txt(d.ip) ? ` desde ${txt(d.ip)}` : ''}`;
      return `${e.actor} quedó bloqueado temporalmente ${porque}`;
    },
  },
  sesiones: {
    reautenticacion: (e) => `${e.actor} confirmó su identidad con su tarjeta`,
    cerrar_sesiones: (e) => {
      const n = num(obj(e.despues).cerradas) ?? num(obj(e.antes).sesiones) ?? 0;
      return e.filaId === 'todas'
        ? `${e.actor} cerró todas las sesiones del portal (${numeroAr(n, 0)})`
        : `${e.actor} cerró ${veces(n, 'sesión', 'sesiones')} de ${txt(e.filaId) ?? '?'}`;
    },
    cerrar_sesion_propia: (e) => `${e.actor} cerró una de sus sesiones`,
    cerrar_otras_sesiones: (e) => {
      const n = num(obj(e.antes).otras) ?? 0;
      return `${e.actor} cerró sus otras sesiones (${numeroAr(n, 0)})`;
    },
  },
  tarjetas: {
    emitir_tarjeta: (e) => {
      const a = obj(e.antes);
      const d = obj(e.despues);
      const anterior = num(a.tarjeta);
      const reemplazo = anterior === null ? '' : `, que reemplaza a la N° ${anterior}`;
      const n = num(d.sesionesCerradas) ?? 0;
      const cerradas = n > 0 ? `; cerró ${veces(n, 'sesión', 'sesiones')}` : '';
      return `${e.actor} emitió la tarjeta N° ${txt(d.tarjeta) ?? txt(e.filaId) ?? '?'} de ${txt(d.usuario) ?? '?'}${reemplazo}${cerradas}`;
    },
    imprimir_tarjeta: (e) =>
      `${e.actor} imprimió la tarjeta N° ${txt(e.filaId) ?? '?'} de ${txt(obj(e.despues).usuario) ?? '?'}`,
  },
  login_fallos: {
    desbloquear: (e) => `${e.actor} desbloqueó a ${txt(e.filaId) ?? '?'}`,
  },
  tokens_servicio: {
    crear_token: (e) => {
      const d = obj(e.despues);
      const vence = dia(d.vence);
      return `${e.actor} creó el token de servicio ${txt(d.nombre) ?? '?'} ${vence ? `que vence el ${vence}` : 'sin vencimiento'}`;
    },
    revocar_token: (e) => `${e.actor} revocó el token de servicio ${txt(de(e).nombre) ?? '?'}`,
  },
  empresas: {
    crear: (e) => {
      const d = obj(e.despues);
      if (num(e.filaId) === 0) return `${e.actor} cargó los datos de ${nombreTerminal(e)}`;
      return `${e.actor} creó la empresa ${txt(d.nomempre) ?? empresa(e, e.filaId)} (código ${txt(e.filaId) ?? '?'}) ${conUnidades(e, d.unidades)}`;
    },
    modificar: (e) =>
      num(e.filaId) === 0
        ? `${e.actor} modificó los datos de la terminal${cambiados(e)}`
        : `${e.actor} modificó ${empresa(e, e.filaId)}${cambiados(e)}`,
    cambiar_unidades: (e) =>
      `${e.actor} cambió las unidades de ${empresa(e, e.filaId)} a ${unidades(e, obj(e.despues).unidades)} (antes: ${unidades(e, obj(e.antes).unidades)})`,
    inicializar: (e) => {
      const d = obj(e.despues);
      return `${e.actor} inicializó el portal: ${nombreTerminal(e)}, administrador ${txt(d.administrador) ?? '?'} con la tarjeta N° ${txt(d.tarjeta) ?? '?'}`;
    },
  },
  unidades_negocio: ciclo(nombreUnidad, 'unineg'),
  tipos_despacho: ciclo(nombreDespacho, 'nomdespacho'),
  productos: ciclo(nombreProducto, 'nompro'),
  envases: ciclo(nombreEnvase, 'nombre'),
  productos_clientes: {
    cambiar_productos: (e) => {
      const a = nums(obj(e.antes).productos);
      const d = nums(obj(e.despues).productos);
      const agregados = d.filter((p) => !a.includes(p)).map((p) => producto(e, p));
      const quitados = a.filter((p) => !d.includes(p)).map((p) => producto(e, p));
      const partes = [
        ...(agregados.length ? [`agregó ${lista(agregados)}`] : []),
        ...(quitados.length ? [`quitó ${lista(quitados)}`] : []),
      ];
      const { codempre, unineg } = obj(e.despues);
      return `${e.actor} cambió los productos de ${empresa(e, codempre)} en ${unidad(e, unineg)}: ${partes.join('; ') || 'sin cambios'}`;
    },
  },
  cupos: {
    crear: (e) => {
      const d = obj(e.despues);
      const mezcla = txt(d.mezcla);
      return `${e.actor} creó ${nombreCupo(e)}: ${kg(d.cantidad)}${mezcla ? ` de ${mezcla}` : ''}`;
    },
    modificar: (e) => `${e.actor} modificó ${nombreCupo(e)}${cambiados(e)}`,
    eliminar: (e) => `${e.actor} eliminó ${nombreCupo(e)}`,
    limpiar: (e) => `${e.actor} eliminó ${nombreCupo(e)} al limpiar los cupos sin asignar`,
    vincular_cupo: (e) => {
      const d = obj(e.despues);
      const c = obj(d.camion).ctrl ?? obj(d.cupo).camion_ctrl;
      return `${e.actor} vinculó el cupo N° ${txt(e.filaId) ?? '?'} al camión ${camion(e, c)} por ${kg(obj(d.cupo).cantidad_asignada)}`;
    },
    desvincular_cupo: (e) => {
      const a = obj(e.antes);
      const c = obj(a.camion).ctrl ?? obj(a.cupo).camion_ctrl;
      return `${e.actor} desvinculó el cupo N° ${txt(e.filaId) ?? '?'} del camión ${camion(e, c)}`;
    },
  },
  camiones: {
    ingreso: (e) => {
      const d = obj(e.despues);
      return `${e.actor} registró el ingreso del ${nombreCamion(e)} de ${empresa(e, d.codempre)} en ${unidad(e, d.unineg)}`;
    },
    tara: (e) => {
      const d = obj(e.despues);
      const balanza = txt(d.baltara);
      return `${e.actor} registró la tara del ${nombreCamion(e)}: ${kg(d.tara)}${balanza ? ` en ${balanza}` : ''} (ticket N° ${txt(d.ticket) ?? '?'})`;
    },
    bruto: (e) => {
      const d = obj(e.despues);
      const balanza = txt(d.balbruto);
      return `${e.actor} registró el bruto del ${nombreCamion(e)}: ${kg(d.bruto)}${balanza ? ` en ${balanza}` : ''}, neto ${kg(d.neto)} (ticket N° ${txt(d.ticket) ?? '?'})`;
    },
    egreso: (e) => `${e.actor} registró el egreso del ${nombreCamion(e)}`,
  },
  stock_movimientos: {
    apertura: (e) => movimientoDeStock(e, 'el saldo inicial'),
    ajuste: (e) => movimientoDeStock(e, 'un ajuste de stock'),
  },
  stock_saldos: {
    recalcular: (e) => {
      const n = num(obj(e.despues).saldos);
      return `${e.actor} recalculó los saldos de stock desde los movimientos${n === null ? '' : ` (${veces(n, 'saldo', 'saldos')})`}`;
    },
  },
  turnos_franjas: {
    recalcular: (e) => {
      const n = Array.isArray(e.despues) ? e.despues.length : 0;
      return `${e.actor} recalculó las cuentas de las franjas de turnos (${veces(n, 'franja corregida', 'franjas corregidas')})`;
    },
  },
  tablero: {
    recalcular: (e) => {
      const n = Array.isArray(e.despues) ? e.despues.length : 0;
      return `${e.actor} recalculó los acumulados del tablero (${veces(n, 'fila corregida', 'filas corregidas')})`;
    },
  },
  parametros_tablero: {
    cambiar_parametros_tablero: (e) => {
      const d = obj(e.despues);
      const cap = num(d.capacidadHora);
      const tol = num(d.toleranciaFaltante);
      return `${e.actor} cambió los parámetros del tablero de ${unidad(e, d.unineg ?? e.filaId)}: capacidad ${cap === null ? 'sin declarar' : `${numeroAr(cap, 0)} camiones por hora`}, tolerancia de faltante ${tol === null ? 'sin declarar' : `${numeroAr(tol, 1)} %`}`;
    },
  },
  umbrales_espera: {
    cambiar_umbrales_espera: (e) => {
      const d = obj(e.despues);
      const m = (v: unknown) => `${numeroAr(num(v) ?? 0, 0)}`;
      return `${e.actor} cambió los umbrales de espera de ${unidad(e, d.unineg ?? e.filaId)}: sin orden aviso ${m(d.sinOrdenAviso)} y límite ${m(d.sinOrdenLimite)} min; con orden aviso ${m(d.conOrdenAviso)} y límite ${m(d.conOrdenLimite)} min`;
    },
  },
  encuestas: {
    crear_encuesta: (e) =>
      `${e.actor} creó la encuesta ${encuesta(e, e.filaId, obj(e.despues).Titulo)}`,
    editar_encuesta: (e) =>
      `${e.actor} editó la encuesta ${encuesta(e, e.filaId, obj(e.despues).Titulo)}${cambiados(e)}`,
  },
  encuesta_preguntas: {
    crear_pregunta: (e) => {
      const d = obj(e.despues);
      return `${e.actor} agregó la pregunta «${txt(d.Texto) ?? '?'}» a la encuesta ${encuesta(e, d.EncuestaId)}`;
    },
    editar_pregunta: (e) => {
      const d = obj(e.despues);
      return `${e.actor} editó la pregunta «${txt(d.Texto) ?? '?'}» de la encuesta ${encuesta(e, d.EncuestaId)}${cambiados(e)}`;
    },
  },
  encuesta_respuestas: {
    responder_encuesta: (e) =>
      `${e.actor} respondió la encuesta ${encuesta(e, obj(e.despues).EncuestaId)}`,
  },
  encuesta_recordatorios: {
    enviar_recordatorio_encuesta: (e) => {
      const d = obj(e.despues);
      const n = num(d.enviados) ?? 0;
      const omitidos = num(d.omitidos) ?? 0;
      return `${e.actor} envió un recordatorio de la encuesta ${encuesta(e, d.EncuestaId ?? e.filaId)} a ${veces(n, 'usuario', 'usuarios')}${omitidos ? ` (${veces(omitidos, 'omitido', 'omitidos')})` : ''}`;
    },
  },
  importacion: {
    importar: (e) => {
      const d = obj(e.despues);
      return `${e.actor} importó el archivo ${txt(d.archivo) ?? '?'}`;
    },
  },
  auditoria: {
    purgar: (e) => {
      const d = obj(e.despues);
      return `${e.actor} borró ${veces(num(d.filas) ?? 0, 'fila', 'filas')} de auditoría de más de ${numeroAr(num(d.diasConservados) ?? 0, 0)} días`;
    },
  },
  turnos: {
    reservar_turno: (e) => `${e.actor} reservó ${nombreTurno(e)}`,
    cambiar_turno: (e) => {
      const a = obj(e.antes);
      return `${e.actor} pasó ${nombreTurno(e)} (antes: ${franja(a.fecha, a.hora)})`;
    },
    cancelar_turno: (e) => `${e.actor} canceló ${nombreTurno(e)}`,
    presentar_turno: (e) => {
      const d = de(e);
      const como = { a_tiempo: 'a tiempo', temprano: 'temprano', tarde: 'tarde' }[
        txt(d.clasificacion) as 'a_tiempo'
      ];
      return `${e.actor} presentó ${nombreTurno(e)} con el camión N° ${txt(d.camion) ?? '?'}: llegó ${como ?? '?'}`;
    },
    marcar_ausente_turno: (e) => `${e.actor} marcó ${nombreTurno(e)}: no se presentó`,
  },
  turnos_parametros: {
    cambiar_parametros_turnos: (e) => {
      const d = obj(e.despues);
      const cuota = num(d.cuotaEmpresaPct);
      return `${e.actor} cambió las reglas de turnos de ${unidad(e, d.unineg ?? e.filaId)}: reservas desde ${numeroAr(num(d.diasAnticipacion) ?? 0, 0)} días antes hasta las ${numeroAr(num(d.cierreHora) ?? 0, 0)} h de ${numeroAr(num(d.cierreDiasAntes) ?? 0, 0)} día(s) antes, cambios hasta ${numeroAr(num(d.cambioMinutosAntes) ?? 0, 0)} min antes, tolerancia ${numeroAr(num(d.toleranciaMinutos) ?? 0, 0)} min, cuota por empresa ${cuota === null ? 'sin límite' : `${cuota} %`}`;
    },
  },
  turnos_plantilla: {
    cambiar_plantilla_turnos: (e) => {
      const d = obj(e.despues);
      const fs = Array.isArray(d.franjas) ? d.franjas.map(obj) : [];
      const total = fs.reduce((t, f) => t + (num(f.capacidad) ?? 0), 0);
      return `${e.actor} cambió la plantilla semanal de turnos de ${calendarioDe(e)}: ${veces(fs.length, 'franja', 'franjas')}, ${veces(total, 'lugar', 'lugares')} por semana`;
    },
  },
  turnos_excepciones: {
    cambiar_excepciones_turnos: (e) => {
      const d = obj(e.despues);
      const n = Array.isArray(d.franjas) ? d.franjas.length : 0;
      return n === 0
        ? `${e.actor} devolvió el ${dia(d.fecha) ?? '?'} a la plantilla de turnos de ${calendarioDe(e)}`
        : `${e.actor} fijó capacidades propias del ${dia(d.fecha) ?? '?'} en ${veces(n, 'franja', 'franjas')} de ${calendarioDe(e)}`;
    },
    copiar_semana_turnos: (e) => {
      const d = obj(e.despues);
      return `${e.actor} copió la semana del ${dia(d.desde) ?? '?'} de ${calendarioDe(e)} sobre ${veces(num(d.semanas) ?? 0, 'semana siguiente', 'semanas siguientes')}`;
    },
  },
  turnos_pausas: {
    pausar_turnos: (e) => {
      const d = obj(e.despues);
      const n = Array.isArray(d.afectados) ? d.afectados.length : 0;
      const que =
        num(d.hora) === null
          ? `el día ${dia(d.fecha) ?? '?'}`
          : `la franja ${franja(d.fecha, d.hora)}`;
      return `${e.actor} pausó ${que} de ${calendarioDe(e)} («${txt(d.motivo) ?? '?'}»; ${veces(n, 'turno afectado', 'turnos afectados')})`;
    },
    reanudar_turnos: (e) => {
      const a = obj(e.antes);
      const que =
        num(a.hora) === null
          ? `el día ${dia(a.fecha) ?? '?'}`
          : `la franja ${franja(a.fecha, a.hora)}`;
      return `${e.actor} levantó la pausa de ${que} de ${calendarioDe(e)}`;
    },
  },
  avisos: {
    reenviar_aviso: (e) => `${e.actor} volvió a poner en cola el aviso N° ${e.filaId ?? '?'}`,
  },
  webhook_endpoints: {
    crear_webhook: (e) => {
      const d = obj(e.despues);
      const para =
        num(d.codempre) === null ? 'de toda la terminal' : `de ${empresa(e, d.codempre)}`;
      const n = Array.isArray(d.eventos) ? d.eventos.length : 0;
      return `${e.actor} registró el webhook ${txt(d.url) ?? '?'} ${para} (${veces(n, 'evento', 'eventos')})`;
    },
    activar_webhook: (e) => `${e.actor} activó el webhook N° ${e.filaId ?? '?'}`,
    desactivar_webhook: (e) =>
      txt(obj(e.despues).motivo) === '410'
        ? `${e.actor} desactivó el webhook N° ${e.filaId ?? '?'}: el receptor respondió 410 (ya no existe)`
        : `${e.actor} desactivó el webhook N° ${e.filaId ?? '?'}`,
    eliminar_webhook: (e) =>
      `${e.actor} eliminó el webhook ${txt(obj(e.antes).url) ?? `N° ${e.filaId ?? '?'}`}`,
  },
  base: {
    restaurar: (e) => {
      const d = obj(e.despues);
      return `${e.actor} restauró la base desde el respaldo ${txt(d.archivo) ?? '?'} (${veces(num(d.filas) ?? 0, 'fila', 'filas')})`;
    },
  },
};

function movimientoDeStock(e: EntradaLegible, que: string) {
  const d = obj(e.despues);
  const t = num(d.toneladas) ?? 0;
  const obs = txt(d.observacion);
  return `${e.actor} registró ${que} de ${producto(e, d.codpro)} de ${empresa(e, d.codempre)} en ${unidad(e, d.unineg)}: ${numeroAr(t, 3)} t${obs ? ` («${obs}»)` : ''}`;
}

/**
 * The row as a sentence. An action the catalogue does not know (a new one, not yet worded)
 * still reads: "admin hizo «mover cupo» en Cupos N° 12".
 */
export function fraseDeAuditoria(e: EntradaLegible): string {
  const frase = FRASES[e.tabla]?.[e.accion]?.(e);
  if (frase) return frase;
  const fila = txt(e.filaId);
  return `${e.actor} hizo «${nombreDeAccion(e.accion).toLowerCase()}» en ${nombreDeTabla(e.tabla)}${fila ? ` N° ${fila}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// The fields of an opened row

export interface CampoLegible {
  /** The label the screens give the field ('Unidades de negocio'), or the key, readable. */
  campo: string;
  antes: string | null;
  despues: string | null;
  cambio: boolean;
}

/** Labels by key, as the screens say them; some tables name a key differently. */
const ETIQUETAS: Record<string, string> = {
  activo: 'Activo',
  administrador: 'Administrador',
  ambito: 'Ámbito',
  antesDe: 'Anteriores a',
  archivo: 'Archivo',
  asignado_en: 'Asignado el',
  asignado_por: 'Asignado por',
  balbruto: 'Balanza del bruto',
  baltara: 'Balanza de la tara',
  bloqueadoHasta: 'Bloqueado hasta',
  bruto: 'Bruto',
  camion: 'Camión',
  camion_ctrl: 'Camión',
  cantidad: ETIQUETAS_CUPO.cargaMaxima,
  cantidad_asignada: 'Cantidad asignada',
  capacidadHora: 'Capacidad por hora',
  cerradas: 'Sesiones cerradas',
  codempre: 'Empresa',
  coddespacho: ETIQUETAS_CUPO.tipoDespacho,
  codestado: 'Estado',
  codigosBorrados: 'Códigos de inicio borrados',
  codpro: ETIQUETAS_CUPO.producto,
  conOrdenAviso: 'Con orden: aviso (min)',
  conOrdenLimite: 'Con orden: límite (min)',
  conteos: 'Filas por clase',
  couting: ETIQUETAS_CUPO.conCoating,
  creado_por: 'Creado por',
  ctrl: 'N°',
  cuit: 'CUIT',
  cupo: 'Cupo',
  Descripcion: 'Descripción',
  despachos: 'Tipos de despacho',
  diasConservados: 'Días conservados',
  direccion: 'Dirección',
  egreso_en: 'Egreso',
  eliminado_en: 'Eliminado el',
  eliminado_por: 'Eliminado por',
  EncuestaId: 'Encuesta',
  enviados: 'Enviados',
  envase: 'Lleva envase',
  envasesVacios: 'Envases vacíos',
  EsTexto: 'Respuesta de texto',
  FechaCreacion: 'Fecha de creación',
  fechagen: 'Fecha Gen.',
  FechaRespuesta: 'Fecha de respuesta',
  filas: 'Filas',
  fallos: 'Intentos fallidos seguidos',
  fallosEnLaHora: 'Intentos fallidos en la hora',
  hasta: 'Hasta',
  Id: 'N°',
  ip: 'IP',
  items: 'Respuestas',
  mezcla: 'Mezcla',
  movimientos: 'Movimientos de stock',
  neto: 'Neto',
  nombre: 'Nombre',
  nomdespacho: 'Nombre',
  nomempre: 'Razón social',
  nompro: 'Nombre',
  Obligatoria: 'Obligatoria',
  obs: ETIQUETAS_CUPO.observaciones,
  observacion: 'Observación',
  omitidos: 'Omitidos',
  origen: 'Origen',
  otras: 'Otras sesiones',
  patcha: 'Patente chasis',
  peso: 'Peso',
  peso_envase: 'Peso del envase',
  productos: 'Productos',
  revocado: 'Revocado',
  saldos: 'Saldos',
  sesion: 'Sesión',
  sesiones: 'Sesiones',
  sesionesCerradas: 'Sesiones cerradas',
  sinOrdenAviso: 'Sin orden: aviso (min)',
  sinOrdenLimite: 'Sin orden: límite (min)',
  tara: 'Tara',
  tarjeta: 'Tarjeta',
  Texto: 'Texto',
  ticket: 'Ticket',
  tipenvase: ETIQUETAS_CUPO.envase,
  tipo: ETIQUETAS_CUPO.tipoOrden,
  Titulo: 'Título',
  toleranciaFaltante: 'Tolerancia de faltante',
  toneladas: 'Toneladas',
  unidades: 'Unidades de negocio',
  unineg: ETIQUETAS_CUPO.uniNeg,
  UsuarioId: 'Usuario',
  usuario: 'Usuario',
  usuarios: 'Usuarios',
  vence: 'Vence',
};
const ETIQUETAS_POR_TABLA: Record<string, Record<string, string>> = {
  unidades_negocio: { unineg: 'Nombre' },
  productos: { codpro: 'Código' },
};

/** 'fallosEnLaHora' or 'peso_envase' → 'Fallos en la hora', 'Peso envase'. */
function legibleDeClave(clave: string): string {
  const palabras = clave
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return palabras.charAt(0).toUpperCase() + palabras.slice(1);
}
const etiqueta = (tabla: string, clave: string) =>
  ETIQUETAS_POR_TABLA[tabla]?.[clave] ?? ETIQUETAS[clave] ?? legibleDeClave(clave);

const dos = (n: number) => String(n).padStart(2, '0');
const INSTANTE =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/**
 * '2026-11-25T20:58:58.973Z' → '25/11/2026 17:58' in the reader's time zone; a wall time without
 * zone ('2026-11-26T11:43:58') as it is written.
 */
function fechaLegible(s: string): string | null {
  const m = INSTANTE.exec(s);
  if (!m) return dia(s) === s ? null : dia(s);
  if (!m[8]) return `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}`;
  const f = new Date(s);
  if (Number.isNaN(f.getTime())) return null;
  return `${dos(f.getDate())}/${dos(f.getMonth() + 1)}/${f.getFullYear()} ${dos(f.getHours())}:${dos(f.getMinutes())}`;
}

const KILOS = new Set([
  'bruto',
  'cantidad',
  'cantidad_asignada',
  'neto',
  'peso',
  'peso_envase',
  'tara',
]);
const SI_NO_01 = new Set(['EsTexto', 'Obligatoria']);

/** A value no format knows, as written: text as is, the rest as JSON. */
const crudo = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** A field's value as the screens write it. */
function valorLegible(e: EntradaLegible, clave: string, v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean') return v ? 'Sí' : 'No';
  if (SI_NO_01.has(clave) && (v === 0 || v === 1)) return v === 1 ? 'Sí' : 'No';
  switch (clave) {
    case 'codempre':
      return num(v) === 0 ? 'La terminal' : conCodigo(nombreDe(e, 'empresas', v), v);
    case 'unineg':
      return typeof v === 'string' ? v : conCodigo(nombreDe(e, 'unidades', v), v);
    case 'unidades':
      return lista(
        nums(v).map((u) => nombreDe(e, 'unidades', u) ?? `N° ${u}`),
        'Ninguna',
      );
    case 'codpro':
      return e.tabla === 'productos' ? crudo(v) : conCodigo(nombreDe(e, 'productos', v), v);
    case 'productos':
      return lista(
        (Array.isArray(v) ? v : []).map((p) =>
          esObjeto(p)
            ? `${nombreDe(e, 'productos', p.codpro) ?? `N° ${txt(p.codpro) ?? '?'}`} ${numeroAr(num(p.porcentaje) ?? 0, 1)} %`
            : (nombreDe(e, 'productos', p) ?? `N° ${txt(p) ?? '?'}`),
        ),
        'Ninguno',
      );
    case 'camion_ctrl':
      return camion(e, v);
    case 'codestado':
      return NOMBRES_ESTADO[num(v) as keyof typeof NOMBRES_ESTADO] ?? crudo(v);
    case 'tipo':
      return TIPOS_ORDEN[v as keyof typeof TIPOS_ORDEN] ?? crudo(v);
    case 'tarjeta':
    case 'ticket':
      return `N° ${crudo(v)}`;
    case 'EncuestaId':
      return encuesta(e, v);
    case 'toneladas':
      return typeof v === 'number' ? `${numeroAr(v, 3)} t` : crudo(v);
    case 'toleranciaFaltante':
      return typeof v === 'number' ? `${numeroAr(v, 1)} %` : crudo(v);
    case 'movimientos':
      return (Array.isArray(v) ? v : [])
        .map((m) => {
          const o = obj(m);
          return `Cupo ${txt(o.cupo) ?? '?'}: ${txt(o.nompro) ?? producto(e, o.codpro)} ${numeroAr(num(o.toneladas) ?? 0, 3)} t`;
        })
        .join('; ');
    case 'items':
      return Array.isArray(v) ? veces(v.length, 'respuesta', 'respuestas') : null;
  }
  if (typeof v === 'number') return KILOS.has(clave) ? kg(v) : numeroAr(v, 3);
  if (typeof v === 'string') return fechaLegible(v) ?? v;
  if (Array.isArray(v)) {
    if (v.length === 0) return 'Ninguno';
    return v.map((x) => valorLegible(e, '', x) ?? '(sin valor)').join(', ');
  }
  return Object.entries(obj(v))
    .map(([k, x]) => `${etiqueta(e.tabla, k)}: ${valorLegible(e, k, x) ?? '(sin valor)'}`)
    .join('; ');
}
const conCodigo = (nombre: string | null, id: unknown) =>
  nombre ? `${nombre} (${String(id)})` : `N° ${String(id)}`;

/**
 * Before and after, field by field, with the screens' labels and formatted values, in the order
 * the fields first appear; a nested object (a truck and its quota) goes field by field too.
 */
export function camposDeAuditoria(e: EntradaLegible): CampoLegible[] {
  const { antes, despues } = e;
  if (antes == null && despues == null) return [];
  if ((antes != null && !esObjeto(antes)) || (despues != null && !esObjeto(despues))) {
    const a = valorLegible(e, '', antes);
    const d = valorLegible(e, '', despues);
    return [{ campo: 'Valor', antes: a, despues: d, cambio: a !== d }];
  }
  const a = obj(antes);
  const d = obj(despues);
  const campos: CampoLegible[] = [];
  for (const clave of new Set([...Object.keys(a), ...Object.keys(d)])) {
    const va = a[clave];
    const vd = d[clave];
    if (esObjeto(va) || esObjeto(vd)) {
      const anidado = camposDeAuditoria({ ...e, antes: va ?? null, despues: vd ?? null });
      const padre = etiqueta(e.tabla, clave);
      campos.push(...anidado.map((c) => ({ ...c, campo: `${padre} › ${c.campo}` })));
      continue;
    }
    const la = valorLegible(e, clave, va);
    const ld = valorLegible(e, clave, vd);
    campos.push({
      campo: etiqueta(e.tabla, clave),
      antes: la,
      despues: ld,
      cambio: JSON.stringify(va ?? null) !== JSON.stringify(vd ?? null),
    });
  }
  return campos;
}

// ---------------------------------------------------------------------------------------------
// Searching the sentences

const VARIANTES: Record<string, string> = {
  a: '[aá]',
  e: '[eé]',
  i: '[ií]',
  o: '[oó]',
  u: '[uúü]',
  n: '[nñ]',
};

/**
 * The words of the text filter as case-insensitive regular expressions (PostgreSQL `~*`), one per
 * word, each to be found in the sentence: order does not matter, and a word typed without its
 * accents finds it with them ('emitio' finds 'emitió'). At most 8 words of 60 characters.
 */
export function patronesDeBusqueda(texto: string): string[] {
  const palabras = texto
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
  return [...new Set(palabras)].map((p) =>
    [...p.slice(0, 60)]
      .map((c) => VARIANTES[c] ?? c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join(''),
  );
}

/** Whether the catalogue words this action on this table (the rest read by the fallback). */
export const tieneFrase = (tabla: string, accion: string) => !!FRASES[tabla]?.[accion];
