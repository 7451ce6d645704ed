/**
 * The compiled serializer (`serializarCompilado`) against the default one: the same bytes for
 * every answer the contract takes, and the same refusal (zod's error) for every one it does not.
 */
import { describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import { clientesEmpresasRespuesta } from '../../shared/contracts/empresas';
import { disponibilidadRespuesta } from '../../shared/contracts/turnos';
import { errorApi } from '../../shared/contracts/comun';
import { compilarEscritor, serializarCompilado, serializarPorContrato } from './respuestas';

const ruta = (schema: ZodType) =>
  ({ schema, method: 'POST', url: '/x', httpStatus: '200' }) as Parameters<
    typeof serializarPorContrato
  >[0];

const franja = {
  fecha: '2026-12-01',
  hora: 9,
  capacidad: 80,
  reservados: 60,
  libres: 20,
  pausa: null as string | null,
  abierta: true,
};
const valida = {
  ahora: '2026-11-27T09:00:00',
  franjas: [
    franja,
    { ...franja, hora: 10, pausa: 'Lluvia "fuerte" \\ \n ñ \u2028', abierta: false },
    { ...franja, hora: 11, capacidad: -0, reservados: 0, libres: Number.MAX_SAFE_INTEGER },
  ],
};

/** Each answer the contract refuses, one field wrong at a time. */
const invalidas: [string, unknown][] = [
  ['sin franjas', { ahora: valida.ahora }],
  ['franjas no es una lista', { ...valida, franjas: { 0: franja } }],
  ['ahora con otra forma', { ...valida, ahora: '2026-11-27 09:00:00' }],
  ['un día con otra forma', { ...valida, franjas: [{ ...franja, fecha: '2026-12-1' }] }],
  ['una hora no entera', { ...valida, franjas: [{ ...franja, hora: 9.5 }] }],
  ['un número como texto', { ...valida, franjas: [{ ...franja, capacidad: '80' }] }],
  ['un número no finito', { ...valida, franjas: [{ ...franja, libres: Infinity }] }],
  ['NaN', { ...valida, franjas: [{ ...franja, libres: NaN }] }],
  ['un entero no seguro', { ...valida, franjas: [{ ...franja, libres: 2 ** 53 }] }],
  ['pausa ausente', { ...valida, franjas: [{ ...franja, pausa: undefined }] }],
  ['pausa no texto', { ...valida, franjas: [{ ...franja, pausa: 3 }] }],
  ['abierta como texto', { ...valida, franjas: [{ ...franja, abierta: 'true' }] }],
  ['una franja nula', { ...valida, franjas: [null] }],
  ['una franja lista', { ...valida, franjas: [[]] }],
  ['nada', null],
];

describe('serializarCompilado', () => {
  const lento = serializarPorContrato(ruta(disponibilidadRespuesta));
  const rapido = serializarCompilado(ruta(disponibilidadRespuesta));

  it('compiles the availability contract (it is not the default one under another name)', () => {
    expect(compilarEscritor(disponibilidadRespuesta)).toBeDefined();
  });

  it('writes the same bytes, in the contract order, without the fields it does not declare', () => {
    const conDeMas = {
      extra: 1,
      franjas: valida.franjas.map((f) => ({ secreto: 'x', ...f, otro: [1] })),
      ahora: valida.ahora,
    };
    for (const datos of [valida, conDeMas, { ...valida, franjas: [] }]) {
      expect(rapido(datos)).toBe(lento(datos));
    }
    expect(rapido(conDeMas)).toBe(lento(valida));
  });

  it.each(invalidas)('refuses as the default one does: %s', (_caso, datos) => {
    expect(compilarEscritor(disponibilidadRespuesta)!(datos)).toBeUndefined();
    expect(() => lento(datos)).toThrow();
    let error: unknown;
    try {
      rapido(datos);
    } catch (e) {
      error = e;
    }
    expect(error).toBeDefined();
    expect(String(error)).toBe(String(captura(() => lento(datos))));
  });

  it('leaves a schema with checks it does not know to safeParse', () => {
    for (const s of [
      z.object({ n: z.number().int().min(0) }),
      z.object({ s: z.string().max(3) }),
      z.object({ o: z.string().optional() }),
      z.strictObject({ a: z.boolean() }),
      z.object({ e: z.enum(['a', 'b']) }),
      z.array(z.string()).max(2),
      z.string().transform((s) => s.length),
    ]) {
      expect(compilarEscritor(s)).toBeUndefined();
    }
    // The error answers' contract: its own answers are still right.
    const errores = serializarCompilado(ruta(errorApi));
    expect(errores({ msj: 'No hay lugares' })).toBe(
      serializarPorContrato(ruta(errorApi))({ msj: 'No hay lugares' }),
    );
  });
});

describe('serializarCompilado, the companies a user may choose (the lightest call, issue 23)', () => {
  const lento = serializarPorContrato(ruta(clientesEmpresasRespuesta));
  const rapido = serializarCompilado(ruta(clientesEmpresasRespuesta));
  const fila = { codempre: 1, nomempre: 'Agroexportadora del Litoral S.A.' };

  it('compiles its contract', () => {
    expect(compilarEscritor(clientesEmpresasRespuesta)).toBeDefined();
  });

  it('writes the same bytes, without the fields the contract does not declare', () => {
    const conDeMas = [{ nomempre: fila.nomempre, otro: 'x', codempre: 1 }];
    const nombreRaro = { codempre: 2, nomempre: 'Ñandú "del" \\ Sur \u2028' };
    for (const datos of [[], [fila], [fila, nombreRaro], conDeMas]) {
      expect(rapido(datos)).toBe(lento(datos));
    }
    expect(rapido(conDeMas)).toBe(lento([fila]));
  });

  it.each([
    ['codempre no entero', [{ ...fila, codempre: 1.5 }]],
    ['codempre como texto', [{ ...fila, codempre: '1' }]],
    ['sin nombre', [{ codempre: 1 }]],
    ['nombre nulo', [{ ...fila, nomempre: null }]],
    ['no es una lista', fila],
  ])('refuses as the default one does: %s', (_caso, datos) => {
    expect(() => lento(datos)).toThrow();
    expect(String(captura(() => rapido(datos)))).toBe(String(captura(() => lento(datos))));
  });
});

function captura(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}
