/**
 * A survey's results (issue 16) against a small data set computed by hand: three answer sets of
 * two companies over two months, one question skipped, one text left blank, an inactive user and
 * an administrator who do not count as pending.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppDePrueba } from '../../test/app';
import { resultados } from './servicio';

const t = usarAppDePrueba({ plantilla: 'vacia' });
let encuesta: number;
let q1: number;
let q2: number;
let q3: number;

async function insertar<T>(consulta: ReturnType<typeof sql>) {
  const { rows } = await t.db.execute<T & Record<string, unknown>>(consulta);
  return rows[0]!;
}

beforeAll(async () => {
  await t.db.execute(sql`
    insert into empresas (codempre, nomempre) values
      (0, 'Terminal'), (1, 'Empresa A'), (2, 'Empresa B')
    on conflict (codempre) do nothing`);
  const usuarios: Record<string, number> = {};
  for (const [usuario, codempre, activo] of [
    ['usu.a1', 1, true],
    ['usu.a2', 1, true],
    ['usu.a3', 1, true],
    ['usu.a4', 1, false],
    ['usu.b1', 2, true],
    ['usu.b2', 2, true],
    ['usu.adm', 0, true],
  ] as const) {
    usuarios[usuario] = (
      await insertar<{ id: number }>(sql`
        insert into usuarios (usuario, codempre, activo) values (${usuario}, ${codempre}, ${activo})
        returning id`)
    ).id;
  }
  encuesta = (
    await insertar<{ id: number }>(
      sql`insert into encuestas (titulo) values ('Satisfacción') returning id`,
    )
  ).id;
  const pregunta = async (texto: string, esTexto: boolean) =>
    (
      await insertar<{ id: number }>(sql`
        insert into encuesta_preguntas (encuesta_id, texto, obligatoria, es_texto)
        values (${encuesta}, ${texto}, false, ${esTexto}) returning id`)
    ).id;
  q1 = await pregunta('Atención', false);
  q2 = await pregunta('Tiempo de espera', false);
  q3 = await pregunta('Comentarios', true);

  const responder = async (
    usuario: string,
    fecha: string,
    p1: number | null,
    p2: number | null,
    texto: string | null,
  ) => {
    const { id } = await insertar<{ id: number }>(sql`
      insert into encuesta_respuestas (encuesta_id, usuario_id, fecha_respuesta)
      values (${encuesta}, ${usuarios[usuario]!}, ${fecha}::timestamp) returning id`);
    await t.db.execute(sql`
      insert into encuesta_respuesta_items (respuesta_id, pregunta_id, puntaje, texto_respuesta)
      values (${id}, ${q1}, ${p1}, null), (${id}, ${q2}, ${p2}, null), (${id}, ${q3}, null, ${texto})`);
  };
  await responder('usu.a1', '2026-09-10 10:00', 5, 4, 'Muy buena atención');
  await responder('usu.a2', '2026-10-05 15:00', 4, null, '  ');
  await responder('usu.b1', '2026-10-20 09:30', 2, 5, 'Demoras en playa');
});

describe('resultados de una encuesta', () => {
  it('todas las empresas: cada cifra como se calcula a mano', async () => {
    const r = await resultados(t.db, { id: encuesta });
    // Answered: a1, a2, b1. Pending: a3 and b2 (a4 is inactive, adm is the terminal).
    expect(r).toMatchObject({ respondieron: 3, pendientes: 2, tasaDeRespuesta: 0.6 });
    const [p1, p2, p3] = r.preguntas;
    expect(p1).toMatchObject({
      PreguntaId: q1,
      esTexto: false,
      respondidas: 3,
      omitidas: 0,
      distribucion: [0, 1, 0, 1, 1],
      textos: [],
    });
    expect(p1!.promedio).toBeCloseTo(11 / 3, 10);
    expect(p1!.csat).toBeCloseTo(2 / 3, 10);
    expect(p1!.meses).toEqual([
      { mes: '2026-09', respondidas: 1, promedio: 5, csat: 1 },
      { mes: '2026-10', respondidas: 2, promedio: 3, csat: 0.5 },
    ]);
    expect(p2).toMatchObject({
      respondidas: 2,
      omitidas: 1,
      promedio: 4.5,
      distribucion: [0, 0, 0, 1, 1],
      csat: 1,
    });
    expect(p3).toMatchObject({
      PreguntaId: q3,
      esTexto: true,
      respondidas: 2,
      omitidas: 1,
      promedio: null,
      csat: null,
      distribucion: [0, 0, 0, 0, 0],
      meses: [],
    });
    expect(p3!.textos).toEqual([
      {
        usuario: 'usu.b1',
        nomempre: 'Empresa B',
        texto: 'Demoras en playa',
        fecha: '2026-10-20T09:30:00',
      },
      {
        usuario: 'usu.a1',
        nomempre: 'Empresa A',
        texto: 'Muy buena atención',
        fecha: '2026-09-10T10:00:00',
      },
    ]);
  });

  it('una empresa: solo sus respuestas y sus pendientes', async () => {
    const r = await resultados(t.db, { id: encuesta, codempre: 1 });
    expect(r.respondieron).toBe(2);
    expect(r.pendientes).toBe(1);
    expect(r.tasaDeRespuesta).toBeCloseTo(2 / 3, 10);
    expect(r.preguntas[0]).toMatchObject({ promedio: 4.5, distribucion: [0, 0, 0, 1, 1], csat: 1 });
    expect(JSON.stringify(r)).not.toContain('Demoras en playa');
  });

  it('entre dos días, ambos incluidos (el calendario de la terminal)', async () => {
    const octubre = await resultados(t.db, {
      id: encuesta,
      desde: '2026-10-01',
      hasta: '2026-10-31',
    });
    expect(octubre.respondieron).toBe(2);
    expect(octubre.preguntas[0]).toMatchObject({
      promedio: 3,
      distribucion: [0, 1, 0, 1, 0],
      csat: 0.5,
    });
    const hasta5 = await resultados(t.db, { id: encuesta, hasta: '2026-10-05' });
    expect(hasta5.respondieron).toBe(2);
  });

  it('un rango invertido, vacío o de años no falla: da ceros', async () => {
    for (const rango of [
      { desde: '2026-11-01', hasta: '2026-10-01' },
      { desde: '2030-01-01', hasta: '2030-01-01' },
      { desde: '1990-01-01', hasta: '2090-12-31' },
    ]) {
      const r = await resultados(t.db, { id: encuesta, ...rango });
      expect(r.preguntas).toHaveLength(3);
      if (rango.desde === '1990-01-01') continue;
      expect(r.respondieron).toBe(0);
      expect(r.preguntas[0]).toMatchObject({ respondidas: 0, promedio: null, csat: null });
    }
  });

  it('una encuesta que no existe: 404', async () => {
    await expect(resultados(t.db, { id: 999_999 })).rejects.toMatchObject({ statusCode: 404 });
  });
});
