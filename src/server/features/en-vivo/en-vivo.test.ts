/**
 * The live yard (issue 15) on two real portal processes over one PostgreSQL: a change made
 * through one process's gate API reaches the streams open on the other; a client never
 * receives a byte about another client's trucks; a reconnection gets exactly what it missed;
 * a stream ends as soon as its session does.
 */
import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventoCamion } from '../../../shared/contracts/en-vivo';
import { conectar, type BaseDeDatos } from '../../db/client';
import { crearBaseDePrueba } from '../../test/app';
import { abrirFlujoSse, type EventoRecibido, type FlujoDePrueba } from '../../test/flujo';
import { ingresarHttp } from '../../test/http';
import { iniciarPortales, type Portales } from '../../test/portales';
import { tarjetaDemo } from '../../test/sesion';
import { crearToken } from '../tokens/servicio';

let base: Awaited<ReturnType<typeof crearBaseDePrueba>>;
let conexion: BaseDeDatos;
let portales: Portales;
let a: string;
let b: string;
let token: string;
const abiertos: FlujoDePrueba[] = [];

beforeAll(async () => {
  base = await crearBaseDePrueba('demo');
  conexion = conectar(base.url, { max: 2, timeZone: 'America/Argentina/Buenos_Aires' });
  token = await crearToken(conexion.db, 'terminal', 'porteria-en-vivo', { actor: 'prueba' });
  portales = await iniciarPortales(base.url, 2);
  [a, b] = portales.urls as [string, string];
});

// Each test leaves with its streams closed: the per-user limit counts open ones.
afterEach(() => {
  for (const f of abiertos.splice(0)) f.cerrar();
});

afterAll(async () => {
  await portales.detener();
  await conexion.cerrar();
  await base.borrar();
});

async function sesion(usuario: 'cliente1' | 'cliente2' | 'admin', url = a) {
  const { status, cookie } = await ingresarHttp(url, usuario, tarjetaDemo(usuario).valores);
  expect(status).toBe(200);
  return cookie;
}

async function flujo(cookie: string, extra: Record<string, string> = {}, url = a, consulta = '') {
  const f = await abrirFlujoSse(`${url}/api/camiones/eventos${consulta}`, { cookie, ...extra });
  abiertos.push(f);
  expect(f.status).toBe(200);
  return f;
}

/** A new plate each time, so a test finds its own truck among the events. */
const patenteNueva = () => `EV${randomInt(100_000, 999_999)}`;

/** A truck enters through the gate API of `url`; returns its plate and ctrl. */
async function ingreso(codempre: number, unineg = 1, url = b) {
  const patcha = patenteNueva();
  const res = await fetch(`${url}/api/operaciones/ingreso`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      codempre,
      unineg,
      patcha,
      cargateorica: 30000,
      nomchofer: 'Chofer En Vivo',
      dni: '30111222',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { camion: ctrl } = (await res.json()) as { camion: number };
  return { patcha, ctrl };
}

const deCamion = (patcha: string) => (e: EventoRecibido) =>
  e.tipo === 'camion' && (e.datos as EventoCamion).camion.patcha === patcha;

describe('la playa en vivo', { timeout: 60_000 }, () => {
  it('un ingreso por la portería de un proceso llega al flujo abierto en el otro, como lo muestra la lista', async () => {
    const f = await flujo(await sesion('cliente1'));
    await f.esperar((e) => e.tipo === 'listo');
    const { patcha, ctrl } = await ingreso(1);
    const evento = await f.esperar(deCamion(patcha));
    expect(evento.id).toMatch(/^\d+$/);
    const datos = evento.datos as EventoCamion;
    expect(datos).toMatchObject({ codempre: 1, unineg: 1 });
    expect(datos.camion).toEqual({
      ctrl,
      txtempresa: expect.any(String),
      patcha,
      pataco: null,
      cargateorica: 30000,
      nomchofer: 'Chofer En Vivo',
      dni: '30111222',
      ingplaya: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
      codestado: 1,
      nomestado: 'Playa sin orden',
      estado_desde: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
      cupo_camion: null,
    });
  });

  it('el cliente B no recibe ni un byte de los camiones del cliente A; el administrador ve los dos', async () => {
    const [clienteA, clienteB, admin] = await Promise.all([
      sesion('cliente1').then((c) => flujo(c)),
      sesion('cliente2').then((c) => flujo(c)),
      sesion('admin').then((c) => flujo(c)),
    ]);
    await Promise.all([clienteA, clienteB, admin].map((f) => f.esperar((e) => e.tipo === 'listo')));
    const deA = await ingreso(1);
    await clienteA.esperar(deCamion(deA.patcha));
    const deB = await ingreso(2);
    // B's own change arrives after A's would have: had A's leaked, it would be here already.
    await clienteB.esperar(deCamion(deB.patcha));
    await admin.esperar(deCamion(deA.patcha));
    await admin.esperar(deCamion(deB.patcha));
    expect(clienteB.texto()).not.toContain(deA.patcha);
    expect(
      clienteB.eventos
        .filter((e) => e.tipo === 'camion')
        .map((e) => (e.datos as EventoCamion).codempre),
    ).toEqual([2]);
    expect(clienteA.texto()).not.toContain(deB.patcha);
  });

  it('al reconectar con Last-Event-ID recibe exactamente lo que se perdió, y después listo', async () => {
    const cookie = await sesion('cliente1');
    const primero = await flujo(cookie);
    const listo = await primero.esperar((e) => e.tipo === 'listo');
    primero.cerrar();
    const perdidos = [await ingreso(1), await ingreso(1, 2), await ingreso(2)];
    const segundo = await flujo(cookie, { 'last-event-id': listo.id! });
    await segundo.esperar((e) => e.tipo === 'listo');
    const repetidos = segundo.eventos
      .slice(
        0,
        segundo.eventos.findIndex((e) => e.tipo === 'listo'),
      )
      .map((e) => (e.datos as EventoCamion).camion.patcha);
    // Company 1's two trucks (units 1 and 2: cliente1 holds both), not company 2's.
    expect(repetidos).toEqual([perdidos[0]!.patcha, perdidos[1]!.patcha]);

    // `desde` does the same for a tab that takes the stream over from another.
    const tercero = await flujo(cookie, {}, b, `?desde=${listo.id}`);
    await tercero.esperar((e) => e.tipo === 'listo');
    expect(tercero.eventos.filter((e) => e.tipo === 'camion')).toHaveLength(2);
  });

  it('si no se puede saber qué se perdió, pide recargar la lista', async () => {
    const cookie = await sesion('cliente1');
    const f = await flujo(cookie, { 'last-event-id': '999999999999' });
    await f.esperar((e) => e.tipo === 'recargar');
    expect(f.eventos.some((e) => e.tipo === 'listo')).toBe(false);
  });

  it('un id inválido en la consulta responde 400 { msj }', async () => {
    const cookie = await sesion('cliente1');
    const res = await fetch(`${a}/api/camiones/eventos?desde=ayer`, { headers: { cookie } });
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty('msj');
  });

  it('cerrar la sesión en el otro proceso termina su flujo en el acto; el de otra sesión sigue', async () => {
    const cookie = await sesion('cliente1');
    const otra = await sesion('cliente1');
    const f = await flujo(cookie);
    const sigue = await flujo(otra);
    await f.esperar((e) => e.tipo === 'listo');
    await fetch(`${b}/api/user/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: '{}',
    });
    await f.terminado;
    const { patcha } = await ingreso(1);
    await sigue.esperar(deCamion(patcha));
  });

  it('más de 5 flujos a la vez de un usuario: 429 { msj } en castellano', async () => {
    const cookie = await sesion('cliente2');
    for (let i = 0; i < 5; i++) await flujo(cookie);
    const res = await fetch(`${a}/api/camiones/eventos`, { headers: { cookie } });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { msj: string }).msj).toContain('demasiadas pantallas en vivo');
  });
});
