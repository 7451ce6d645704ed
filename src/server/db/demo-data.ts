/**
 * Demo data of an Argentine grain terminal (design section 10), and the same generator at
 * harvest-peak size for benchmarks (`generarVolumen`). Values come from a seeded generator so
 * that two runs give the same yard; card values alone come from the CSPRNG.
 */
import { sql } from 'drizzle-orm';
import { emitirTarjeta } from '../features/auth/repository';
import { generarValores, type ValoresTarjeta } from '../features/auth/tarjetas';
import {
  registrarBruto,
  registrarEgreso,
  registrarIngreso,
  registrarTara,
} from '../features/operaciones/playa';
import { recalcularSaldos, registrarMovimientos } from '../features/stock/repository';
import type { Actor } from './auditoria';
import type { Db, Tx } from './client';
import * as t from './schema';

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

export const EMPRESAS = [
  { codempre: 0, nomempre: 'Terminal Puerto Acopio S.A.', cuit: '30-71234567-8' },
  { codempre: 1, nomempre: 'Agroexportadora del Litoral S.A.', cuit: '30-70981234-5' },
  { codempre: 2, nomempre: 'Cereales Pampeanos S.R.L.', cuit: '30-68812345-1' },
  { codempre: 3, nomempre: 'Molinos Río Paraná S.A.', cuit: '30-50012345-9' },
  { codempre: 4, nomempre: 'Oleaginosa San Martín S.A.', cuit: '30-71555666-2' },
  { codempre: 5, nomempre: 'Cooperativa Agrícola Las Varillas Ltda.', cuit: '30-52223334-7' },
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

async function crearUsuario(tx: Tx, u: { usuario: string; codempre: number; unidades: number[] }) {
  const [fila] = await tx
    .insert(t.usuarios)
    .values({ usuario: u.usuario, codempre: u.codempre })
    .returning({ id: t.usuarios.id });
  if (u.unidades.length) {
    await tx
      .insert(t.usuarioUnidades)
      .values(u.unidades.map((unineg) => ({ usuarioId: fila!.id, unineg })));
  }
  return fila!.id;
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
      const valores = generarValores();
      const ctrl = await emitirTarjeta(tx, secreto, id, valores);
      const nomempre = EMPRESAS.find((e) => e.codempre === u.codempre)!.nomempre;
      tarjetasDemo.push({ usuario: u.usuario, codempre: u.codempre, nomempre, ctrl, valores });
    }
    const otros = [];
    for (const u of OTROS_USUARIOS) otros.push(await crearUsuario(tx, u));

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

/** The demo's trucks are audited as recorded by this actor. */
const DEMO: Actor = { actor: 'demo' };

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
    const [cupo] = await tx
      .insert(t.cupos)
      .values({
        codempre: op.codempre,
        unineg: op.unineg,
        tipo: r.siguiente() < 0.6 ? 'D' : 'R',
        coddespacho: tipoDespacho.coddespacho,
        tipenvase: envase?.ctrl ?? null,
        pesoEnvase: envase?.peso ?? null,
        cantidad,
        couting: r.siguiente() < 0.15,
        obs: r.elegir(OBSERVACIONES),
        fechagen,
      })
      .returning();
    const mezcla = elegirMezcla(r, op.productos);
    await tx.insert(t.cupoProductos).values(mezcla.map((m) => ({ cupoCtrl: cupo!.ctrl, ...m })));
    if (envase) {
      await tx
        .insert(t.cupoEnvasesVacios)
        .values({ cupoCtrl: cupo!.ctrl, ctrlenvase: envase.ctrl, unidades: cantidad });
    }
    return { cupo: cupo!, mezcla, envase };
  }

  // Free quotas waiting for a truck, generated over the last days.
  for (let i = 0; i < 8; i++) await nuevoCupo(horasAtras(r.entero(2, 96)));

  // Opening balance of every product the client keeps in this unit.
  await registrarMovimientos(
    tx,
    op.productos.map((codpro) => ({
      codempre: op.codempre,
      unineg: op.unineg,
      codpro,
      tipo: 'apertura' as const,
      kilos: r.entero(3_000, 25_000) * 1000 + r.entero(0, 999),
      fecha: horasAtras(24 * 30).toISOString(),
      observacion: 'Saldo inicial de campaña',
    })),
  );

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

async function cargarEncuestas(tx: Tx, r: Aleatorio, usuariosQueRespondieron: number[]) {
  const [satisfaccion] = await tx
    .insert(t.encuestas)
    .values({
      titulo: 'Encuesta de satisfacción — Campaña 2026',
      descripcion: 'Queremos conocer su opinión sobre la atención y los tiempos de la terminal.',
      fechaCreacion: horasAtras(24 * 12),
    })
    .returning();
  const preguntas = await tx
    .insert(t.encuestaPreguntas)
    .values([
      {
        encuestaId: satisfaccion!.id,
        texto: '¿Cómo califica la atención del personal de balanza?',
        obligatoria: true,
      },
      {
        encuestaId: satisfaccion!.id,
        texto: '¿Cómo califica el tiempo de espera en playa?',
        obligatoria: true,
      },
      {
        encuestaId: satisfaccion!.id,
        texto: '¿Cómo califica la información que recibe sobre sus cupos?',
      },
      { encuestaId: satisfaccion!.id, texto: '¿Qué deberíamos mejorar?', esTexto: true },
    ])
    .returning();
  const textos = [
    'Más balanzas habilitadas en horario pico.',
    'Avisar por correo cuando se asigna un cupo.',
  ];
  for (const [i, usuarioId] of usuariosQueRespondieron.entries()) {
    const [set] = await tx
      .insert(t.encuestaRespuestas)
      .values({ encuestaId: satisfaccion!.id, usuarioId, fechaRespuesta: horasAtras(24 * (5 - i)) })
      .returning();
    await tx.insert(t.encuestaRespuestaItems).values(
      preguntas.map((p) =>
        p.esTexto
          ? { respuestaId: set!.id, preguntaId: p.id, textoRespuesta: textos[i % textos.length]! }
          : {
              respuestaId: set!.id,
              preguntaId: p.id,
              puntaje: r.entero(3, 5),
              observaciones:
                p.obligatoria && i === 0 ? 'Muy buena predisposición del personal.' : null,
            },
      ),
    );
  }

  const [embolsado] = await tx
    .insert(t.encuestas)
    .values({
      titulo: 'Servicio de embolsado',
      descripcion: null,
      fechaCreacion: horasAtras(24 * 3),
    })
    .returning();
  await tx.insert(t.encuestaPreguntas).values([
    {
      encuestaId: embolsado!.id,
      texto: '¿Cómo califica la calidad del embolsado?',
      obligatoria: true,
    },
    {
      encuestaId: embolsado!.id,
      texto: 'Comentarios sobre el estado de las bolsas',
      esTexto: true,
    },
  ]);
}

/** Sizes of a generated data set (benchmarks). */
export interface TamanosVolumen {
  empresas: number;
  /** Trucks in the yard (statuses 1-3 and recently finished) for the first client and unit. */
  camionesEnPlaya: number;
  cupos: number;
  movimientos: number;
  usuarios: number;
  encuestas: number;
}

export const TAMANOS_COSECHA: TamanosVolumen = {
  empresas: 200,
  camionesEnPlaya: 5_000,
  cupos: 200_000,
  movimientos: 1_000_000,
  usuarios: 2_000,
  encuestas: 50,
};

/**
 * Adds a harvest-peak data set on top of the demo data, with set-based SQL (generate_series):
 * a million rows take seconds, not minutes. Reproducible: setseed() fixes random().
 * Companies get codes from 1000 on, so they never collide with the demo's.
 */
export async function generarVolumen(db: Db, n: TamanosVolumen): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.2026)`);
    await tx.execute(sql`
      insert into empresas (codempre, nomempre)
      select 1000 + i, 'Cliente de cosecha ' || lpad(i::text, 4, '0') || ' S.A.'
      from generate_series(1, ${n.empresas}) i`);
    await tx.execute(sql`
      insert into productos_clientes (codempre, unineg, codpro)
      select e.codempre, p.unineg, p.codpro
      from empresas e
      cross join (values (1, 1), (1, 2), (1, 3), (2, 10), (2, 11)) as p(unineg, codpro)
      where e.codempre >= 1000`);
    await tx.execute(sql`
      insert into envases (codempre, nombre, peso)
      select codempre, 'Bolsa 50 kg', 50 from empresas where codempre >= 1000`);
    await tx.execute(sql`
      insert into usuarios (usuario, codempre)
      select 'usuario' || lpad(i::text, 5, '0'), 1000 + ((i - 1) % ${n.empresas}) + 1
      from generate_series(1, ${n.usuarios}) i`);
    await tx.execute(sql`
      insert into usuario_unidades (usuario_id, unineg)
      select id, un.ctrl from usuarios, (values (1), (2)) un(ctrl) where usuario like 'usuario%'`);

    // The harvest-peak yard: every truck of one client and unit, most still in the yard.
    await tx.execute(sql`
      insert into camiones (codempre, unineg, patcha, pataco, cargateorica, nomchofer, dni,
                            ingplaya, codestado, finalizado_en)
      select 1001, 1,
             chr(65 + (i % 23)) || chr(65 + (i / 23 % 23)) || lpad((i % 1000)::text, 3, '0') || 'AB',
             chr(66 + (i % 21)) || chr(67 + (i / 21 % 21)) || lpad(((i * 7) % 1000)::text, 3, '0') || 'CD',
             27000 + (i % 6) * 1000,
             (array['Juan','Carlos','Miguel','Héctor','Rubén','Diego','Walter'])[1 + i % 7] || ' ' ||
             (array['González','Rodríguez','Fernández','López','Sosa','Romero','Acosta'])[1 + i / 7 % 7],
             (20000000 + i * 4099 % 24000000)::text,
             now() - make_interval(secs => i * 20),
             e.codestado,
             case when e.codestado = 4 then now() - make_interval(secs => i * 10) end
      from generate_series(1, ${n.camionesEnPlaya}) i
      cross join lateral (select (array[1, 1, 2, 2, 3, 4])[1 + i % 6]::smallint as codestado) e`);

    await tx.execute(sql`
      insert into cupos (codempre, unineg, tipo, coddespacho, cantidad, couting, obs, fechagen, eliminado_en)
      select 1000 + 1 + (i % ${n.empresas}), 1 + (i % 2),
             case when random() < 0.6 then 'D' else 'R' end,
             case when i % 2 = 0 then 1 else 3 end,
             (26 + (i % 7)) * 1000, false,
             case when i % 5 = 0 then 'Contrato ' || i end,
             now() - make_interval(hours => i % 8760),
             case when i % 3 = 0 then now() - make_interval(hours => i % 4000) end
      from generate_series(1, ${n.cupos}) i`);
    await tx.execute(sql`
      insert into cupo_productos (cupo_ctrl, codpro, porcentaje)
      select ctrl, case when unineg = 1 then 1 + ctrl % 3 else 10 + ctrl % 2 end, 100
      from cupos where codempre >= 1000`);

    // Half the ledger in the harvest-peak client's Granos (the worst case for reading stock), the
    // other half spread over every company; then the balances, summed from the ledger.
    await tx.execute(sql`
      insert into stock_movimientos (codempre, unineg, codpro, fecha, tipo, toneladas)
      select case when i % 2 = 0 then 1001 else 1000 + 1 + ((i / 2) % ${n.empresas}) end, 1, 1 + (i % 3),
             now() - make_interval(mins => i % 525600),
             case when i % 10 = 0 then 'apertura' else 'ajuste' end,
             round((random() * 60 - 20)::numeric, 3)
      from generate_series(1, ${n.movimientos}) i`);
    await recalcularSaldos(tx);

    await tx.execute(sql`
      insert into encuestas (titulo, descripcion, fecha_creacion)
      select 'Encuesta de cosecha ' || i, 'Opinión sobre la campaña, ronda ' || i,
             now() - make_interval(days => i)
      from generate_series(1, ${n.encuestas}) i`);
    await tx.execute(sql`
      insert into encuesta_preguntas (encuesta_id, texto, obligatoria, es_texto)
      select e.id, q.texto, q.obligatoria, q.es_texto
      from encuestas e
      cross join (values ('¿Cómo califica la atención?', true, false),
                         ('¿Cómo califica los tiempos de espera?', false, false),
                         ('Comentarios', false, true)) q(texto, obligatoria, es_texto)
      where e.titulo like 'Encuesta de cosecha %'`);
  });
  await db.execute(sql`analyze`);
}
