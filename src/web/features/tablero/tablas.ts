/**
 * Every table of the dashboard as data: what its columns are and hold. The screen draws it
 * (TablaNumeros.tsx) and 'Exportar a Excel' writes the same rows, numbers as numeric cells and
 * days as date cells (design section 6), so the file and the screen never disagree.
 */
import type {
  TableroCamionesRespuesta,
  TableroCuposRespuesta,
  TableroDesviosRespuesta,
  TableroRecorridosRespuesta,
  TableroToneladasRespuesta,
  TableroTurnosRespuesta,
} from '../../../shared/contracts/tablero';
import { fechaDdMmAaaaHhMm, numeroAr } from '../../../shared/formato';
import { TEXTOS_ESPERA } from '../../../shared/textos';
import { guardarExcel, type CeldaExcel } from '../../lib/excel';
import { nombreDeExportacion, type PartesDelNombre } from '../../lib/nombre-de-exportacion';
import { diaAr, diasEntre, fechaExcel, fechaHoraExcel } from '../../lib/dias';

export type TipoColumna =
  | 'dia'
  | 'fechaHora'
  | 'texto'
  | 'marca'
  /** A number that names something (a ticket): no thousands separator. */
  | 'codigo'
  | 'entero'
  | 'minutos'
  | 'toneladas'
  | 'porcentaje';

export interface Columna {
  titulo: string;
  tipo: TipoColumna;
  /** Width in the spreadsheet, characters. */
  ancho?: number;
}

/** A cell: days and times as the API sends them, numbers as numbers, null for 'no data'. */
export type Valor = string | number | null;

export interface Tabla {
  /**
   * The table's caption, the spreadsheet's sheet name (cut at a word to Excel's 31 characters)
   * and, after 'Tablero', the first words of the file's name.
   */
  titulo: string;
  /** A picture of now, not of the range (the trucks late now): the file's name has no range. */
  ahora?: boolean;
  columnas: Columna[];
  filas: Valor[][];
  /** A totals row (on screen and in the file), when the columns add up. */
  total?: Valor[];
}

/** How a cell reads on screen (es-AR). */
export function textoCelda(valor: Valor, tipo: TipoColumna): string {
  if (valor === null || valor === '') return '–';
  if (typeof valor === 'string') {
    if (tipo === 'dia') return diaAr(valor);
    if (tipo === 'fechaHora') return fechaDdMmAaaaHhMm(valor);
    return valor;
  }
  switch (tipo) {
    case 'minutos':
    case 'porcentaje':
      return numeroAr(valor, 1, 1);
    case 'toneladas':
      return numeroAr(valor, 3, 3);
    case 'codigo':
      return String(valor);
    default:
      return numeroAr(valor, 0);
  }
}

const FORMATOS: Partial<Record<TipoColumna, string>> = {
  dia: 'dd/mm/yyyy',
  fechaHora: 'dd/mm/yyyy hh:mm',
  codigo: '0',
  entero: '#,##0',
  minutos: '#,##0.0',
  porcentaje: '#,##0.0',
  toneladas: '#,##0.000',
};

function celdaExcel(valor: Valor, tipo: TipoColumna): CeldaExcel {
  if (valor === null || valor === '') return null;
  // The totals row's first cell ('Total') is text in a column of days.
  if (typeof valor === 'string' && /^\d{4}-\d{2}-\d{2}/.test(valor)) {
    if (tipo === 'dia') return fechaExcel(valor);
    if (tipo === 'fechaHora') return fechaHoraExcel(valor);
  }
  return valor;
}

/** The spreadsheet's rows: the header, the data rows, and the totals row if any. */
export function filasExcel(tabla: Tabla): CeldaExcel[][] {
  const filas = tabla.total ? [...tabla.filas, tabla.total] : tabla.filas;
  return [
    tabla.columnas.map((c) => c.titulo),
    ...filas.map((f) => f.map((v, i) => celdaExcel(v, tabla.columnas[i]!.tipo))),
  ];
}

/** Whose the numbers on screen are: the client (or all of them), the unit and the range. */
export interface DeQuienTablero {
  cliente: PartesDelNombre['cliente'];
  unidad: string;
  desde: string;
  hasta: string;
}

/** 'Tablero - Cupos por día - Cliente 1 Agro S.A. - Granos - 2026-11-18 a 2026-11-24.xlsx' */
const archivoDeTabla = (tabla: Tabla, deQuien: DeQuienTablero | null) =>
  nombreDeExportacion({
    que: `Tablero - ${tabla.titulo}`,
    cliente: deQuien?.cliente,
    unidad: deQuien?.unidad,
    ...(tabla.ahora ? {} : { desde: deQuien?.desde, hasta: deQuien?.hasta }),
  });

export const exportarTabla = (tabla: Tabla, deQuien: DeQuienTablero | null) =>
  guardarExcel({
    archivo: archivoDeTabla(tabla, deQuien),
    hoja: tabla.titulo,
    filas: filasExcel(tabla),
    anchos: tabla.columnas.map((c) => c.ancho ?? (c.tipo === 'texto' ? 28 : 14)),
    formatos: Object.fromEntries(
      tabla.columnas.flatMap((c, i) => (FORMATOS[c.tipo] ? [[i, FORMATOS[c.tipo]]] : [])),
    ),
  });

const suma = (valores: number[]) => valores.reduce((a, b) => a + b, 0);

// ---------------------------------------------------------------------------------------------
// The sections' tables

export function tablaCamionesPorDia(r: TableroCamionesRespuesta): Tabla {
  return {
    titulo: 'Camiones por día',
    columnas: [
      { titulo: 'Día', tipo: 'dia' },
      { titulo: 'Ingresados', tipo: 'entero' },
      { titulo: 'Finalizados', tipo: 'entero' },
      { titulo: 'Máximo finalizados en una hora', tipo: 'entero', ancho: 16 },
      { titulo: 'Capacidad por hora', tipo: 'entero' },
    ],
    filas: r.dias.map((d) => [d.dia, d.ingresados, d.finalizados, d.maximoHora, r.capacidadHora]),
    total: [
      'Total',
      suma(r.dias.map((d) => d.ingresados)),
      suma(r.dias.map((d) => d.finalizados)),
      r.dias.length ? Math.max(...r.dias.map((d) => d.maximoHora)) : null,
      r.capacidadHora,
    ],
  };
}

/** The hours of the range, every one, zeros included (the API sends only hours with trucks). */
export function horasCompletas(
  r: TableroCamionesRespuesta,
  desde: string,
  hasta: string,
): TableroCamionesRespuesta['horas'] {
  const porHora = new Map(r.horas.map((h) => [h.hora.slice(0, 13), h]));
  return diasEntre(desde, hasta).flatMap((dia) =>
    Array.from({ length: 24 }, (_, h) => {
      const clave = `${dia}T${String(h).padStart(2, '0')}`;
      return porHora.get(clave) ?? { hora: `${clave}:00:00`, ingresados: 0, finalizados: 0 };
    }),
  );
}

export function tablaCamionesPorHora(horas: TableroCamionesRespuesta['horas']): Tabla {
  return {
    titulo: 'Camiones por hora',
    columnas: [
      { titulo: 'Hora', tipo: 'fechaHora', ancho: 18 },
      { titulo: 'Ingresados', tipo: 'entero' },
      { titulo: 'Finalizados', tipo: 'entero' },
    ],
    filas: horas.map((h) => [h.hora, h.ingresados, h.finalizados]),
  };
}

export const ETAPAS = [
  { clave: 'total', nombre: 'Total' },
  { clave: 'sinOrden', nombre: 'Espera sin orden' },
  { clave: 'conOrden', nombre: 'Espera con orden' },
  { clave: 'operando', nombre: 'Operando' },
] as const;

export function tablaRecorridos(r: TableroRecorridosRespuesta): Tabla {
  const fila = (g: TableroRecorridosRespuesta['rango']) =>
    ETAPAS.flatMap(({ clave }) => [g[clave].p50, g[clave].p90]);
  return {
    titulo: 'Tiempo de permanencia por día (minutos)',
    columnas: [
      { titulo: 'Día', tipo: 'dia' },
      { titulo: 'Camiones', tipo: 'entero' },
      ...ETAPAS.flatMap(({ nombre }) => [
        { titulo: `${nombre}: mediana`, tipo: 'minutos' as const },
        { titulo: `${nombre}: p90`, tipo: 'minutos' as const },
      ]),
    ],
    filas: r.dias.map((d) => [d.dia, d.camiones, ...fila(d)]),
    total: ['Rango', r.rango.camiones, ...fila(r.rango)],
  };
}

export function tablaDemorados(r: TableroRecorridosRespuesta): Tabla {
  return {
    titulo: 'Camiones demorados ahora',
    ahora: true,
    columnas: [
      { titulo: 'Patente', tipo: 'texto', ancho: 12 },
      { titulo: 'Cliente', tipo: 'texto' },
      { titulo: 'Estado', tipo: 'texto', ancho: 18 },
      { titulo: 'En el estado desde', tipo: 'fechaHora', ancho: 18 },
      { titulo: 'Minutos', tipo: 'entero' },
      { titulo: 'Nivel', tipo: 'marca' },
    ],
    filas: r.demorados.map((c) => [
      c.patcha,
      c.nomempre,
      c.nomestado,
      c.estadoDesde,
      c.minutos,
      c.nivel === 'excedido' ? TEXTOS_ESPERA.excedido : TEXTOS_ESPERA.demorado,
    ]),
  };
}

/** Tons per day and product: one column per product, every day of the range, a total. */
export function tablaToneladas(r: TableroToneladasRespuesta, desde: string, hasta: string): Tabla {
  const productos = r.productos;
  const valor = new Map(r.dias.map((d) => [`${d.dia}|${d.codpro}`, d.toneladas]));
  const filas = diasEntre(desde, hasta).map((dia) => {
    const ton = productos.map((p) => valor.get(`${dia}|${p.codpro}`) ?? 0);
    return [dia, ...ton, redondear3(suma(ton))];
  });
  return {
    titulo: 'Toneladas despachadas por producto',
    columnas: [
      { titulo: 'Día', tipo: 'dia' },
      ...productos.map((p) => ({ titulo: p.nompro, tipo: 'toneladas' as const, ancho: 16 })),
      { titulo: 'Total', tipo: 'toneladas' },
    ],
    filas,
    total: [
      'Total',
      ...productos.map((_, i) => redondear3(suma(filas.map((f) => f[i + 1] as number)))),
      redondear3(suma(filas.map((f) => f[productos.length + 1] as number))),
    ],
  };
}

const redondear3 = (n: number) => Math.round(n * 1000) / 1000;

export function tablaCupos(r: TableroCuposRespuesta): Tabla {
  return {
    titulo: 'Cupos por día',
    columnas: [
      { titulo: 'Día', tipo: 'dia' },
      { titulo: 'Pedidos', tipo: 'entero' },
      { titulo: 'Usados', tipo: 'entero' },
      { titulo: 'Eliminados sin usar', tipo: 'entero', ancho: 18 },
    ],
    filas: r.dias.map((d) => [d.dia, d.pedidos, d.usados, d.eliminados]),
    total: [
      'Total',
      suma(r.dias.map((d) => d.pedidos)),
      suma(r.dias.map((d) => d.usados)),
      suma(r.dias.map((d) => d.eliminados)),
    ],
  };
}

export function tablaDesvios(r: TableroDesviosRespuesta): Tabla {
  return {
    titulo: 'Desvíos de peso',
    columnas: [
      { titulo: 'Patente', tipo: 'texto', ancho: 12 },
      { titulo: 'Cliente', tipo: 'texto' },
      { titulo: 'Finalizado', tipo: 'fechaHora', ancho: 18 },
      { titulo: 'Ticket', tipo: 'codigo' },
      { titulo: 'Tara (kg)', tipo: 'entero' },
      { titulo: 'Bruto (kg)', tipo: 'entero' },
      { titulo: 'Neto (kg)', tipo: 'entero' },
      { titulo: 'Máximo (kg)', tipo: 'entero' },
      { titulo: 'Diferencia (kg)', tipo: 'entero', ancho: 16 },
      { titulo: 'Diferencia (%)', tipo: 'porcentaje' },
      { titulo: 'Tipo', tipo: 'marca', ancho: 10 },
    ],
    filas: r.desvios.map((d) => [
      d.patcha,
      d.nomempre,
      d.finalizadoEn,
      d.ticket,
      d.tara,
      d.bruto,
      d.neto,
      d.maximo,
      d.diferencia,
      d.porcentaje,
      d.tipo === 'exceso' ? 'Exceso' : 'Faltante',
    ]),
  };
}

// ---------------------------------------------------------------------------------------------
// Turns (issue 24)

type CifrasTurnos = Pick<
  TableroTurnosRespuesta['dias'][number],
  'capacidad' | 'reservados' | 'presentes' | 'ausentes'
>;

const COLUMNAS_TURNOS: Columna[] = [
  { titulo: 'Capacidad', tipo: 'entero' },
  { titulo: 'Reservados', tipo: 'entero' },
  { titulo: 'Llegados', tipo: 'entero' },
  { titulo: 'Ausentes', tipo: 'entero' },
  { titulo: 'Ocupación (%)', tipo: 'porcentaje' },
];

/** Booked over capacity, percent with one decimal; null without capacity. */
const ocupacion = (reservados: number, capacidad: number) =>
  capacidad > 0 ? Math.round((reservados * 1000) / capacidad) / 10 : null;

const cifrasTurnos = (c: CifrasTurnos): Valor[] => [
  c.capacidad,
  c.reservados,
  c.presentes,
  c.ausentes,
  ocupacion(c.reservados, c.capacidad),
];

function totalTurnos(filas: CifrasTurnos[]): Valor[] {
  const t = {
    capacidad: suma(filas.map((f) => f.capacidad)),
    reservados: suma(filas.map((f) => f.reservados)),
    presentes: suma(filas.map((f) => f.presentes)),
    ausentes: suma(filas.map((f) => f.ausentes)),
  };
  return ['Total', ...cifrasTurnos(t)];
}

export function tablaTurnosPorDia(r: TableroTurnosRespuesta): Tabla {
  return {
    titulo: 'Turnos por día',
    columnas: [{ titulo: 'Día', tipo: 'dia' }, ...COLUMNAS_TURNOS],
    filas: r.dias.map((d) => [d.dia, ...cifrasTurnos(d)]),
    total: totalTurnos(r.dias),
  };
}

/** Every hour of the range, zeros included (the API sends only bands with places or bookings). */
export function horasDeTurnos(
  r: TableroTurnosRespuesta,
  desde: string,
  hasta: string,
): TableroTurnosRespuesta['horas'] {
  const porHora = new Map(r.horas.map((h) => [h.hora.slice(0, 13), h]));
  return diasEntre(desde, hasta).flatMap((dia) =>
    Array.from({ length: 24 }, (_, h) => {
      const clave = `${dia}T${String(h).padStart(2, '0')}`;
      return (
        porHora.get(clave) ?? {
          hora: `${clave}:00:00`,
          capacidad: 0,
          reservados: 0,
          presentes: 0,
          ausentes: 0,
        }
      );
    }),
  );
}

/** The bands with places or bookings, hour by hour. */
export function tablaTurnosPorHora(r: TableroTurnosRespuesta): Tabla {
  return {
    titulo: 'Turnos por hora',
    columnas: [{ titulo: 'Hora', tipo: 'fechaHora', ancho: 18 }, ...COLUMNAS_TURNOS],
    filas: r.horas.map((h) => [h.hora, ...cifrasTurnos(h)]),
    total: totalTurnos(r.horas),
  };
}

export function tablaPuntualidad(r: TableroTurnosRespuesta): Tabla {
  const e = r.empresas;
  const aTiempo = suma(e.map((x) => x.aTiempo));
  const temprano = suma(e.map((x) => x.temprano));
  const tarde = suma(e.map((x) => x.tarde));
  const ausentes = suma(e.map((x) => x.ausentes));
  const resueltos = aTiempo + temprano + tarde + ausentes;
  return {
    titulo: 'Puntualidad por empresa',
    columnas: [
      { titulo: 'Empresa', tipo: 'texto' },
      { titulo: 'Reservados', tipo: 'entero' },
      { titulo: 'A tiempo', tipo: 'entero' },
      { titulo: 'Temprano', tipo: 'entero' },
      { titulo: 'Tarde', tipo: 'entero' },
      { titulo: 'Ausentes', tipo: 'entero' },
      { titulo: 'A tiempo (%)', tipo: 'porcentaje' },
    ],
    filas: e.map((x) => [
      x.nomempre,
      x.reservados,
      x.aTiempo,
      x.temprano,
      x.tarde,
      x.ausentes,
      x.puntualidad,
    ]),
    total: [
      'Total',
      suma(e.map((x) => x.reservados)),
      aTiempo,
      temprano,
      tarde,
      ausentes,
      resueltos > 0 ? Math.round((aTiempo * 1000) / resueltos) / 10 : null,
    ],
  };
}
