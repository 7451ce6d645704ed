import { sql } from 'drizzle-orm';
import type {
  Encuesta,
  FilaRespuesta,
  Pregunta,
  ResponderRespuesta,
} from '../../../shared/contracts/encuestas';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import type { DbOTx, Tx } from '../../db/client';
import { encuestaRespuestaItems } from '../../db/schema';
import { fechaLocal } from '../../db/sql';
import type { ItemRespuesta, PreguntaVigente } from './rules';

// The API's names and casing (spec section 3), straight from SQL: no mapping layer to drift.
const ENCUESTA = sql`e.id as "Id", e.titulo as "Titulo", e.descripcion as "Descripcion",
  ${fechaLocal(sql`e.fecha_creacion`)} as "FechaCreacion"`;
const PREGUNTA = sql`p.id as "Id", p.texto as "Texto", p.obligatoria::int as "Obligatoria",
  p.es_texto::int as "EsTexto"`;
const NUEVAS_PRIMERO = sql`order by e.fecha_creacion desc, e.id desc`;

export async function listarEncuestas(db: DbOTx): Promise<Encuesta[]> {
  const { rows } = await db.execute<Encuesta>(
    sql`select ${ENCUESTA} from encuestas e ${NUEVAS_PRIMERO}`,
  );
  return rows;
}

/** `paraActualizar` locks the row: the audit's "before" is what the update replaces. */
export async function encuestaPorId(
  db: DbOTx,
  id: number,
  paraActualizar = false,
): Promise<Encuesta | undefined> {
  const { rows } = await db.execute<Encuesta>(sql`
    select ${ENCUESTA} from encuestas e where e.id = ${id}
    ${paraActualizar ? sql`for update` : sql``}`);
  return rows[0];
}

export async function crearEncuesta(
  tx: Tx,
  datos: { titulo: string; descripcion: string | null; creadaPor: number | null },
): Promise<Encuesta> {
  const { rows } = await tx.execute<Encuesta>(sql`
    insert into encuestas as e (titulo, descripcion, creada_por)
    values (${datos.titulo}, ${datos.descripcion}, ${datos.creadaPor})
    returning ${ENCUESTA}`);
  return rows[0]!;
}

export async function actualizarEncuesta(
  tx: Tx,
  datos: { id: number; titulo: string; descripcion: string | null },
): Promise<Encuesta> {
  const { rows } = await tx.execute<Encuesta>(sql`
    update encuestas as e
    set titulo = ${datos.titulo}, descripcion = ${datos.descripcion}, actualizada_en = now()
    where e.id = ${datos.id}
    returning ${ENCUESTA}`);
  return rows[0]!;
}

/** In the order they were added, which is the order they are asked. */
export async function preguntasDe(db: DbOTx, encuestaId: number): Promise<Pregunta[]> {
  const { rows } = await db.execute<Pregunta>(sql`
    select ${PREGUNTA} from encuesta_preguntas p where p.encuesta_id = ${encuestaId}
    order by p.id`);
  return rows;
}

export async function preguntaPorId(
  tx: Tx,
  id: number,
): Promise<(Pregunta & { EncuestaId: number }) | undefined> {
  const { rows } = await tx.execute<Pregunta & { EncuestaId: number }>(sql`
    select ${PREGUNTA}, p.encuesta_id as "EncuestaId" from encuesta_preguntas p
    where p.id = ${id} for update`);
  return rows[0];
}

export async function crearPregunta(tx: Tx, encuestaId: number, texto: string): Promise<Pregunta> {
  const { rows } = await tx.execute<Pregunta>(sql`
    insert into encuesta_preguntas as p (encuesta_id, texto) values (${encuestaId}, ${texto})
    returning ${PREGUNTA}`);
  return rows[0]!;
}

export async function actualizarPregunta(
  tx: Tx,
  datos: { id: number; texto: string; obligatoria: boolean; esTexto: boolean },
): Promise<Pregunta> {
  const { rows } = await tx.execute<Pregunta>(sql`
    update encuesta_preguntas as p
    set texto = ${datos.texto}, obligatoria = ${datos.obligatoria}, es_texto = ${datos.esTexto}
    where p.id = ${datos.id}
    returning ${PREGUNTA}`);
  return rows[0]!;
}

/** The questions a submission is checked against, in the asked order. */
export async function preguntasVigentes(tx: Tx, encuestaId: number): Promise<PreguntaVigente[]> {
  const { rows } = await tx.execute<PreguntaVigente>(sql`
    select p.id, p.obligatoria, p.es_texto as "esTexto"
    from encuesta_preguntas p where p.encuesta_id = ${encuestaId}
    order by p.id`);
  return rows;
}

/** Undefined when the user already answered this survey (one answer set per user). */
export async function registrarRespuesta(
  tx: Tx,
  encuestaId: number,
  usuarioId: number,
  items: ItemRespuesta[],
): Promise<ResponderRespuesta | undefined> {
  const { rows } = await tx.execute<ResponderRespuesta>(sql`
    insert into encuesta_respuestas as r (encuesta_id, usuario_id)
    values (${encuestaId}, ${usuarioId})
    on conflict (encuesta_id, usuario_id) do nothing
    returning r.id as "Id", r.encuesta_id as "EncuestaId", r.usuario_id as "UsuarioId",
              ${fechaLocal(sql`r.fecha_respuesta`)} as "FechaRespuesta"`);
  const respuesta = rows[0];
  if (!respuesta) return undefined;
  await tx
    .insert(encuestaRespuestaItems)
    .values(items.map((i) => ({ respuestaId: respuesta.Id, ...i })));
  return respuesta;
}

/** Every answer set of a survey: newest first, each with its questions in the asked order. */
export async function respuestasDe(db: DbOTx, encuestaId: number): Promise<FilaRespuesta[]> {
  const { rows } = await db.execute<FilaRespuesta>(sql`
    select u.id as "UsuarioId", u.usuario, em.nomempre,
           p.id as "PreguntaId", p.texto as "PreguntaTexto", p.obligatoria::int as "Obligatoria",
           i.puntaje::int as "Puntaje", p.es_texto::int as "esTexto",
           i.texto_respuesta as "TextoRespuesta", i.observaciones as "Observaciones",
           ${fechaLocal(sql`r.fecha_respuesta`)} as "FechaRespuesta"
    from encuesta_respuestas r
    join usuarios u on u.id = r.usuario_id
    join empresas em on em.codempre = u.codempre
    join encuesta_respuesta_items i on i.respuesta_id = r.id
    join encuesta_preguntas p on p.id = i.pregunta_id
    where r.encuesta_id = ${encuestaId}
    order by r.fecha_respuesta desc, r.id desc, p.id`);
  return rows;
}

/** Whether the user answered the survey; undefined when there is no such survey. */
export async function respondio(
  db: DbOTx,
  encuestaId: number,
  usuarioId: number,
): Promise<boolean | undefined> {
  const { rows } = await db.execute<{ respondio: boolean }>(sql`
    select exists (select 1 from encuesta_respuestas r
                   where r.encuesta_id = e.id and r.usuario_id = ${usuarioId}) as respondio
    from encuestas e where e.id = ${encuestaId}`);
  return rows[0]?.respondio;
}

export async function existeUsuario(db: DbOTx, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from usuarios where id = ${id}`);
  return rows.length > 0;
}

/**
 * Surveys the user has not answered yet. Only surveys with questions: an empty one has nothing
 * to answer. Administrators never answer, so they have none (design section 7).
 */
export async function pendientesDe(db: DbOTx, usuarioId: number): Promise<Encuesta[]> {
  const { rows } = await db.execute<Encuesta>(sql`
    select ${ENCUESTA} from encuestas e
    where exists (select 1 from encuesta_preguntas p where p.encuesta_id = e.id)
      and not exists (select 1 from encuesta_respuestas r
                      where r.encuesta_id = e.id and r.usuario_id = ${usuarioId})
      and exists (select 1 from usuarios u
                  where u.id = ${usuarioId} and u.codempre <> ${CODEMPRE_ADMINISTRADOR})
    ${NUEVAS_PRIMERO}`);
  return rows;
}
