/**
 * The demo (`npm start`) gives a dashboard worth looking at over the default range, the last 7
 * days, for the administrator (all clients) and for cliente1 in Granos: trucks per day and hour,
 * turnaround stages, tons, quotas and at least one deviation.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UsuarioSesion } from '../../acceso';
import { usarAppDePrueba } from '../../test/app';
import * as tablero from './servicio';
import { leerJsonDe } from '../../db/sql';

const t = usarAppDePrueba();
let rango: { unineg: number; desde: string; hasta: string };

const cliente1: UsuarioSesion = {
  id: 0,
  usuario: 'cliente1',
  codempre: 1,
  esAdministrador: false,
  uniNegs: [
    { ctrl: 1, unineg: 'Granos' },
    { ctrl: 2, unineg: 'Subproductos' },
  ],
  reautenticada: false,
};

beforeAll(async () => {
  const { rows } = await t.db.execute<{ desde: string; hasta: string }>(sql`
    select to_char(current_date - 6, 'YYYY-MM-DD') as desde, to_char(current_date, 'YYYY-MM-DD') as hasta`);
  rango = { unineg: 1, ...rows[0]! };
});

describe('tablero con la demostración', () => {
  for (const [nombre, alcance] of [
    ['administrador', 'terminal'],
    ['cliente1', cliente1],
  ] as const) {
    it(`${nombre}: cifras en los últimos 7 días`, async () => {
      const camiones = leerJsonDe(await tablero.camiones(t.db, alcance, rango));
      expect(camiones.capacidadHora).toBe(4);
      const conCamiones = camiones.dias.filter((d) => d.finalizados > 0);
      expect(conCamiones.length).toBeGreaterThanOrEqual(5);
      expect(camiones.horas.length).toBeGreaterThan(10);

      const recorridos = leerJsonDe(await tablero.recorridos(t.db, alcance, rango));
      expect(recorridos.rango.camiones).toBeGreaterThan(10);
      for (const etapa of ['total', 'sinOrden', 'conOrden', 'operando'] as const) {
        expect(recorridos.rango[etapa].p50, etapa).toBeGreaterThan(0);
        expect(recorridos.rango[etapa].p90!, etapa).toBeGreaterThanOrEqual(
          recorridos.rango[etapa].p50!,
        );
      }

      const toneladas = leerJsonDe(await tablero.toneladas(t.db, alcance, rango));
      expect(toneladas.productos.length).toBeGreaterThan(1);
      expect(new Set(toneladas.dias.map((d) => d.dia)).size).toBeGreaterThanOrEqual(5);

      const cupos = leerJsonDe(await tablero.cupos(t.db, alcance, rango));
      const suma = (k: 'pedidos' | 'usados' | 'eliminados') =>
        cupos.dias.reduce((s, d) => s + d[k], 0);
      expect(suma('pedidos')).toBeGreaterThan(0);
      expect(suma('usados')).toBeGreaterThan(0);
      expect(suma('eliminados')).toBeGreaterThan(0);

      const desvios = leerJsonDe(await tablero.desvios(t.db, alcance, rango));
      expect(desvios.toleranciaFaltante).toBe(5);
      expect(desvios.desvios.some((d) => d.tipo === 'exceso')).toBe(true);
      expect(desvios.total).toBe(desvios.desvios.length);
    });
  }

  it('los acumulados de la demostración coinciden con el recálculo', async () => {
    expect(await tablero.verificar(t.db)).toEqual([]);
  });
});
