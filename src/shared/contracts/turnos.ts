/**
 * Turns ('Turnos', issue 24): each business unit declares how many trucks it takes per hour band
 * (a weekly template, exceptions per date, pauses), and clients book a band for a quota without a
 * truck. Every band's count is kept under the band's lock: never more bookings than places.
 */
import { z } from 'zod';
import { codempre, dia, entero, fechaLocal, id, texto, type RespuestaArchivo } from './comun';

/** An hour band: 0 is 00:00-01:00, 23 is 23:00-24:00. */
export const hora = entero(0, 23);
/** An ISO weekday: 1 Monday … 7 Sunday. */
export const diaSemana = entero(1, 7);
const capacidad = entero(0, 10_000);
/** How many days one query may span (availability, calendar, bookings). */
export const DIAS_MAXIMOS_CONSULTA = 62;

export const ESTADOS_TURNO = ['reservado', 'cancelado', 'presente', 'ausente'] as const;
export type EstadoTurno = (typeof ESTADOS_TURNO)[number];

/** A calendar: a unit's general one, or the one of a dispatch type of it. */
const calendario = {
  unineg: id,
  /** The dispatch type whose own calendar this is; absent or null: the unit's general one. */
  coddespacho: id.nullish(),
};

const rango = { desde: dia, hasta: dia };

// ---------------------------------------------------------------------------------------------
// Availability and bookings

/** POST /api/turnos/disponibilidad: the bands of a calendar from `desde` to `hasta`. */
export const disponibilidadBody = z.strictObject({ ...calendario, ...rango });
export type DisponibilidadBody = z.input<typeof disponibilidadBody>;

export const franjaDisponible = z.object({
  fecha: dia,
  hora: z.number().int(),
  capacidad: z.number().int(),
  /** Live bookings ('reservado' or 'presente'). */
  reservados: z.number().int(),
  /** Places left (never below 0: a capacity lowered under its bookings leaves none). */
  libres: z.number().int(),
  /** The pause's reason when the band (or its day) is paused; null otherwise. */
  pausa: z.string().nullable(),
  /** Whether the booking window is open for the band now (terminal's clock). */
  abierta: z.boolean(),
});
export type FranjaDisponible = z.infer<typeof franjaDisponible>;

export const disponibilidadRespuesta = z.object({
  ahora: fechaLocal,
  franjas: z.array(franjaDisponible),
});
export type DisponibilidadRespuesta = z.infer<typeof disponibilidadRespuesta>;

/**
 * The truck's plate, when the booking knows it: an Argentine one, old (AAA999) or Mercosur
 * (AA999AA), written with or without spaces and dashes, in any case.
 */
export const patenteTurno = z
  .string()
  .transform((s) => s.toUpperCase().replace(/[\s.-]/g, ''))
  .pipe(
    z
      .string()
      .regex(
        /^([A-Z]{3}[0-9]{3}|[A-Z]{2}[0-9]{3}[A-Z]{2})$/,
        'debe ser una patente argentina: AAA999 o AA999AA',
      ),
  );

/** POST /api/turnos/reservar: a band for a quota (and the truck's plate, if known). */
export const reservarTurnoBody = z.strictObject({
  cupo: id,
  fecha: dia,
  hora,
  patente: patenteTurno.nullish(),
});
export type ReservarTurnoBody = z.input<typeof reservarTurnoBody>;

/**
 * POST /api/turnos/cambiar: a booking to another band (same quota, same calendar); with
 * `patente`, its plate too (null: forgotten); the same band with a plate changes only the plate.
 */
export const cambiarTurnoBody = z.strictObject({
  turno: id,
  fecha: dia,
  hora,
  patente: patenteTurno.nullish(),
});
export type CambiarTurnoBody = z.input<typeof cambiarTurnoBody>;

/** POST /api/turnos/cancelar. */
export const cancelarTurnoBody = z.strictObject({ turno: id });
export type CancelarTurnoBody = z.input<typeof cancelarTurnoBody>;

export const turno = z.object({
  id: z.number().int(),
  codigo: z.string(),
  cupo: z.number().int(),
  codempre: z.number().int(),
  nomempre: z.string(),
  unineg: z.number().int(),
  coddespacho: z.number().int(),
  fecha: dia,
  hora: z.number().int(),
  estado: z.enum(ESTADOS_TURNO),
  creadoEn: fechaLocal,
  /** The truck's plate, when the booking names it. */
  patente: z.string().nullable().optional(),
  /** When its truck checked in at the gate (terminal's wall time), and how punctual it was. */
  llegada: fechaLocal.nullable().optional(),
  clasificacion: z.enum(['a_tiempo', 'temprano', 'tarde']).nullable().optional(),
  /** The truck that came with it. */
  camion: z.number().int().nullable().optional(),
});
export type Turno = z.infer<typeof turno>;

// ---------------------------------------------------------------------------------------------
// At the gate

/**
 * POST /api/turnos/porteria/presentar (gate, service token) and
 * POST /api/administracion/turnos/presentar (trucks screen): a truck already in the yard checks in
 * with its booking of today, found by its turn code or by a plate (without either, the truck's
 * own plate). A plate read with one common confusion (0/O/D, 1/I, 8/B, 5/S, 2/Z) finds a booking
 * only when it is the only one of the truck's client and unit that day that it may be.
 */
export const presentarTurnoBody = z
  .strictObject({
    camion: id,
    codigo: z
      .string()
      .transform((s) => s.toUpperCase().replace(/[\s-]/g, ''))
      .pipe(z.string().min(1).max(20))
      .optional(),
    patente: z
      .string()
      .transform((s) => s.toUpperCase().replace(/[\s.-]/g, ''))
      .pipe(z.string().regex(/^[A-Z0-9]{5,10}$/, 'debe tener de 5 a 10 letras y números'))
      .optional(),
  })
  .refine((b) => b.codigo === undefined || b.patente === undefined, {
    message: 'el código o la patente, no los dos',
    path: ['patente'],
  });
export type PresentarTurnoBody = z.input<typeof presentarTurnoBody>;

/**
 * The booking checked in (`turno`), or, when the plate may be more than one booking of the day,
 * none and those bookings (`candidatos`): the gate asks which, and checks in by its code.
 */
export const presentarTurnoRespuesta = z.object({
  turno: turno.nullable(),
  candidatos: z.array(turno),
});
export type PresentarTurnoRespuesta = z.infer<typeof presentarTurnoRespuesta>;

/** POST /api/turnos: bookings from `desde` to `hasta` (a client's: its company's only). */
export const turnosBody = z.strictObject({
  ...rango,
  unineg: id.optional(),
  /** An administrator may narrow to one company; a client names its own or none. */
  codempre: codempre.optional(),
});
export type TurnosBody = z.input<typeof turnosBody>;
export const turnosRespuesta = z.array(turno);

// ---------------------------------------------------------------------------------------------
// The calendar (administrators)

export const parametrosTurnos = z.object({
  unineg: z.number().int(),
  diasAnticipacion: z.number().int(),
  cierreDiasAntes: z.number().int(),
  cierreHora: z.number().int(),
  cambioMinutosAntes: z.number().int(),
  toleranciaMinutos: z.number().int(),
  cuotaEmpresaPct: z.number().int().nullable(),
});
export type ParametrosTurnos = z.infer<typeof parametrosTurnos>;

/** POST /api/administracion/turnos/parametros: a unit's booking rules, replaced. */
export const guardarParametrosTurnosBody = z.strictObject({
  unineg: id,
  diasAnticipacion: entero(0, 365),
  cierreDiasAntes: entero(0, 30),
  cierreHora: hora,
  cambioMinutosAntes: entero(0, 43_200),
  toleranciaMinutos: entero(0, 240),
  /** null: no fair share. */
  cuotaEmpresaPct: entero(1, 100).nullable(),
});
export type GuardarParametrosTurnosBody = z.input<typeof guardarParametrosTurnosBody>;

export const franjaPlantilla = z.object({
  diaSemana: z.number().int(),
  hora: z.number().int(),
  capacidad: z.number().int(),
});
export const franjaExcepcion = z.object({
  fecha: dia,
  hora: z.number().int(),
  capacidad: z.number().int(),
});
export const pausaTurnos = z.object({
  id: z.number().int(),
  fecha: dia,
  /** null: the whole day. */
  hora: z.number().int().nullable(),
  motivo: z.string(),
  creadoEn: fechaLocal,
});
export type PausaTurnos = z.infer<typeof pausaTurnos>;

/** POST /api/administracion/turnos/calendario: a calendar, its unit's rules, a range's dates. */
export const calendarioBody = z.strictObject({ ...calendario, ...rango });
export type CalendarioBody = z.input<typeof calendarioBody>;
export const calendarioRespuesta = z.object({
  parametros: parametrosTurnos,
  plantilla: z.array(franjaPlantilla),
  excepciones: z.array(franjaExcepcion),
  pausas: z.array(pausaTurnos),
});
export type CalendarioRespuesta = z.infer<typeof calendarioRespuesta>;

/** POST /api/administracion/turnos/plantilla: the weekly template, replaced whole. */
export const guardarPlantillaBody = z.strictObject({
  ...calendario,
  franjas: z
    .array(z.strictObject({ diaSemana, hora, capacidad }))
    .max(7 * 24)
    .refine(
      (fs) => new Set(fs.map((f) => `${f.diaSemana}/${f.hora}`)).size === fs.length,
      'cada día y hora una sola vez',
    ),
});
export type GuardarPlantillaBody = z.input<typeof guardarPlantillaBody>;

/**
 * POST /api/administracion/turnos/excepciones: a date's own capacities, replacing the date's
 * earlier ones (an empty list: the date follows the template again; 0: the band is closed).
 */
export const guardarExcepcionesBody = z.strictObject({
  ...calendario,
  fecha: dia,
  franjas: z
    .array(z.strictObject({ hora, capacidad }))
    .max(24)
    .refine((fs) => new Set(fs.map((f) => f.hora)).size === fs.length, 'cada hora una sola vez'),
});
export type GuardarExcepcionesBody = z.input<typeof guardarExcepcionesBody>;

/** POST /api/administracion/turnos/copiar-semana: the 7 days from `desde`, onto the next weeks. */
export const copiarSemanaBody = z.strictObject({
  ...calendario,
  desde: dia,
  semanas: entero(1, 12),
});
export type CopiarSemanaBody = z.input<typeof copiarSemanaBody>;
export const copiarSemanaRespuesta = z.object({ dias: z.number().int() });

/** POST /api/administracion/turnos/pausar: a band, or a whole day without `hora`. */
export const pausarBody = z.strictObject({
  ...calendario,
  fecha: dia,
  hora: hora.nullish(),
  motivo: texto(200).min(1),
});
export type PausarBody = z.input<typeof pausarBody>;
/** The pause, and the bookings it holds that the administrator should move. */
export const pausarRespuesta = z.object({ pausa: pausaTurnos, afectados: z.array(turno) });
export type PausarRespuesta = z.infer<typeof pausarRespuesta>;

/** POST /api/administracion/turnos/reanudar: a pause lifted. */
export const reanudarBody = z.strictObject({ pausa: id });
export type ReanudarBody = z.input<typeof reanudarBody>;

// ---------------------------------------------------------------------------------------------
// The 'Turnos' screen: band counts, notices of paused bookings, the voucher

/** POST /api/administracion/turnos/ocupacion: a calendar's bands of one day, with their counts. */
export const ocupacionBody = z.strictObject({ ...calendario, fecha: dia });
export type OcupacionBody = z.input<typeof ocupacionBody>;
export const franjaOcupada = z.object({
  hora: z.number().int(),
  capacidad: z.number().int(),
  /** Live bookings ('reservado' or 'presente'): what takes the band's places. */
  reservados: z.number().int(),
  /** Checked in at the gate ('presente'). */
  presentes: z.number().int(),
  /** Marked as no-shows ('ausente'). */
  ausentes: z.number().int(),
  pausa: z.string().nullable(),
});
export type FranjaOcupada = z.infer<typeof franjaOcupada>;
export const ocupacionRespuesta = z.object({
  fecha: dia,
  franjas: z.array(franjaOcupada),
});
export type OcupacionRespuesta = z.infer<typeof ocupacionRespuesta>;

/** POST /api/turnos/pausados: the caller's bookings from today on held by a band's pause. */
export const turnoPausado = turno.extend({ motivo: z.string() });
export type TurnoPausado = z.infer<typeof turnoPausado>;
export const turnosPausadosRespuesta = z.array(turnoPausado);

/**
 * GET /api/turnos/comprobante/:codigo (and /pdf): public, by the unguessable code, limited per
 * address; only what the printed voucher shows (docs/security.md, "El comprobante del turno").
 */
export const comprobanteParams = z.strictObject({
  codigo: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{8}$/, 'un código de turno tiene 8 letras y números'),
});
export const comprobanteTurno = z.object({
  codigo: z.string(),
  estado: z.enum(ESTADOS_TURNO),
  terminal: z.string(),
  empresa: z.string(),
  unidad: z.string(),
  despacho: z.string(),
  cupo: z.number().int(),
  producto: z.string(),
  fecha: dia,
  hora: z.number().int(),
  /** The truck's plate when the booking's quota already has one. */
  patente: z.string().nullable(),
});
export type ComprobanteTurno = z.infer<typeof comprobanteTurno>;

/** The voucher as a printable PDF (A5): the code large and a QR code holding it. */
export const comprobantePdfRespuesta = {
  description: 'El comprobante del turno en PDF: los datos del turno, el código y su código QR',
  content: {
    'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
  },
} as const satisfies RespuestaArchivo;
