/**
 * The sign-in's writes are one act each (issue 12): a failure injected between two of them — a
 * trigger of the real database that raises — leaves nothing half done. On success the challenge,
 * the failure count, the card's recent cells, the previous session and the audit are all as
 * before; on a failure, the count is not raised and nothing is audited.
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_API } from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { cookieDe, ingresar, pedirDesafio, tarjetaDemo, valoresPara } from '../../test/sesion';

const t = usarAppDePrueba();

beforeAll(async () => {
  await t.db.execute(sql`
    create function falla_inyectada() returns trigger language plpgsql
    as $$ begin raise exception 'falla inyectada'; end $$`);
});

afterEach(async () => {
  await t.db.execute(sql`drop trigger if exists falla on sesiones`);
  await t.db.execute(sql`drop trigger if exists falla on auditoria`);
});

/** Everything the sign-in writes, for one user name (its failures from inject's 127.0.0.1). */
async function estado(usuario: string) {
  const fallos = sql`login_fallos where usuario = ${usuario} and ambito = 'direccion'`;
  const { rows } = await t.db.execute(sql`
    select (select row_to_json(d) from (select nonce, celda1, celda2 from login_desafios
                                        where usuario = ${usuario}) d) as desafio,
           (select fallos from ${fallos}) as fallos,
           (select bloqueado_hasta is not null from ${fallos}) as bloqueado,
           (select fallos from login_fallos where usuario = ${usuario} and ambito = 'usuario')
             as "fallosEnLaHora",
           (select celdas_recientes from tarjetas t join usuarios u on u.id = t.usuario_id
             where u.usuario = ${usuario} and t.revocada_en is null) as celdas,
           (select count(*) from sesiones s join usuarios u on u.id = s.usuario_id
             where u.usuario = ${usuario}) as sesiones,
           (select count(*) from auditoria where actor = ${usuario}) as auditoria`);
  return rows[0]!;
}

/** Step 2 with the given values, sending the browser's previous session cookie too. */
function responder(
  desafio: Awaited<ReturnType<typeof pedirDesafio>>,
  valores: [number, number],
  sesionAnterior?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/comparar-coordenadas',
    payload: {
      solicitadas: desafio.solicitadas,
      ingresadas: { coordenada1: valores[0], coordenada2: valores[1] },
      tarjeta: desafio.tarjeta,
    },
    headers: { cookie: [desafio.cookie, sesionAnterior].filter(Boolean).join('; ') },
  });
}

const verificar = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/verifyuser', headers: { cookie } })).json<{
    loggedIn: boolean;
  }>().loggedIn;

describe('el ingreso no queda a medias', () => {
  it('una falla al abrir la sesión deshace todo: desafío, fallos, celdas, sesión anterior y auditoría', async () => {
    const anterior = await ingresar(t.app, 'cliente1');
    const desafio = await pedirDesafio(t.app, 'cliente1');
    for (let i = 0; i < 2; i++) {
      expect((await responder(desafio, [1, 1])).statusCode).toBe(401);
    }
    const antes = await estado('cliente1');
    expect(antes).toMatchObject({ fallos: 2, bloqueado: false, fallosEnLaHora: 2, sesiones: 1 });

    await t.db.execute(sql`
      create trigger falla before insert on sesiones
      for each row execute function falla_inyectada()`);
    const correctos = valoresPara(tarjetaDemo('cliente1').valores, desafio.solicitadas);
    const fallida = await responder(desafio, correctos, anterior);
    expect(fallida.statusCode).toBe(500);
    expect(fallida.json()).toEqual({ msj: MENSAJES_API.errorInterno });
    expect(cookieDe(fallida, 'acopio_sesion')).toBeUndefined();

    expect(await estado('cliente1')).toEqual(antes);
    expect(await verificar(anterior)).toBe(true);

    // Nothing was consumed: the same challenge, answered again, opens the session.
    await t.db.execute(sql`drop trigger falla on sesiones`);
    const exito = await responder(desafio, correctos, anterior);
    expect(exito.statusCode, exito.body).toBe(200);
    const despues = await estado('cliente1');
    // The address's count goes; the name's hour keeps its two failures (a ceiling, not a streak).
    expect(despues).toMatchObject({ desafio: null, fallos: null, fallosEnLaHora: 2, sesiones: 1 });
    expect(despues.celdas).toEqual([
      `${desafio.solicitadas[0].letra}${desafio.solicitadas[0].posicion}`,
      `${desafio.solicitadas[1].letra}${desafio.solicitadas[1].posicion}`,
    ]);
    expect(await verificar(anterior)).toBe(false);
  });

  it('una falla al auditar el bloqueo deshace el quinto fallo: no cuenta ni bloquea', async () => {
    const desafio = await pedirDesafio(t.app, 'cliente2');
    for (let i = 0; i < 4; i++) {
      expect((await responder(desafio, [1, 1])).statusCode).toBe(401);
    }
    const antes = await estado('cliente2');
    expect(antes).toMatchObject({ fallos: 4, bloqueado: false, fallosEnLaHora: 4 });

    await t.db.execute(sql`
      create trigger falla before insert on auditoria
      for each row when (new.accion = 'usuario_bloqueado') execute function falla_inyectada()`);
    const quinto = await responder(desafio, [1, 1]);
    expect(quinto.statusCode).toBe(500);
    expect(await estado('cliente2')).toEqual(antes);

    await t.db.execute(sql`drop trigger falla on auditoria`);
    expect((await responder(desafio, [1, 1])).statusCode).toBe(401);
    expect(await estado('cliente2')).toMatchObject({ fallos: 5, bloqueado: true });
  });
});
