import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crearAppDePrueba, usarAppDePrueba } from '../test/app';
import { generarVolumen } from './demo-data';

const t = usarAppDePrueba();

async function una<T extends Record<string, unknown>>(
  consulta: ReturnType<typeof sql>,
): Promise<T> {
  return (await t.db.execute<T>(consulta)).rows[0] as T;
}

describe('datos de demostración (diseño, sección 10)', () => {
  it('cliente1 tiene en Granos camiones en cada estado 1-4, y los finalizados tienen tickets', async () => {
    const { estados } = await una<{ estados: number[] }>(sql`
      select array_agg(distinct codestado order by codestado) as estados
      from camiones where codempre = 1 and unineg = 1`);
    expect(estados).toEqual([1, 2, 3, 4]);
    const { sinTicket } = await una<{ sinTicket: number }>(sql`
      select count(*) as "sinTicket" from camiones c
      where c.codestado = 4 and not exists (select 1 from tickets t where t.camion_ctrl = c.ctrl and t.bruto is not null)`);
    expect(sinTicket).toBe(0);
  });

  it('cliente1 tiene cupos sin asignar a granel y en envases, con mezclas de varios productos', async () => {
    const r = await una<{ granel: number; envase: number; mezclas: number }>(sql`
      select count(*) filter (where tipenvase is null) as granel,
             count(*) filter (where tipenvase is not null) as envase,
             count(*) filter (where (select count(*) from cupo_productos p where p.cupo_ctrl = c.ctrl) > 1) as mezclas
      from cupos c where codempre = 1 and unineg = 1 and camion_ctrl is null and eliminado_en is null`);
    expect(r.granel).toBeGreaterThan(0);
    expect(r.envase).toBeGreaterThan(0);
    expect(r.mezclas).toBeGreaterThan(0);
  });

  it('las mezclas suman exactamente 100', async () => {
    const { mal } = await una<{ mal: number }>(sql`
      select count(*) as mal from (
        select cupo_ctrl from cupo_productos group by cupo_ctrl having sum(porcentaje) <> 100) x`);
    expect(mal).toBe(0);
  });

  it('hay stock para cliente1 y una encuesta con pregunta de puntaje, de texto y obligatoria', async () => {
    const { lineas } = await una<{ lineas: number }>(sql`
      select count(distinct codpro) as lineas from stock_movimientos where codempre = 1 and unineg = 1`);
    expect(lineas).toBeGreaterThan(1);
    const e = await una<{ puntaje: number; texto: number; obligatorias: number }>(sql`
      select count(*) filter (where not es_texto) as puntaje, count(*) filter (where es_texto) as texto,
             count(*) filter (where obligatoria) as obligatorias
      from encuesta_preguntas where encuesta_id = (select min(id) from encuestas)`);
    expect(e.puntaje).toBeGreaterThan(0);
    expect(e.texto).toBeGreaterThan(0);
    expect(e.obligatorias).toBeGreaterThan(0);
  });

  it('los tickets finalizados dan neto = bruto - tara en kilos plausibles', async () => {
    const r = await una<{ minimo: number; maximo: number }>(sql`
      select min(bruto - tara) as minimo, max(bruto - tara) as maximo from tickets where bruto is not null`);
    expect(r.minimo).toBeGreaterThan(10_000);
    expect(r.maximo).toBeLessThan(40_000);
  });
});

describe('generador de volumen', () => {
  it('agrega las cantidades pedidas en una base con la demostración', async () => {
    const propia = await crearAppDePrueba();
    try {
      const antes = await propia.db.execute<{ n: number }>(sql`select count(*) as n from cupos`);
      await generarVolumen(propia.db, {
        empresas: 5,
        camionesEnPlaya: 120,
        cupos: 300,
        movimientos: 1000,
        usuarios: 10,
        encuestas: 3,
      });
      const cuenta = async (consulta: ReturnType<typeof sql>) =>
        (await propia.db.execute<{ n: number }>(consulta)).rows[0]!.n;
      expect(await cuenta(sql`select count(*) as n from empresas where codempre >= 1000`)).toBe(5);
      expect(
        await cuenta(sql`select count(*) as n from camiones where codempre = 1001 and unineg = 1`),
      ).toBe(120);
      expect(await cuenta(sql`select count(*) as n from cupos`)).toBe(antes.rows[0]!.n + 300);
      expect(
        await cuenta(sql`select count(*) as n from stock_movimientos where codempre >= 1000`),
      ).toBe(1000);
      expect(
        await cuenta(sql`select count(*) as n from usuarios where usuario like 'usuario%'`),
      ).toBe(10);
    } finally {
      await propia.cerrar();
    }
  });
});
