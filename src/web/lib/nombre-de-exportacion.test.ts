import { describe, expect, it } from 'vitest';
import { nombreDeExportacion, nombreDeHoja } from './nombre-de-exportacion';

describe('el nombre de un archivo exportado', () => {
  it('dice qué es, de qué cliente y unidad y de qué rango', () => {
    expect(
      nombreDeExportacion({
        que: 'Tablero',
        cliente: { codempre: 12, nomempre: 'Agro SA' },
        unidad: 'Granos',
        desde: '2026-11-01',
        hasta: '2026-11-26',
      }),
    ).toBe('Tablero - Cliente 12 Agro SA - Granos - 2026-11-01 a 2026-11-26.xlsx');
  });

  it('deja fuera lo que no hay; un rango abierto o de un día se dice así', () => {
    expect(nombreDeExportacion({ que: 'Auditoría' })).toBe('Auditoría.xlsx');
    expect(nombreDeExportacion({ que: 'Auditoría', desde: '2026-11-01' })).toBe(
      'Auditoría - desde 2026-11-01.xlsx',
    );
    expect(nombreDeExportacion({ que: 'Auditoría', hasta: '2026-11-26' })).toBe(
      'Auditoría - hasta 2026-11-26.xlsx',
    );
    expect(
      nombreDeExportacion({ que: 'Auditoría', desde: '2026-11-26', hasta: '2026-11-26' }),
    ).toBe('Auditoría - 2026-11-26.xlsx');
    expect(
      nombreDeExportacion({
        que: 'Tablero - Toneladas',
        cliente: 'Todos los clientes',
        unidad: '',
        filtros: ['', 'usuario admin'],
      }),
    ).toBe('Tablero - Toneladas - Todos los clientes - usuario admin.xlsx');
  });

  it('es un nombre que cualquier sistema guarda: sin / \\ : * ? " < > | ni controles', () => {
    const nombre = nombreDeExportacion({
      que: 'Movimientos de Soja/Maíz',
      cliente: { codempre: 7, nomempre: 'Acopio "El Ñandú": <Norte> | Sur? *\\ S.A.' },
      unidad: 'Granos\u0000\t',
    });
    expect(nombre).toBe(
      'Movimientos de Soja-Maíz - Cliente 7 Acopio El Ñandú- Norte - Sur - S.A. - Granos.xlsx',
    );
    expect(nombre).not.toMatch(/[/\\:*?"<>|]/);
    expect([...nombre].every((c) => c.charCodeAt(0) >= 32)).toBe(true);
  });

  it('no termina en punto ni en espacio antes de la extensión, y no se hace eterno', () => {
    expect(
      nombreDeExportacion({ que: 'Tablero', cliente: { codempre: 3, nomempre: 'Molinos S.A.' } }),
    ).toBe('Tablero - Cliente 3 Molinos S.A.xlsx');
    const largo = nombreDeExportacion({
      que: 'Tablero',
      cliente: { codempre: 3, nomempre: 'Molinos '.repeat(40) },
    });
    expect(largo.length).toBeLessThanOrEqual(155);
    expect(largo).toMatch(/ Molinos\.xlsx$/);
  });
});

describe('el nombre de una hoja', () => {
  it('cabe en los 31 caracteres de Excel cortado en una palabra, con puntos suspensivos', () => {
    expect(nombreDeHoja('Toneladas despachadas por producto')).toBe('Toneladas despachadas por…');
    expect(nombreDeHoja('Tiempo de permanencia por día (minutos)')).toBe(
      'Tiempo de permanencia por día…',
    );
    for (const titulo of [
      'Toneladas despachadas por producto',
      'Tiempo de permanencia por día (minutos)',
    ]) {
      expect(nombreDeHoja(titulo).length).toBeLessThanOrEqual(31);
    }
  });

  it('deja igual un nombre que ya cabe (Sheet1, Respuestas) y corta una palabra sola', () => {
    expect(nombreDeHoja('Sheet1')).toBe('Sheet1');
    expect(nombreDeHoja('Camiones demorados ahora')).toBe('Camiones demorados ahora');
    expect(nombreDeHoja('x'.repeat(40))).toBe(`${'x'.repeat(30)}…`);
  });

  it('saca lo que Excel no acepta en una hoja: [ ] : * ? / \\ y el apóstrofo de los bordes', () => {
    expect(nombreDeHoja("'Cupos [por día]: 1/2?'")).toBe('Cupos por día 1-2');
    expect(nombreDeHoja('')).toBe('Hoja1');
  });
});
