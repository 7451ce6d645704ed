/**
 * The audit as a person reads it (issue 22): one sentence per action the portal writes, with the
 * names kept in the row, the fields with the screens' labels, and the search patterns
 * (src/server/features/auditoria/frases.test.ts checks the server's calls against the catalogue).
 */
import { describe, expect, it } from 'vitest';
import {
  camposDeAuditoria,
  fraseDeAuditoria,
  nombreDeAccion,
  nombreDeTabla,
  patronesDeBusqueda,
  referenciasDe,
  tieneFrase,
  type EntradaLegible,
  type NombresAuditoria,
} from './auditoria';

const NOMBRES: NombresAuditoria = {
  empresas: { '0': 'Terminal Puerto Acopio S.A.', '1': 'Agroexportadora del Litoral S.A.' },
  unidades: { '1': 'Granos', '2': 'Subproductos' },
  productos: { '1': 'Soja', '2': 'Maíz', '4': 'Girasol' },
  camiones: { '2': 'AB123CD', '4': 'YLL100' },
  usuarios: { '6': 'jperez' },
  encuestas: { '1': 'Satisfacción 2026' },
};

const fila = (
  actor: string,
  accion: string,
  tabla: string,
  filaId: string | null,
  antes: unknown = null,
  despues: unknown = null,
): EntradaLegible => ({ actor, accion, tabla, filaId, antes, despues, nombres: NOMBRES });

const CUPO = {
  ctrl: 118,
  tipo: 'D',
  obs: null,
  mezcla: 'Girasol 60% / Soja 40%',
  unineg: 1,
  couting: false,
  cantidad: 30000,
  codempre: 1,
  productos: [
    { codpro: 1, porcentaje: 40 },
    { codpro: 4, porcentaje: 60 },
  ],
  camion_ctrl: null,
};

/** [what, the row, the sentence]: every table and action the portal writes. */
const CASOS: [string, EntradaLegible, string][] = [
  [
    'crear usuario',
    fila('admin', 'crear', 'usuarios', '6', null, {
      usuario: 'jperez',
      codempre: 1,
      unidades: [1],
    }),
    'admin creó el usuario jperez de Agroexportadora del Litoral S.A. con la unidad Granos',
  ],
  [
    'crear administrador',
    fila('inicializacion', 'crear', 'usuarios', '1', null, {
      usuario: 'admin',
      codempre: 0,
      unidades: [],
    }),
    'inicializacion creó el usuario admin de la terminal sin unidades',
  ],
  [
    'cambiar unidades de un usuario',
    fila(
      'admin',
      'cambiar_unidades',
      'usuarios',
      '6',
      { usuario: 'jperez', unidades: [1] },
      { usuario: 'jperez', unidades: [1, 2] },
    ),
    'admin cambió las unidades de jperez a Granos y Subproductos (antes: Granos)',
  ],
  [
    'desactivar usuario',
    fila(
      'admin',
      'desactivar',
      'usuarios',
      '6',
      { usuario: 'jperez', activo: true },
      { usuario: 'jperez', activo: false, sesionesCerradas: 2 },
    ),
    'admin desactivó al usuario jperez y cerró 2 sesiones',
  ],
  [
    'activar usuario',
    fila(
      'admin',
      'activar',
      'usuarios',
      '6',
      { usuario: 'jperez', activo: false },
      { usuario: 'jperez', activo: true, sesionesCerradas: 0 },
    ),
    'admin activó al usuario jperez',
  ],
  ['ingreso', fila('jperez', 'ingreso', 'usuarios', '6'), 'jperez ingresó al portal'],
  ['salida', fila('jperez', 'salida', 'usuarios', '6'), 'jperez salió del portal'],
  [
    'ingreso fallido',
    fila('jperez', 'ingreso_fallido', 'usuarios', '6', null, { fallos: 2, fallosEnLaHora: 3 }),
    'jperez no pudo ingresar: usuario o coordenadas incorrectas (2 fallos seguidos desde su dirección)',
  ],
  [
    'confirmación fallida',
    fila('jperez', 'reautenticacion_fallida', 'usuarios', '6', null, { fallos: 1 }),
    'jperez no pudo confirmar su identidad: coordenadas incorrectas (1 fallo)',
  ],
  [
    'bloqueo por dirección',
    fila('jperez', 'usuario_bloqueado', 'usuarios', '6', null, {
      ambito: 'direccion',
      ip: '10.0.0.7',
      hasta: '2026-11-26T15:15:00.000Z',
    }),
    'jperez quedó bloqueado temporalmente por intentos fallidos desde 10.0.0.7',
  ],
  [
    'bloqueo del nombre',
    fila('jperez', 'usuario_bloqueado', 'usuarios', null, null, { ambito: 'usuario' }),
    'jperez quedó bloqueado temporalmente por intentos fallidos en la última hora',
  ],
  [
    'confirmar identidad',
    fila('admin', 'reautenticacion', 'sesiones', '1', null, { hasta: '2026-11-26T15:15:00Z' }),
    'admin confirmó su identidad con su tarjeta',
  ],
  [
    'cerrar sesiones de un usuario',
    fila('admin', 'cerrar_sesiones', 'sesiones', 'jperez', { sesiones: 3 }, { cerradas: 3 }),
    'admin cerró 3 sesiones de jperez',
  ],
  [
    'cerrar todas las sesiones',
    fila('cli', 'cerrar_sesiones', 'sesiones', 'todas', { sesiones: 12 }, { cerradas: 12 }),
    'cli cerró todas las sesiones del portal (12)',
  ],
  [
    'cerrar una sesión propia',
    fila('jperez', 'cerrar_sesion_propia', 'sesiones', '40', { sesion: 40 }, { cerradas: 1 }),
    'jperez cerró una de sus sesiones',
  ],
  [
    'cerrar las otras sesiones',
    fila('jperez', 'cerrar_otras_sesiones', 'sesiones', '6', { otras: 2 }, { otras: 0 }),
    'jperez cerró sus otras sesiones (2)',
  ],
  [
    'emitir tarjeta',
    fila(
      'admin',
      'emitir_tarjeta',
      'tarjetas',
      '609163',
      { usuario: 'jperez', tarjeta: null },
      { usuario: 'jperez', tarjeta: 609163, sesionesCerradas: 0 },
    ),
    'admin emitió la tarjeta N° 609163 de jperez',
  ],
  [
    'reemplazar tarjeta',
    fila(
      'admin',
      'emitir_tarjeta',
      'tarjetas',
      '700001',
      { usuario: 'jperez', tarjeta: 609163 },
      { usuario: 'jperez', tarjeta: 700001, sesionesCerradas: 1 },
    ),
    'admin emitió la tarjeta N° 700001 de jperez, que reemplaza a la N° 609163; cerró 1 sesión',
  ],
  [
    'imprimir tarjeta',
    fila('admin', 'imprimir_tarjeta', 'tarjetas', '609163', null, { usuario: 'jperez' }),
    'admin imprimió la tarjeta N° 609163 de jperez',
  ],
  [
    'desbloquear',
    fila('admin', 'desbloquear', 'login_fallos', 'jperez', [{ fallos: 5 }], {
      fallos: 0,
      bloqueadoHasta: null,
    }),
    'admin desbloqueó a jperez',
  ],
  [
    'crear token',
    fila('cli', 'crear_token', 'tokens_servicio', '3', null, {
      nombre: 'balanza1',
      vence: '2027-06-30',
    }),
    'cli creó el token de servicio balanza1 que vence el 30/06/2027',
  ],
  [
    'crear token sin vencimiento',
    fila('admin', 'crear_token', 'tokens_servicio', '4', null, { nombre: 'porteria', vence: null }),
    'admin creó el token de servicio porteria sin vencimiento',
  ],
  [
    'revocar token',
    fila(
      'admin',
      'revocar_token',
      'tokens_servicio',
      '3',
      { nombre: 'balanza1', revocado: false },
      { nombre: 'balanza1', revocado: true },
    ),
    'admin revocó el token de servicio balanza1',
  ],
  [
    'crear empresa',
    fila('admin', 'crear', 'empresas', '7', null, {
      codempre: 7,
      nomempre: 'Molinos del Sur S.A.',
      unidades: [1, 2],
    }),
    'admin creó la empresa Molinos del Sur S.A. (código 7) con las unidades Granos y Subproductos',
  ],
  [
    'cargar la terminal',
    fila('inicializacion', 'crear', 'empresas', '0', null, {
      nombre: 'Terminal Puerto Acopio S.A.',
      cuit: null,
      direccion: null,
    }),
    'inicializacion cargó los datos de la terminal Terminal Puerto Acopio S.A.',
  ],
  [
    'modificar la terminal',
    fila(
      'admin',
      'modificar',
      'empresas',
      '0',
      { nombre: 'Terminal', cuit: null, direccion: 'Ruta 9' },
      { nombre: 'Terminal', cuit: '30-12345678-9', direccion: 'Ruta 9 km 3' },
    ),
    'admin modificó los datos de la terminal (CUIT y dirección)',
  ],
  [
    'cambiar unidades de una empresa',
    fila('admin', 'cambiar_unidades', 'empresas', '1', { unidades: [1] }, { unidades: [1, 2] }),
    'admin cambió las unidades de Agroexportadora del Litoral S.A. a Granos y Subproductos (antes: Granos)',
  ],
  [
    'inicializar',
    fila('inicializacion', 'inicializar', 'empresas', '0', null, {
      nombre: 'Terminal Puerto Acopio S.A.',
      administrador: 'admin',
      tarjeta: 751290,
      origen: 'web',
      codigosBorrados: 1,
    }),
    'inicializacion inicializó el portal: la terminal Terminal Puerto Acopio S.A., administrador admin con la tarjeta N° 751290',
  ],
  [
    'crear unidad',
    fila('admin', 'crear', 'unidades_negocio', '3', null, { unineg: 'Aceites', activo: true }),
    'admin creó la unidad de negocio Aceites',
  ],
  [
    'renombrar unidad',
    fila(
      'admin',
      'renombrar',
      'unidades_negocio',
      '3',
      { unineg: 'Aceites', activo: true },
      { unineg: 'Aceites y harinas', activo: true },
    ),
    'admin renombró la unidad de negocio Aceites a Aceites y harinas',
  ],
  [
    'desactivar unidad',
    fila(
      'admin',
      'desactivar',
      'unidades_negocio',
      '3',
      { unineg: 'Aceites', activo: true },
      { unineg: 'Aceites', activo: false },
    ),
    'admin desactivó la unidad de negocio Aceites',
  ],
  [
    'activar unidad',
    fila(
      'admin',
      'activar',
      'unidades_negocio',
      '3',
      { unineg: 'Aceites', activo: false },
      { unineg: 'Aceites', activo: true },
    ),
    'admin activó la unidad de negocio Aceites',
  ],
  [
    'eliminar unidad',
    fila('admin', 'eliminar', 'unidades_negocio', '3', {
      unineg: 'Aceites',
      activo: true,
      despachos: [],
    }),
    'admin eliminó la unidad de negocio Aceites',
  ],
  ...(['crear', 'renombrar', 'desactivar', 'activar', 'eliminar', 'modificar'] as const).map(
    (accion): [string, EntradaLegible, string] => {
      const antes = {
        coddespacho: 5,
        unineg: 1,
        nomdespacho: 'Big bag',
        envase: true,
        activo: true,
      };
      const despues = {
        crear: antes,
        renombrar: { ...antes, nomdespacho: 'Bolsón' },
        desactivar: { ...antes, activo: false },
        activar: antes,
        eliminar: null,
        modificar: { ...antes, envase: false },
      }[accion];
      const frase = {
        crear: 'admin creó el tipo de despacho Big bag de Granos',
        renombrar: 'admin renombró el tipo de despacho Big bag de Granos a Bolsón',
        desactivar: 'admin desactivó el tipo de despacho Big bag de Granos',
        activar: 'admin activó el tipo de despacho Big bag de Granos',
        eliminar: 'admin eliminó el tipo de despacho Big bag de Granos',
        modificar: 'admin modificó el tipo de despacho Big bag de Granos (lleva envase)',
      }[accion];
      return [
        `${accion} tipo de despacho`,
        fila('admin', accion, 'tipos_despacho', '5', accion === 'crear' ? null : antes, despues),
        frase,
      ];
    },
  ),
  ...(['crear', 'modificar', 'renombrar', 'desactivar', 'activar', 'eliminar'] as const).map(
    (accion): [string, EntradaLegible, string] => {
      const antes = { codpro: 9, nompro: 'Sorgo', activo: true };
      const despues = {
        crear: antes,
        modificar: { ...antes, nompro: 'Sorgo granífero', activo: false },
        renombrar: { ...antes, nompro: 'Sorgo granífero' },
        desactivar: { ...antes, activo: false },
        activar: antes,
        eliminar: null,
      }[accion];
      const frase = {
        crear: 'admin creó el producto Sorgo',
        modificar: 'admin modificó el producto Sorgo (nombre y activo)',
        renombrar: 'admin renombró el producto Sorgo a Sorgo granífero',
        desactivar: 'admin desactivó el producto Sorgo',
        activar: 'admin activó el producto Sorgo',
        eliminar: 'admin eliminó el producto Sorgo',
      }[accion];
      return [
        `${accion} producto`,
        fila('admin', accion, 'productos', '9', accion === 'crear' ? null : antes, despues),
        frase,
      ];
    },
  ),
  [
    'cambiar productos de un cliente',
    fila(
      'admin',
      'cambiar_productos',
      'productos_clientes',
      '1/1',
      { codempre: 1, unineg: 1, productos: [1, 2] },
      { codempre: 1, unineg: 1, productos: [1, 4] },
    ),
    'admin cambió los productos de Agroexportadora del Litoral S.A. en Granos: agregó Girasol; quitó Maíz',
  ],
  ...(['crear', 'modificar', 'desactivar', 'activar', 'eliminar'] as const).map(
    (accion): [string, EntradaLegible, string] => {
      const antes = { codempre: 1, nombre: 'Bolsa 50 kg', peso: 0.2, activo: true };
      const despues = {
        crear: antes,
        modificar: { ...antes, peso: 0.25 },
        desactivar: { ...antes, activo: false },
        activar: antes,
        eliminar: null,
      }[accion];
      const verbo = {
        crear: 'creó',
        modificar: 'modificó',
        desactivar: 'desactivó',
        activar: 'activó',
        eliminar: 'eliminó',
      }[accion];
      return [
        `${accion} envase`,
        fila('admin', accion, 'envases', '3', accion === 'crear' ? null : antes, despues),
        `admin ${verbo} el envase Bolsa 50 kg de Agroexportadora del Litoral S.A.${accion === 'modificar' ? ' (peso)' : ''}`,
      ];
    },
  ),
  [
    'crear cupo',
    fila('cliente1', 'crear', 'cupos', '118', null, CUPO),
    'cliente1 creó el cupo N° 118 de Agroexportadora del Litoral S.A. en Granos: 30.000 kg de Girasol 60% / Soja 40%',
  ],
  [
    'modificar cupo',
    fila('cliente1', 'modificar', 'cupos', '118', CUPO, {
      ...CUPO,
      cantidad: 28000,
      obs: 'Contrato 12',
    }),
    'cliente1 modificó el cupo N° 118 de Agroexportadora del Litoral S.A. en Granos (observaciones y carga máxima)',
  ],
  [
    'eliminar cupo',
    fila('cliente1', 'eliminar', 'cupos', '118', CUPO, { ...CUPO, eliminado_en: '2026-11-26' }),
    'cliente1 eliminó el cupo N° 118 de Agroexportadora del Litoral S.A. en Granos',
  ],
  [
    'limpiar cupos',
    fila('admin', 'limpiar', 'cupos', '118', CUPO, CUPO),
    'admin eliminó el cupo N° 118 de Agroexportadora del Litoral S.A. en Granos al limpiar los cupos sin asignar',
  ],
  [
    'vincular cupo',
    fila(
      'porteria',
      'vincular_cupo',
      'cupos',
      '9',
      {
        cupo: { camion_ctrl: null, cantidad_asignada: null },
        camion: { ctrl: 2, codestado: 1 },
      },
      {
        cupo: { camion_ctrl: 2, cantidad_asignada: 32000 },
        camion: { ctrl: 2, codestado: 2 },
      },
    ),
    'porteria vinculó el cupo N° 9 al camión AB123CD por 32.000 kg',
  ],
  [
    'desvincular cupo',
    fila(
      'admin',
      'desvincular_cupo',
      'cupos',
      '9',
      {
        cupo: { camion_ctrl: 2, cantidad_asignada: 32000 },
        camion: { ctrl: 2, codestado: 2 },
      },
      { cupo: { camion_ctrl: null, cantidad_asignada: null }, camion: { ctrl: 2, codestado: 1 } },
    ),
    'admin desvinculó el cupo N° 9 del camión AB123CD',
  ],
  [
    'ingreso de camión',
    fila('porteria', 'ingreso', 'camiones', '4', null, {
      patcha: 'YLL100',
      unineg: 1,
      codempre: 1,
      codestado: 1,
    }),
    'porteria registró el ingreso del camión YLL100 de Agroexportadora del Litoral S.A. en Granos',
  ],
  [
    'tara',
    fila(
      'balanza1',
      'tara',
      'camiones',
      '4',
      { codestado: 2 },
      { codestado: 3, ticket: 1, tara: 15741, baltara: 'Balanza 2' },
    ),
    'balanza1 registró la tara del camión YLL100: 15.741 kg en Balanza 2 (ticket N° 1)',
  ],
  [
    'bruto',
    fila(
      'balanza1',
      'bruto',
      'camiones',
      '4',
      { codestado: 3 },
      {
        codestado: 4,
        ticket: 2,
        bruto: 43377,
        balbruto: 'Balanza 1',
        neto: 27517,
        movimientos: [],
      },
    ),
    'balanza1 registró el bruto del camión YLL100: 43.377 kg en Balanza 1, neto 27.517 kg (ticket N° 2)',
  ],
  [
    'egreso',
    fila(
      'porteria',
      'egreso',
      'camiones',
      '4',
      { egreso_en: null },
      { egreso_en: '2026-11-25T20:58:58.973Z' },
    ),
    'porteria registró el egreso del camión YLL100',
  ],
  [
    'saldo inicial',
    fila('demo', 'apertura', 'stock_movimientos', null, null, {
      codpro: 1,
      unineg: 1,
      codempre: 1,
      toneladas: 22468.233,
      observacion: 'Saldo inicial de campaña',
    }),
    'demo registró el saldo inicial de Soja de Agroexportadora del Litoral S.A. en Granos: 22.468,233 t («Saldo inicial de campaña»)',
  ],
  [
    'ajuste de stock',
    fila('cli', 'ajuste', 'stock_movimientos', null, null, {
      codpro: 2,
      unineg: 1,
      codempre: 1,
      toneladas: -1.5,
      observacion: null,
    }),
    'cli registró un ajuste de stock de Maíz de Agroexportadora del Litoral S.A. en Granos: -1,5 t',
  ],
  [
    'recalcular saldos',
    fila('cli', 'recalcular', 'stock_saldos', null, null, { saldos: 21 }),
    'cli recalculó los saldos de stock desde los movimientos (21 saldos)',
  ],
  [
    'recalcular tablero',
    fila('cli', 'recalcular', 'tablero', null, null, [{ tabla: 'x' }, { tabla: 'y' }]),
    'cli recalculó los acumulados del tablero (2 filas corregidas)',
  ],
  [
    'recalcular franjas de turnos',
    fila('cli', 'recalcular', 'turnos_franjas', null, null, [{ hora: 8 }]),
    'cli recalculó las cuentas de las franjas de turnos (1 franja corregida)',
  ],
  [
    'parámetros del tablero',
    fila('admin', 'cambiar_parametros_tablero', 'parametros_tablero', '1', null, {
      unineg: 1,
      capacidadHora: 4,
      toleranciaFaltante: 5,
    }),
    'admin cambió los parámetros del tablero de Granos: capacidad 4 camiones por hora, tolerancia de faltante 5 %',
  ],
  [
    'umbrales de espera',
    fila('admin', 'cambiar_umbrales_espera', 'umbrales_espera', '1', null, {
      unineg: 1,
      sinOrdenAviso: 60,
      sinOrdenLimite: 120,
      conOrdenAviso: 30,
      conOrdenLimite: 90,
    }),
    'admin cambió los umbrales de espera de Granos: sin orden aviso 60 y límite 120 min; con orden aviso 30 y límite 90 min',
  ],
  [
    'crear encuesta',
    fila('admin', 'crear_encuesta', 'encuestas', '1', null, {
      Id: 1,
      Titulo: 'Satisfacción 2026',
      Descripcion: 'Queremos conocer su opinión',
    }),
    'admin creó la encuesta «Satisfacción 2026»',
  ],
  [
    'editar encuesta',
    fila(
      'admin',
      'editar_encuesta',
      'encuestas',
      '1',
      { Id: 1, Titulo: 'Satisfacción', Descripcion: null },
      { Id: 1, Titulo: 'Satisfacción 2026', Descripcion: null },
    ),
    'admin editó la encuesta «Satisfacción 2026» (título)',
  ],
  [
    'agregar pregunta',
    fila('admin', 'crear_pregunta', 'encuesta_preguntas', '3', null, {
      Id: 3,
      Texto: '¿Cómo nos califica?',
      EsTexto: 0,
      Obligatoria: 0,
      EncuestaId: 1,
    }),
    'admin agregó la pregunta «¿Cómo nos califica?» a la encuesta «Satisfacción 2026»',
  ],
  [
    'editar pregunta',
    fila(
      'admin',
      'editar_pregunta',
      'encuesta_preguntas',
      '3',
      { Id: 3, Texto: '¿Cómo nos califica?', EsTexto: 0, Obligatoria: 0, EncuestaId: 1 },
      { Id: 3, Texto: '¿Cómo nos califica?', EsTexto: 0, Obligatoria: 1, EncuestaId: 1 },
    ),
    'admin editó la pregunta «¿Cómo nos califica?» de la encuesta «Satisfacción 2026» (obligatoria)',
  ],
  [
    'responder encuesta',
    fila('cliente1', 'responder_encuesta', 'encuesta_respuestas', '8', null, {
      Id: 8,
      EncuestaId: 1,
      items: [{ preguntaId: 3, puntaje: 5 }],
    }),
    'cliente1 respondió la encuesta «Satisfacción 2026»',
  ],
  [
    'recordatorio',
    fila('admin', 'enviar_recordatorio_encuesta', 'encuesta_recordatorios', '1', null, {
      EncuestaId: 1,
      enviados: 12,
      omitidos: 3,
      usuarios: [6, 7],
    }),
    'admin envió un recordatorio de la encuesta «Satisfacción 2026» a 12 usuarios (3 omitidos)',
  ],
  [
    'importar',
    fila('admin', 'importar', 'importacion', null, null, {
      archivo: 'clientes.xlsx',
      conteos: { empresas: { creadas: 3 } },
    }),
    'admin importó el archivo clientes.xlsx',
  ],
  [
    'purgar',
    fila('mantenimiento', 'purgar', 'auditoria', null, null, {
      filas: 1234,
      antesDe: '2025-11-26T10:00:00',
      diasConservados: 365,
    }),
    'mantenimiento borró 1.234 filas de auditoría de más de 365 días',
  ],
  [
    'restaurar',
    fila('cli', 'restaurar', 'base', null, null, {
      archivo: '/respaldos/lunes.acopio',
      filas: 5000,
    }),
    'cli restauró la base desde el respaldo /respaldos/lunes.acopio (5.000 filas)',
  ],
];

describe('fraseDeAuditoria', () => {
  it.each(CASOS)('%s', (_que, entrada, frase) => {
    expect(fraseDeAuditoria(entrada)).toBe(frase);
    expect(tieneFrase(entrada.tabla, entrada.accion)).toBe(true);
  });

  it('sin los nombres (una fila vieja, algo borrado) nombra por número y se lee igual', () => {
    const sinNombres = (e: EntradaLegible) => ({ ...e, nombres: null });
    expect(
      fraseDeAuditoria(
        sinNombres(
          fila('admin', 'cambiar_unidades', 'empresas', '7', { unidades: [] }, { unidades: [3] }),
        ),
      ),
    ).toBe('admin cambió las unidades de la empresa 7 a la unidad 3 (antes: ninguna)');
    expect(fraseDeAuditoria(sinNombres(fila('balanza1', 'egreso', 'camiones', '55')))).toBe(
      'balanza1 registró el egreso del camión N° 55',
    );
  });

  it('una acción desconocida se lee con palabras, no con su código', () => {
    expect(fraseDeAuditoria(fila('admin', 'mover_cupo', 'cupos_nuevos', '12'))).toBe(
      'admin hizo «mover cupo» en cupos nuevos N° 12',
    );
    expect(fraseDeAuditoria(fila('admin', 'emitir_tarjeta', 'otra_tabla', null))).toBe(
      'admin hizo «emitir tarjeta» en otra tabla',
    );
    expect(nombreDeAccion('emitir_tarjeta')).toBe('Emitir tarjeta');
    expect(nombreDeTabla('login_fallos')).toBe('Bloqueos de ingreso');
    expect(nombreDeTabla('tokens_servicio')).toBe('Tokens de servicio');
  });
});

describe('referenciasDe', () => {
  it('pide los nombres de empresa, unidad, productos y camión que la fila menciona', () => {
    expect(referenciasDe(fila('cliente1', 'crear', 'cupos', '118', null, CUPO))).toEqual({
      empresas: [1],
      unidades: [1],
      productos: [1, 4],
      camiones: [],
      usuarios: [],
      encuestas: [],
    });
    expect(referenciasDe(fila('balanza1', 'tara', 'camiones', '4'))).toMatchObject({
      camiones: [4],
    });
    expect(
      referenciasDe(
        fila('admin', 'crear', 'usuarios', '6', null, { codempre: 1, unidades: [1, 2] }),
      ),
    ).toMatchObject({ empresas: [1], unidades: [1, 2], usuarios: [] });
    // A sign-in names nothing by id: no query for names.
    expect(Object.values(referenciasDe(fila('jperez', 'ingreso', 'usuarios', '6'))).flat()).toEqual(
      [],
    );
    expect(
      referenciasDe(fila('admin', 'renombrar', 'unidades_negocio', '3', { unineg: 'Aceites' })),
    ).toMatchObject({ unidades: [] });
    expect(
      referenciasDe(fila('admin', 'cambiar_productos', 'productos_clientes', '1/2')),
    ).toMatchObject({ empresas: [1], unidades: [2] });
  });
});

describe('camposDeAuditoria', () => {
  it('las etiquetas de las pantallas y los valores con formato: unidades por nombre, Sí/No, fechas', () => {
    expect(
      camposDeAuditoria(
        fila(
          'admin',
          'cambiar_unidades',
          'usuarios',
          '6',
          { usuario: 'jperez', unidades: [] },
          { usuario: 'jperez', unidades: [1, 2] },
        ),
      ),
    ).toEqual([
      { campo: 'Usuario', antes: 'jperez', despues: 'jperez', cambio: false },
      {
        campo: 'Unidades de negocio',
        antes: 'Ninguna',
        despues: 'Granos y Subproductos',
        cambio: true,
      },
    ]);
    expect(
      camposDeAuditoria(
        fila('admin', 'crear_token', 'tokens_servicio', '3', null, {
          nombre: 'balanza1',
          vence: '2027-06-30',
          revocado: false,
        }),
      ),
    ).toEqual([
      { campo: 'Nombre', antes: null, despues: 'balanza1', cambio: true },
      { campo: 'Vence', antes: null, despues: '30/06/2027', cambio: true },
      { campo: 'Revocado', antes: null, despues: 'No', cambio: true },
    ]);
    const cupo = camposDeAuditoria(fila('cliente1', 'crear', 'cupos', '118', null, CUPO));
    expect(cupo.map((c) => [c.campo, c.despues])).toEqual([
      ['N°', '118'],
      ['Tipo de orden', 'Despacho'],
      ['Observaciones', null],
      ['Mezcla', 'Girasol 60% / Soja 40%'],
      ['Unidad de Negocio', 'Granos (1)'],
      ['Con coating', 'No'],
      ['Carga máxima', '30.000 kg'],
      ['Empresa', 'Agroexportadora del Litoral S.A. (1)'],
      ['Productos', 'Soja 40 % y Girasol 60 %'],
      ['Camión', null],
    ]);
  });

  it('lo anidado va campo por campo; las respuestas de una encuesta con 0 y 1 dicen Sí/No', () => {
    const vinculo = camposDeAuditoria(
      fila(
        'porteria',
        'vincular_cupo',
        'cupos',
        '9',
        { cupo: { camion_ctrl: null }, camion: { ctrl: 2, codestado: 1 } },
        { cupo: { camion_ctrl: 2 }, camion: { ctrl: 2, codestado: 2 } },
      ),
    );
    expect(vinculo).toEqual([
      { campo: 'Cupo › Camión', antes: null, despues: 'AB123CD', cambio: true },
      { campo: 'Camión › N°', antes: '2', despues: '2', cambio: false },
      {
        campo: 'Camión › Estado',
        antes: 'Playa sin orden',
        despues: 'Playa con orden',
        cambio: true,
      },
    ]);
    expect(
      camposDeAuditoria(
        fila(
          'admin',
          'editar_pregunta',
          'encuesta_preguntas',
          '3',
          { Obligatoria: 0, EncuestaId: 1 },
          { Obligatoria: 1, EncuestaId: 1 },
        ),
      ),
    ).toEqual([
      { campo: 'Obligatoria', antes: 'No', despues: 'Sí', cambio: true },
      {
        campo: 'Encuesta',
        antes: '«Satisfacción 2026»',
        despues: '«Satisfacción 2026»',
        cambio: false,
      },
    ]);
    // An instant with its zone reads in the reader's zone: only its shape is checked here.
    const [egreso] = camposDeAuditoria(
      fila(
        'p',
        'egreso',
        'camiones',
        '4',
        { egreso_en: null },
        { egreso_en: '2026-11-25T20:58:58Z' },
      ),
    );
    expect(egreso).toMatchObject({ campo: 'Egreso', antes: null });
    expect(egreso!.despues).toMatch(/^2[56]\/11\/2026 \d{2}:58$/);
  });
});

describe('patronesDeBusqueda', () => {
  it('una expresión por palabra, sin importar mayúsculas ni tildes', () => {
    expect(patronesDeBusqueda('  Emitió   tarjeta ')).toEqual([
      '[eé]m[ií]t[ií][oó]',
      't[aá]rj[eé]t[aá]',
    ]);
    expect(patronesDeBusqueda('N° 609.163 (x)')).toEqual(['[nñ]°', '609\\.163', '\\(x\\)']);
    expect(patronesDeBusqueda('')).toEqual([]);
    const patron = new RegExp(patronesDeBusqueda('emitio')[0]!, 'i');
    expect(patron.test('admin emitió la tarjeta')).toBe(true);
  });
});
