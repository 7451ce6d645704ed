import { describe, expect, it } from 'vitest';
import { MAXIMO_POR_PAGINA } from '../../../shared/contracts/auditoria';
import { archivoDeAuditoria, fechaParaExcel, filasDeExcel, PAGINA_EXCEL } from './exportar';
import { TEXTOS_AUDITORIA as T } from './textos';

describe('exportar la auditoría', () => {
  it('pide páginas del tamaño más grande que da la API', () => {
    expect(PAGINA_EXCEL).toBe(MAXIMO_POR_PAGINA);
  });

  it('una fila por movimiento: su frase, la fecha como fecha, y los códigos y datos originales', () => {
    const filas = filasDeExcel([
      {
        id: 7,
        fecha: '2026-11-21T14:03:22',
        actor: 'admin',
        accion: 'modificar',
        tabla: 'cupos',
        filaId: '12',
        ip: '10.0.0.1',
        antes: { estado: 1 },
        despues: 'texto',
        frase: 'admin modificó el cupo N° 12 (estado)',
        nombres: null,
      },
    ]);
    expect(filas[0]).toEqual([...T.columnasExcel]);
    expect(filas[1]).toEqual([
      7,
      new Date(Date.UTC(2026, 10, 21, 14, 3, 22)),
      'admin',
      'admin modificó el cupo N° 12 (estado)',
      'modificar',
      'cupos',
      '12',
      '10.0.0.1',
      '{\n  "estado": 1\n}',
      'texto',
    ]);
    expect(fechaParaExcel('2026-01-02T03:04:05').toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });

  it('nombra el archivo por sus filtros, con las palabras de la pantalla', () => {
    expect(archivoDeAuditoria({})).toBe('Auditoría.xlsx');
    expect(
      archivoDeAuditoria({
        actor: 'admin',
        accion: '',
        tabla: 'empresas',
        filaId: '9141',
        desde: '2026-11-01',
        hasta: '2026-11-26',
      }),
    ).toBe('Auditoría - usuario admin - tabla empresas - fila 9141 - 2026-11-01 a 2026-11-26.xlsx');
  });
});
