import { sql } from 'drizzle-orm';
import type { ContextoBench, Escenario } from '../tipos';

async function idDeUsuario(ctx: ContextoBench, usuario: string): Promise<number> {
  const { rows } = await ctx.db.execute<{ id: number }>(
    sql`select id from usuarios where usuario = ${usuario}`,
  );
  return rows[0]!.id;
}

async function encuestaDeCosecha(ctx: ContextoBench): Promise<number> {
  const { rows } = await ctx.db.execute<{ id: number }>(
    sql`select id from encuestas where titulo = 'Encuesta de cosecha 1'`,
  );
  return rows[0]!.id;
}

/**
 * Users who answer 'Encuesta de cosecha 1'. Not all 2,000: the harness hands the answer to its
 * bare-Fastify reference through an environment variable, which holds at most 128 kB (E2BIG).
 */
const QUIENES_RESPONDEN = 120;

/** 'Encuesta de cosecha 1' answered (once: a second preparation finds the answers there). */
async function encuestaRespondida(ctx: ContextoBench): Promise<number> {
  const id = await encuestaDeCosecha(ctx);
  await ctx.db.execute(sql`
    insert into encuesta_respuestas (encuesta_id, usuario_id, fecha_respuesta)
    select ${id}, u.id, now() - make_interval(mins => u.id)
    from usuarios u where u.usuario like 'usuario%'
    order by u.id limit ${QUIENES_RESPONDEN}
    on conflict do nothing`);
  await ctx.db.execute(sql`
    insert into encuesta_respuesta_items (respuesta_id, pregunta_id, puntaje, texto_respuesta, observaciones)
    select r.id, p.id,
           case when p.es_texto then null else 1 + (r.id + p.id) % 5 end,
           case when p.es_texto then 'Más balanzas en horario pico' end,
           case when not p.es_texto and r.id % 4 = 0 then 'Buena atención' end
    from encuesta_respuestas r
    join encuesta_preguntas p on p.encuesta_id = r.encuesta_id
    where r.encuesta_id = ${id}
    on conflict do nothing`);
  return id;
}

export const ESCENARIOS_ENCUESTAS: Escenario[] = [
  {
    nombre: 'encuestas (lista)',
    descripcion: 'GET /api/encuestas como cliente (la lista de encuestas disponibles)',
    conexiones: 20,
    duracion: 10,
    preparar: (ctx) => ({ method: 'GET', path: '/api/encuestas', cookie: ctx.cookies.cosecha }),
  },
  {
    nombre: 'encuestas pendientes',
    descripcion: 'GET /api/encuestas/pendientes/{userId}: la consulta de cada ingreso',
    conexiones: 20,
    duracion: 10,
    preparar: async (ctx) => ({
      method: 'GET',
      path: `/api/encuestas/pendientes/${await idDeUsuario(ctx, 'usuario00001')}`,
      cookie: ctx.cookies.cosecha,
    }),
  },
  {
    nombre: 'encuesta respondio',
    descripcion: 'GET /api/encuestas/{id}/usuario/{userId}/respondio: una por fila de la lista',
    conexiones: 20,
    duracion: 10,
    preparar: async (ctx) => ({
      method: 'GET',
      path: `/api/encuestas/${await encuestaDeCosecha(ctx)}/usuario/${await idDeUsuario(ctx, 'usuario00001')}/respondio`,
      cookie: ctx.cookies.cosecha,
    }),
  },
  {
    nombre: 'encuesta respuestas (admin)',
    descripcion:
      'GET /api/encuestas/{id}/respuestas: 120 usuarios que respondieron 3 preguntas (360 filas)',
    conexiones: 10,
    duracion: 10,
    preparar: async (ctx) => ({
      method: 'GET',
      path: `/api/encuestas/${await encuestaRespondida(ctx)}/respuestas`,
      cookie: ctx.cookies.admin,
    }),
  },
];
