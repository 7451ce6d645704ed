/**
 * The whole domain's schema (design sections 2-7). Column names follow the spec's field names
 * where the API exposes them (codempre, unineg, patcha, ...), so queries read like the API.
 * Every rule that the database can hold is a constraint here, so that no code path can break it.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const timestamptz = (nombre: string) => timestamp(nombre, { withTimezone: true, mode: 'date' });
const creadoEn = () => timestamptz('creado_en').notNull().defaultNow();

// ---------------------------------------------------------------------------------------------
// Companies, business units, users

export const empresas = pgTable(
  'empresas',
  {
    codempre: integer('codempre').primaryKey(),
    nomempre: varchar('nomempre', { length: 100 }).notNull(),
    /** 'XX-XXXXXXXX-X'; its check digit is the contract's to verify (src/shared/cuit.ts). */
    cuit: varchar('cuit', { length: 13 }),
    /** Street address; the terminal's (company 0) goes on tickets. */
    direccion: varchar('direccion', { length: 200 }),
    creadoEn: creadoEn(),
  },
  (t) => [
    check('empresas_codempre_ck', sql`${t.codempre} >= 0`),
    check('empresas_nomempre_ck', sql`length(trim(${t.nomempre})) > 0`),
    check('empresas_cuit_ck', sql`${t.cuit} ~ '^[0-9]{2}-[0-9]{8}-[0-9]$'`),
    index('empresas_nomempre_idx').on(t.nomempre),
  ],
);

/**
 * A business unit. Its name is unique ignoring case ('Granos' and 'granos' would be the same
 * unit to a person, and the import finds units by name). One that history refers to is
 * deactivated, never deleted: no new quota, user or company takes it, and the lists that find
 * old data still show it, marked.
 */
export const unidadesNegocio = pgTable(
  'unidades_negocio',
  {
    ctrl: serial('ctrl').primaryKey(),
    unineg: varchar('unineg', { length: 60 }).notNull(),
    activo: boolean('activo').notNull().default(true),
  },
  (t) => [
    check('unidades_negocio_unineg_ck', sql`length(trim(${t.unineg})) > 0`),
    uniqueIndex('unidades_negocio_unineg_idx').on(sql`lower(${t.unineg})`),
  ],
);

export const usuarios = pgTable(
  'usuarios',
  {
    id: serial('id').primaryKey(),
    usuario: varchar('usuario', { length: 50 }).notNull().unique(),
    codempre: integer('codempre')
      .notNull()
      .references(() => empresas.codempre),
    activo: boolean('activo').notNull().default(true),
    creadoEn: creadoEn(),
    /** Its last successful sign-in (written in the sign-in's transaction). */
    ultimoIngresoEn: timestamptz('ultimo_ingreso_en'),
    /** Where its e-mail notices go (issue 25); none until an admin or the user sets one. */
    correo: varchar('correo', { length: 254 }),
    /** The notices the user chose to receive by e-mail (opt-in: none by default). */
    avisosCorreo: text('avisos_correo')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    // Lower case only: sign-in compares names case-insensitively by normalising them.
    check('usuarios_usuario_ck', sql`${t.usuario} ~ '^[a-z0-9._-]{3,50}$'`),
    index('usuarios_codempre_idx').on(t.codempre),
  ],
);

/**
 * The business units a client company works in: a user of that company may hold only these.
 * The terminal (company 0) works in all of them and has no rows here.
 */
export const empresaUnidades = pgTable(
  'empresa_unidades',
  {
    codempre: integer('codempre')
      .notNull()
      .references(() => empresas.codempre),
    unineg: integer('unineg')
      .notNull()
      .references(() => unidadesNegocio.ctrl),
  },
  (t) => [primaryKey({ columns: [t.codempre, t.unineg] })],
);

export const usuarioUnidades = pgTable(
  'usuario_unidades',
  {
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    unineg: integer('unineg')
      .notNull()
      .references(() => unidadesNegocio.ctrl),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.unineg] })],
);

// ---------------------------------------------------------------------------------------------
// Sign-in: coordinate cards, challenges, failures, sessions (design section 3)

export const tarjetas = pgTable(
  'tarjetas',
  {
    // Random, not sequential: a fake challenge's card number must look like a real one.
    ctrl: integer('ctrl').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    emitidaEn: timestamptz('emitida_en').notNull().defaultNow(),
    revocadaEn: timestamptz('revocada_en'),
    /** Cells answered at the last successful sign-in: the next challenge avoids them. */
    celdasRecientes: varchar('celdas_recientes', { length: 2 })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /**
     * The two cells asked and not yet answered correctly: every challenge for this card asks
     * them again, however often it is requested or expires, until they are answered.
     */
    celdasPendientes: varchar('celdas_pendientes', { length: 2 }).array(),
  },
  (t) => [
    check('tarjetas_ctrl_ck', sql`${t.ctrl} between 100000 and 999999`),
    uniqueIndex('tarjetas_una_vigente_idx')
      .on(t.usuarioId)
      .where(sql`${t.revocadaEn} is null`),
  ],
);

/** One row per cell; only HMAC-SHA256(secret, ctrl|cell|value) in hex, never the value. */
export const tarjetaCeldas = pgTable(
  'tarjeta_celdas',
  {
    tarjetaCtrl: integer('tarjeta_ctrl')
      .notNull()
      .references(() => tarjetas.ctrl, { onDelete: 'cascade' }),
    celda: varchar('celda', { length: 2 }).notNull(),
    hmac: char('hmac', { length: 64 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tarjetaCtrl, t.celda] }),
    check('tarjeta_celdas_celda_ck', sql`${t.celda} ~ '^[A-J][1-5]$'`),
  ],
);

/**
 * The pending challenge of a user name (existing or not): one row per name, so asking again
 * returns the same cells until they are answered or the row expires.
 */
export const loginDesafios = pgTable(
  'login_desafios',
  {
    usuario: varchar('usuario', { length: 50 }).primaryKey(),
    nonce: char('nonce', { length: 32 }).notNull(),
    tarjetaCtrl: integer('tarjeta_ctrl').notNull(),
    celda1: varchar('celda1', { length: 2 }).notNull(),
    celda2: varchar('celda2', { length: 2 }).notNull(),
    creadoEn: creadoEn(),
    expiraEn: timestamptz('expira_en').notNull(),
  },
  (t) => [
    check('login_desafios_celdas_ck', sql`${t.celda1} <> ${t.celda2}`),
    index('login_desafios_expira_idx').on(t.expiraEn),
  ],
);

/**
 * Failed answers of a user name (existing or not), counted where they lock (issue 20): the
 * sign-in from one client address ('direccion': 5 in a row lock that name from that address for
 * 15 minutes), the sign-in from every address ('usuario': 50 in an hour lock it from all of them
 * until the hour ends) and the step-up of a signed-in session ('reautenticacion': 5 in a row lock
 * the step-up for 15 minutes). Whoever knows a name can lock it only from their own address.
 */
export const loginFallos = pgTable(
  'login_fallos',
  {
    usuario: varchar('usuario', { length: 50 }).notNull(),
    ambito: varchar('ambito', { length: 15 }).notNull(),
    /** The client's address for 'direccion'; '' for the other two. */
    ip: varchar('ip', { length: 45 }).notNull().default(''),
    fallos: integer('fallos').notNull().default(0),
    /** Start of the count: the hour of 'usuario' runs from it. */
    primerFalloEn: timestamptz('primer_fallo_en').notNull().defaultNow(),
    ultimoFalloEn: timestamptz('ultimo_fallo_en').notNull().defaultNow(),
    bloqueadoHasta: timestamptz('bloqueado_hasta'),
  },
  (t) => [
    primaryKey({ columns: [t.usuario, t.ambito, t.ip] }),
    check('login_fallos_fallos_ck', sql`${t.fallos} >= 0`),
    check(
      'login_fallos_ambito_ck',
      sql`${t.ambito} in ('direccion', 'usuario', 'reautenticacion')`,
    ),
    check('login_fallos_ip_ck', sql`(${t.ambito} = 'direccion') = (${t.ip} <> '')`),
  ],
);

export const sesiones = pgTable(
  'sesiones',
  {
    /** SHA-256 of the cookie's token, in hex: a database dump holds no usable session. */
    tokenHash: char('token_hash', { length: 64 }).primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    creadaEn: timestamptz('creada_en').notNull().defaultNow(),
    ultimaActividadEn: timestamptz('ultima_actividad_en').notNull().defaultNow(),
    expiraEn: timestamptz('expira_en').notNull(),
    ip: varchar('ip', { length: 45 }),
    userAgent: varchar('user_agent', { length: 300 }),
    /**
     * When its user last confirmed two cells of their card in this session: the sensitive acts
     * of the administration (issuing a card, creating a token or an administrator) need it
     * within the last 5 minutes.
     */
    reautenticadaEn: timestamptz('reautenticada_en'),
  },
  (t) => [
    index('sesiones_usuario_idx').on(t.usuarioId),
    index('sesiones_expira_idx').on(t.expiraEn),
  ],
);

/**
 * The one-time codes of the first set-up (features/inicializacion): each portal that starts on a
 * database without an administrator prints one in its log and keeps only its SHA-256 here, so
 * every process accepts the code any of them printed. The set-up deletes them all.
 */
export const codigosInicializacion = pgTable('codigos_inicializacion', {
  hash: char('hash', { length: 64 }).primaryKey(),
  creadoEn: creadoEn(),
  expiraEn: timestamptz('expira_en').notNull(),
});

/** Machine credentials of the gate and weighbridge software (yard operations API). */
export const tokensServicio = pgTable('tokens_servicio', {
  id: serial('id').primaryKey(),
  nombre: varchar('nombre', { length: 60 }).notNull().unique(),
  tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
  creadoEn: creadoEn(),
  revocadoEn: timestamptz('revocado_en'),
  ultimoUsoEn: timestamptz('ultimo_uso_en'),
  /** Optional: from this instant the token is worth nothing, as if revoked. */
  venceEn: timestamptz('vence_en'),
});

// ---------------------------------------------------------------------------------------------
// Trucks in the yard (design section 4)

export const estadosCamion = pgTable(
  'estados_camion',
  {
    codestado: smallint('codestado').primaryKey(),
    nomestado: varchar('nomestado', { length: 30 }).notNull(),
  },
  (t) => [check('estados_camion_codestado_ck', sql`${t.codestado} between 1 and 4`)],
);

export const camiones = pgTable(
  'camiones',
  {
    ctrl: serial('ctrl').primaryKey(),
    codempre: integer('codempre')
      .notNull()
      .references(() => empresas.codempre),
    unineg: integer('unineg')
      .notNull()
      .references(() => unidadesNegocio.ctrl),
    patcha: varchar('patcha', { length: 10 }).notNull(),
    pataco: varchar('pataco', { length: 10 }),
    /** Kilograms the truck declares at the gate. */
    cargateorica: integer('cargateorica').notNull(),
    nomchofer: varchar('nomchofer', { length: 100 }).notNull(),
    dni: varchar('dni', { length: 12 }).notNull(),
    ingplaya: timestamptz('ingplaya').notNull().defaultNow(),
    codestado: smallint('codestado')
      .notNull()
      .default(1)
      .references(() => estadosCamion.codestado),
    finalizadoEn: timestamptz('finalizado_en'),
    egresoEn: timestamptz('egreso_en'),
    actualizadoEn: timestamptz('actualizado_en').notNull().defaultNow(),
    /**
     * When the truck entered its current status: its wait ('Espera') and the stages of its
     * turnaround. Whoever changes `codestado` sets it too: the scale's or the gate's instant
     * when there is one, else now (features/camiones and features/operaciones repositories).
     */
    estadoDesde: timestamptz('estado_desde').notNull().defaultNow(),
  },
  (t) => [
    check('camiones_codestado_ck', sql`${t.codestado} between 1 and 4`),
    check('camiones_cargateorica_ck', sql`${t.cargateorica} >= 0`),
    check('camiones_finalizado_ck', sql`(${t.codestado} = 4) = (${t.finalizadoEn} is not null)`),
    index('camiones_lista_idx').on(t.codempre, t.unineg, t.ingplaya.desc()),
    index('camiones_estado_idx').on(t.codempre, t.unineg, t.codestado, t.finalizadoEn),
    /**
     * The yard of a unit by how long each truck has waited in its status (migration 0035): the
     * dashboard's waiting trucks of every client read from the oldest wait up to the warning's
     * instant, not every truck of every company through camiones_estado_idx.
     */
    index('camiones_espera_idx')
      .on(t.unineg, t.codestado, t.estadoDesde)
      .where(sql`${t.codestado} in (1, 2)`),
  ],
);

/**
 * How long a truck may wait in the yard, per business unit (issue 15): past `aviso` minutes in
 * 'Playa sin orden' or 'Playa con orden' it is late (amber), past `limite` over the limit (red),
 * as dock-detention boards do. Set by an administrator; a unit without a row has no alert.
 */
export const umbralesEspera = pgTable(
  'umbrales_espera',
  {
    unineg: integer('unineg')
      .primaryKey()
      .references(() => unidadesNegocio.ctrl),
    sinOrdenAviso: integer('sin_orden_aviso').notNull(),
    sinOrdenLimite: integer('sin_orden_limite').notNull(),
    conOrdenAviso: integer('con_orden_aviso').notNull(),
    conOrdenLimite: integer('con_orden_limite').notNull(),
    actualizadoEn: timestamptz('actualizado_en').notNull().defaultNow(),
  },
  (t) => [
    check(
      'umbrales_espera_sin_orden_ck',
      sql`0 < ${t.sinOrdenAviso} and ${t.sinOrdenAviso} < ${t.sinOrdenLimite}`,
    ),
    check(
      'umbrales_espera_con_orden_ck',
      sql`0 < ${t.conOrdenAviso} and ${t.conOrdenAviso} < ${t.conOrdenLimite}`,
    ),
  ],
);

/**
 * Every status a truck has been in and since when, written by a trigger on each change of
 * `camiones.codestado` (migration 0008): the turnaround's stages, from the data itself.
 */
export const camionEstados = pgTable(
  'camion_estados',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    camionCtrl: integer('camion_ctrl')
      .notNull()
      .references(() => camiones.ctrl, { onDelete: 'cascade' }),
    codestado: smallint('codestado').notNull(),
    desde: timestamptz('desde').notNull(),
  },
  (t) => [index('camion_estados_camion_idx').on(t.camionCtrl, t.desde)],
);

/**
 * The live yard's events (issue 15): one row per change of a truck (its row, or the quotas
 * linked to it), written by triggers in the same transaction as the change, which also NOTIFY
 * `acopio_playa` with the row's id. Whatever makes the change (a screen, the gate API, the CLI,
 * the simulator, another portal process) every process hears it. Kept a day: enough to replay
 * what a reconnecting screen missed (Last-Event-ID); older, the screen reloads its list.
 */
export const eventosPlaya = pgTable(
  'eventos_playa',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    codempre: integer('codempre').notNull(),
    unineg: integer('unineg').notNull(),
    camionCtrl: integer('camion_ctrl').notNull(),
    creadoEn: timestamptz('creado_en').notNull().defaultNow(),
  },
  (t) => [index('eventos_playa_creado_idx').on(t.creadoEn)],
);

/**
 * The live streams open in every portal process, one row each: the per-user limit holds across
 * processes (issue 20). Each process refreshes its rows' `latido_en` with its heartbeat; a row
 * whose process died without closing it goes stale and stops counting.
 */
export const flujosEnVivo = pgTable(
  'flujos_en_vivo',
  {
    id: uuid('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    /** The process that holds it (a random id per start). */
    proceso: uuid('proceso').notNull(),
    latidoEn: timestamptz('latido_en').notNull().defaultNow(),
  },
  (t) => [
    index('flujos_en_vivo_usuario_idx').on(t.usuarioId),
    index('flujos_en_vivo_proceso_idx').on(t.proceso),
  ],
);

// ---------------------------------------------------------------------------------------------
// Catalogues per client and unit: dispatch types, containers, products (design section 5)

export const tiposDespacho = pgTable(
  'tipos_despacho',
  {
    coddespacho: serial('coddespacho').primaryKey(),
    unineg: integer('unineg')
      .notNull()
      .references(() => unidadesNegocio.ctrl),
    nomdespacho: varchar('nomdespacho', { length: 60 }).notNull(),
    /** 'N': bulk, no container; 'S': in containers. */
    envase: char('envase', { length: 1 }).notNull(),
    /** An inactive type is no longer offered for new quotas; the quotas that have it keep it. */
    activo: boolean('activo').notNull().default(true),
  },
  (t) => [
    check('tipos_despacho_envase_ck', sql`${t.envase} in ('S', 'N')`),
    check('tipos_despacho_nomdespacho_ck', sql`length(trim(${t.nomdespacho})) > 0`),
    // One name per unit, ignoring case: the import finds a unit's types by name.
    uniqueIndex('tipos_despacho_nombre_idx').on(t.unineg, sql`lower(${t.nomdespacho})`),
  ],
);

export const envases = pgTable(
  'envases',
  {
    ctrl: serial('ctrl').primaryKey(),
    codempre: integer('codempre')
      .notNull()
      .references(() => empresas.codempre),
    nombre: varchar('nombre', { length: 60 }).notNull(),
    /** Kilograms one container holds. */
    peso: numeric('peso', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    activo: boolean('activo').notNull().default(true),
  },
  (t) => [
    check('envases_peso_ck', sql`${t.peso} > 0`),
    index('envases_codempre_idx').on(t.codempre),
    // A client's containers are told apart by name (the import matches them by it), whatever
    // its case: 'Bolsa 50 kg' and 'bolsa 50 KG' are one container (issue 21).
    uniqueIndex('envases_codempre_nombre_idx').on(t.codempre, sql`lower(${t.nombre})`),
  ],
);

export const productos = pgTable(
  'productos',
  {
    codpro: integer('codpro').primaryKey(),
    nompro: varchar('nompro', { length: 60 }).notNull().unique(),
    /**
     * A product with history (quotas, tickets, stock) is deactivated rather than deleted: it is
     * no longer offered for new quotas nor to new clients, and every history still shows it.
     */
    activo: boolean('activo').notNull().default(true),
  },
  (t) => [
    check('productos_codpro_ck', sql`${t.codpro} > 0`),
    check('productos_nompro_ck', sql`length(trim(${t.nompro})) > 0`),
    // One name, one product, whatever its case.
    uniqueIndex('productos_nompro_minusculas_idx').on(sql`lower(${t.nompro})`),
  ],
);

/** Which products a client handles in a business unit. */
export const productosClientes = pgTable(
  'productos_clientes',
  {
    codempre: integer('codempre')
      .notNull()
      .references(() => empresas.codempre),
    unineg: integer('unineg')
      .notNull()
      .references(() => unidadesNegocio.ctrl),
    codpro: integer('codpro')
      .notNull()
      .references(() => productos.codpro),
  },
  (t) => [primaryKey({ columns: [t.codempre, t.unineg, t.codpro] })],
);

// ---------------------------------------------------------------------------------------------
// Quotas (cupos): header, blend, empty containers; soft delete and assignment (design 4, 5)

export const cupos = pgTable(
  'cupos',
  {
    ctrl: serial('ctrl').primaryKey(),
    codempre: integer('codempre')
      .notNull()
      .references(() => empresas.codempre),
    unineg: integer('unineg')
      .notNull()
      .references(() => unidadesNegocio.ctrl),
    /** 'D' despacho, 'R' recepción. */
    tipo: char('tipo', { length: 1 }).notNull().default('D'),
    coddespacho: integer('coddespacho')
      .notNull()
      .references(() => tiposDespacho.coddespacho),
    /** Null for bulk; the API shows it as -1. */
    tipenvase: integer('tipenvase').references(() => envases.ctrl),
    pesoEnvase: numeric('peso_envase', { precision: 10, scale: 3, mode: 'number' }),
    /** Maximum load: kilos for bulk, units for containers. */
    cantidad: numeric('cantidad', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    couting: boolean('couting').notNull().default(false),
    obs: varchar('obs', { length: 250 }),
    /**
     * The blend as the screens show it ('Soja 70% / Maíz 30%'), kept by triggers on
     * cupo_productos and productos (migration 0004): lists read it instead of aggregating the
     * products of every row.
     */
    mezcla: text('mezcla').notNull().default(''),
    fechagen: timestamptz('fechagen').notNull().defaultNow(),
    creadoPor: integer('creado_por').references(() => usuarios.id),
    camionCtrl: integer('camion_ctrl').references(() => camiones.ctrl),
    cantidadAsignada: numeric('cantidad_asignada', { precision: 14, scale: 3, mode: 'number' }),
    asignadoEn: timestamptz('asignado_en'),
    asignadoPor: integer('asignado_por').references(() => usuarios.id),
    actualizadoEn: timestamptz('actualizado_en'),
    actualizadoPor: integer('actualizado_por').references(() => usuarios.id),
    eliminadoEn: timestamptz('eliminado_en'),
    eliminadoPor: integer('eliminado_por').references(() => usuarios.id),
  },
  (t) => [
    check('cupos_tipo_ck', sql`${t.tipo} in ('D', 'R')`),
    check('cupos_cantidad_ck', sql`${t.cantidad} > 0`),
    check(
      'cupos_asignacion_ck',
      sql`(${t.camionCtrl} is null) = (${t.cantidadAsignada} is null)
        and (${t.cantidadAsignada} is null or (${t.cantidadAsignada} > 0 and ${t.cantidadAsignada} <= ${t.cantidad}))`,
    ),
    check('cupos_eliminado_ck', sql`${t.eliminadoEn} is null or ${t.camionCtrl} is null`),
    check('cupos_envase_ck', sql`(${t.tipenvase} is null) = (${t.pesoEnvase} is null)`),
    index('cupos_disponibles_idx')
      .on(t.codempre, t.unineg, t.fechagen.desc())
      .where(sql`${t.eliminadoEn} is null and ${t.camionCtrl} is null`),
    index('cupos_camion_idx')
      .on(t.camionCtrl)
      .where(sql`${t.camionCtrl} is not null`),
    // The quotas linked to a truck of a client and unit: the committed stock (issue 16) reads
    // the few linked now without visiting every truck in the yard.
    index('cupos_asignados_idx')
      .on(t.codempre, t.unineg)
      .where(sql`${t.camionCtrl} is not null and ${t.eliminadoEn} is null`),
    index('cupos_historial_idx').on(t.codempre, t.unineg, t.fechagen),
  ],
);

export const cupoProductos = pgTable(
  'cupo_productos',
  {
    cupoCtrl: integer('cupo_ctrl')
      .notNull()
      .references(() => cupos.ctrl, { onDelete: 'cascade' }),
    codpro: integer('codpro')
      .notNull()
      .references(() => productos.codpro),
    porcentaje: numeric('porcentaje', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cupoCtrl, t.codpro] }),
    check('cupo_productos_porcentaje_ck', sql`${t.porcentaje} between 0 and 100`),
  ],
);

/** Empty containers the client must supply for a container quota. */
export const cupoEnvasesVacios = pgTable(
  'cupo_envases_vacios',
  {
    cupoCtrl: integer('cupo_ctrl')
      .notNull()
      .references(() => cupos.ctrl, { onDelete: 'cascade' }),
    ctrlenvase: integer('ctrlenvase')
      .notNull()
      .references(() => envases.ctrl),
    unidades: integer('unidades').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cupoCtrl, t.ctrlenvase] }),
    check('cupo_envases_vacios_unidades_ck', sql`${t.unidades} > 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Weighing tickets and the stock ledger (design sections 4 and 6)

export const tickets = pgTable(
  'tickets',
  {
    ctrl: serial('ctrl').primaryKey(),
    camionCtrl: integer('camion_ctrl')
      .notNull()
      .references(() => camiones.ctrl),
    /** Kilograms. */
    tara: integer('tara').notNull(),
    fechatara: timestamptz('fechatara').notNull(),
    baltara: varchar('baltara', { length: 20 }).notNull(),
    /** Null until the gross weighing. */
    bruto: integer('bruto'),
    fechabruto: timestamptz('fechabruto'),
    balbruto: varchar('balbruto', { length: 20 }),
    claveIdempotencia: varchar('clave_idempotencia', { length: 100 }).unique(),
    creadoEn: creadoEn(),
  },
  (t) => [
    check('tickets_tara_ck', sql`${t.tara} > 0`),
    check(
      'tickets_bruto_ck',
      sql`(${t.bruto} is null) = (${t.fechabruto} is null)
        and (${t.bruto} is null) = (${t.balbruto} is null)
        and (${t.bruto} is null or ${t.bruto} >= ${t.tara})`,
    ),
    index('tickets_camion_idx').on(t.camionCtrl),
  ],
);

export const stockMovimientos = pgTable(
  'stock_movimientos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    codempre: integer('codempre')
      .notNull()
      .references(() => empresas.codempre),
    unineg: integer('unineg')
      .notNull()
      .references(() => unidadesNegocio.ctrl),
    codpro: integer('codpro')
      .notNull()
      .references(() => productos.codpro),
    fecha: timestamptz('fecha').notNull().defaultNow(),
    tipo: varchar('tipo', { length: 12 }).notNull(),
    /** Signed: receptions add, dispatches subtract. */
    toneladas: numeric('toneladas', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    ticketCtrl: integer('ticket_ctrl').references(() => tickets.ctrl),
    cupoCtrl: integer('cupo_ctrl').references(() => cupos.ctrl),
    usuarioId: integer('usuario_id').references(() => usuarios.id),
    observacion: varchar('observacion', { length: 250 }),
  },
  (t) => [
    check(
      'stock_movimientos_tipo_ck',
      sql`${t.tipo} in ('apertura', 'ajuste', 'recepcion', 'despacho')`,
    ),
    check(
      'stock_movimientos_ticket_ck',
      sql`(${t.tipo} in ('recepcion', 'despacho')) = (${t.ticketCtrl} is not null)`,
    ),
    index('stock_movimientos_saldo_idx').on(t.codempre, t.unineg, t.codpro),
    // The stock history: a product's movements by date, newest first (keyset on (fecha, id)),
    // and the running balance summed from the start of a day (issue 20).
    index('stock_movimientos_fecha_idx').on(t.codempre, t.unineg, t.codpro, t.fecha, t.id),
    uniqueIndex('stock_movimientos_ticket_idx')
      .on(t.ticketCtrl, t.cupoCtrl, t.codpro)
      .where(sql`${t.ticketCtrl} is not null`),
  ],
);

/**
 * The balance of every (client, unit, product) with movements: the sum of its ledger rows, kept
 * in the same transaction as each movement, so that reading stock never sums the ledger. The
 * ledger stays the source of truth (`npm run cli -- stock verificar` compares both).
 */
export const stockSaldos = pgTable(
  'stock_saldos',
  {
    codempre: integer('codempre')
      .notNull()
      .references(() => empresas.codempre),
    unineg: integer('unineg')
      .notNull()
      .references(() => unidadesNegocio.ctrl),
    codpro: integer('codpro')
      .notNull()
      .references(() => productos.codpro),
    toneladas: numeric('toneladas', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    actualizadoEn: timestamptz('actualizado_en').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.codempre, t.unineg, t.codpro] })],
);

/**
 * Each (client, unit, product)'s balance at the end of each day of the terminal's calendar that
 * has movements: the sum of every movement dated up to that day, whatever order they were
 * recorded in (issue 20). The chart reads them, and each ledger page starts its running balance
 * from the one before its oldest day. Written in the same transaction as the movements: a
 * movement dated in the past adds itself to every later day's row (one row per day, never one per
 * movement). A year is 365 rows whatever the ledger holds; `npm run cli -- stock recalcular`
 * rebuilds them, `stock verificar` checks them.
 */
export const stockCierres = pgTable(
  'stock_cierres',
  {
    codempre: integer('codempre').notNull(),
    unineg: integer('unineg').notNull(),
    codpro: integer('codpro').notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    saldo: numeric('saldo', { precision: 14, scale: 3, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.codempre, t.unineg, t.codpro, t.dia] })],
);

/** Yard operations already answered, by the caller's idempotency key. */
export const operacionesIdempotencia = pgTable('operaciones_idempotencia', {
  clave: varchar('clave', { length: 100 }).primaryKey(),
  tokenId: integer('token_id')
    .notNull()
    .references(() => tokensServicio.id),
  operacion: varchar('operacion', { length: 20 }).notNull(),
  /** SHA-256 of the operation and its body: a key reused for another request is refused. */
  huella: char('huella', { length: 64 }).notNull(),
  status: smallint('status').notNull(),
  respuesta: jsonb('respuesta').notNull(),
  creadaEn: timestamptz('creada_en').notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Satisfaction surveys (design section 7); limits of spec section 9

export const encuestas = pgTable(
  'encuestas',
  {
    id: serial('id').primaryKey(),
    titulo: varchar('titulo', { length: 255 }).notNull(),
    descripcion: varchar('descripcion', { length: 255 }),
    fechaCreacion: timestamptz('fecha_creacion').notNull().defaultNow(),
    creadaPor: integer('creada_por').references(() => usuarios.id),
    actualizadaEn: timestamptz('actualizada_en'),
  },
  (t) => [
    check('encuestas_titulo_ck', sql`length(trim(${t.titulo})) > 0`),
    index('encuestas_fecha_idx').on(t.fechaCreacion),
  ],
);

export const encuestaPreguntas = pgTable(
  'encuesta_preguntas',
  {
    id: serial('id').primaryKey(),
    encuestaId: integer('encuesta_id')
      .notNull()
      .references(() => encuestas.id, { onDelete: 'cascade' }),
    texto: varchar('texto', { length: 500 }).notNull(),
    obligatoria: boolean('obligatoria').notNull().default(false),
    esTexto: boolean('es_texto').notNull().default(false),
    creadaEn: creadoEn(),
  },
  (t) => [
    check('encuesta_preguntas_texto_ck', sql`length(trim(${t.texto})) > 0`),
    index('encuesta_preguntas_encuesta_idx').on(t.encuestaId, t.id),
  ],
);

/** One answer set per user and survey. */
export const encuestaRespuestas = pgTable(
  'encuesta_respuestas',
  {
    id: serial('id').primaryKey(),
    encuestaId: integer('encuesta_id')
      .notNull()
      .references(() => encuestas.id, { onDelete: 'cascade' }),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id),
    fechaRespuesta: timestamptz('fecha_respuesta').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('encuesta_respuestas_unica_idx').on(t.encuestaId, t.usuarioId),
    index('encuesta_respuestas_usuario_idx').on(t.usuarioId),
  ],
);

export const encuestaRespuestaItems = pgTable(
  'encuesta_respuesta_items',
  {
    id: serial('id').primaryKey(),
    respuestaId: integer('respuesta_id')
      .notNull()
      .references(() => encuestaRespuestas.id, { onDelete: 'cascade' }),
    preguntaId: integer('pregunta_id')
      .notNull()
      .references(() => encuestaPreguntas.id, { onDelete: 'cascade' }),
    /** 1-5 for scored questions; null for text questions. */
    puntaje: smallint('puntaje'),
    textoRespuesta: varchar('texto_respuesta', { length: 255 }),
    observaciones: varchar('observaciones', { length: 250 }),
  },
  (t) => [
    check('encuesta_respuesta_items_puntaje_ck', sql`${t.puntaje} between 1 and 5`),
    uniqueIndex('encuesta_respuesta_items_unica_idx').on(t.respuestaId, t.preguntaId),
  ],
);

/**
 * Survey reminders (issue 16): one row per user reminded of a survey they had not answered.
 * The user sees the notice at their next sign-in (`vistoEn` set then); a user is reminded of
 * a survey at most once every 7 days (the recontact rule survey tools use).
 */
export const encuestaRecordatorios = pgTable(
  'encuesta_recordatorios',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    encuestaId: integer('encuesta_id')
      .notNull()
      .references(() => encuestas.id, { onDelete: 'cascade' }),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    enviadoEn: timestamptz('enviado_en').notNull().defaultNow(),
    enviadoPor: integer('enviado_por').references(() => usuarios.id, { onDelete: 'set null' }),
    vistoEn: timestamptz('visto_en'),
  },
  (t) => [
    index('encuesta_recordatorios_usuario_idx')
      .on(t.usuarioId)
      .where(sql`${t.vistoEn} is null`),
    index('encuesta_recordatorios_ultimo_idx').on(t.encuestaId, t.usuarioId, t.enviadoEn),
  ],
);

// ---------------------------------------------------------------------------------------------
// Audit: who did what to which row, when and from where

export const auditoria = pgTable(
  'auditoria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fecha: timestamptz('fecha').notNull().defaultNow(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    /** User name, service token name, 'cli' or the name tried at a failed sign-in. */
    actor: varchar('actor', { length: 100 }).notNull(),
    accion: varchar('accion', { length: 60 }).notNull(),
    tabla: varchar('tabla', { length: 60 }).notNull(),
    filaId: varchar('fila_id', { length: 60 }),
    antes: jsonb('antes'),
    despues: jsonb('despues'),
    ip: varchar('ip', { length: 45 }),
    /**
     * The row as a sentence (src/shared/auditoria.ts), written with it: what the screen shows
     * and what its text filter searches. Null only for a row not yet completed (completarAuditoria).
     */
    frase: text('frase'),
    /** The names of what the row mentions (companies, units, plates…) when it was written. */
    nombres: jsonb('nombres'),
  },
  (t) => [
    index('auditoria_fecha_idx').on(t.fecha),
    // The text filter: every word a `~*` over the sentence, answered by trigrams (pg_trgm;
    // migration 0023 leaves it out, with a notice, where the extension cannot be created).
    index('auditoria_frase_idx').using('gin', sql`${t.frase} gin_trgm_ops`),
    // The rows still without a sentence, for completarAuditoria: empty once they are done.
    index('auditoria_sin_frase_idx')
      .on(t.id)
      .where(sql`${t.frase} is null`),
    index('auditoria_fila_idx').on(t.tabla, t.filaId),
    // The trail's filters, newest first (keyset pagination on id): by who, by what, by table.
    index('auditoria_actor_idx').on(t.actor, t.id),
    index('auditoria_accion_idx').on(t.accion, t.id),
    index('auditoria_tabla_idx').on(t.tabla, t.id),
  ],
);

// ---------------------------------------------------------------------------------------------
// The dashboard ('Tablero', issue 16): settings per unit and rollups kept by triggers
// (migration 0015) in the same transaction as the change that moves them. The views
// tablero_*_calculo of that migration recompute each rollup from scratch:
// `npm run cli -- tablero verificar` compares both.

/** A unit's dashboard settings, set by an administrator. */
export const parametrosTablero = pgTable(
  'parametros_tablero',
  {
    unineg: integer('unineg')
      .primaryKey()
      .references(() => unidadesNegocio.ctrl),
    /** Trucks per hour the unit declares it can handle; null: not declared. */
    capacidadHora: integer('capacidad_hora'),
    /** Percent below the maximum load a net weight may fall before it is a deviation. */
    toleranciaFaltante: numeric('tolerancia_faltante', { precision: 5, scale: 2, mode: 'number' }),
    actualizadoEn: timestamptz('actualizado_en').notNull().defaultNow(),
  },
  (t) => [
    check('parametros_tablero_capacidad_ck', sql`${t.capacidadHora} > 0`),
    check('parametros_tablero_tolerancia_ck', sql`${t.toleranciaFaltante} between 0 and 100`),
  ],
);

/**
 * Per client, unit and hour (the instant `date_trunc('hour', …)` in the terminal's zone, kept as
 * timestamptz): trucks entered and finished, quotas ordered, used (their truck finished) and
 * deleted unused. Rows of derived data: no foreign keys, a restore loads them as they were.
 */
export const tableroHoras = pgTable(
  'tablero_horas',
  {
    codempre: integer('codempre').notNull(),
    unineg: integer('unineg').notNull(),
    hora: timestamptz('hora').notNull(),
    ingresados: integer('ingresados').notNull().default(0),
    finalizados: integer('finalizados').notNull().default(0),
    cuposPedidos: integer('cupos_pedidos').notNull().default(0),
    cuposUsados: integer('cupos_usados').notNull().default(0),
    cuposEliminados: integer('cupos_eliminados').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.codempre, t.unineg, t.hora] }),
    // The administrator's 'all clients': one unit's hours across every client.
    index('tablero_horas_unidad_idx').on(t.unineg, t.hora),
  ],
);

/** Tons dispatched per client, unit, product and hour (positive; the ledger's are negative). */
export const tableroProductosHoras = pgTable(
  'tablero_productos_horas',
  {
    codempre: integer('codempre').notNull(),
    unineg: integer('unineg').notNull(),
    codpro: integer('codpro').notNull(),
    hora: timestamptz('hora').notNull(),
    despachadas: numeric('despachadas', { precision: 14, scale: 3, mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.codempre, t.unineg, t.codpro, t.hora] }),
    index('tablero_productos_horas_unidad_idx').on(t.unineg, t.hora),
  ],
);

/**
 * One row per finished truck: its turnaround and stages (seconds, from camion_estados; null when
 * its history does not record the tare, as trucks inserted already finished) and its weights
 * (net of its tickets, maximum of its quotas in kilograms).
 */
export const tableroRecorridos = pgTable(
  'tablero_recorridos',
  {
    camionCtrl: integer('camion_ctrl')
      .primaryKey()
      .references(() => camiones.ctrl, { onDelete: 'cascade' }),
    codempre: integer('codempre').notNull(),
    unineg: integer('unineg').notNull(),
    finalizadoEn: timestamptz('finalizado_en').notNull(),
    totalS: integer('total_s').notNull(),
    sinOrdenS: integer('sin_orden_s'),
    conOrdenS: integer('con_orden_s'),
    operandoS: integer('operando_s'),
    netoKg: integer('neto_kg'),
    maximoKg: numeric('maximo_kg', { precision: 16, scale: 3, mode: 'number' }),
    /*
     * What the deviations' list shows of the truck (migration 0034): its plate and its last
     * ticket with a gross weight, so the list reads this row and not one truck and one ticket
     * per row it shows.
     */
    patcha: varchar('patcha', { length: 10 }),
    ticket: integer('ticket'),
    tara: integer('tara'),
    bruto: integer('bruto'),
  },
  (t) => [
    /*
     * A unit's trucks by finish, with every column the dashboard reads (migration 0034): the
     * range's percentiles and the deviations' list of all clients from the index alone, not one
     * heap page per truck (history arrives in no order of finish).
     */
    index('tablero_recorridos_lectura_idx').on(
      t.unineg,
      t.finalizadoEn,
      t.camionCtrl,
      t.codempre,
      t.totalS,
      t.sinOrdenS,
      t.conOrdenS,
      t.operandoS,
      t.netoKg,
      t.maximoKg,
      t.patcha,
      t.ticket,
      t.tara,
      t.bruto,
    ),
    index('tablero_recorridos_empresa_idx').on(t.codempre, t.unineg, t.finalizadoEn),
  ],
);

/*
 * Day rollups (issue 23, migration 0024): what a range wider than a few weeks reads instead of
 * one row per hour or per truck. Kept by statement triggers on the hour and truck rollups above,
 * in the same transaction; days are the terminal's (`hora::date` in its zone).
 */

/** tablero_horas summed per day, and the day's busiest hour of finished trucks. */
export const tableroDias = pgTable(
  'tablero_dias',
  {
    codempre: integer('codempre').notNull(),
    unineg: integer('unineg').notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    ingresados: integer('ingresados').notNull().default(0),
    finalizados: integer('finalizados').notNull().default(0),
    maximoHora: integer('maximo_hora').notNull().default(0),
    cuposPedidos: integer('cupos_pedidos').notNull().default(0),
    cuposUsados: integer('cupos_usados').notNull().default(0),
    cuposEliminados: integer('cupos_eliminados').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.codempre, t.unineg, t.dia] })],
);

/** tablero_productos_horas summed per day. */
export const tableroProductosDias = pgTable(
  'tablero_productos_dias',
  {
    codempre: integer('codempre').notNull(),
    unineg: integer('unineg').notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    codpro: integer('codpro').notNull(),
    despachadas: numeric('despachadas', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    /** The row as the dashboard's answer writes it (migration 0037), as tablero_recorridos_dias. */
    json: text('json')
      .notNull()
      .generatedAlwaysAs(sql`acopio_tablero_toneladas_dia_json(dia, codpro, despachadas)`),
  },
  (t) => [
    primaryKey({ columns: [t.codempre, t.unineg, t.dia, t.codpro] }),
    // The dashboard reads a range from the index alone (migration 0031): a client's rows and
    // all clients' (codempre 0) are interleaved in the table, so two years of all clients read
    // from the table touched ~2,200 pages (9 ms) where the index gives them in order (2.5 ms).
    index('tablero_productos_dias_lectura_idx').on(
      t.codempre,
      t.unineg,
      t.dia,
      t.codpro,
      t.despachadas,
      t.json,
    ),
  ],
);

/**
 * Per day of finishing: trucks, the exact median and 90th percentile of each stage ([p50, p90]
 * in minutes with one decimal, as shown; null without trucks having the stage) and the
 * deviations under the unit's current tolerance.
 */
export const tableroRecorridosDias = pgTable(
  'tablero_recorridos_dias',
  {
    codempre: integer('codempre').notNull(),
    unineg: integer('unineg').notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    camiones: integer('camiones').notNull().default(0),
    total: doublePrecision('total').array(),
    sinOrden: doublePrecision('sin_orden').array(),
    conOrden: doublePrecision('con_orden').array(),
    operando: doublePrecision('operando').array(),
    desvios: integer('desvios').notNull().default(0),
    /**
     * The day as the dashboard's answer writes it (migration 0037): the contract's JSON object,
     * kept with the row so that two years are read as 730 texts joined, not written again on
     * every call. Generated from the columns above, so it cannot disagree with them.
     */
    json: text('json')
      .notNull()
      .generatedAlwaysAs(
        sql`acopio_tablero_recorrido_dia_json(dia, camiones, total, sin_orden, con_orden, operando)`,
      ),
  },
  (t) => [
    primaryKey({ columns: [t.codempre, t.unineg, t.dia] }),
    // The days of a range read from the index alone, as tablero_productos_dias_lectura_idx: all
    // clients' rows (codempre 0) lie between the clients' ones, a page each, and two years read
    // from the table touched 730 pages (1.6 of the call's 3.2 ms of SQL; docs/rendimiento.md).
    // The deviations too: desvíos counts them over the range.
    index('tablero_recorridos_dias_lectura_idx').on(t.codempre, t.unineg, t.dia, t.desvios, t.json),
  ],
);

/**
 * Trucks per stage (1 sin orden, 2 con orden, 3 operando, 0 total) and whole minute (rounded),
 * per day and per month of finishing: a wide range's median and 90th percentile to the minute.
 * One row per stage holds the whole histogram (migration 0031), as pairs [minute, trucks, minute,
 * trucks, …] by minute, only minutes with trucks; null once its trucks are all gone. Two years
 * read about a hundred rows, not 30,000 (docs/decisions.md).
 */
export const tableroMinutosDias = pgTable(
  'tablero_minutos_dias',
  {
    codempre: integer('codempre').notNull(),
    unineg: integer('unineg').notNull(),
    dia: date('dia', { mode: 'string' }).notNull(),
    etapa: smallint('etapa').notNull(),
    camiones: integer('camiones').array(),
  },
  (t) => [primaryKey({ columns: [t.codempre, t.unineg, t.dia, t.etapa] })],
);

export const tableroMinutosMeses = pgTable(
  'tablero_minutos_meses',
  {
    codempre: integer('codempre').notNull(),
    unineg: integer('unineg').notNull(),
    /** The month's first day. */
    mes: date('mes', { mode: 'string' }).notNull(),
    etapa: smallint('etapa').notNull(),
    camiones: integer('camiones').array(),
    /**
     * The pairs as the two-year call reads them, 'minute,trucks,…' (migration 0039): writing
     * ~30,000 integers as text on every call was most of its SQL.
     */
    camionesTexto: text('camiones_texto').generatedAlwaysAs(
      sql`acopio_tablero_histograma_texto(camiones)`,
    ),
  },
  (t) => [primaryKey({ columns: [t.codempre, t.unineg, t.mes, t.etapa] })],
);

// ---------------------------------------------------------------------------------------------
// Turns ('Turnos', issue 24): hourly bands with a capacity per business unit (optionally per
// dispatch type), and the bookings that take their places. How overbooking is made impossible:
// docs/decisions.md ('Turnos: nunca más reservas que lugares').

/**
 * A capacity calendar: of a unit, for every dispatch type (`coddespacho` null), or for one type.
 * A quota books in its type's calendar when the unit has one, else in the unit's general one.
 */
export const turnosCalendarios = pgTable(
  'turnos_calendarios',
  {
    id: serial('id').primaryKey(),
    unineg: integer('unineg')
      .notNull()
      .references(() => unidadesNegocio.ctrl),
    coddespacho: integer('coddespacho').references(() => tiposDespacho.coddespacho),
  },
  // One general calendar per unit and one per type: null counts as a value here.
  (t) => [uniqueIndex('turnos_calendarios_idx').on(t.unineg, sql`coalesce(${t.coddespacho}, 0)`)],
);

/** A unit's booking rules, set by an administrator; a unit without a row has the defaults. */
export const turnosParametros = pgTable(
  'turnos_parametros',
  {
    unineg: integer('unineg')
      .primaryKey()
      .references(() => unidadesNegocio.ctrl),
    /** Booking for day D opens at 00:00 of D minus this many days. */
    diasAnticipacion: smallint('dias_anticipacion').notNull().default(7),
    /** Booking for day D closes at `cierreHora` of D minus `cierreDiasAntes` days. */
    cierreDiasAntes: smallint('cierre_dias_antes').notNull().default(1),
    cierreHora: smallint('cierre_hora').notNull().default(14),
    /** A booking is changed or cancelled until this many minutes before its band starts. */
    cambioMinutosAntes: integer('cambio_minutos_antes').notNull().default(240),
    /** Minutes around the band a truck still counts as on time (the gate, later). */
    toleranciaMinutos: smallint('tolerancia_minutos').notNull().default(30),
    /** Fair share: at most this percent of a band for one company; null: off. */
    cuotaEmpresaPct: smallint('cuota_empresa_pct'),
    actualizadoEn: timestamptz('actualizado_en').notNull().defaultNow(),
  },
  (t) => [
    check('turnos_parametros_dias_ck', sql`${t.diasAnticipacion} between 0 and 365`),
    check('turnos_parametros_cierre_dias_ck', sql`${t.cierreDiasAntes} between 0 and 30`),
    check('turnos_parametros_cierre_hora_ck', sql`${t.cierreHora} between 0 and 23`),
    check('turnos_parametros_cambio_ck', sql`${t.cambioMinutosAntes} between 0 and 43200`),
    check('turnos_parametros_tolerancia_ck', sql`${t.toleranciaMinutos} between 0 and 240`),
    check('turnos_parametros_cuota_ck', sql`${t.cuotaEmpresaPct} between 1 and 100`),
  ],
);

/** The weekly template: trucks per hour band (`hora` 0-23) on an ISO weekday (1 Monday). */
export const turnosPlantilla = pgTable(
  'turnos_plantilla',
  {
    calendarioId: integer('calendario_id')
      .notNull()
      .references(() => turnosCalendarios.id),
    diaSemana: smallint('dia_semana').notNull(),
    hora: smallint('hora').notNull(),
    capacidad: integer('capacidad').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.calendarioId, t.diaSemana, t.hora] }),
    check('turnos_plantilla_dia_ck', sql`${t.diaSemana} between 1 and 7`),
    check('turnos_plantilla_hora_ck', sql`${t.hora} between 0 and 23`),
    check('turnos_plantilla_capacidad_ck', sql`${t.capacidad} >= 0`),
  ],
);

/** A date's own capacity for a band, over the template's (0: closed, a holiday). */
export const turnosExcepciones = pgTable(
  'turnos_excepciones',
  {
    calendarioId: integer('calendario_id')
      .notNull()
      .references(() => turnosCalendarios.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    hora: smallint('hora').notNull(),
    capacidad: integer('capacidad').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.calendarioId, t.fecha, t.hora] }),
    check('turnos_excepciones_hora_ck', sql`${t.hora} between 0 and 23`),
    check('turnos_excepciones_capacidad_ck', sql`${t.capacidad} >= 0`),
  ],
);

/** A band (or a whole day: `hora` null) taking no new bookings, with its reason, until lifted. */
export const turnosPausas = pgTable(
  'turnos_pausas',
  {
    id: serial('id').primaryKey(),
    calendarioId: integer('calendario_id')
      .notNull()
      .references(() => turnosCalendarios.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    hora: smallint('hora'),
    motivo: varchar('motivo', { length: 200 }).notNull(),
    creadoEn: creadoEn(),
    creadoPor: integer('creado_por').references(() => usuarios.id),
    levantadaEn: timestamptz('levantada_en'),
    levantadaPor: integer('levantada_por').references(() => usuarios.id),
  },
  (t) => [
    check('turnos_pausas_hora_ck', sql`${t.hora} between 0 and 23`),
    check('turnos_pausas_motivo_ck', sql`length(trim(${t.motivo})) > 0`),
    index('turnos_pausas_fecha_idx')
      .on(t.calendarioId, t.fecha)
      .where(sql`${t.levantadaEn} is null`),
  ],
);

/**
 * One row per band that was ever booked (or locked): the row a booking locks before counting the
 * band's bookings, so two bookings of one band run one after the other and neither can take a
 * place the other took. Since migration 0033 it also keeps the band's counts — live bookings
 * ('reservado' or 'presente'), check-ins and no-shows — written by statement triggers on
 * `turnos` in the transaction that changes a booking, so availability reads one row per band
 * instead of counting the bookings. The view `turnos_franjas_calculo` is the same counts from
 * the bookings (`turnos verificar`).
 */
export const turnosFranjas = pgTable(
  'turnos_franjas',
  {
    calendarioId: integer('calendario_id')
      .notNull()
      .references(() => turnosCalendarios.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    hora: smallint('hora').notNull(),
    reservados: integer('reservados').notNull().default(0),
    presentes: integer('presentes').notNull().default(0),
    ausentes: integer('ausentes').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.calendarioId, t.fecha, t.hora] })],
);

/**
 * A booking: a quota without a truck comes on a day in an hour band. `estado`: 'reservado',
 * 'cancelado', 'presente' (checked in at the gate), 'ausente' ('No se presentó'). `llegada`,
 * `clasificacion` and `camion_ctrl` are the gate's (later).
 */
export const turnos = pgTable(
  'turnos',
  {
    id: serial('id').primaryKey(),
    /** The turn code people dictate: 8 characters of an alphabet without look-alikes. */
    codigo: varchar('codigo', { length: 8 }).notNull(),
    cupoCtrl: integer('cupo_ctrl')
      .notNull()
      .references(() => cupos.ctrl),
    codempre: integer('codempre')
      .notNull()
      .references(() => empresas.codempre),
    unineg: integer('unineg')
      .notNull()
      .references(() => unidadesNegocio.ctrl),
    calendarioId: integer('calendario_id')
      .notNull()
      .references(() => turnosCalendarios.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    hora: smallint('hora').notNull(),
    estado: varchar('estado', { length: 10 }).notNull().default('reservado'),
    creadoEn: creadoEn(),
    creadoPor: integer('creado_por').references(() => usuarios.id),
    actualizadoEn: timestamptz('actualizado_en'),
    actualizadoPor: integer('actualizado_por').references(() => usuarios.id),
    llegada: timestamptz('llegada'),
    clasificacion: varchar('clasificacion', { length: 10 }),
    camionCtrl: integer('camion_ctrl').references(() => camiones.ctrl),
    /** The truck's plate when the booking names it: AAA999 or AA999AA (migration 0026). */
    patente: varchar('patente', { length: 7 }),
  },
  (t) => [
    check(
      'turnos_patente_ck',
      sql`${t.patente} is null or ${t.patente} ~ '^([A-Z]{3}[0-9]{3}|[A-Z]{2}[0-9]{3}[A-Z]{2})$'`,
    ),
    check(
      'turnos_estado_ck',
      sql`${t.estado} in ('reservado', 'cancelado', 'presente', 'ausente')`,
    ),
    check('turnos_hora_ck', sql`${t.hora} between 0 and 23`),
    check('turnos_codigo_ck', sql`${t.codigo} ~ '^[ACEFGHJKLMNPQRTUVWXY34679]{8}$'`),
    check(
      'turnos_clasificacion_ck',
      sql`${t.clasificacion} is null or ${t.clasificacion} in ('a_tiempo', 'temprano', 'tarde')`,
    ),
    uniqueIndex('turnos_codigo_idx').on(t.codigo),
    // A quota holds one live booking at a time.
    uniqueIndex('turnos_cupo_vivo_idx')
      .on(t.cupoCtrl)
      .where(sql`${t.estado} in ('reservado', 'presente')`),
    // The band's count of one company (fair share, under the band's lock).
    index('turnos_franja_idx')
      .on(t.calendarioId, t.fecha, t.hora, t.codempre)
      .where(sql`${t.estado} in ('reservado', 'presente')`),
    index('turnos_empresa_idx').on(t.codempre, t.fecha),
    // The dashboard's turns (a unit's range, by day and band; every column it reads is in the
    // index: index-only scans) and the yard's list (a truck's booking): migration 0027.
    index('turnos_unidad_idx').on(t.unineg, t.fecha, t.hora, t.codempre, t.estado, t.clasificacion),
    index('turnos_camion_idx')
      .on(t.camionCtrl)
      .where(sql`${t.camionCtrl} is not null`),

    // The gate's search by plate (a day's bookings) and the no-show worker's (still booked).
    index('turnos_patente_idx')
      .on(t.fecha, t.patente)
      .where(sql`${t.patente} is not null`),
    index('turnos_reservados_idx')
      .on(t.fecha, t.hora)
      .where(sql`${t.estado} = 'reservado'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Notices (issue 25): a transactional outbox for e-mail and webhooks

/**
 * A notice to deliver: written in the transaction of the change that causes it, delivered by a
 * worker every portal process runs (features/avisos/trabajador.ts). `destino` is the channel's
 * receiver: a user's id for 'correo', an endpoint's id for 'webhook'. `grupo` orders the notices
 * of one thing (a truck, a quota): one of a group is delivered only after the earlier ones left
 * the queue. `proximo_intento` null: due now. `tomado_hasta`: a worker took the row to deliver it
 * (outside any transaction) and holds it until then; once past, another worker may take it again
 * (the first died mid-delivery). `toma` counts the takes: a worker records its outcome only while
 * the row still carries its take (a row taken again after an expired lease is the new taker's).
 */
export const avisos = pgTable(
  'avisos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    canal: varchar('canal', { length: 10 }).notNull(),
    destino: integer('destino').notNull(),
    evento: varchar('evento', { length: 40 }).notNull(),
    datos: jsonb('datos').notNull(),
    grupo: varchar('grupo', { length: 60 }),
    estado: varchar('estado', { length: 10 }).notNull().default('pendiente'),
    intentos: integer('intentos').notNull().default(0),
    proximoIntento: timestamptz('proximo_intento'),
    tomadoHasta: timestamptz('tomado_hasta'),
    toma: integer('toma').notNull().default(0),
    ultimoError: text('ultimo_error'),
    creadoEn: creadoEn(),
    enviadoEn: timestamptz('enviado_en'),
    actualizadoEn: timestamptz('actualizado_en'),
  },
  (t) => [
    check('avisos_canal_ck', sql`${t.canal} in ('correo', 'webhook')`),
    check('avisos_estado_ck', sql`${t.estado} in ('pendiente', 'enviado', 'fallido')`),
    index('avisos_pendientes_idx')
      .on(t.proximoIntento, t.id)
      .where(sql`${t.estado} = 'pendiente'`),
    index('avisos_grupo_idx')
      .on(t.canal, t.destino, t.grupo, t.id)
      .where(sql`${t.estado} = 'pendiente' and ${t.grupo} is not null`),
    index('avisos_estado_idx').on(t.estado, t.id),
  ],
);

// ---------------------------------------------------------------------------------------------
// Webhooks (issue 25): endpoints the administrator registers, and each delivery try

/**
 * A receiver of signed events. `codempre` null: terminal-wide (every company's events); a
 * company's endpoint receives only that company's. `secreto` is the `whsec_…` text in clear: the
 * portal must sign with it (docs/security.md). `activo` false: registered but receives nothing
 * (disabled by the administrator, or by a 410 answer, `motivo_inactivo` says which).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    url: varchar('url', { length: 2000 }).notNull(),
    eventos: text('eventos').array().notNull(),
    codempre: integer('codempre').references(() => empresas.codempre),
    secreto: varchar('secreto', { length: 100 }).notNull(),
    activo: boolean('activo').notNull().default(true),
    motivoInactivo: text('motivo_inactivo'),
    creadoEn: creadoEn(),
  },
  (t) => [
    index('webhook_endpoints_activos_idx')
      .on(t.codempre)
      .where(sql`${t.activo}`),
  ],
);

/**
 * One try to deliver an outbox row (`avisos`, channel 'webhook') to its endpoint: the answer's
 * HTTP status (null: no answer: refused, timed out, address refused) and how long it took. The
 * delivery log per endpoint reads these; they go with the endpoint and with the retention.
 */
export const webhookIntentos = pgTable(
  'webhook_intentos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    avisoId: bigint('aviso_id', { mode: 'number' }).notNull(),
    http: smallint('http'),
    error: text('error'),
    ms: integer('ms').notNull(),
    en: timestamptz('en').notNull(),
  },
  (t) => [
    index('webhook_intentos_endpoint_idx').on(t.endpointId, t.avisoId),
    index('webhook_intentos_aviso_idx').on(t.avisoId),
  ],
);

/**
 * A new e-mail address a user asked for in 'Mi cuenta', until the link sent to it is opened: one
 * per user (a new request replaces it). Only the token's SHA-256 is kept.
 */
export const correoConfirmaciones = pgTable('correo_confirmaciones', {
  usuarioId: integer('usuario_id')
    .primaryKey()
    .references(() => usuarios.id, { onDelete: 'cascade' }),
  correo: varchar('correo', { length: 254 }).notNull(),
  tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
  vence: timestamptz('vence').notNull(),
});
