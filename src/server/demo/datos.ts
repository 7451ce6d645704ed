/**
 * Demo data of an Argentine grain terminal (design section 10). Values come from a seeded
 * generator so that two runs give the same yard; card values alone come from the CSPRNG.
 *
 * Everything a person or a machine would do goes through the same services the screens, the
 * CLI and the gate use (users, cards, quotas, yard operations, stock, surveys), so the demo
 * obeys every rule and leaves the audit trail they leave. Only the reference catalogues are
 * inserted as they are, and the dates of past events are set back afterwards (`retrotraer`).
 */
import { sql } from 'drizzle-orm';
import type { UsuarioSesion } from '../acceso';
import type { Actor } from '../db/auditoria';
import type { Db, Tx } from '../db/client';
import * as t from '../db/schema';
import { emitirTarjetaEn } from '../features/auth/servicio';
import type { ValoresTarjeta } from '../features/auth/tarjetas';
import * as cupos from '../features/cupos/servicio';
import * as encuestas from '../features/encuestas/servicio';
import {
  registrarBruto,
  registrarEgreso,
  registrarIngreso,
  registrarTara,
  registrarVinculo,
} from '../features/operaciones/servicio';
import * as stock from '../features/stock/servicio';
import * as tablero from '../features/tablero/servicio';
import * as turnos from '../features/turnos/servicio';
import * as usuarios from '../features/usuarios/servicio';

/** The demo is audited as done by this actor. */
const DEMO: Actor = { actor: 'demo' };

/** mulberry32: small, fast and good enough to make a yard look lived in. */
export function aleatorio(semilla: number) {
  let a = semilla >>> 0;
  const siguiente = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    siguiente,
    entero: (min: number, max: number) => min + Math.floor(siguiente() * (max - min + 1)),
    elegir: <T>(lista: readonly T[]): T => lista[Math.floor(siguiente() * lista.length)]!,
  };
}
type Aleatorio = ReturnType<typeof aleatorio>;

/** Company 0 is the terminal: its name, CUIT and address go on cards and tickets. */
export const EMPRESAS = [
  {
    codempre: 0,
    nomempre: 'Terminal Puerto Acopio S.A.',
    cuit: '30-71234567-1',
    direccion: 'Av. de la Costanera 1500, Puerto San Martín, Santa Fe',
  },
  { codempre: 1, nomempre: 'Agroexportadora del Litoral S.A.', cuit: '30-70981235-8' },
  { codempre: 2, nomempre: 'Cereales Pampeanos S.R.L.', cuit: '30-68812346-8' },
  { codempre: 3, nomempre: 'Molinos Río Paraná S.A.', cuit: '30-50012345-8' },
  { codempre: 4, nomempre: 'Oleaginosa San Martín S.A.', cuit: '30-71555666-5' },
  { codempre: 5, nomempre: 'Cooperativa Agrícola Las Varillas Ltda.', cuit: '30-52223334-6' },
];

export const UNIDADES = [
  { ctrl: 1, unineg: 'Granos' },
  { ctrl: 2, unineg: 'Subproductos' },
];

export const PRODUCTOS = [
  { codpro: 1, nompro: 'Soja' },
  { codpro: 2, nompro: 'Maíz' },
  { codpro: 3, nompro: 'Trigo' },
  { codpro: 4, nompro: 'Girasol' },
  { codpro: 5, nompro: 'Sorgo' },
  { codpro: 6, nompro: 'Cebada cervecera' },
  { codpro: 10, nompro: 'Harina de soja' },
  { codpro: 11, nompro: 'Pellets de girasol' },
  { codpro: 12, nompro: 'Cascarilla de soja' },
];

const TIPOS_DESPACHO = [
  { coddespacho: 1, unineg: 1, nomdespacho: 'Granel', envase: 'N' },
  { coddespacho: 2, unineg: 1, nomdespacho: 'Embolsado', envase: 'S' },
  { coddespacho: 3, unineg: 2, nomdespacho: 'Granel', envase: 'N' },
  { coddespacho: 4, unineg: 2, nomdespacho: 'Embolsado', envase: 'S' },
  { coddespacho: 5, unineg: 2, nomdespacho: 'Big bag', envase: 'S' },
];

const ENVASES_TIPICOS = [
  { nombre: 'Bolsa 25 kg', peso: 25 },
  { nombre: 'Bolsa 50 kg', peso: 50 },
  { nombre: 'Big bag 1000 kg', peso: 1000 },
];

/** Which client works in which unit, and with which products. */
const OPERACIONES: { codempre: number; unineg: number; productos: number[]; camiones: number }[] = [
  { codempre: 1, unineg: 1, productos: [1, 2, 3, 4], camiones: 16 },
  { codempre: 1, unineg: 2, productos: [10, 11], camiones: 6 },
  { codempre: 2, unineg: 1, productos: [1, 2, 5], camiones: 10 },
  { codempre: 3, unineg: 1, productos: [3, 6], camiones: 5 },
  { codempre: 3, unineg: 2, productos: [10, 12], camiones: 4 },
  { codempre: 4, unineg: 2, productos: [10, 11, 12], camiones: 5 },
  { codempre: 5, unineg: 1, productos: [1, 2, 3, 4, 5], camiones: 6 },
];

export const USUARIOS_DEMO = [
  { usuario: 'admin', codempre: 0, unidades: [] as number[] },
  { usuario: 'cliente1', codempre: 1, unidades: [1, 2] },
  { usuario: 'cliente2', codempre: 2, unidades: [1] },
];

/** Users of other companies who already answered the demo survey (they hold no card). */
const OTROS_USUARIOS = [
  { usuario: 'molinos.compras', codempre: 3, unidades: [1, 2] },
  { usuario: 'oleaginosa.logistica', codempre: 4, unidades: [2] },
];

const NOMBRES = [
  'Juan',
  'Carlos',
  'Miguel',
  'José Luis',
  'Héctor',
  'Rubén',
  'Marcelo',
  'Diego',
  'Sergio',
  'Walter',
  'Ramón',
  'Gustavo',
  'Claudio',
  'Néstor',
  'Daniel',
  'Mariela',
  'Silvina',
];
const APELLIDOS = [
  'González',
  'Rodríguez',
  'Fernández',
  'López',
  'Martínez',
  'Pérez',
  'Gómez',
  'Díaz',
  'Sosa',
  'Romero',
  'Acosta',
  'Benítez',
  'Medina',
  'Herrera',
  'Aguirre',
  'Giménez',
  'Ibáñez',
  'Quiroga',
];
const LETRAS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

function patente(r: Aleatorio): string {
  const l = () => LETRAS[r.entero(0, LETRAS.length - 1)];
  // Mercosur plates (AB123CD) on most trucks; some trailers still carry the old ABC123.
  return r.siguiente() < 0.8
    ? `${l()}${l()}${r.entero(100, 999)}${l()}${l()}`
    : `${l()}${l()}${l()}${r.entero(100, 999)}`;
}

const MEZCLAS = [[100], [100], [100], [70, 30], [60, 40], [50, 50], [33.3, 33.3, 33.4]];

const OBSERVACIONES = [
  null,
  null,
  'Entregar en celda 4',
  'Turno mañana',
  'Prioridad exportación, buque MV Paraná Star',
  'Calidad cámara',
  'Humedad máxima 13,5%',
  'Coordinar con balanza 2',
  'Contrato 2026/118 — entrega parcial',
];

export interface TarjetaDemo {
  usuario: string;
  codempre: number;
  nomempre: string;
  ctrl: number;
  valores: ValoresTarjeta;
}

/** True when the database has no users: a fresh database that may receive the demo data. */
export async function baseVacia(db: Db): Promise<boolean> {
  const { rows } = await db.execute<{ hay: boolean }>(
    sql`select exists (select 1 from usuarios) as hay`,
  );
  return !rows[0]?.hay;
}

async function cargarCatalogos(tx: Tx) {
  await tx.insert(t.empresas).values(EMPRESAS);
  await tx.insert(t.unidadesNegocio).values(UNIDADES);
  await tx.insert(t.productos).values(PRODUCTOS);
  await tx.insert(t.tiposDespacho).values(TIPOS_DESPACHO);
  // The units each client works in: its users may hold only these.
  await tx
    .insert(t.empresaUnidades)
    .values(OPERACIONES.map(({ codempre, unineg }) => ({ codempre, unineg })));
  await ajustarSecuencias(tx);
}

/** After inserting explicit ids, serial sequences must continue past them. */
async function ajustarSecuencias(tx: Tx) {
  for (const [tabla, columna] of [
    ['unidades_negocio', 'ctrl'],
    ['tipos_despacho', 'coddespacho'],
  ] as const) {
    await tx.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${tabla}', '${columna}'), (select max(${columna}) from ${tabla}))`,
      ),
    );
  }
}

const crearUsuario = async (tx: Tx, u: usuarios.NuevoUsuario) =>
  (await usuarios.crear(tx, 'terminal', DEMO, u)).id;

/** Sets the date of something the demo just did back to when it happened. */
async function retrotraer(
  tx: Tx,
  que:
    | 'cupos.fechagen'
    | 'cupos.eliminado_en'
    | 'encuestas.fecha_creacion'
    | 'encuesta_respuestas.fecha_respuesta',
  id: number,
  fecha: Date,
) {
  const [tabla, columna] = que.split('.') as [string, string];
  const clave = tabla === 'cupos' ? 'ctrl' : 'id';
  await tx.execute(
    sql`update ${sql.identifier(tabla)} set ${sql.identifier(columna)} = ${fecha}
        where ${sql.identifier(clave)} = ${id}`,
  );
}

/**
 * Loads the demo data into an empty database in one transaction (all or nothing) and returns
 * the demo users' cards, the only moment their values exist in clear.
 */
export async function cargarDemo(db: Db, secreto: string, semilla = 2026): Promise<TarjetaDemo[]> {
  const r = aleatorio(semilla);
  return db.transaction(async (tx) => {
    await cargarCatalogos(tx);
    const tarjetasDemo: TarjetaDemo[] = [];
    for (const u of USUARIOS_DEMO) {
      const id = await crearUsuario(tx, u);
      const { ctrltarjeta: ctrl, celdas: valores } = await emitirTarjetaEn(tx, secreto, id);
      const nomempre = EMPRESAS.find((e) => e.codempre === u.codempre)!.nomempre;
      tarjetasDemo.push({ usuario: u.usuario, codempre: u.codempre, nomempre, ctrl, valores });
    }
    const otros: UsuarioSesion[] = [];
    for (const u of OTROS_USUARIOS) {
      const id = await crearUsuario(tx, u);
      otros.push({ ...u, id, esAdministrador: false, uniNegs: [], reautenticada: false });
    }

    const envasesPorEmpresa = new Map<number, { ctrl: number; peso: number }[]>();
    for (const e of EMPRESAS.filter((e) => e.codempre !== 0)) {
      const filas = await tx
        .insert(t.envases)
        .values(ENVASES_TIPICOS.map((x) => ({ ...x, codempre: e.codempre })))
        .returning({ ctrl: t.envases.ctrl, peso: t.envases.peso });
      envasesPorEmpresa.set(e.codempre, filas);
    }

    for (const op of OPERACIONES) {
      await tx
        .insert(t.productosClientes)
        .values(
          op.productos.map((codpro) => ({ codempre: op.codempre, unineg: op.unineg, codpro })),
        );
      await cargarOperacion(tx, r, op, envasesPorEmpresa.get(op.codempre)!);
    }

    await cargarEncuestas(tx, r, otros);
    // A generator of its own: the yard above stays what it was before the dashboard existed.
    await cargarHistorial(tx, aleatorio(semilla + 16));
    await cargarTurnos(tx, aleatorio(semilla + 24));
    return tarjetasDemo;
  });
}

function elegirMezcla(r: Aleatorio, productos: number[]): { codpro: number; porcentaje: number }[] {
  const partes = r.elegir(MEZCLAS.filter((m) => m.length <= productos.length));
  const disponibles = [...productos];
  return partes.map((porcentaje) => {
    const codpro = disponibles.splice(r.entero(0, disponibles.length - 1), 1)[0]!;
    return { codpro, porcentaje };
  });
}

const horasAtras = (h: number) => new Date(Date.now() - h * 3_600_000);

async function cargarOperacion(
  tx: Tx,
  r: Aleatorio,
  op: (typeof OPERACIONES)[number],
  envasesCliente: { ctrl: number; peso: number }[],
) {
  const tipos = TIPOS_DESPACHO.filter((d) => d.unineg === op.unineg);

  async function nuevoCupo(fechagen: Date) {
    const tipoDespacho = r.siguiente() < 0.7 ? tipos[0]! : r.elegir(tipos.slice(1));
    const envase = tipoDespacho.envase === 'S' ? r.elegir(envasesCliente) : undefined;
    // Bulk quotas carry kilos; container quotas carry units (bags or big bags).
    const cantidad = envase
      ? Math.round(r.entero(26_000, 30_000) / envase.peso)
      : r.entero(26, 32) * 1000;
    const tipo = r.siguiente() < 0.6 ? ('D' as const) : ('R' as const);
    const conCoating = r.siguiente() < 0.15;
    const observaciones = r.elegir(OBSERVACIONES);
    const mezcla = elegirMezcla(r, op.productos);
    // Ordered as a client orders it, through the order form's own checks.
    const r1 = await cupos.crear(tx, 'terminal', DEMO, {
      cupo: {
        cliente: op.codempre,
        uniNeg: op.unineg,
        tipoOrden: tipo,
        tipoDespacho: tipoDespacho.coddespacho,
        envase: envase?.ctrl ?? -1,
        cargaMaxima: cantidad,
        conCoating,
        observaciones,
        cantCuposIguales: 1,
      },
      productos: mezcla.map((m) => ({ producto: m.codpro, porcentaje: m.porcentaje })),
    });
    if ('errores' in r1) throw new Error(`Cupo de demostración inválido: ${r1.errores.join('; ')}`);
    const ctrl = r1.cupos[0]!;
    await retrotraer(tx, 'cupos.fechagen', ctrl, fechagen);
    return { cupo: { ctrl, cantidad }, mezcla, envase };
  }

  // Free quotas waiting for a truck, generated over the last days.
  for (let i = 0; i < 8; i++) await nuevoCupo(horasAtras(r.entero(2, 96)));

  // Opening balance of every product the client keeps in this unit.
  for (const codpro of op.productos) {
    await stock.ajustar(tx, DEMO, {
      codempre: op.codempre,
      unineg: op.unineg,
      codpro,
      tipo: 'apertura',
      kilos: r.entero(3_000, 25_000) * 1000 + r.entero(0, 999),
      fecha: horasAtras(24 * 30).toISOString(),
      observacion: 'Saldo inicial de campaña',
    });
  }

  // Trucks, recorded through the yard operations as the gate and the scale record them, so that
  // the stock is exactly the opening balances plus the tickets. The first four cover every
  // status, the rest spread over them.
  const estados = [1, 2, 3, 4];
  for (let i = 0; i < op.camiones; i++) {
    const codestado = i < 4 ? estados[i]! : r.elegir([1, 1, 2, 2, 3, 4, 4, 4]);
    const ingreso = codestado === 4 ? r.entero(6, 40) : r.entero(0, 10) + r.siguiente();
    const ingplaya = horasAtras(ingreso);
    const finalizadoEn = codestado === 4 ? horasAtras(ingreso - r.entero(2, 5)) : null;
    const camion = {
      codempre: op.codempre,
      unineg: op.unineg,
      patcha: patente(r),
      pataco: r.siguiente() < 0.9 ? patente(r) : null,
      cargateorica: r.entero(27, 32) * 1000,
      nomchofer: `${r.elegir(NOMBRES)} ${r.elegir(APELLIDOS)}`,
      dni: String(r.entero(18_000_000, 44_000_000)),
      fecha: ingplaya,
    };
    if (codestado === 1) {
      await registrarIngreso(tx, DEMO, camion);
      continue;
    }

    const { cupo, envase } = await nuevoCupo(horasAtras(ingreso + r.entero(4, 48)));
    const { camion: ctrl } = await registrarIngreso(tx, DEMO, { ...camion, cupo: cupo.ctrl });
    if (codestado === 2) continue;

    const tara = r.entero(13_500, 16_500);
    const neto = envase
      ? Math.round(cupo.cantidad * envase.peso)
      : r.entero(26_000, Math.min(cupo.cantidad, 31_000));
    // Weighed after entering and never after now: a truck that just came in is weighed at once.
    const espera = r.entero(20, 90) * 60_000;
    const fechatara = new Date(
      ingplaya.getTime() + Math.min(espera, (Date.now() - ingplaya.getTime()) / 2),
    );
    await registrarTara(tx, DEMO, {
      camion: ctrl,
      kg: tara,
      balanza: `Balanza ${r.entero(1, 3)}`,
      fecha: fechatara,
    });
    if (codestado === 3) continue;

    await registrarBruto(tx, DEMO, {
      camion: ctrl,
      kg: tara + neto,
      balanza: `Balanza ${r.entero(1, 3)}`,
      fecha: finalizadoEn!,
    });
    await registrarEgreso(tx, DEMO, {
      camion: ctrl,
      fecha: new Date(finalizadoEn!.getTime() + 15 * 60_000),
    });
  }
}

/** A survey created, then its questions added and set up, as the administrator does it. */
async function crearEncuesta(
  tx: Tx,
  e: { titulo: string; descripcion: string | null; fecha: Date },
  preguntas: { texto: string; obligatoria?: boolean; esTexto?: boolean }[],
) {
  const encuesta = await encuestas.crear(tx, DEMO, { ...e, creadaPor: null });
  await retrotraer(tx, 'encuestas.fecha_creacion', encuesta.Id, e.fecha);
  const creadas = [];
  for (const p of preguntas) {
    const { Id } = await encuestas.agregarPregunta(tx, DEMO, encuesta.Id, p.texto);
    const datos = { id: Id, texto: p.texto, obligatoria: !!p.obligatoria, esTexto: !!p.esTexto };
    if (p.obligatoria || p.esTexto) await encuestas.editarPregunta(tx, DEMO, datos);
    creadas.push(datos);
  }
  return { id: encuesta.Id, preguntas: creadas };
}

async function cargarEncuestas(tx: Tx, r: Aleatorio, usuariosQueRespondieron: UsuarioSesion[]) {
  const satisfaccion = await crearEncuesta(
    tx,
    {
      titulo: 'Encuesta de satisfacción — Campaña 2026',
      descripcion: 'Queremos conocer su opinión sobre la atención y los tiempos de la terminal.',
      fecha: horasAtras(24 * 12),
    },
    [
      { texto: '¿Cómo califica la atención del personal de balanza?', obligatoria: true },
      { texto: '¿Cómo califica el tiempo de espera en playa?', obligatoria: true },
      { texto: '¿Cómo califica la información que recibe sobre sus cupos?' },
      { texto: '¿Qué deberíamos mejorar?', esTexto: true },
    ],
  );
  const textos = [
    'Más balanzas habilitadas en horario pico.',
    'Avisar por correo cuando se asigna un cupo.',
  ];
  for (const [i, usuario] of usuariosQueRespondieron.entries()) {
    const respuesta = await encuestas.responder(
      tx,
      usuario,
      { usuarioId: usuario.id, actor: usuario.usuario },
      {
        usuarioId: usuario.id,
        encuestaId: satisfaccion.id,
        respuestas: satisfaccion.preguntas.map((p) =>
          p.esTexto
            ? {
                preguntaId: p.id,
                puntaje: null,
                observaciones: null,
                textoRespuesta: textos[i % textos.length]!,
              }
            : {
                preguntaId: p.id,
                puntaje: r.entero(3, 5),
                observaciones:
                  p.obligatoria && i === 0 ? 'Muy buena predisposición del personal.' : null,
                textoRespuesta: null,
              },
        ),
      },
    );
    await retrotraer(
      tx,
      'encuesta_respuestas.fecha_respuesta',
      respuesta.Id,
      horasAtras(24 * (5 - i)),
    );
  }

  await crearEncuesta(
    tx,
    { titulo: 'Servicio de embolsado', descripcion: null, fecha: horasAtras(24 * 3) },
    [
      { texto: '¿Cómo califica la calidad del embolsado?', obligatoria: true },
      { texto: 'Comentarios sobre el estado de las bolsas', esTexto: true },
    ],
  );
}

/** The dashboard's settings of the demo units: declared trucks per hour, shortfall tolerance. */
const PARAMETROS_TABLERO = [
  { unineg: 1, capacidadHora: 4, toleranciaFaltante: 5 },
  { unineg: 2, capacidadHora: 3, toleranciaFaltante: 8 },
];

/** A bulk quota of the client and unit, ordered through the order form's own checks. */
async function cupoGranel(
  tx: Tx,
  op: (typeof OPERACIONES)[number],
  q: {
    cantidad: number;
    tipoOrden: 'D' | 'R';
    observaciones: string | null;
    mezcla: { codpro: number; porcentaje: number }[];
  },
): Promise<number> {
  const granel = TIPOS_DESPACHO.find((d) => d.unineg === op.unineg && d.envase === 'N')!;
  const res = await cupos.crear(tx, 'terminal', DEMO, {
    cupo: {
      cliente: op.codempre,
      uniNeg: op.unineg,
      tipoOrden: q.tipoOrden,
      tipoDespacho: granel.coddespacho,
      envase: -1,
      cargaMaxima: q.cantidad,
      conCoating: false,
      observaciones: q.observaciones,
      cantCuposIguales: 1,
    },
    productos: q.mezcla.map((m) => ({ producto: m.codpro, porcentaje: m.porcentaje })),
  });
  if ('errores' in res) throw new Error(`Cupo de demostración inválido: ${res.errores.join('; ')}`);
  return res.cupos[0]!;
}

/**
 * The last week for the dashboard (issue 16): finished trucks on each of the days 2 to 7 ago
 * (out of the trucks screen's recent window, 48 h), each through every stage — entry without an
 * order, the order linked, tare, gross — with waits that vary, so medians and percentiles mean
 * something; one of each client and unit loads over its quota (a deviation), the rest a bit
 * under it; and a quota deleted unused per client and unit.
 */
async function cargarHistorial(tx: Tx, r: Aleatorio) {
  for (const p of PARAMETROS_TABLERO) await tablero.guardarParametros(tx, DEMO, p);
  const minutos = (fecha: Date, m: number) => new Date(fecha.getTime() + m * 60_000);
  for (const op of OPERACIONES) {
    const cupo = async (fechagen: Date) => {
      const cantidad = r.entero(26, 32) * 1000;
      // Drawn in this order (tipo, observaciones, mezcla): the demo stays what it was.
      const ctrl = await cupoGranel(tx, op, {
        cantidad,
        tipoOrden: r.siguiente() < 0.85 ? 'D' : 'R',
        observaciones: r.elegir(OBSERVACIONES),
        mezcla: elegirMezcla(r, op.productos),
      });
      await retrotraer(tx, 'cupos.fechagen', ctrl, fechagen);
      return { ctrl, cantidad };
    };

    const porDia = Math.ceil(op.camiones / 5);
    for (let dia = 2; dia <= 7; dia++) {
      for (let k = 0; k < porDia; k++) {
        const ingplaya = horasAtras(24 * dia + r.entero(6, 20) + r.siguiente());
        const q = await cupo(horasAtras(24 * dia + r.entero(22, 60)));
        const { camion } = await registrarIngreso(tx, DEMO, {
          codempre: op.codempre,
          unineg: op.unineg,
          patcha: patente(r),
          pataco: patente(r),
          cargateorica: r.entero(27, 32) * 1000,
          nomchofer: `${r.elegir(NOMBRES)} ${r.elegir(APELLIDOS)}`,
          dni: String(r.entero(18_000_000, 44_000_000)),
          fecha: ingplaya,
        });
        const vinculo = minutos(ingplaya, r.entero(5, 75));
        await registrarVinculo(tx, DEMO, { camion, cupo: q.ctrl, fecha: vinculo.toISOString() });
        const fechatara = minutos(vinculo, r.entero(10, 140));
        const tara = r.entero(13_500, 16_500);
        await registrarTara(tx, DEMO, { camion, kg: tara, balanza: 'Balanza 1', fecha: fechatara });
        const neto =
          dia === 3 && k === 0
            ? q.cantidad + r.entero(300, 1_500)
            : r.entero(Math.round(q.cantidad * 0.9), q.cantidad);
        const fechabruto = minutos(fechatara, r.entero(20, 70));
        await registrarBruto(tx, DEMO, {
          camion,
          kg: tara + neto,
          balanza: 'Balanza 2',
          fecha: fechabruto,
        });
        await registrarEgreso(tx, DEMO, { camion, fecha: minutos(fechabruto, 15) });
      }
    }

    // A quota ordered and deleted unused three days later.
    const borrado = await cupo(horasAtras(24 * 6 + r.entero(0, 12)));
    await cupos.eliminar(tx, 'terminal', DEMO, borrado.ctrl);
    await retrotraer(tx, 'cupos.eliminado_en', borrado.ctrl, horasAtras(24 * 3 + r.entero(0, 12)));
  }
}

/** A wall time ('AAAA-MM-DDTHH:MM:SS') moved by `horas`. */
const paredMas = (pared: string, horas: number) =>
  new Date(Date.parse(`${pared}Z`) + horas * 3_600_000).toISOString().slice(0, 19);

/**
 * Turns (issue 24), so a new user sees them working at once: Granos takes 6 trucks an hour every
 * hour of the week; the cooperative (company 5) booked yesterday's bands (they are no-shows now,
 * 'No se presentó'), today's (one truck came on time and one late, both in the yard now; the
 * later bands still booked) and tomorrow's. Booked as the client books (on the day before, in the
 * window), checked in as the gate does, marked by the no-show worker's own function.
 */
async function cargarTurnos(tx: Tx, r: Aleatorio) {
  const franjas = [];
  for (let diaSemana = 1; diaSemana <= 7; diaSemana++) {
    for (let hora = 0; hora < 24; hora++) franjas.push({ diaSemana, hora, capacidad: 6 });
  }
  await turnos.guardarPlantilla(tx, DEMO, { unineg: 1, franjas });
  const { rows } = await tx.execute<{ ahora: string }>(
    sql`select to_char(now(), 'YYYY-MM-DD"T"HH24:MI:SS') as ahora`,
  );
  const ahora = rows[0]!.ahora;
  const hoy = ahora.slice(0, 10);
  const horaAhora = Number(ahora.slice(11, 13));
  const op = OPERACIONES.find((o) => o.codempre === 5 && o.unineg === 1)!;

  async function reservar(fecha: string, hora: number, patcha: string) {
    const cupo = await cupoGranel(tx, op, {
      cantidad: r.entero(26, 32) * 1000,
      tipoOrden: 'D',
      observaciones: null,
      mezcla: elegirMezcla(r, op.productos),
    });
    const diaAntes = paredMas(`${fecha}T00:00:00`, -24);
    return turnos.reservar(tx, () => diaAntes, 'terminal', DEMO, {
      cupo,
      fecha,
      hora,
      patente: patcha,
    });
  }

  async function llega(turno: { codigo: string; patente?: string | null }) {
    const { camion } = await registrarIngreso(tx, DEMO, {
      codempre: op.codempre,
      unineg: op.unineg,
      patcha: turno.patente!,
      pataco: patente(r),
      cargateorica: r.entero(27, 32) * 1000,
      nomchofer: `${r.elegir(NOMBRES)} ${r.elegir(APELLIDOS)}`,
      dni: String(r.entero(18_000_000, 44_000_000)),
    });
    await turnos.presentar(tx, () => ahora, 'terminal', DEMO, { camion, codigo: turno.codigo });
  }

  // Yesterday: three bookings nobody came for.
  const ayer = paredMas(`${hoy}T00:00:00`, -24).slice(0, 10);
  for (const hora of [8, 11, 15]) await reservar(ayer, hora, patente(r));
  // Today: the band of now (its truck is here, on time) and one 2 hours ago (its truck arrives
  // now, late, and takes a place of this band); the next bands still booked.
  await llega(await reservar(hoy, horaAhora, patente(r)));
  if (horaAhora >= 2) await llega(await reservar(hoy, horaAhora - 2, patente(r)));
  if (horaAhora >= 4) await reservar(hoy, horaAhora - 4, patente(r));
  for (let h = horaAhora + 1; h <= Math.min(horaAhora + 3, 23); h++) {
    await reservar(hoy, h, patente(r));
  }
  // Tomorrow: a morning's bookings.
  const manana = paredMas(`${hoy}T00:00:00`, 24).slice(0, 10);
  for (const hora of [7, 8, 9, 10]) await reservar(manana, hora, patente(r));
  // Yesterday's (and today's 4 hours ago): 'No se presentó', as the worker marks them.
  await turnos.marcarAusentes(tx, () => ahora);
}
