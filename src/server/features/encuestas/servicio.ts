/**
 * Satisfaction surveys (design section 7): the administrator creates surveys and questions and
 * reads the answers; client users answer once. Every write runs in one transaction with its
 * audit row.
 */
import type {
  EnviarRecordatorioRespuesta,
  Encuesta,
  EstadoRecordatorio,
  FilaRespuesta,
  RecordatorioPendiente,
  Pregunta,
  RespuestaPregunta,
  ResponderRespuesta,
  ResultadosRespuesta,
} from '../../../shared/contracts/encuestas';
import { TEXTOS_ENCUESTAS } from '../../../shared/textos';
import { exigirPropioOAdministrador, type UsuarioSesion } from '../../acceso';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db, DbOTx } from '../../db/client';
import { conflicto, ErrorHttp, noEncontrado, solicitudInvalida } from '../../errores';
import {
  alcanceRecordatorio,
  insertarRecordatorios,
  marcarRecordatoriosVistos,
  recordatoriosSinVer,
  ultimoRecordatorio,
  actualizarEncuesta,
  actualizarPregunta,
  crearEncuesta,
  crearPregunta,
  encuestaPorId,
  existeUsuario,
  listarEncuestas,
  pendientesDe,
  preguntaPorId,
  preguntasDe,
  preguntasVigentes,
  registrarRespuesta,
  respondio as respondioEn,
  respuestasDe,
  cifrasPorMes,
  cifrasPorPregunta,
  participacion,
  textosRespondidos,
  type FiltroResultados,
} from './repository';
import { itemsDeRespuesta } from './rules';

/** A user may ask only about itself; the administrator about anyone who exists. */
async function exigirUsuarioConsultable(db: Db, usuario: UsuarioSesion, userId: number) {
  exigirPropioOAdministrador(usuario, userId);
  if (usuario.id !== userId && !(await existeUsuario(db, userId))) throw noEncontrado();
}

async function existente(db: DbOTx, id: number, paraActualizar = false): Promise<Encuesta> {
  const e = await encuestaPorId(db, id, paraActualizar);
  if (!e) throw noEncontrado();
  return e;
}

export const listar = (db: Db): Promise<Encuesta[]> => listarEncuestas(db);

export const encuesta = (db: Db, id: number): Promise<Encuesta> => existente(db, id);

export async function preguntas(db: Db, id: number): Promise<Pregunta[]> {
  await existente(db, id);
  return preguntasDe(db, id);
}

export async function respuestas(db: Db, id: number): Promise<FilaRespuesta[]> {
  await existente(db, id);
  return respuestasDe(db, id);
}

export function crear(
  db: DbOTx,
  actor: Actor,
  datos: { titulo: string; descripcion: string | null; creadaPor: number | null },
): Promise<Encuesta> {
  return db.transaction(async (tx) => {
    const e = await crearEncuesta(tx, datos);
    await auditar(tx, {
      ...actor,
      accion: 'crear_encuesta',
      tabla: 'encuestas',
      filaId: e.Id,
      despues: e,
    });
    return e;
  });
}

export function editar(
  db: Db,
  actor: Actor,
  datos: { id: number; titulo: string; descripcion: string | null },
): Promise<Encuesta> {
  return db.transaction(async (tx) => {
    // Locked: the audit's "before" is what the update replaces.
    const antes = await existente(tx, datos.id, true);
    const despues = await actualizarEncuesta(tx, datos);
    await auditar(tx, {
      ...actor,
      accion: 'editar_encuesta',
      tabla: 'encuestas',
      filaId: despues.Id,
      antes,
      despues,
    });
    return despues;
  });
}

/** A new question is scored and optional until edited; it goes at the end of the survey. */
export function agregarPregunta(
  db: DbOTx,
  actor: Actor,
  encuestaId: number,
  texto: string,
): Promise<Pregunta> {
  return db.transaction(async (tx) => {
    await existente(tx, encuestaId);
    const p = await crearPregunta(tx, encuestaId, texto);
    await auditar(tx, {
      ...actor,
      accion: 'crear_pregunta',
      tabla: 'encuesta_preguntas',
      filaId: p.Id,
      despues: { ...p, EncuestaId: encuestaId },
    });
    return p;
  });
}

export function editarPregunta(
  db: DbOTx,
  actor: Actor,
  datos: { id: number; texto: string; obligatoria: boolean; esTexto: boolean },
): Promise<Pregunta> {
  return db.transaction(async (tx) => {
    const antes = await preguntaPorId(tx, datos.id);
    if (!antes) throw noEncontrado();
    const despues = await actualizarPregunta(tx, datos);
    await auditar(tx, {
      ...actor,
      accion: 'editar_pregunta',
      tabla: 'encuesta_preguntas',
      filaId: despues.Id,
      antes,
      despues: { ...despues, EncuestaId: antes.EncuestaId },
    });
    return despues;
  });
}

export async function pendientes(
  db: Db,
  usuario: UsuarioSesion,
  userId: number,
): Promise<Encuesta[]> {
  await exigirUsuarioConsultable(db, usuario, userId);
  return pendientesDe(db, userId);
}

export async function respondio(
  db: Db,
  usuario: UsuarioSesion,
  encuestaId: number,
  userId: number,
): Promise<boolean> {
  await exigirUsuarioConsultable(db, usuario, userId);
  const respondida = await respondioEn(db, encuestaId, userId);
  if (respondida === undefined) throw noEncontrado();
  return respondida;
}

/** One answer set per user and survey, checked against the questions as they are now. */
export function responder(
  db: DbOTx,
  usuario: UsuarioSesion,
  actor: Actor,
  envio: { usuarioId: number; encuestaId: number; respuestas: RespuestaPregunta[] },
): Promise<ResponderRespuesta> {
  const { usuarioId, encuestaId } = envio;
  // Only as oneself (design section 2).
  if (usuarioId !== usuario.id) throw new ErrorHttp(403, TEXTOS_ENCUESTAS.soloPropioUsuario);
  const yaRespondida = () => conflicto(TEXTOS_ENCUESTAS.yaRespondiste);
  return db.transaction(async (tx) => {
    const respondida = await respondioEn(tx, encuestaId, usuarioId);
    if (respondida === undefined) throw noEncontrado();
    if (respondida) throw yaRespondida();
    const resultado = itemsDeRespuesta(await preguntasVigentes(tx, encuestaId), envio.respuestas);
    if (!resultado.ok) throw solicitudInvalida(resultado.msj);
    // A second submission racing this one finds the row and gets the same 409.
    const r = await registrarRespuesta(tx, encuestaId, usuarioId, resultado.items);
    if (!r) throw yaRespondida();
    await auditar(tx, {
      ...actor,
      accion: 'responder_encuesta',
      tabla: 'encuesta_respuestas',
      filaId: r.Id,
      despues: { ...r, items: resultado.items },
    });
    // A reminder of an answered survey asks nothing any more: it is done with, not left unseen.
    await marcarRecordatoriosVistos(tx, usuarioId, [encuestaId]);
    return r;
  });
}

/** Text answers listed per question in the results. */
const TEXTOS_POR_PREGUNTA = 200;

/**
 * The survey's results (issue 16): per question how many answered and skipped it, the mean,
 * the distribution of the five scores, CSAT and its trend per month; the text answers; the
 * response rate. Figures from the answers themselves, for one company or all, in a date range.
 */
export async function resultados(db: Db, f: FiltroResultados): Promise<ResultadosRespuesta> {
  await existente(db, f.id);
  const [preguntas, meses, textos, { respondieron, pendientes }] = await Promise.all([
    cifrasPorPregunta(db, f),
    cifrasPorMes(db, f),
    textosRespondidos(db, f, TEXTOS_POR_PREGUNTA),
    participacion(db, f),
  ]);
  const total = respondieron + pendientes;
  return {
    respondieron,
    pendientes,
    tasaDeRespuesta: total === 0 ? null : respondieron / total,
    preguntas: preguntas.map((p) => {
      const distribucion = [p.p1, p.p2, p.p3, p.p4, p.p5];
      const puntajes = distribucion.reduce((a, b) => a + b, 0);
      return {
        PreguntaId: p.PreguntaId,
        Texto: p.Texto,
        esTexto: p.esTexto,
        respondidas: p.respondidas,
        omitidas: p.total - p.respondidas,
        promedio: p.esTexto ? null : p.promedio,
        distribucion,
        csat: puntajes === 0 ? null : (p.p4 + p.p5) / puntajes,
        meses: meses
          .filter((m) => m.PreguntaId === p.PreguntaId)
          .map((m) => ({
            mes: m.mes,
            respondidas: m.respondidas,
            promedio: m.promedio,
            csat: m.respondidas === 0 ? null : m.altas / m.respondidas,
          })),
        textos: textos
          .filter((t) => t.PreguntaId === p.PreguntaId)
          .map(({ usuario, nomempre, texto, fecha }) => ({ usuario, nomempre, texto, fecha })),
      };
    }),
  };
}

/** Before a reminder is sent: whom it would reach now, and the last one sent. */
export async function estadoRecordatorio(db: Db, id: number): Promise<EstadoRecordatorio> {
  await existente(db, id);
  const [alcance, ultimo] = await Promise.all([
    alcanceRecordatorio(db, id),
    ultimoRecordatorio(db, id),
  ]);
  return { ...alcance, ultimo };
}

/**
 * Reminds the users the survey is pending for (issue 16), except those already reminded of it
 * within the recontact window (at most once every 7 days per survey and user): they are counted
 * as omitted. The survey's row is locked so that two sendings at once cannot both remind a user.
 */
export function enviarRecordatorio(
  db: Db,
  actor: Actor,
  id: number,
): Promise<EnviarRecordatorioRespuesta> {
  return db.transaction(async (tx) => {
    await existente(tx, id, true);
    const { usuarios, omitidos } = await insertarRecordatorios(tx, id, actor.usuarioId ?? null);
    await auditar(tx, {
      ...actor,
      accion: 'enviar_recordatorio_encuesta',
      tabla: 'encuesta_recordatorios',
      filaId: id,
      despues: { EncuestaId: id, enviados: usuarios.length, omitidos, usuarios },
    });
    return { enviados: usuarios.length, omitidos };
  });
}

/** The user's unseen reminders of surveys it has not answered (itself, or the administrator). */
export async function recordatorios(
  db: Db,
  usuario: UsuarioSesion,
  userId: number,
): Promise<RecordatorioPendiente[]> {
  await exigirUsuarioConsultable(db, usuario, userId);
  return recordatoriosSinVer(db, userId);
}

/** The signed-in user saw its reminders of these surveys: they are not shown again. */
export async function recordatoriosVistos(
  db: Db,
  usuario: UsuarioSesion,
  encuestaIds: number[],
): Promise<{ vistos: number }> {
  return { vistos: await marcarRecordatoriosVistos(db, usuario.id, encuestaIds) };
}
