import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  Encuesta,
  FilaRespuesta,
  Pregunta,
  ResponderBody,
} from '../../../shared/contracts/encuestas';
import { TEXTOS_ENCUESTAS } from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { get, ingresar, post } from '../../test/sesion';

const t = usarAppDePrueba();
let admin: string;
let cliente1: string;
let cliente2: string;
const ids: Record<string, number> = {};
const FECHA = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

beforeAll(async () => {
  admin = await ingresar(t.app, 'admin');
  cliente1 = await ingresar(t.app, 'cliente1');
  cliente2 = await ingresar(t.app, 'cliente2');
  const { rows } = await t.db.execute<{ id: number; usuario: string }>(
    sql`select id, usuario from usuarios`,
  );
  for (const r of rows) ids[r.usuario] = r.id;
});

interface PreguntaNueva {
  texto?: string;
  obligatoria?: boolean;
  esTexto?: boolean;
}

/** A survey of this test only, with its questions, straight into the database. */
async function encuestaCon(preguntas: PreguntaNueva[], titulo = 'Encuesta de prueba') {
  const { rows } = await t.db.execute<{ id: number }>(
    sql`insert into encuestas (titulo) values (${titulo}) returning id`,
  );
  const id = rows[0]!.id;
  const preguntaIds: number[] = [];
  for (const [i, p] of preguntas.entries()) {
    const { rows: r } = await t.db.execute<{ id: number }>(sql`
      insert into encuesta_preguntas (encuesta_id, texto, obligatoria, es_texto)
      values (${id}, ${p.texto ?? `Pregunta ${i + 1}`}, ${p.obligatoria ?? false}, ${p.esTexto ?? false})
      returning id`);
    preguntaIds.push(r[0]!.id);
  }
  return { id, preguntas: preguntaIds };
}

async function ultimaAuditoria(accion: string) {
  const { rows } = await t.db.execute<{
    actor: string;
    fila_id: string;
    antes: unknown;
    despues: unknown;
  }>(sql`select actor, fila_id, antes, despues from auditoria where accion = ${accion}
         order by id desc limit 1`);
  return rows[0];
}

const responder = (cookie: string, cuerpo: ResponderBody) =>
  post(t.app, '/api/encuestas/responder', cuerpo, cookie);

describe('GET /api/encuestas y GET /api/encuestas/{id}', () => {
  it('lista todas las encuestas, las más nuevas primero, con los nombres del spec', async () => {
    const { id } = await encuestaCon([]);
    await t.db.execute(
      sql`update encuestas set fecha_creacion = '2099-11-21T17:03:22Z' where id = ${id}`,
    );
    for (const cookie of [admin, cliente1, cliente2]) {
      const res = await get(t.app, '/api/encuestas', cookie);
      expect(res.statusCode).toBe(200);
      const lista = res.json<Encuesta[]>();
      // Terminal's local time (America/Argentina/Buenos_Aires, UTC-3).
      expect(lista[0]).toEqual({
        Id: id,
        Titulo: 'Encuesta de prueba',
        Descripcion: null,
        FechaCreacion: '2099-11-21T14:03:22',
      });
      const fechas = lista.map((e) => e.FechaCreacion);
      expect([...fechas].sort().reverse()).toEqual(fechas);
      expect(lista.map((e) => e.Titulo)).toContain('Servicio de embolsado');
    }
  });

  it('una encuesta por id; una inexistente responde 404 { msj }', async () => {
    const { id } = await encuestaCon([{}]);
    const res = await get(t.app, `/api/encuestas/${id}`, cliente2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Id: id, Titulo: 'Encuesta de prueba' });
    const no = await get(t.app, '/api/encuestas/999999', cliente1);
    expect(no.statusCode).toBe(404);
    expect(no.json()).toEqual({ msj: expect.any(String) });
    expect((await get(t.app, '/api/encuestas/abc', cliente1)).statusCode).toBe(400);
  });
});

describe('POST /api/encuestas (crear)', () => {
  it('el administrador crea una encuesta: 201, texto recortado, descripción vacía como null, auditada', async () => {
    const res = await post(
      t.app,
      '/api/encuestas',
      { titulo: '  Atención en balanza  ', descripcion: '   ' },
      admin,
    );
    expect(res.statusCode).toBe(201);
    const creada = res.json<Encuesta>();
    expect(creada).toEqual({
      Id: expect.any(Number),
      Titulo: 'Atención en balanza',
      Descripcion: null,
      FechaCreacion: expect.stringMatching(FECHA),
    });
    const auditoria = await ultimaAuditoria('crear_encuesta');
    expect(auditoria).toMatchObject({ actor: 'admin', fila_id: String(creada.Id), antes: null });
    expect(auditoria?.despues).toEqual(creada);
    const { rows } = await t.db.execute<{ creada_por: number }>(
      sql`select creada_por from encuestas where id = ${creada.Id}`,
    );
    expect(rows[0]!.creada_por).toBe(ids.admin);
  });

  it('título obligatorio y de 255 caracteres como máximo; descripción de 255', async () => {
    const sinTitulo = await post(
      t.app,
      '/api/encuestas',
      { titulo: '  ', descripcion: 'x' },
      admin,
    );
    expect(sinTitulo.statusCode).toBe(400);
    expect(sinTitulo.json<{ msj: string }>().msj).toContain(TEXTOS_ENCUESTAS.debeCompletarTitulo);
    expect((await post(t.app, '/api/encuestas', { descripcion: 'x' }, admin)).statusCode).toBe(400);
    const largo = await post(t.app, '/api/encuestas', { titulo: 'x'.repeat(256) }, admin);
    expect(largo.statusCode).toBe(400);
    const justo = await post(
      t.app,
      '/api/encuestas',
      { titulo: 'x'.repeat(255), descripcion: 'd'.repeat(255) },
      admin,
    );
    expect(justo.statusCode).toBe(201);
    const descripcionLarga = await post(
      t.app,
      '/api/encuestas',
      { titulo: 'Título', descripcion: 'd'.repeat(256) },
      admin,
    );
    expect(descripcionLarga.statusCode).toBe(400);
  });

  it('un cliente no crea encuestas: 403', async () => {
    const res = await post(t.app, '/api/encuestas', { titulo: 'Mía' }, cliente1);
    expect(res.statusCode).toBe(403);
    const { rows } = await t.db.execute(sql`select 1 from encuestas where titulo = 'Mía'`);
    expect(rows).toHaveLength(0);
  });
});

describe('POST /api/encuestas/editar', () => {
  it('cambia título y descripción, y audita el antes y el después', async () => {
    const { id } = await encuestaCon([]);
    const res = await post(
      t.app,
      '/api/encuestas/editar',
      { id, titulo: 'Tiempos de descarga', descripcion: 'Campaña fina' },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Id: id,
      Titulo: 'Tiempos de descarga',
      Descripcion: 'Campaña fina',
    });
    const auditoria = await ultimaAuditoria('editar_encuesta');
    expect(auditoria?.antes).toMatchObject({ Id: id, Titulo: 'Encuesta de prueba' });
    expect(auditoria?.despues).toMatchObject({ Id: id, Titulo: 'Tiempos de descarga' });
  });

  it('inexistente: 404; título vacío o largo: 400; un cliente: 403', async () => {
    const { id } = await encuestaCon([]);
    const editar = (cuerpo: unknown, cookie = admin) =>
      post(t.app, '/api/encuestas/editar', cuerpo, cookie);
    expect((await editar({ id: 999999, titulo: 'X' })).statusCode).toBe(404);
    expect((await editar({ id, titulo: '' })).statusCode).toBe(400);
    expect((await editar({ id, titulo: 'x'.repeat(256) })).statusCode).toBe(400);
    expect((await editar({ id, titulo: 'X', descripcion: 'd'.repeat(256) })).statusCode).toBe(400);
    expect((await editar({ id, titulo: 'X' }, cliente1)).statusCode).toBe(403);
    const { rows } = await t.db.execute<{ titulo: string }>(
      sql`select titulo from encuestas where id = ${id}`,
    );
    expect(rows[0]!.titulo).toBe('Encuesta de prueba');
  });
});

describe('preguntas', () => {
  it('agregar: 201, de puntaje y no obligatoria; la lista sale en el orden en que se agregaron', async () => {
    const { id } = await encuestaCon([]);
    const primera = await post(
      t.app,
      '/api/encuestas/pregunta',
      { EncuestaId: id, Texto: ' ¿Cómo califica la atención? ' },
      admin,
    );
    expect(primera.statusCode).toBe(201);
    expect(primera.json()).toEqual({
      Id: expect.any(Number),
      Texto: '¿Cómo califica la atención?',
      Obligatoria: 0,
      EsTexto: 0,
    });
    const segunda = await post(
      t.app,
      '/api/encuestas/pregunta',
      { EncuestaId: id, Texto: 'Comentarios' },
      admin,
    );
    const lista = await get(t.app, `/api/encuestas/${id}/preguntas`, cliente1);
    expect(lista.statusCode).toBe(200);
    expect(lista.json<Pregunta[]>().map((p) => p.Id)).toEqual([
      primera.json<Pregunta>().Id,
      segunda.json<Pregunta>().Id,
    ]);
    expect((await ultimaAuditoria('crear_pregunta'))?.despues).toMatchObject({
      Texto: 'Comentarios',
      EncuestaId: id,
    });
  });

  it('agregar: vacía o de más de 500 caracteres: 400; encuesta inexistente: 404; cliente: 403', async () => {
    const { id } = await encuestaCon([]);
    const agregar = (cuerpo: unknown, cookie = admin) =>
      post(t.app, '/api/encuestas/pregunta', cuerpo, cookie);
    expect((await agregar({ EncuestaId: id, Texto: '   ' })).statusCode).toBe(400);
    expect((await agregar({ EncuestaId: id, Texto: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await agregar({ EncuestaId: id, Texto: 'x'.repeat(500) })).statusCode).toBe(201);
    expect((await agregar({ EncuestaId: 999999, Texto: 'Hola' })).statusCode).toBe(404);
    expect((await agregar({ EncuestaId: id, Texto: 'Hola' }, cliente1)).statusCode).toBe(403);
    expect((await get(t.app, '/api/encuestas/999999/preguntas', cliente1)).statusCode).toBe(404);
  });

  it('editar acepta banderas booleanas o 0/1 y responde siempre 0/1; audita antes y después', async () => {
    const { preguntas } = await encuestaCon([{ texto: 'Original' }]);
    const id = preguntas[0]!;
    const editar = (cuerpo: Record<string, unknown>) =>
      post(t.app, '/api/encuestas/pregunta/editar', { id, texto: 'Comentarios', ...cuerpo }, admin);

    const conBooleanos = await editar({ obligatoria: true, esTexto: true });
    expect(conBooleanos.statusCode).toBe(200);
    expect(conBooleanos.json()).toEqual({
      Id: id,
      Texto: 'Comentarios',
      Obligatoria: 1,
      EsTexto: 1,
    });
    const conNumeros = await editar({ obligatoria: 1, esTexto: 0 });
    expect(conNumeros.json()).toEqual({ Id: id, Texto: 'Comentarios', Obligatoria: 1, EsTexto: 0 });
    const auditoria = await ultimaAuditoria('editar_pregunta');
    expect(auditoria?.antes).toMatchObject({ Obligatoria: 1, EsTexto: 1 });
    expect(auditoria?.despues).toMatchObject({ Obligatoria: 1, EsTexto: 0 });

    for (const malo of [{ obligatoria: 'true', esTexto: 0 }, { obligatoria: 2, esTexto: 0 }, {}]) {
      expect((await editar(malo)).statusCode).toBe(400);
    }
    expect((await editar({ texto: '', obligatoria: 0, esTexto: 0 })).statusCode).toBe(400);
    const inexistente = await post(
      t.app,
      '/api/encuestas/pregunta/editar',
      { id: 999999, texto: 'X', obligatoria: 0, esTexto: 0 },
      admin,
    );
    expect(inexistente.statusCode).toBe(404);
  });
});

describe('POST /api/encuestas/responder', () => {
  it('guarda una respuesta por pregunta: puntaje y observaciones en las de puntaje, texto en las de texto', async () => {
    const e = await encuestaCon([
      { obligatoria: true },
      { obligatoria: true, esTexto: true },
      {},
      { esTexto: true },
    ]);
    const [puntuada, deTexto, opcional, textoOpcional] = e.preguntas as [
      number,
      number,
      number,
      number,
    ];
    const res = await responder(cliente1, {
      usuarioId: ids.cliente1!,
      encuestaId: e.id,
      respuestas: [
        { preguntaId: puntuada, puntaje: 4, observaciones: ' Buen trato ', textoRespuesta: '' },
        // A text question stores no score even if one is sent.
        {
          preguntaId: deTexto,
          puntaje: 3,
          observaciones: 'ignorada',
          textoRespuesta: 'Más balanzas',
        },
        { preguntaId: opcional, puntaje: 0, observaciones: '', textoRespuesta: '' },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      Id: expect.any(Number),
      EncuestaId: e.id,
      UsuarioId: ids.cliente1,
      FechaRespuesta: expect.stringMatching(FECHA),
    });
    const { rows } = await t.db.execute(sql`
      select i.pregunta_id, i.puntaje, i.texto_respuesta, i.observaciones
      from encuesta_respuesta_items i join encuesta_respuestas r on r.id = i.respuesta_id
      where r.encuesta_id = ${e.id} order by i.pregunta_id`);
    expect(rows).toEqual([
      { pregunta_id: puntuada, puntaje: 4, texto_respuesta: null, observaciones: 'Buen trato' },
      { pregunta_id: deTexto, puntaje: null, texto_respuesta: 'Más balanzas', observaciones: null },
      { pregunta_id: opcional, puntaje: null, texto_respuesta: null, observaciones: null },
      { pregunta_id: textoOpcional, puntaje: null, texto_respuesta: null, observaciones: null },
    ]);
    const auditoria = await ultimaAuditoria('responder_encuesta');
    expect(auditoria).toMatchObject({
      actor: 'cliente1',
      fila_id: String(res.json<{ Id: number }>().Id),
    });
  });

  it('una sola vez por usuario: la segunda responde 409 "Ya respondiste esta encuesta"', async () => {
    const e = await encuestaCon([{ obligatoria: true }]);
    const cuerpo = {
      usuarioId: ids.cliente1!,
      encuestaId: e.id,
      respuestas: [{ preguntaId: e.preguntas[0]!, puntaje: 5 }],
    };
    expect((await responder(cliente1, cuerpo)).statusCode).toBe(201);
    const otra = await responder(cliente1, cuerpo);
    expect(otra.statusCode).toBe(409);
    expect(otra.json()).toEqual({ msj: 'Ya respondiste esta encuesta' });
    // Another user answers the same survey on its own.
    const deCliente2 = await responder(cliente2, { ...cuerpo, usuarioId: ids.cliente2! });
    expect(deCliente2.statusCode).toBe(201);
  });

  it('envíos simultáneos del mismo usuario: uno solo queda, los demás 409', async () => {
    const e = await encuestaCon([{ obligatoria: true }]);
    const cuerpo = {
      usuarioId: ids.cliente1!,
      encuestaId: e.id,
      respuestas: [{ preguntaId: e.preguntas[0]!, puntaje: 2 }],
    };
    const respuestas = await Promise.all(
      Array.from({ length: 8 }, () => responder(cliente1, cuerpo)),
    );
    const estados = respuestas.map((r) => r.statusCode).sort();
    expect(estados).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const { rows } = await t.db.execute(
      sql`select 1 from encuesta_respuestas where encuesta_id = ${e.id}`,
    );
    expect(rows).toHaveLength(1);
  });

  it('las obligatorias sin responder: 400 con el mensaje del spec, y nada queda guardado', async () => {
    const e = await encuestaCon([{ obligatoria: true }, { obligatoria: true, esTexto: true }]);
    const [puntuada, deTexto] = e.preguntas as [number, number];
    const intentos: ResponderBody['respuestas'][] = [
      [{ preguntaId: deTexto, textoRespuesta: 'Bien' }],
      [
        { preguntaId: puntuada, puntaje: 0 },
        { preguntaId: deTexto, textoRespuesta: 'Bien' },
      ],
      [
        { preguntaId: puntuada, puntaje: null },
        { preguntaId: deTexto, textoRespuesta: 'Bien' },
      ],
      [
        { preguntaId: puntuada, puntaje: 3 },
        { preguntaId: deTexto, textoRespuesta: '   ' },
      ],
      [{ preguntaId: puntuada, puntaje: 3 }],
      [],
    ];
    for (const respuestas of intentos) {
      const res = await responder(cliente1, {
        usuarioId: ids.cliente1!,
        encuestaId: e.id,
        respuestas,
      });
      expect(res.statusCode, JSON.stringify(respuestas)).toBe(400);
      expect(res.json()).toEqual({ msj: TEXTOS_ENCUESTAS.faltanObligatorias });
    }
    const { rows } = await t.db.execute(
      sql`select 1 from encuesta_respuestas where encuesta_id = ${e.id}`,
    );
    expect(rows).toHaveLength(0);
  });

  it('puntaje 1 a 5; texto 255 y observaciones 250 caracteres como máximo', async () => {
    const e = await encuestaCon([{}, { esTexto: true }]);
    const [puntuada, deTexto] = e.preguntas as [number, number];
    const intentar = (respuestas: ResponderBody['respuestas']) =>
      responder(cliente2, { usuarioId: ids.cliente2!, encuestaId: e.id, respuestas });
    for (const puntaje of [6, -1, 2.5]) {
      expect((await intentar([{ preguntaId: puntuada, puntaje }])).statusCode).toBe(400);
    }
    const textoLargo = await intentar([{ preguntaId: deTexto, textoRespuesta: 'x'.repeat(256) }]);
    expect(textoLargo.statusCode).toBe(400);
    const obsLargas = await intentar([
      { preguntaId: puntuada, puntaje: 3, observaciones: 'x'.repeat(251) },
    ]);
    expect(obsLargas.statusCode).toBe(400);
    const justo = await intentar([
      { preguntaId: puntuada, puntaje: 1, observaciones: 'o'.repeat(250) },
      { preguntaId: deTexto, textoRespuesta: 't'.repeat(255) },
    ]);
    expect(justo.statusCode).toBe(201);
  });

  it('preguntas de otra encuesta o repetidas: 400; encuesta inexistente: 404; sin preguntas: 400', async () => {
    const e = await encuestaCon([{}]);
    const otra = await encuestaCon([{}]);
    const intentar = (encuestaId: number, respuestas: ResponderBody['respuestas']) =>
      responder(cliente1, { usuarioId: ids.cliente1!, encuestaId, respuestas });
    const ajena = await intentar(e.id, [{ preguntaId: otra.preguntas[0]!, puntaje: 3 }]);
    expect(ajena.json()).toEqual({ msj: TEXTOS_ENCUESTAS.preguntaAjena });
    const repetida = await intentar(e.id, [
      { preguntaId: e.preguntas[0]!, puntaje: 3 },
      { preguntaId: e.preguntas[0]!, puntaje: 4 },
    ]);
    expect(repetida.json()).toEqual({ msj: TEXTOS_ENCUESTAS.preguntaRepetida });
    expect((await intentar(999999, [])).statusCode).toBe(404);
    const vacia = await encuestaCon([]);
    const sinPreguntas = await intentar(vacia.id, []);
    expect(sinPreguntas.statusCode).toBe(400);
    expect(sinPreguntas.json()).toEqual({ msj: TEXTOS_ENCUESTAS.encuestaSinPreguntas });
  });

  it('solo en nombre propio (403) y nunca como administrador (403)', async () => {
    const e = await encuestaCon([{}]);
    const cuerpo = {
      usuarioId: ids.cliente1!,
      encuestaId: e.id,
      respuestas: [{ preguntaId: e.preguntas[0]!, puntaje: 3 }],
    };
    const comoOtro = await responder(cliente2, cuerpo);
    expect(comoOtro.statusCode).toBe(403);
    expect(comoOtro.json()).toEqual({ msj: TEXTOS_ENCUESTAS.soloPropioUsuario });
    expect((await responder(admin, cuerpo)).statusCode).toBe(403);
    expect((await responder(admin, { ...cuerpo, usuarioId: ids.admin! })).statusCode).toBe(403);
    const { rows } = await t.db.execute(
      sql`select 1 from encuesta_respuestas where encuesta_id = ${e.id}`,
    );
    expect(rows).toHaveLength(0);
  });
});

describe('GET /api/encuestas/{id}/respuestas', () => {
  it('el administrador ve cada respuesta con usuario, empresa y pregunta, las más nuevas primero', async () => {
    const e = await encuestaCon([
      { texto: '¿Atención?', obligatoria: true },
      { texto: 'Comentarios', esTexto: true },
    ]);
    const [puntuada, deTexto] = e.preguntas as [number, number];
    await responder(cliente1, {
      usuarioId: ids.cliente1!,
      encuestaId: e.id,
      respuestas: [
        { preguntaId: puntuada, puntaje: 5, observaciones: 'Excelente' },
        { preguntaId: deTexto, textoRespuesta: 'Nada que agregar' },
      ],
    });
    await responder(cliente2, {
      usuarioId: ids.cliente2!,
      encuestaId: e.id,
      respuestas: [{ preguntaId: puntuada, puntaje: 2 }],
    });
    // cliente2 answered after cliente1 in wall time too, whatever the clock resolution.
    await t.db.execute(sql`
      update encuesta_respuestas set fecha_respuesta = fecha_respuesta + interval '1 minute'
      where encuesta_id = ${e.id} and usuario_id = ${ids.cliente2!}`);

    const res = await get(t.app, `/api/encuestas/${e.id}/respuestas`, admin);
    expect(res.statusCode).toBe(200);
    const filas = res.json<FilaRespuesta[]>();
    expect(filas.map((f) => [f.usuario, f.PreguntaTexto])).toEqual([
      ['cliente2', '¿Atención?'],
      ['cliente2', 'Comentarios'],
      ['cliente1', '¿Atención?'],
      ['cliente1', 'Comentarios'],
    ]);
    expect(filas[2]).toEqual({
      UsuarioId: ids.cliente1,
      usuario: 'cliente1',
      nomempre: 'Agroexportadora del Litoral S.A.',
      PreguntaId: puntuada,
      PreguntaTexto: '¿Atención?',
      Obligatoria: 1,
      Puntaje: 5,
      esTexto: 0,
      TextoRespuesta: null,
      Observaciones: 'Excelente',
      FechaRespuesta: expect.stringMatching(FECHA),
    });
    expect(filas[3]).toMatchObject({
      esTexto: 1,
      Puntaje: null,
      TextoRespuesta: 'Nada que agregar',
    });
    expect(filas[1]).toMatchObject({ nomempre: 'Cereales Pampeanos S.R.L.', TextoRespuesta: null });
  });

  it('sin respuestas: []; encuesta inexistente: 404; un cliente: 403', async () => {
    const e = await encuestaCon([{}]);
    expect((await get(t.app, `/api/encuestas/${e.id}/respuestas`, admin)).json()).toEqual([]);
    expect((await get(t.app, '/api/encuestas/999999/respuestas', admin)).statusCode).toBe(404);
    expect((await get(t.app, `/api/encuestas/${e.id}/respuestas`, cliente1)).statusCode).toBe(403);
  });
});

describe('respondio y pendientes', () => {
  it('cada uno pregunta por sí mismo; el administrador por cualquiera; otro usuario: 403', async () => {
    const e = await encuestaCon([{ obligatoria: true }]);
    const url = (usuario: string, id = e.id) =>
      `/api/encuestas/${id}/usuario/${ids[usuario]}/respondio`;
    expect((await get(t.app, url('cliente1'), cliente1)).json()).toEqual({ respondio: false });
    await responder(cliente1, {
      usuarioId: ids.cliente1!,
      encuestaId: e.id,
      respuestas: [{ preguntaId: e.preguntas[0]!, puntaje: 3 }],
    });
    expect((await get(t.app, url('cliente1'), cliente1)).json()).toEqual({ respondio: true });
    expect((await get(t.app, url('cliente1'), admin)).json()).toEqual({ respondio: true });
    expect((await get(t.app, url('cliente2'), admin)).json()).toEqual({ respondio: false });
    expect((await get(t.app, url('cliente1'), cliente2)).statusCode).toBe(403);
    expect((await get(t.app, url('cliente1', 999999), cliente1)).statusCode).toBe(404);
    const sinUsuario = `/api/encuestas/${e.id}/usuario/999999/respondio`;
    expect((await get(t.app, sinUsuario, admin)).statusCode).toBe(404);
    expect((await get(t.app, sinUsuario, cliente1)).statusCode).toBe(403);
  });

  it('pendientes: las encuestas con preguntas que el usuario no respondió; el administrador no tiene', async () => {
    const pendientes = async (usuario: string, cookie: string) => {
      const res = await get(t.app, `/api/encuestas/pendientes/${ids[usuario]}`, cookie);
      expect(res.statusCode).toBe(200);
      return res.json<Encuesta[]>().map((x) => x.Id);
    };
    const antes = await pendientes('cliente2', cliente2);
    const nueva = await encuestaCon([{ obligatoria: true }]);
    const vacia = await encuestaCon([]);
    const ahora = await pendientes('cliente2', cliente2);
    expect(ahora).toContain(nueva.id);
    expect(ahora).not.toContain(vacia.id);
    expect(ahora).toHaveLength(antes.length + 1);

    await responder(cliente2, {
      usuarioId: ids.cliente2!,
      encuestaId: nueva.id,
      respuestas: [{ preguntaId: nueva.preguntas[0]!, puntaje: 5 }],
    });
    expect(await pendientes('cliente2', cliente2)).toEqual(antes);
    expect(await pendientes('cliente2', admin)).toEqual(antes);
    expect(await pendientes('admin', admin)).toEqual([]);
  });

  it('los demostrativos: cliente1 tiene pendientes las dos encuestas de la demostración', async () => {
    const res = await get(t.app, `/api/encuestas/pendientes/${ids.cliente1}`, cliente1);
    const titulos = res.json<Encuesta[]>().map((e) => e.Titulo);
    expect(titulos).toEqual(
      expect.arrayContaining(['Servicio de embolsado', 'Encuesta de satisfacción — Campaña 2026']),
    );
  });

  it('pendientes de otro usuario: 403; de uno inexistente (administrador): 404; id inválido: 400', async () => {
    expect(
      (await get(t.app, `/api/encuestas/pendientes/${ids.cliente1}`, cliente2)).statusCode,
    ).toBe(403);
    expect((await get(t.app, '/api/encuestas/pendientes/999999', admin)).statusCode).toBe(404);
    expect((await get(t.app, '/api/encuestas/pendientes/abc', admin)).statusCode).toBe(400);
  });
});
