import { sql } from 'drizzle-orm';
import type { CasoAutorizacion, ContextoCaso } from '../../test/autorizacion';

/** A fresh survey with one obligatory scored question, so no call depends on another's. */
async function nuevaEncuesta({ db }: ContextoCaso) {
  const { rows } = await db.execute<{ id: number; pregunta: number }>(sql`
    with e as (insert into encuestas (titulo) values ('Encuesta de la matriz') returning id),
         p as (insert into encuesta_preguntas (encuesta_id, texto, obligatoria)
               select id, '¿Cómo califica la matriz?', true from e returning id)
    select e.id, p.id as pregunta from e, p`);
  return rows[0]!;
}

async function idDe({ db }: ContextoCaso, usuario: string) {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from usuarios where usuario = ${usuario}`,
  );
  return rows[0]!.id;
}

const deCualquiera = (status: number) => ({
  anonimo: 401,
  clienteA: status,
  clienteB: status,
  sinUnidad: status,
  admin: status,
});
const deAdministrador = (status: number) => ({
  anonimo: 401,
  clienteA: 403,
  clienteB: 403,
  sinUnidad: 403,
  admin: status,
});
/** Asking about client A: A itself and the administrator may; any other user may not. */
const sobreClienteA = { anonimo: 401, clienteA: 200, clienteB: 403, sinUnidad: 403, admin: 200 };

export const CASOS_ENCUESTAS: CasoAutorizacion[] = [
  { ruta: 'GET /api/encuestas', esperado: deCualquiera(200) },
  {
    ruta: 'POST /api/encuestas',
    cuerpo: { titulo: 'Atención en balanza', descripcion: 'Marzo' },
    esperado: deAdministrador(201),
  },
  {
    ruta: 'POST /api/encuestas/editar',
    cuerpo: async (c: ContextoCaso) => ({
      id: (await nuevaEncuesta(c)).id,
      titulo: 'Otro título',
      descripcion: '',
    }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/encuestas/pregunta',
    cuerpo: async (c: ContextoCaso) => ({
      EncuestaId: (await nuevaEncuesta(c)).id,
      Texto: '¿Volvería?',
    }),
    esperado: deAdministrador(201),
  },
  {
    ruta: 'POST /api/encuestas/pregunta/editar',
    cuerpo: async (c: ContextoCaso) => ({
      id: (await nuevaEncuesta(c)).pregunta,
      texto: 'Comentarios',
      obligatoria: 0,
      esTexto: true,
    }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'GET /api/encuestas/pendientes/:userId',
    url: async (c) => `/api/encuestas/pendientes/${await idDe(c, 'cliente1')}`,
    esperado: sobreClienteA,
  },
  {
    ruta: 'GET /api/encuestas/:id',
    url: async (c) => `/api/encuestas/${(await nuevaEncuesta(c)).id}`,
    esperado: deCualquiera(200),
  },
  {
    ruta: 'GET /api/encuestas/:id/preguntas',
    url: async (c) => `/api/encuestas/${(await nuevaEncuesta(c)).id}/preguntas`,
    esperado: deCualquiera(200),
  },
  {
    ruta: 'GET /api/encuestas/:id/respuestas',
    url: async (c) => `/api/encuestas/${(await nuevaEncuesta(c)).id}/respuestas`,
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/encuestas/resultados',
    cuerpo: async (c: ContextoCaso) => ({ id: (await nuevaEncuesta(c)).id, codempre: 1 }),
    esperado: deAdministrador(200),
  },
  {
    ruta: 'GET /api/encuestas/:id/usuario/:userId/respondio',
    url: async (c) =>
      `/api/encuestas/${(await nuevaEncuesta(c)).id}/usuario/${await idDe(c, 'cliente1')}/respondio`,
    esperado: sobreClienteA,
  },
  {
    // Only client A answers as itself; client B sends A's id, the administrator never answers.
    ruta: 'POST /api/encuestas/responder',
    cuerpo: async (c: ContextoCaso) => {
      const e = await nuevaEncuesta(c);
      return {
        usuarioId: await idDe(c, 'cliente1'),
        encuestaId: e.id,
        respuestas: [{ preguntaId: e.pregunta, puntaje: 4, observaciones: '', textoRespuesta: '' }],
      };
    },
    esperado: { anonimo: 401, clienteA: 201, clienteB: 403, sinUnidad: 403, admin: 403 },
  },
  {
    ruta: 'GET /api/encuestas/recordatorios/encuesta/:id',
    url: async (c) => `/api/encuestas/recordatorios/encuesta/${(await nuevaEncuesta(c)).id}`,
    esperado: deAdministrador(200),
  },
  {
    ruta: 'POST /api/encuestas/recordatorio',
    cuerpo: async (c: ContextoCaso) => ({ id: (await nuevaEncuesta(c)).id }),
    esperado: deAdministrador(200),
  },
  {
    // A user's reminders: itself and the administrator, as with its pending surveys.
    ruta: 'GET /api/encuestas/recordatorios/usuario/:userId',
    url: async (c) => `/api/encuestas/recordatorios/usuario/${await idDe(c, 'cliente1')}`,
    esperado: sobreClienteA,
  },
  {
    // Every client marks only its own reminders (the session's user, never one named in the
    // body: recordatorios.test.ts checks that B's call leaves A's unseen); the administrator has
    // none to mark.
    ruta: 'POST /api/encuestas/recordatorios/vistos',
    cuerpo: async (c: ContextoCaso) => ({ encuestaIds: [(await nuevaEncuesta(c)).id] }),
    esperado: { anonimo: 401, clienteA: 200, clienteB: 200, sinUnidad: 200, admin: 403 },
  },
];
