import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { movimientosDelTicket, repartir, type CupoDelCamion } from './rules';

describe('repartir (resto mayor)', () => {
  it('las partes suman el total y cada una difiere de su parte exacta en menos de 1', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), { minLength: 1, maxLength: 12 }),
        (total, pesos) => {
          fc.pre(pesos.some((p) => p > 0n));
          const partes = repartir(total, pesos);
          const suma = pesos.reduce((a, b) => a + b, 0n);
          expect(partes.reduce((a, b) => a + b, 0n)).toBe(total);
          partes.forEach((parte, i) => {
            // |parte - total·p/suma| < 1  ⇔  |parte·suma - total·p| < suma
            const desvio = parte * suma - total * pesos[i]!;
            expect(desvio < suma && -desvio < suma).toBe(true);
          });
        },
      ),
    );
  });

  it('un empate va al primero; un peso 0 no recibe nada', () => {
    expect(repartir(10n, [1n, 1n, 1n])).toEqual([4n, 3n, 3n]);
    expect(repartir(7n, [0n, 2n, 5n])).toEqual([0n, 2n, 5n]);
  });
});

describe('movimientos de un ticket', () => {
  const cupo = (c: Partial<CupoDelCamion>): CupoDelCamion => ({
    ctrl: 1,
    codempre: 1,
    unineg: 1,
    tipo: 'D',
    cantidad_asignada: 30000,
    peso_envase: null,
    productos: [{ codpro: 1, porcentaje: 100 }],
    ...c,
  });

  it('el neto entero, con el signo de cada cupo, repartido a kilos enteros', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 150_000 }),
        fc.array(
          fc.record({
            tipo: fc.constantFrom('D' as const, 'R' as const),
            cantidad_asignada: fc.integer({ min: 1, max: 100_000_000 }).map((n) => n / 1000),
            peso_envase: fc.option(fc.integer({ min: 1, max: 2_000_000 }).map((n) => n / 1000)),
            // A blend of tenths that adds up to 100 %.
            productos: fc
              .array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 5 })
              .map((ps) => {
                const decimas = repartir(1000n, ps.map(BigInt)).map(Number);
                return decimas.map((d, i) => ({ codpro: i + 1, porcentaje: d / 10 }));
              }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        (neto, cupos) => {
          const lista = cupos.map((c, i) => cupo({ ...c, ctrl: i + 1 }));
          const movs = movimientosDelTicket(neto, lista, {
            ctrl: 9,
            fecha: '2026-11-21T17:00:00.000000Z',
          });
          expect(movs.every((m) => Number.isSafeInteger(m.kilos))).toBe(true);
          expect(movs.reduce((a, m) => a + Math.abs(m.kilos), 0)).toBe(neto);
          for (const m of movs) {
            const c = lista[m.cupoCtrl! - 1]!;
            expect(m.tipo).toBe(c.tipo === 'R' ? 'recepcion' : 'despacho');
            if (m.kilos !== 0) expect(Math.sign(m.kilos)).toBe(c.tipo === 'R' ? 1 : -1);
          }
        },
      ),
    );
  });

  it('un cupo en envases pesa sus unidades por el peso del envase', () => {
    const movs = movimientosDelTicket(
      45_000,
      [
        cupo({ ctrl: 1, tipo: 'R', cantidad_asignada: 20_000 }),
        cupo({ ctrl: 2, cantidad_asignada: 500, peso_envase: 50 }),
      ],
      { ctrl: 9, fecha: '2026-11-21T17:00:00.000000Z' },
    );
    expect(movs.map((m) => m.kilos)).toEqual([20_000, -25_000]);
  });
});
