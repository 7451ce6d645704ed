/**
 * Any range of days — empty (one day), reversed, years wide, past the limit, days that do not
 * exist, text that is not a day — on every dashboard route, as an administrator (all clients or
 * one) and as a client: never a 5xx, every refusal a `{ msj }` in Spanish, every 200 within
 * its contract's shape (days in order, one per day where the contract promises every day).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIAS_MAXIMOS } from '../../../shared/contracts/tablero';
import { usarAppDePrueba } from '../../test/app';
import { ingresar, post } from '../../test/sesion';

const t = usarAppDePrueba();
const cookies: string[] = [];

beforeAll(async () => {
  cookies.push(await ingresar(t.app, 'admin'), await ingresar(t.app, 'cliente1'));
});

const MS_DIA = 86_400_000;
const texto = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const BASE = Date.parse('2026-11-20T00:00:00Z');

/** A real day within ±15 years of the base, or one that does not exist, or not a day at all. */
const dia = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.integer({ min: -5_500, max: 5_500 }).map((n) => texto(BASE + n * MS_DIA)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '0000-01-01',
      '0000-01-02',
      '0001-01-01',
      '9999-12-31',
      '2026-1-1',
      '',
      '2026-11-20T00:00:00',
    ),
  },
);

describe('tablero: ningún rango de fechas produce un 5xx', () => {
  it('los bordes del calendario', async () => {
    for (const [desde, hasta, estado] of [
      ['0000-01-01', '0000-01-02', 400],
      ['0001-01-01', '0001-01-02', 200],
      ['9999-12-30', '9999-12-31', 200],
    ] as const) {
      const res = await post(
        t.app,
        '/api/tablero/recorridos',
        { unineg: 1, desde, hasta },
        cookies[0],
      );
      expect(res.statusCode, res.body).toBe(estado);
    }
  });

  for (const figura of ['camiones', 'recorridos', 'toneladas', 'cupos', 'desvios']) {
    it(figura, async () => {
      await fc.assert(
        fc.asyncProperty(
          dia,
          dia,
          fc.constantFrom(0, 1),
          fc.option(fc.constantFrom(1, 2, 999), { nil: undefined }),
          async (desde, hasta, sesion, codempre) => {
            const res = await post(
              t.app,
              `/api/tablero/${figura}`,
              { unineg: 1, desde, hasta, ...(codempre === undefined ? {} : { codempre }) },
              cookies[sesion],
            );
            expect(res.statusCode, `${desde} → ${hasta}: ${res.body}`).toBeLessThan(500);
            if (res.statusCode !== 200) {
              expect(res.statusCode).toBe(400);
              expect(typeof res.json<{ msj: string }>().msj).toBe('string');
              return;
            }
            const dias = (Date.parse(hasta) - Date.parse(desde)) / MS_DIA + 1;
            expect(dias).toBeGreaterThan(0);
            expect(dias).toBeLessThanOrEqual(DIAS_MAXIMOS);
            const cuerpo = res.json<{ dias: { dia: string }[] }>();
            if (figura !== 'toneladas' && figura !== 'desvios') {
              expect(cuerpo.dias).toHaveLength(dias);
              expect(cuerpo.dias[0]!.dia).toBe(desde);
              expect(cuerpo.dias.at(-1)!.dia).toBe(hasta);
            }
          },
        ),
        { numRuns: 40 },
      );
    });
  }
});
