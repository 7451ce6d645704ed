/**
 * The stock screen's texts beyond the spec's (shared/textos.ts TEXTOS_STOCK): committed stock
 * and a product's history (issue 16).
 */
import { TEXTOS_STOCK } from '../../../shared/textos';
import type { MovimientoStock } from '../../../shared/contracts/stock';
import { numeroAr } from '../../../shared/formato';
import { diaAr } from '../../lib/dias';

const toneladas = (t: number) => `${numeroAr(t, 3, 3)} t`;

export const TEXTOS_LISTADO = {
  /** The spec's three columns, then committed and available tonnes. */
  columnas: [...TEXTOS_STOCK.columnas, 'Comprometido', 'Disponible'],
  acciones: 'Acciones',
  movimientos: 'Movimientos',
  movimientosDe: (nompro: string) => `Movimientos de ${nompro}`,
  ayudaComprometido:
    'Comprometido: toneladas de cupos de despacho abiertos (sin asignar, o con un camión que aún no terminó). Disponible: stock menos comprometido.',
} as const;

export const TIPOS_MOVIMIENTO: Record<MovimientoStock['tipo'], string> = {
  apertura: 'Saldo inicial',
  ajuste: 'Ajuste',
  recepcion: 'Recepción',
  despacho: 'Despacho',
};

export const TEXTOS_HISTORIAL = {
  titulo: (nompro: string) => `Movimientos de ${nompro}`,
  desde: 'Desde',
  hasta: 'Hasta',
  buscar: 'Buscar',
  cerrar: 'Cerrar',
  exportar: 'Exportar a Excel',
  exportando: (n: number) => `Leyendo movimientos: ${n.toLocaleString('es-AR')}…`,
  recorte: (n: number) =>
    `El archivo tiene los ${n.toLocaleString('es-AR')} movimientos más nuevos del rango: acorte las fechas para ver los anteriores.`,
  columnas: {
    fecha: 'Fecha',
    tipo: 'Tipo',
    detalle: 'Camión / Ticket',
    toneladas: 'Toneladas',
    saldo: 'Saldo',
  },
  columnasExcel: [
    'Fecha',
    'Tipo',
    'Patente',
    'Ticket',
    'Cupo',
    'Observación',
    'Toneladas',
    'Saldo',
  ],
  hoja: 'Movimientos',
  ticket: (n: number) => `Ticket ${n}`,
  cupo: (n: number) => `Cupo ${n}`,
  /** The table's name: the chart's legend is a table too. */
  tabla: 'Movimientos',
  sinMovimientos: 'No hay movimientos de este producto en el rango',
  cantidad: (n: number) =>
    n === 1 ? '1 movimiento a la vista' : `${n.toLocaleString('es-AR')} movimientos a la vista`,
  masAntiguos: 'Más antiguos',
  noHayMas: 'No hay movimientos más antiguos en el rango.',
  grafico: 'Saldo',
  ejeY: 'Toneladas',
  resumen: (
    nompro: string,
    desde: string,
    hasta: string,
    s: { inicial: number; final: number; minimo: number; maximo: number },
  ) =>
    `Saldo de ${nompro} del ${diaAr(desde)} al ${diaAr(hasta)}: inicial ${toneladas(s.inicial)}, final ${toneladas(s.final)}, mínimo ${toneladas(s.minimo)}, máximo ${toneladas(s.maximo)}.`,
  saldoInicial: 'Saldo al comenzar el rango',
  saldoFinal: 'Saldo al terminar el rango',
} as const;
