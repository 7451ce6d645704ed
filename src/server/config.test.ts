/**
 * RELOJ_TERMINAL_INICIO: the terminal's clock shifted to an instant at start (end-to-end tests,
 * training drills). A valid instant starts the clock there and it runs forward; anything else
 * stops the start with a Spanish line that names the variable.
 */
import { describe, expect, it } from 'vitest';
import { leerConfig } from './config';
import { ErrorDeArranque } from './errores-arranque';
import { instantesDesde, relojDeTerminal } from './reloj-terminal';

const leer = (v?: string) => leerConfig({ DATA_DIR: '/tmp', RELOJ_TERMINAL_INICIO: v });

describe('RELOJ_TERMINAL_INICIO', () => {
  it('sin definir (o vacía): el reloj real', () => {
    expect(leer().relojInicio).toBeUndefined();
    expect(leer('').relojInicio).toBeUndefined();
  });

  it('un instante ISO con su zona', () => {
    expect(leer('2026-03-10T12:30:00Z').relojInicio).toEqual(new Date('2026-03-10T12:30:00Z'));
    expect(leer('2026-03-10T09:30:00-03:00').relojInicio).toEqual(new Date('2026-03-10T12:30:00Z'));
  });

  it.each(['mañana', '2026-03-10', '2026-03-10T12:30:00', '2026-13-10T12:30:00Z'])(
    'rechaza %s con un mensaje en castellano',
    (valor) => {
      const leerMal = () => leer(valor);
      expect(leerMal).toThrow(ErrorDeArranque);
      expect(leerMal).toThrow(
        `Configuración inválida: RELOJ_TERMINAL_INICIO=${JSON.stringify(valor)}: debe ser un instante ISO con su zona`,
      );
    },
  );

  it('el reloj arranca en ese instante y avanza en tiempo real', () => {
    let real = Date.parse('2026-11-27T02:00:00Z');
    const instantes = instantesDesde(leer('2026-03-10T12:30:00Z').relojInicio!, () => real);
    const reloj = relojDeTerminal('America/Argentina/Buenos_Aires', instantes);
    expect(reloj()).toBe('2026-03-10T09:30:00');
    real += 90_000;
    expect(reloj()).toBe('2026-03-10T09:31:30');
    real += 86_400_000;
    expect(reloj()).toBe('2026-03-11T09:31:30');
  });
});
