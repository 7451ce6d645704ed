import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  porcentajeEnDecimas,
  validarCupo,
  validarProductos,
  type ValoresCupoCrudos,
} from './cupo-validacion';

describe('porcentajeEnDecimas', () => {
  it('cada mensaje de la especificación', () => {
    expect(porcentajeEnDecimas('')).toEqual({ error: 'Inserte un porcentaje válido' });
    expect(porcentajeEnDecimas('  ')).toEqual({ error: 'Inserte un porcentaje válido' });
    expect(porcentajeEnDecimas(null)).toEqual({ error: 'Inserte un porcentaje válido' });
    expect(porcentajeEnDecimas(undefined)).toEqual({ error: 'Inserte un porcentaje válido' });
    for (const v of ['abc', '1e2', '0x10', '5%', '.', '-', true]) {
      expect(porcentajeEnDecimas(v), String(v)).toEqual({
        error: 'El porcentaje debe ser numerico',
      });
    }
    expect(porcentajeEnDecimas('-0.1')).toEqual({ error: 'El porcentaje no puede ser negativo' });
    expect(porcentajeEnDecimas(-5)).toEqual({ error: 'El porcentaje no puede ser negativo' });
    expect(porcentajeEnDecimas('100.1')).toEqual({
      error: 'El porcentaje no puede ser mayo que 100',
    });
    expect(porcentajeEnDecimas(1e21)).toEqual({
      error: 'El porcentaje no puede ser mayo que 100',
    });
  });

  it('décimas enteras, con punto o coma, número o texto', () => {
    expect(porcentajeEnDecimas('33.3')).toEqual({ decimas: 333 });
    expect(porcentajeEnDecimas('33,3')).toEqual({ decimas: 333 });
    expect(porcentajeEnDecimas(33.3)).toEqual({ decimas: 333 });
    expect(porcentajeEnDecimas('33.30')).toEqual({ decimas: 333 });
    expect(porcentajeEnDecimas(' 100 ')).toEqual({ decimas: 1000 });
    expect(porcentajeEnDecimas('.5')).toEqual({ decimas: 5 });
    expect(porcentajeEnDecimas(0)).toEqual({ decimas: 0 });
  });

  it('un paso de 0,1: más decimales se rechazan en vez de redondearse', () => {
    expect(porcentajeEnDecimas('33.33')).toEqual({ error: 'El porcentaje admite un solo decimal' });
    expect(porcentajeEnDecimas(0.1 + 0.2)).toEqual({
      error: 'El porcentaje admite un solo decimal',
    });
  });
});

describe('validarProductos', () => {
  it('33,3 + 33,4 + 33,3 suman exactamente 100 en cualquier orden (en coma flotante, 99,99999…)', () => {
    expect(33.3 + 33.4 + 33.3).not.toBe(100);
    const r = validarProductos([
      { producto: '1', porcentaje: '33.3' },
      { producto: 2, porcentaje: 33.4 },
      { producto: '3', porcentaje: 33.3 },
    ]);
    expect(r.errores).toEqual([]);
    expect(r.sumaDecimas).toBe(1000);
    expect(r.productos).toEqual([
      { codpro: 1, decimas: 333 },
      { codpro: 2, decimas: 334 },
      { codpro: 3, decimas: 333 },
    ]);
  });

  it('cualquier reparto en décimas que sume 1000 es válido, y uno más o uno menos no', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 8 }),
        (partes) => {
          const filas = partes.map((d, i) => ({
            producto: i + 1,
            porcentaje: (d / 10).toString(),
          }));
          const suma = partes.reduce((a, b) => a + b, 0);
          const r = validarProductos(filas);
          expect(r.sumaDecimas).toBe(suma);
          if (suma === 1000) expect(r.errores).toEqual([]);
          else
            expect(r.errores).toEqual([
              suma > 1000 ? 'El porcentaje supera 100' : 'El porcentaje no suma 100',
            ]);
        },
      ),
    );
  });

  it('mensajes de producto por fila, sin repetir en la lista', () => {
    const r = validarProductos([
      { producto: '', porcentaje: '10' },
      { producto: 'abc', porcentaje: '' },
      { producto: '1.5', porcentaje: 'x' },
      { producto: undefined, porcentaje: '-1' },
      { producto: '4', porcentaje: '101' },
    ]);
    expect(r.filas).toEqual([
      { producto: 'Hay productos sin seleccionar' },
      {
        producto: 'El ID del producto no es un numero',
        porcentaje: 'Inserte un porcentaje válido',
      },
      {
        producto: 'El ID del producto no es un numero',
        porcentaje: 'El porcentaje debe ser numerico',
      },
      {
        producto: 'Hay productos sin seleccionar',
        porcentaje: 'El porcentaje no puede ser negativo',
      },
      { porcentaje: 'El porcentaje no puede ser mayo que 100' },
    ]);
    expect(r.errores).toEqual([
      'Hay productos sin seleccionar',
      'El ID del producto no es un numero',
      'Inserte un porcentaje válido',
      'El porcentaje debe ser numerico',
      'El porcentaje no puede ser negativo',
      'El porcentaje no puede ser mayo que 100',
    ]);
    // With an invalid percentage the sum says nothing new.
    expect(r.total).toBeUndefined();
  });

  it('la suma: no llega o se pasa', () => {
    expect(validarProductos([{ producto: 1, porcentaje: 99.9 }]).errores).toEqual([
      'El porcentaje no suma 100',
    ]);
    const r = validarProductos([
      { producto: 1, porcentaje: 60 },
      { producto: 2, porcentaje: 40.1 },
    ]);
    expect(r.total).toBe('El porcentaje supera 100');
    expect(validarProductos([]).errores).toEqual(['El porcentaje no suma 100']);
  });

  it('un producto repetido se marca en su segunda fila', () => {
    const r = validarProductos([
      { producto: 1, porcentaje: 50 },
      { producto: '1', porcentaje: 50 },
    ]);
    expect(r.filas).toEqual([{}, { producto: 'Hay productos repetidos' }]);
  });
});

describe('validarCupo', () => {
  const valido: ValoresCupoCrudos = {
    cliente: '1',
    uniNeg: '1',
    tipoDespacho: '1',
    envase: '-1',
    cargaMaxima: '30000',
    cantCuposIguales: '1',
  };
  const unProducto = [{ producto: '1', porcentaje: '100' }];

  it('un cupo válido sale con sus valores como números', () => {
    const r = validarCupo(valido, unProducto, { creando: true, conEnvase: false });
    expect(r.errores).toEqual([]);
    expect(r.cupo).toEqual({
      cliente: 1,
      uniNeg: 1,
      tipoDespacho: 1,
      envase: -1,
      cargaMaxima: 30000,
      cantCuposIguales: 1,
      productos: [{ codpro: 1, decimas: 1000 }],
    });
  });

  it('obligatorios: "Este campo es obligatorio", con la etiqueta en la lista del servidor', () => {
    const r = validarCupo({}, unProducto, { creando: true });
    expect(r.campos).toEqual({
      cliente: 'Este campo es obligatorio',
      uniNeg: 'Este campo es obligatorio',
      tipoDespacho: 'Este campo es obligatorio',
      envase: 'Este campo es obligatorio',
      cargaMaxima: 'Este campo es obligatorio',
      cantCuposIguales: 'Este campo es obligatorio',
    });
    expect(r.errores).toEqual([
      'Cliente: Este campo es obligatorio',
      'Unidad de Negocio: Este campo es obligatorio',
      'Tipo de despacho: Este campo es obligatorio',
      'Envase: Este campo es obligatorio',
      'Carga máxima: Este campo es obligatorio',
      'Cantidad de cupos iguales: Este campo es obligatorio',
    ]);
    expect(r.cupo).toBeUndefined();
  });

  it('carga máxima y cantidad de cupos positivas', () => {
    for (const cargaMaxima of ['0', '-1', 'x', -3]) {
      const r = validarCupo({ ...valido, cargaMaxima }, unProducto, { creando: true });
      expect(r.errores, String(cargaMaxima)).toEqual([
        'La carga maxima debe ser un valor positivo',
      ]);
    }
    for (const cantCuposIguales of ['0', '-2', 'dos']) {
      const r = validarCupo({ ...valido, cantCuposIguales }, unProducto, { creando: true });
      expect(r.errores).toEqual(['La cantidad cupos debe ser un valor positivo']);
    }
    expect(
      validarCupo({ ...valido, cantCuposIguales: '101' }, unProducto, { creando: true }).errores,
    ).toEqual(['La cantidad cupos no puede ser mayor que 100']);
    expect(
      validarCupo({ ...valido, cantCuposIguales: '1.5' }, unProducto, { creando: true }).errores,
    ).toEqual(['La cantidad cupos debe ser un numero entero']);
  });

  it('al modificar no se pide la cantidad de cupos iguales', () => {
    const r = validarCupo({ ...valido, cantCuposIguales: '' }, unProducto, { creando: false });
    expect(r.errores).toEqual([]);
    expect(r.cupo?.cantCuposIguales).toBe(1);
  });

  it('con envase: hace falta uno de verdad y las unidades son enteras', () => {
    const conEnvase = { creando: true, conEnvase: true };
    expect(validarCupo(valido, unProducto, conEnvase).errores).toEqual([
      'Envase: Este campo es obligatorio',
    ]);
    expect(
      validarCupo({ ...valido, envase: '7', cargaMaxima: '600.5' }, unProducto, conEnvase).errores,
    ).toEqual(['Con envase la carga maxima son unidades: debe ser un numero entero']);
    expect(
      validarCupo({ ...valido, envase: 7, cargaMaxima: 600 }, unProducto, conEnvase).cupo?.envase,
    ).toBe(7);
  });

  it('valores que ningún select produce', () => {
    const r = validarCupo(
      { ...valido, cliente: 'abc', uniNeg: 0, envase: 0, tipoDespacho: 1.5 },
      unProducto,
      { creando: true },
    );
    expect(r.errores).toEqual([
      'Cliente: El valor elegido no es válido',
      'Unidad de Negocio: El valor elegido no es válido',
      'Tipo de despacho: El valor elegido no es válido',
      'Envase: El valor elegido no es válido',
    ]);
    expect(
      validarCupo({ ...valido, cargaMaxima: '1.2345' }, unProducto, { creando: true }).errores,
    ).toEqual(['La carga maxima admite hasta 3 decimales']);
    expect(
      validarCupo({ ...valido, cargaMaxima: 1e12 }, unProducto, { creando: true }).errores,
    ).toEqual(['La carga maxima es demasiado grande']);
  });

  it('los errores de productos se suman a los de los campos', () => {
    const r = validarCupo({ ...valido, cargaMaxima: '' }, [{ producto: '', porcentaje: '50' }], {
      creando: true,
    });
    expect(r.errores).toEqual([
      'Carga máxima: Este campo es obligatorio',
      'Hay productos sin seleccionar',
      'El porcentaje no suma 100',
    ]);
  });
});
