/**
 * Issue 20, point 4: whoever knows a user's name must not lock that user out from everywhere.
 * The sign-in's lock counts per user and client address (5 failures, 15 minutes), under a
 * higher ceiling per user across all addresses (50 failures an hour); the step-up of a session
 * that already proved its card is not touched by either; each lock is audited with its address.
 * Two client addresses of this machine over real connections (127.0.0.1 and 127.0.0.2), and
 * many more through inject's remoteAddress for the ceiling.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_API } from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { ingresarDesde } from '../../test/http';
import {
  ingresar,
  pedirDesafio,
  post,
  reautenticar,
  responderDesafio,
  tarjetaDemo,
  valoresPara,
} from '../../test/sesion';

const t = usarAppDePrueba();
let url: string;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

/** What each step answered, as `desafio/respuesta` statuses ('429' when step 1 was refused). */
const estados = (r: Awaited<ReturnType<typeof ingresarDesde>>) =>
  r.respuesta ? `${r.desafio.status}/${r.respuesta.status}` : String(r.desafio.status);

async function bloqueosAuditados(usuario: string) {
  const { rows } = await t.db.execute<{ ip: string; despues: Record<string, unknown> }>(sql`
    select ip, despues from auditoria
    where actor = ${usuario} and accion = 'usuario_bloqueado' order by id`);
  return rows;
}

/** A wrong answer from `ip`, through inject (the portal takes it as the client's address). */
async function falloDesde(usuario: string, ip: string) {
  const desafio = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-coordenadas',
    payload: { userName: usuario },
    remoteAddress: ip,
  });
  if (desafio.statusCode !== 200) return desafio.statusCode;
  const [[{ ctrltarjeta }], solicitadas] = desafio.json<[[{ ctrltarjeta: number }], unknown]>();
  const c = desafio.cookies.find((x) => x.name === 'acopio_desafio')!;
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/auth/comparar-coordenadas',
    payload: { solicitadas, ingresadas: { coordenada1: 1, coordenada2: 1 }, tarjeta: ctrltarjeta },
    headers: { cookie: `acopio_desafio=${c.value}` },
    remoteAddress: ip,
  });
  return r.statusCode;
}

describe('bloqueo por usuario y dirección', () => {
  it('cinco fallos desde 127.0.0.2 bloquean esa dirección; desde 127.0.0.1 el administrador ingresa', async () => {
    const desde2 = [];
    for (let i = 0; i < 6; i++)
      desde2.push(estados(await ingresarDesde('127.0.0.2', url, 'admin')));
    expect(desde2).toEqual(['200/401', '200/401', '200/401', '200/401', '200/401', '429']);
    const refusado = await ingresarDesde('127.0.0.2', url, 'admin', tarjetaDemo('admin').valores);
    expect(refusado.desafio.status).toBe(429);
    expect(JSON.parse(refusado.desafio.body)).toMatchObject({
      msj: MENSAJES_API.usuarioBloqueado,
      detalle: expect.stringMatching(
        /^El ingreso de este usuario quedó bloqueado hasta las \d\d:\d\d\. /,
      ),
    });

    const desde1 = await ingresarDesde('127.0.0.1', url, 'admin', tarjetaDemo('admin').valores);
    expect(estados(desde1), desde1.respuesta?.body).toBe('200/200');
    expect(desde1.respuesta!.cookies.some((c) => c.startsWith('acopio_sesion='))).toBe(true);

    // The lock is audited once, with the address it locks.
    expect(await bloqueosAuditados('admin')).toEqual([
      {
        ip: '127.0.0.2',
        despues: { ambito: 'direccion', ip: '127.0.0.2', hasta: expect.any(String) },
      },
    ]);
    // A success from 127.0.0.1 does not lift 127.0.0.2's lock.
    expect((await ingresarDesde('127.0.0.2', url, 'admin')).desafio.status).toBe(429);
  });

  it('un nombre inexistente se comporta igual desde las dos direcciones', async () => {
    const secuencia = async (usuario: string) => {
      const r = [];
      for (let i = 0; i < 6; i++) r.push(estados(await ingresarDesde('127.0.0.2', url, usuario)));
      r.push(estados(await ingresarDesde('127.0.0.1', url, usuario)));
      return r;
    };
    const existente = await secuencia('cliente1');
    expect(existente).toEqual([...Array<string>(5).fill('200/401'), '429', '200/401']);
    expect(await secuencia('nadie.por.aqui')).toEqual(existente);
  });

  it('el techo de 50 fallos por hora de un usuario, desde diez direcciones, lo bloquea desde todas; pasada la hora, no', async () => {
    for (let d = 1; d <= 10; d++) {
      for (let i = 0; i < 5; i++) expect(await falloDesde('cliente2', `10.0.0.${d}`)).toBe(401);
      expect(await falloDesde('cliente2', `10.0.0.${d}`)).toBe(429);
    }
    // An address that never failed is refused too: the user's ceiling is reached.
    expect(await falloDesde('cliente2', '10.0.0.99')).toBe(429);
    const bloqueos = await bloqueosAuditados('cliente2');
    expect(bloqueos).toHaveLength(11);
    expect(bloqueos.at(-1)).toEqual({
      ip: '10.0.0.10',
      despues: { ambito: 'usuario', ip: '10.0.0.10', hasta: expect.any(String) },
    });

    // An hour later (the rows' clock moved back, never a wait) the ceiling has gone.
    await t.db.execute(sql`
      update login_fallos set primer_fallo_en = primer_fallo_en - interval '1 hour',
                              bloqueado_hasta = bloqueado_hasta - interval '1 hour'
      where usuario = 'cliente2' and ambito = 'usuario'`);
    expect(await falloDesde('cliente2', '10.0.0.99')).toBe(401);
    // The addresses' own locks (15 minutes) are still on.
    expect(await falloDesde('cliente2', '10.0.0.1')).toBe(429);
  });

  it('un bloqueo de dirección vence a los 15 minutos', async () => {
    for (let i = 0; i < 5; i++) expect(await falloDesde('fantasma', '10.0.1.1')).toBe(401);
    expect(await falloDesde('fantasma', '10.0.1.1')).toBe(429);
    await t.db.execute(sql`
      update login_fallos set bloqueado_hasta = bloqueado_hasta - interval '15 minutes'
      where usuario = 'fantasma' and ip = '10.0.1.1'`);
    expect(await falloDesde('fantasma', '10.0.1.1')).toBe(401);
  });

  it('el administrador desbloquea todas las direcciones y el techo del usuario', async () => {
    for (let d = 1; d <= 10; d++) {
      for (let i = 0; i < 5; i++) await falloDesde('balanza.norte', `10.0.2.${d}`);
    }
    expect(await falloDesde('balanza.norte', '10.0.2.99')).toBe(429);
    const admin = await ingresar(t.app, 'admin');
    const r = await post(
      t.app,
      '/api/administracion/usuarios/desbloquear',
      { usuario: 'balanza.norte' },
      admin,
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(await falloDesde('balanza.norte', '10.0.2.1')).toBe(401);
    expect(await falloDesde('balanza.norte', '10.0.2.99')).toBe(401);
  });
});

describe('la reautenticación de una sesión abierta', () => {
  it('no la bloquean los fallos de ingresos anónimos, ni desde su misma dirección ni por el techo', async () => {
    const sesion = await ingresar(t.app, 'admin');
    // Anonymous failures for 'admin' from the session's own address (inject: 127.0.0.1) and
    // from nine more: the sign-in is locked from everywhere.
    for (let d = 0; d < 10; d++) {
      for (let i = 0; i < 5; i++) await falloDesde('admin', d ? `10.0.3.${d}` : '127.0.0.1');
    }
    expect((await pedirDesafio(t.app, 'admin')).res.statusCode).toBe(429);

    // The open session still steps up and does a sensitive act.
    await reautenticar(t.app, sesion, tarjetaDemo('admin').valores);
    const token = await post(t.app, '/api/administracion/tokens/crear', { nombre: 'b20' }, sesion);
    expect(token.statusCode, token.body).toBe(201);

    // Unlocked, the right values sign in again.
    await post(t.app, '/api/administracion/usuarios/desbloquear', { usuario: 'admin' }, sesion);
    const d = await pedirDesafio(t.app, 'admin');
    const ok = await responderDesafio(
      t.app,
      d,
      valoresPara(tarjetaDemo('admin').valores, d.solicitadas),
    );
    expect(ok.statusCode).toBe(200);
  });
});
