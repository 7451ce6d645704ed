/** The database itself refuses what breaks a rule, whatever code path writes (issue 2). */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usarAppDePrueba } from '../test/app';

const t = usarAppDePrueba();

async function falla(consulta: ReturnType<typeof sql>): Promise<string> {
  try {
    await t.db.execute(consulta);
  } catch (e) {
    const causa = (e as { cause?: { code?: string } }).cause;
    return causa?.code ?? 'error';
  }
  return 'aceptada';
}

describe('restricciones', () => {
  it('porcentaje de producto entre 0 y 100', async () => {
    const cupo = sql`(select min(ctrl) from cupos)`;
    expect(
      await falla(sql`update cupo_productos set porcentaje = 100.5 where cupo_ctrl = ${cupo}`),
    ).toBe('23514');
    expect(
      await falla(sql`update cupo_productos set porcentaje = -1 where cupo_ctrl = ${cupo}`),
    ).toBe('23514');
  });

  it('estado de camión 1 a 4, y finalizado_en solo en el 4', async () => {
    expect(
      await falla(
        sql`update camiones set codestado = 5 where ctrl = (select min(ctrl) from camiones)`,
      ),
    ).toBe('23514');
    expect(
      await falla(
        sql`update camiones set codestado = 4 where ctrl = (select min(ctrl) from camiones where codestado = 1)`,
      ),
    ).toBe('23514');
  });

  it('puntaje 1 a 5 y longitudes de la sección 9', async () => {
    const item = sql`(select min(id) from encuesta_respuesta_items where puntaje is not null)`;
    expect(
      await falla(sql`update encuesta_respuesta_items set puntaje = 6 where id = ${item}`),
    ).toBe('23514');
    expect(
      await falla(sql`update encuesta_respuesta_items set puntaje = 0 where id = ${item}`),
    ).toBe('23514');
    expect(
      await falla(
        sql`update encuestas set titulo = ${'x'.repeat(256)} where id = (select min(id) from encuestas)`,
      ),
    ).toBe('22001');
    expect(
      await falla(
        sql`update encuesta_preguntas set texto = ${'x'.repeat(501)} where id = (select min(id) from encuesta_preguntas)`,
      ),
    ).toBe('22001');
    expect(
      await falla(
        sql`update encuesta_respuesta_items set texto_respuesta = ${'x'.repeat(256)} where id = ${item}`,
      ),
    ).toBe('22001');
    expect(
      await falla(
        sql`update encuesta_respuesta_items set observaciones = ${'x'.repeat(251)} where id = ${item}`,
      ),
    ).toBe('22001');
  });

  it('un cupo asignado no puede quedar eliminado, ni asignar más de su cantidad', async () => {
    const asignado = sql`(select min(ctrl) from cupos where camion_ctrl is not null)`;
    expect(await falla(sql`update cupos set eliminado_en = now() where ctrl = ${asignado}`)).toBe(
      '23514',
    );
    expect(
      await falla(sql`update cupos set cantidad_asignada = cantidad + 1 where ctrl = ${asignado}`),
    ).toBe('23514');
  });

  it('una sola respuesta por usuario y encuesta', async () => {
    expect(
      await falla(sql`insert into encuesta_respuestas (encuesta_id, usuario_id)
        select encuesta_id, usuario_id from encuesta_respuestas limit 1`),
    ).toBe('23505');
  });
});
