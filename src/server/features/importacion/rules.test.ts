/** The pure parts of the import: CSV records, quantities, units by name, a row's refusals. */
import { describe, expect, it } from 'vitest';
import { MENSAJES_IMPORTACION as M } from '../../../shared/textos';
import { registrosCsv, separadorDe } from './csv';
import { claseDeNombre } from './lectura';
import { leerFila, milesimas, Unidades, type Rechazo } from './rules';
import { textoDeNumero } from './xlsx';

async function registros(...trozos: string[]) {
  const lista: { numero: number; campos: string[] }[] = [];
  for await (const r of registrosCsv(
    (async function* () {
      yield* trozos;
    })(),
  )) {
    lista.push(r);
  }
  return lista;
}

describe('CSV', () => {
  it("el separador es el de la primera línea: ';' o ','", () => {
    expect(separadorDe('Código;Nombre;Unidades de negocio')).toBe(';');
    expect(separadorDe('Código,Nombre,Unidades de negocio')).toBe(',');
    expect(separadorDe('"a;b",c,d')).toBe(',');
  });

  it('comillas, comillas dobles, saltos de línea dentro de un campo y CRLF partido entre trozos', async () => {
    expect(await registros('a;b\r', '\n"x;y";"di', 'jo ""hola""\nchau"\r\n\r\n1;2')).toEqual([
      { numero: 1, campos: ['a', 'b'] },
      { numero: 2, campos: ['x;y', 'dijo "hola"\nchau'] },
      { numero: 3, campos: [''] },
      { numero: 4, campos: ['1', '2'] },
    ]);
  });

  it('una sola línea sin fin de línea', async () => {
    expect(await registros('a,b')).toEqual([{ numero: 1, campos: ['a', 'b'] }]);
  });
});

describe('cantidades', () => {
  it('coma o punto decimal, hasta 3 decimales, sin separador de miles', () => {
    expect(milesimas('1250,5')).toBe(1_250_500);
    expect(milesimas('1250.5')).toBe(1_250_500);
    expect(milesimas('0,001')).toBe(1);
    expect(milesimas('7')).toBe(7000);
    expect(milesimas('-2,5')).toBe(-2500);
    expect(milesimas('1,2345')).toBeNull();
    expect(milesimas('1.250,5')).toBeNull();
    expect(milesimas('12 t')).toBeNull();
  });

  it('un número de Excel sin el ruido del binario', () => {
    expect(textoDeNumero(0.1 + 0.2)).toBe('0.3');
    expect(textoDeNumero(1250.5)).toBe('1250.5');
    expect(textoDeNumero(101)).toBe('101');
  });
});

describe('filas', () => {
  const unidades = new Unidades([
    { ctrl: 1, unineg: 'Granos' },
    { ctrl: 2, unineg: 'Subproductos' },
  ]);

  it('las unidades se buscan por nombre, sin mayúsculas ni acentos', () => {
    expect(
      leerFila(
        'empresas',
        { codempre: '7', nombre: '  Ñandú S.A. ', unidades: 'subproductos, GRANOS' },
        unidades,
      ),
    ).toEqual({ codempre: 7, nomempre: 'Ñandú S.A.', unidades: [1, 2] });
  });

  it('cada rechazo dice qué columna y por qué', () => {
    const motivo = (r: unknown) => (r as Rechazo).motivo;
    expect(
      motivo(leerFila('empresas', { codempre: '0', nombre: 'X', unidades: '' }, unidades)),
    ).toBe(M.terminalNoSeImporta);
    expect(
      motivo(leerFila('usuarios', { usuario: 'jefe', codempre: '0', unidades: '' }, unidades)),
    ).toBe(M.administradorNoSeImporta);
    expect(
      motivo(leerFila('empresas', { codempre: '5', nombre: '', unidades: '' }, unidades)),
    ).toBe(M.faltaValor('Nombre'));
    expect(
      motivo(leerFila('empresas', { codempre: '5', nombre: 'a\u202Eb', unidades: '' }, unidades)),
    ).toBe(M.textoNoPermitido('Nombre'));
    expect(
      motivo(leerFila('productos', { codpro: '9', nombre: 'X', activo: 'quizás' }, unidades)),
    ).toBe(M.siNo('Activo', 'quizás'));
    expect(
      motivo(
        leerFila(
          'saldos',
          { codempre: '5', unidad: 'Granos', codpro: '1', toneladas: '-3' },
          unidades,
        ),
      ),
    ).toBe(M.cantidadNegativa('Toneladas'));
    expect(
      motivo(leerFila('envases', { codempre: '5', nombre: 'Bolsa', peso: '0' }, unidades)),
    ).toBe(M.pesoCero);
    expect(
      motivo(
        leerFila('productosClientes', { codempre: '5', unidad: 'Aceites', codpro: '1' }, unidades),
      ),
    ).toBe(M.unidadInexistente('Aceites'));
  });

  it('la clase de una hoja o de un CSV, por su nombre', () => {
    expect(claseDeNombre('Saldos iniciales')).toBe('saldos');
    expect(claseDeNombre('productos-por-cliente.csv')).toBe('productosClientes');
    expect(claseDeNombre('EMPRESAS.CSV')).toBe('empresas');
    expect(claseDeNombre('Hoja1')).toBeUndefined();
  });
});
