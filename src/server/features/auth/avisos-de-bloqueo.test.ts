/**
 * What a person reads when sign-in fails (issue 22, point 5): the last tries before a temporary
 * lock are counted down, the lock says until when and that the terminal can lift it. The answers
 * are the same for a name that does not exist, so they tell nobody which users exist. `msj`
 * stays the design's text; the explanation travels in `detalle`.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MENSAJES_API } from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { pedirDesafio, responderDesafio } from '../../test/sesion';

const t = usarAppDePrueba();

/** Five wrong answers for `usuario`, then one more: each answer's status and body. */
async function cincoFallosYUnoMas(usuario: string) {
  const respuestas = [];
  for (let i = 0; i < 6; i++) {
    const desafio = await pedirDesafio(t.app, usuario).catch(() => null);
    if (!desafio) {
      respuestas.push({ status: 429, cuerpo: null });
      continue;
    }
    const r = await responderDesafio(t.app, desafio, [1, 1]);
    respuestas.push({ status: r.statusCode, cuerpo: r.json<{ msj: string; detalle?: string }>() });
  }
  return respuestas;
}

/** When the name's lock from this address ends, as the terminal's clock shows it: 'HH:MM'. */
async function horaDelBloqueo(usuario: string) {
  const { rows } = await t.db.execute<{ hora: string }>(sql`
    select to_char(max(bloqueado_hasta), 'HH24:MI') as hora from login_fallos
    where usuario = ${usuario}`);
  return rows[0]!.hora;
}

describe('los avisos del ingreso fallido', () => {
  for (const usuario of ['cliente2', 'nadie.inexistente']) {
    it(`${usuario}: cuenta los últimos intentos, dice hasta cuándo dura el bloqueo y a quién pedir`, async () => {
      const [r1, r2, r3, r4, r5] = await cincoFallosYUnoMas(usuario);
      for (const r of [r1, r2, r3]) {
        expect(r!).toEqual({ status: 401, cuerpo: { msj: MENSAJES_API.credencialesIncorrectas } });
      }
      expect(r4!.status).toBe(401);
      expect(r4!.cuerpo).toEqual({
        msj: MENSAJES_API.credencialesIncorrectas,
        detalle: 'Le queda 1 intento antes de que el ingreso se bloquee por 15 minutos.',
      });
      const hora = await horaDelBloqueo(usuario);
      const bloqueo = `El ingreso de este usuario quedó bloqueado hasta las ${hora}. Si necesita ingresar antes, pida a la terminal que lo desbloquee.`;
      expect(r5!).toEqual({
        status: 401,
        cuerpo: { msj: MENSAJES_API.credencialesIncorrectas, detalle: bloqueo },
      });
      // While locked, step 1 answers the same lock with its hour.
      const paso1 = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-coordenadas',
        payload: { userName: usuario },
      });
      expect(paso1.statusCode).toBe(429);
      expect(paso1.json()).toEqual({ msj: MENSAJES_API.usuarioBloqueado, detalle: bloqueo });
    });
  }
});
