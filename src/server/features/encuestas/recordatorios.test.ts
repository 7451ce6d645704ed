/**
 * Survey reminders (issue 16, part 5): sent only to the users a survey is pending for, at most
 * once every 7 days per survey and user (time moves by rewriting `enviado_en`, never by
 * waiting), shown once at the next sign-in, and not shown for a survey answered meanwhile.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  EnviarRecordatorioRespuesta,
  EstadoRecordatorio,
  RecordatorioPendiente,
} from '../../../shared/contracts/encuestas';
import { usarAppDePrueba } from '../../test/app';
import { get, ingresar, post } from '../../test/sesion';

const t = usarAppDePrueba();
let admin: string;
let cliente1: string;
let cliente2: string;
const ids: Record<string, number> = {};
let encuesta: number;
let pregunta: number;

beforeAll(async () => {
  admin = await ingresar(t.app, 'admin');
  cliente1 = await ingresar(t.app, 'cliente1');
  cliente2 = await ingresar(t.app, 'cliente2');
  const { rows } = await t.db.execute<{ id: number; usuario: string }>(
    sql`select id, usuario from usuarios`,
  );
  for (const r of rows) ids[r.usuario] = r.id;
  // One inactive client user: it cannot sign in to see a reminder, so it is not sent one.
  await t.db.execute(sql`
    insert into usuarios (usuario, codempre, activo) values ('inactivo.recordatorio', 1, false)`);
});

/** A fresh survey with one question for each test: no test sees another's reminders. */
beforeEach(async () => {
  const { rows } = await t.db.execute<{ id: number; pregunta: number }>(sql`
    with e as (insert into encuestas (titulo) values ('Atención en balanza') returning id),
         p as (insert into encuesta_preguntas (encuesta_id, texto)
               select id, '¿Cómo lo atendieron?' from e returning id)
    select e.id, p.id as pregunta from e, p`);
  encuesta = rows[0]!.id;
  pregunta = rows[0]!.pregunta;
});

/** Who the survey is pending for, computed apart from the feature's query. */
async function pendientesEsperados(): Promise<number[]> {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    select u.id from usuarios u
    where u.activo and u.codempre <> 0
      and u.id not in (select usuario_id from encuesta_respuestas where encuesta_id = ${encuesta})
    order by u.id`);
  return rows.map((r) => r.id);
}

async function recordados(): Promise<number[]> {
  const { rows } = await t.db.execute<{ usuario_id: number }>(sql`
    select distinct usuario_id from encuesta_recordatorios where encuesta_id = ${encuesta}
    order by usuario_id`);
  return rows.map((r) => r.usuario_id);
}

const enviar = async (cookie = admin) => {
  const res = await post(t.app, '/api/encuestas/recordatorio', { id: encuesta }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EnviarRecordatorioRespuesta>();
};

const estado = async () => {
  const res = await get(t.app, `/api/encuestas/recordatorios/encuesta/${encuesta}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EstadoRecordatorio>();
};

const deCliente1 = async (cookie = cliente1) => {
  const res = await get(t.app, `/api/encuestas/recordatorios/usuario/${ids.cliente1}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RecordatorioPendiente[]>().filter((r) => r.EncuestaId === encuesta);
};

/** Moves this survey's reminders `dias` days into the past. */
const atrasar = (dias: number) =>
  t.db.execute(sql`
    update encuesta_recordatorios set enviado_en = enviado_en - make_interval(days => ${dias})
    where encuesta_id = ${encuesta}`);

const responderComo = (cookie: string, usuarioId: number) =>
  post(
    t.app,
    '/api/encuestas/responder',
    {
      usuarioId,
      encuestaId: encuesta,
      respuestas: [{ preguntaId: pregunta, puntaje: 5, observaciones: '', textoRespuesta: '' }],
    },
    cookie,
  );

describe('enviar un recordatorio', () => {
  it('llega solo a los usuarios con la encuesta pendiente, y queda auditado', async () => {
    expect((await responderComo(cliente2, ids.cliente2!)).statusCode).toBe(201);
    const esperados = await pendientesEsperados();
    // Not the administrator, not the inactive user, not cliente2 who answered.
    expect(esperados).toContain(ids.cliente1);
    expect(esperados).not.toContain(ids.cliente2);
    expect(esperados).not.toContain(ids.admin);
    expect(esperados).not.toContain(ids['inactivo.recordatorio']);

    expect(await estado()).toEqual({
      pendientes: esperados.length,
      alcanzaria: esperados.length,
      ultimo: null,
    });
    expect(await enviar()).toEqual({ enviados: esperados.length, omitidos: 0 });
    expect(await recordados()).toEqual(esperados);

    const { rows } = await t.db.execute<{ actor: string; fila_id: string; despues: unknown }>(sql`
      select actor, fila_id, despues from auditoria
      where accion = 'enviar_recordatorio_encuesta' order by id desc limit 1`);
    expect(rows[0]).toEqual({
      actor: 'admin',
      fila_id: String(encuesta),
      despues: {
        EncuestaId: encuesta,
        enviados: esperados.length,
        omitidos: 0,
        usuarios: esperados,
      },
    });
    const e = await estado();
    expect(e.ultimo).toEqual({
      EnviadoEn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/) as string,
      usuarios: esperados.length,
    });
  });

  it('una encuesta sin preguntas no está pendiente para nadie: no envía nada', async () => {
    await t.db.execute(sql`delete from encuesta_preguntas where encuesta_id = ${encuesta}`);
    expect(await estado()).toEqual({ pendientes: 0, alcanzaria: 0, ultimo: null });
    expect(await enviar()).toEqual({ enviados: 0, omitidos: 0 });
  });

  it('un segundo envío dentro de los 7 días omite a los ya recordados; pasados, les llega otra vez', async () => {
    const n = (await pendientesEsperados()).length;
    expect(await enviar()).toEqual({ enviados: n, omitidos: 0 });
    expect(await enviar()).toEqual({ enviados: 0, omitidos: n });
    expect(await estado()).toMatchObject({ pendientes: n, alcanzaria: 0 });

    // Six days and 23 hours later: still inside the window.
    await t.db.execute(sql`
      update encuesta_recordatorios set enviado_en = enviado_en - interval '6 days 23 hours'
      where encuesta_id = ${encuesta}`);
    expect(await enviar()).toEqual({ enviados: 0, omitidos: n });

    // A new user since then gets it; the others are still omitted.
    await t.db.execute(sql`
      insert into usuarios (usuario, codempre, activo) values ('nuevo.recordatorio', 2, true)`);
    expect(await enviar()).toEqual({ enviados: 1, omitidos: n });

    // Eight days later everyone is reminded again, and the last sending is that one.
    await atrasar(8);
    expect(await estado()).toMatchObject({ pendientes: n + 1, alcanzaria: n + 1 });
    expect(await enviar()).toEqual({ enviados: n + 1, omitidos: 0 });
    expect((await estado()).ultimo?.usuarios).toBe(n + 1);
  });

  it('dos envíos a la vez no recuerdan dos veces a nadie', async () => {
    const n = (await pendientesEsperados()).length;
    const [a, b] = await Promise.all([enviar(), enviar()]);
    expect(a.enviados + b.enviados).toBe(n);
    expect([a.omitidos, b.omitidos].sort()).toEqual([0, n]);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from encuesta_recordatorios where encuesta_id = ${encuesta}`);
    expect(rows[0]!.n).toBe(n);
  });

  it('un cliente no puede enviarlo ni ver su alcance (403); una encuesta que no existe, 404', async () => {
    for (const cookie of [cliente1, cliente2]) {
      const res = await post(t.app, '/api/encuestas/recordatorio', { id: encuesta }, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msj: expect.any(String) as string });
      expect(
        (await get(t.app, `/api/encuestas/recordatorios/encuesta/${encuesta}`, cookie)).statusCode,
      ).toBe(403);
    }
    expect(await recordados()).toEqual([]);
    const noExiste = await post(t.app, '/api/encuestas/recordatorio', { id: 999_999 }, admin);
    expect(noExiste.statusCode).toBe(404);
    expect(
      (await get(t.app, '/api/encuestas/recordatorios/encuesta/999999', admin)).statusCode,
    ).toBe(404);
  });
});

describe('el recordatorio en el próximo ingreso', () => {
  it('se muestra una vez: marcado como visto, no vuelve', async () => {
    await enviar();
    const lista = await deCliente1();
    expect(lista).toEqual([
      {
        EncuestaId: encuesta,
        Titulo: 'Atención en balanza',
        EnviadoEn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/) as string,
      },
    ]);
    // Reading does not mark anything (a GET has no side effects).
    expect(await deCliente1()).toHaveLength(1);

    const visto = await post(
      t.app,
      '/api/encuestas/recordatorios/vistos',
      { encuestaIds: [encuesta] },
      cliente1,
    );
    expect(visto.statusCode, visto.body).toBe(200);
    expect(visto.json()).toEqual({ vistos: 1 });
    expect(await deCliente1()).toEqual([]);
    // A second sending inside the window does not bring it back either.
    expect((await enviar()).enviados).toBe(0);
    expect(await deCliente1()).toEqual([]);
    // After the window a new reminder is shown again.
    await atrasar(8);
    expect((await enviar()).enviados).toBeGreaterThan(0);
    expect(await deCliente1()).toHaveLength(1);
  });

  it('varios recordatorios sin ver de la misma encuesta se muestran como uno', async () => {
    await enviar();
    await atrasar(8);
    await enviar();
    expect(await deCliente1()).toHaveLength(1);
    const visto = await post(
      t.app,
      '/api/encuestas/recordatorios/vistos',
      { encuestaIds: [encuesta] },
      cliente1,
    );
    expect(visto.json()).toEqual({ vistos: 2 });
  });

  it('respondida mientras tanto: no se muestra', async () => {
    await enviar();
    expect(await deCliente1()).toHaveLength(1);
    expect((await responderComo(cliente1, ids.cliente1!)).statusCode).toBe(201);
    expect(await deCliente1()).toEqual([]);
    // The answer closed it: no reminder of this survey is left unseen for cliente1.
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from encuesta_recordatorios
      where encuesta_id = ${encuesta} and usuario_id = ${ids.cliente1!} and visto_en is null`);
    expect(rows[0]!.n).toBe(0);
  });

  it('otro cliente no puede ver ni marcar los recordatorios de cliente1', async () => {
    await enviar();
    const ajena = await get(
      t.app,
      `/api/encuestas/recordatorios/usuario/${ids.cliente1}`,
      cliente2,
    );
    expect(ajena.statusCode).toBe(403);
    const marca = await post(
      t.app,
      '/api/encuestas/recordatorios/vistos',
      { encuestaIds: [encuesta] },
      cliente2,
    );
    // cliente2 marks only its own reminder of the survey.
    expect(marca.json()).toEqual({ vistos: 1 });
    expect(await deCliente1()).toHaveLength(1);
    // The administrator may read them (as with pending surveys), never mark them.
    expect(await deCliente1(admin)).toHaveLength(1);
    const delAdmin = await post(
      t.app,
      '/api/encuestas/recordatorios/vistos',
      { encuestaIds: [encuesta] },
      admin,
    );
    expect(delAdmin.statusCode).toBe(403);
    expect(await deCliente1()).toHaveLength(1);
  });
});
