import { sql } from 'drizzle-orm';
import type {
  Encuesta,
  EstadoRecordatorio,
  FilaRespuesta,
  Pregunta,
  RecordatorioPendiente,
  ResponderRespuesta,
} from '../../../shared/contracts/encuestas';
import { DIAS_ENTRE_RECORDATORIOS } from '../../../shared/encuestas';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import type { DbOTx, Tx } from '../../db/client';
import { encuestaRespuestaItems } from '../../db/schema';
import { fechaLocal, listaEnteros } from '../../db/sql';
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

export interface FiltroResultados {
  id: number;
  codempre?: number;
  desde?: string;
  hasta?: string;
}

/**
 * The answer sets of a survey in the filter: of a company's users or all, answered between two
 * days of the terminal's calendar (the connection's time zone is the terminal's).
 */
function conjuntos(f: FiltroResultados) {
  return sql`
    select r.id, r.fecha_respuesta, r.usuario_id
    from encuesta_respuestas r
    join usuarios u on u.id = r.usuario_id
    where r.encuesta_id = ${f.id}
      ${f.codempre === undefined ? sql`` : sql`and u.codempre = ${f.codempre}`}
      ${f.desde === undefined ? sql`` : sql`and r.fecha_respuesta >= ${f.desde}::date`}
      ${f.hasta === undefined ? sql`` : sql`and r.fecha_respuesta < ${f.hasta}::date + 1`}`;
}

export interface CifrasPregunta {
  PreguntaId: number;
  Texto: string;
  esTexto: boolean;
  respondidas: number;
  total: number;
  promedio: number | null;
  p1: number;
  p2: number;
  p3: number;
  p4: number;
  p5: number;
}

/** Per question: how many answered it, its mean score and how many gave each score. */
export async function cifrasPorPregunta(db: DbOTx, f: FiltroResultados): Promise<CifrasPregunta[]> {
  const { rows } = await db.execute<CifrasPregunta & Record<string, unknown>>(sql`
    with c as (${conjuntos(f)})
    select p.id as "PreguntaId", p.texto as "Texto", p.es_texto as "esTexto",
           (select count(*) from c)::int as total,
           (case when p.es_texto
                 then count(*) filter (where length(trim(i.texto_respuesta)) > 0)
                 else count(i.puntaje) end)::int as respondidas,
           avg(i.puntaje)::float8 as promedio,
           (count(*) filter (where i.puntaje = 1))::int as p1,
           (count(*) filter (where i.puntaje = 2))::int as p2,
           (count(*) filter (where i.puntaje = 3))::int as p3,
           (count(*) filter (where i.puntaje = 4))::int as p4,
           (count(*) filter (where i.puntaje = 5))::int as p5
    from encuesta_preguntas p
    left join (encuesta_respuesta_items i join c on c.id = i.respuesta_id)
      on i.pregunta_id = p.id
    where p.encuesta_id = ${f.id}
    group by p.id
    order by p.id`);
  return rows;
}

export interface MesPregunta {
  PreguntaId: number;
  mes: string;
  respondidas: number;
  promedio: number | null;
  altas: number;
}

/** Per scored question and month of the answers: count, mean and the top-two count. */
export async function cifrasPorMes(db: DbOTx, f: FiltroResultados): Promise<MesPregunta[]> {
  const { rows } = await db.execute<MesPregunta & Record<string, unknown>>(sql`
    with c as (${conjuntos(f)})
    select i.pregunta_id as "PreguntaId", to_char(c.fecha_respuesta, 'YYYY-MM') as mes,
           count(i.puntaje)::int as respondidas, avg(i.puntaje)::float8 as promedio,
           (count(*) filter (where i.puntaje >= 4))::int as altas
    from c
    join encuesta_respuesta_items i on i.respuesta_id = c.id
    where i.puntaje is not null
    group by i.pregunta_id, mes
    order by i.pregunta_id, mes`);
  return rows;
}

export interface TextoRespondido {
  PreguntaId: number;
  usuario: string;
  nomempre: string;
  texto: string;
  fecha: string;
}

/** The text answers, newest first, at most `limite` per question. */
export async function textosRespondidos(
  db: DbOTx,
  f: FiltroResultados,
  limite: number,
): Promise<TextoRespondido[]> {
  const { rows } = await db.execute<TextoRespondido & Record<string, unknown>>(sql`
    with c as (${conjuntos(f)})
    select t."PreguntaId", t.usuario, t.nomempre, t.texto, t.fecha
    from (
      select i.pregunta_id as "PreguntaId", u.usuario, em.nomempre, i.texto_respuesta as texto,
             ${fechaLocal(sql`c.fecha_respuesta`)} as fecha,
             row_number() over (partition by i.pregunta_id
                                order by c.fecha_respuesta desc, c.id desc) as n
      from c
      join encuesta_respuesta_items i on i.respuesta_id = c.id
      join usuarios u on u.id = c.usuario_id
      join empresas em on em.codempre = u.codempre
      where length(trim(i.texto_respuesta)) > 0
    ) t
    where t.n <= ${limite}
    order by t."PreguntaId", t.fecha desc`);
  return rows;
}

/**
 * Who answered (in the filter), and the active client users (of the company, if given) who
 * have not answered yet: whom the survey is still pending for.
 */
export async function participacion(
  db: DbOTx,
  f: FiltroResultados,
): Promise<{ respondieron: number; pendientes: number }> {
  const { rows } = await db.execute<{ respondieron: number; pendientes: number }>(sql`
    with c as (${conjuntos(f)})
    select (select count(*) from c)::int as respondieron,
           (select count(*) from usuarios u
            where u.activo and u.codempre <> ${CODEMPRE_ADMINISTRADOR}
              ${f.codempre === undefined ? sql`` : sql`and u.codempre = ${f.codempre}`}
              -- A survey without questions is pending for nobody (as in pendientesDe).
              and exists (select 1 from encuesta_preguntas p where p.encuesta_id = ${f.id})
              and not exists (select 1 from encuesta_respuestas r
                              where r.encuesta_id = ${f.id} and r.usuario_id = u.id))::int
             as pendientes`);
  return rows[0]!;
}

// ---------------------------------------------------------------------------------------------
// Reminders (issue 16)

/**
 * The users a survey is pending for, each with whether it was reminded of it within the
 * recontact window: active client users who have not answered a survey that has questions (the
 * rule of `pendientesDe`; an inactive user cannot sign in to see a reminder, and the results'
 * response rate counts only active users too).
 */
function pendientesConRecordatorio(encuestaId: number) {
  return sql`
    select u.id,
           exists (select 1 from encuesta_recordatorios x
                   where x.encuesta_id = ${encuestaId} and x.usuario_id = u.id
                     and x.enviado_en > now() - make_interval(days => ${DIAS_ENTRE_RECORDATORIOS}))
             as reciente
    from usuarios u
    where u.activo and u.codempre <> ${CODEMPRE_ADMINISTRADOR}
      and exists (select 1 from encuesta_preguntas p where p.encuesta_id = ${encuestaId})
      and not exists (select 1 from encuesta_respuestas r
                      where r.encuesta_id = ${encuestaId} and r.usuario_id = u.id)`;
}

/** How many users the survey is pending for and how many a reminder would reach now. */
export async function alcanceRecordatorio(
  db: DbOTx,
  encuestaId: number,
): Promise<{ pendientes: number; alcanzaria: number }> {
  const { rows } = await db.execute<{ pendientes: number; alcanzaria: number }>(sql`
    with p as (${pendientesConRecordatorio(encuestaId)})
    select count(*)::int as pendientes, (count(*) filter (where not p.reciente))::int as alcanzaria
    from p`);
  return rows[0]!;
}

/**
 * The last reminder sent for the survey. One sending writes all its rows in one transaction, so
 * they share `enviado_en` (the transaction's `now()`): that instant is the sending.
 */
export async function ultimoRecordatorio(
  db: DbOTx,
  encuestaId: number,
): Promise<EstadoRecordatorio['ultimo']> {
  const { rows } = await db.execute<{ EnviadoEn: string; usuarios: number }>(sql`
    select ${fechaLocal(sql`x.enviado_en`)} as "EnviadoEn", count(*)::int as usuarios
    from encuesta_recordatorios x
    where x.encuesta_id = ${encuestaId}
    group by x.enviado_en
    order by x.enviado_en desc
    limit 1`);
  return rows[0] ?? null;
}

/**
 * Reminds every pending user not reminded of the survey within the window. Run after locking
 * the survey's row: a second sending waits for the first and then sees its rows as recent.
 */
export async function insertarRecordatorios(
  tx: Tx,
  encuestaId: number,
  enviadoPor: number | null,
): Promise<{ usuarios: number[]; omitidos: number }> {
  const { rows } = await tx.execute<{ usuarios: number[] | null; omitidos: number }>(sql`
    with p as (${pendientesConRecordatorio(encuestaId)}),
         nuevos as (
           insert into encuesta_recordatorios (encuesta_id, usuario_id, enviado_por)
           select ${encuestaId}, p.id, ${enviadoPor} from p where not p.reciente
           returning usuario_id)
    select (select array_agg(usuario_id order by usuario_id) from nuevos) as usuarios,
           (select count(*) from p where p.reciente)::int as omitidos`);
  const r = rows[0]!;
  return { usuarios: (r.usuarios ?? []).map(Number), omitidos: r.omitidos };
}

/**
 * The user's unseen reminders, one row per survey, leaving out the surveys it has answered
 * since (its reminder no longer asks anything). Newest first.
 */
export async function recordatoriosSinVer(
  db: DbOTx,
  usuarioId: number,
): Promise<RecordatorioPendiente[]> {
  const { rows } = await db.execute<RecordatorioPendiente>(sql`
    select e.id as "EncuestaId", e.titulo as "Titulo",
           ${fechaLocal(sql`max(x.enviado_en)`)} as "EnviadoEn"
    from encuesta_recordatorios x
    join encuestas e on e.id = x.encuesta_id
    where x.usuario_id = ${usuarioId} and x.visto_en is null
      and not exists (select 1 from encuesta_respuestas r
                      where r.encuesta_id = x.encuesta_id and r.usuario_id = ${usuarioId})
    group by e.id
    order by max(x.enviado_en) desc, e.id desc`);
  return rows;
}

/** Marks the user's unseen reminders of these surveys as seen now; how many it marked. */
export async function marcarRecordatoriosVistos(
  db: DbOTx,
  usuarioId: number,
  encuestaIds: readonly number[],
): Promise<number> {
  const { rowCount } = await db.execute(sql`
    update encuesta_recordatorios set visto_en = now()
    where usuario_id = ${usuarioId} and visto_en is null
      and encuesta_id = any(${listaEnteros(encuestaIds)})`);
  return rowCount ?? 0;
}
