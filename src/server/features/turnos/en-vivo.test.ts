/**
 * The 'Turnos' screen follows the same live stream as the yard (issue 24, point 5), on two real
 * portal processes: a booking made through one process reaches the streams of the other as an
 * `event: turno` naming the band; a client never gets a byte of another company's bookings, nor
 * of a pause (administrators only); the administrator gets all of them.
 */
import { describe, expect, it } from 'vitest';
import type { EventoTurno } from '../../../shared/contracts/en-vivo';
import type { Turno } from '../../../shared/contracts/turnos';
import { usarDosPortales } from '../../test/dos-portales';
import type { EventoRecibido } from '../../test/flujo';
import { insertarCupoDePrueba } from '../cupos/datos-prueba';
import { calendarioAbierto, diaDesdeHoy } from './datos-prueba';

const p = usarDosPortales((db) => calendarioAbierto(db));
const sesion = p.sesion;

/** A stream on process a, once it said 'listo'. */
async function flujo(cookie: string) {
  const f = await p.flujo(cookie);
  await f.esperar((e) => e.tipo === 'listo');
  return f;
}

async function enviar(url: string, ruta: string, cuerpo: unknown, cookie: string) {
  const res = await fetch(`${url}${ruta}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(cuerpo),
  });
  const texto = await res.text();
  expect(res.status, texto).toBeLessThan(300);
  return JSON.parse(texto) as unknown;
}

/** A booking of a fresh quota of `codempre`, made through process b. */
async function reservar(codempre: number, cookie: string, hora: number): Promise<Turno> {
  const cupo = await insertarCupoDePrueba(p.db, { codempre });
  const fecha = await diaDesdeHoy(p.db, 3);
  return (await enviar(p.b, '/api/turnos/reservar', { cupo, fecha, hora }, cookie)) as Turno;
}

const deFranja = (codempre: number | null, hora: number | null) => (e: EventoRecibido) =>
  e.tipo === 'turno' &&
  (e.datos as EventoTurno).codempre === codempre &&
  (e.datos as EventoTurno).hora === hora;

describe('los turnos en el flujo en vivo', { timeout: 60_000 }, () => {
  it('una reserva en un proceso llega como event: turno al otro; el cliente B no recibe la de A', async () => {
    const [c1, c2, adm] = await Promise.all([
      sesion('cliente1'),
      sesion('cliente2'),
      sesion('admin'),
    ]);
    const [fa, fb, fadm] = await Promise.all([flujo(c1), flujo(c2), flujo(adm)]);
    const deA = await reservar(1, c1, 7);
    const evento = await fa.esperar(deFranja(1, 7));
    expect(evento.datos).toEqual({ codempre: 1, unineg: 1, fecha: deA.fecha, hora: 7 });
    expect(evento.id).toBeUndefined();
    await fadm.esperar(deFranja(1, 7));
    const deB = await reservar(2, c2, 8);
    // B's own event arrives after A's would have: had A's leaked, it would be here already.
    await fb.esperar(deFranja(2, 8));
    await fadm.esperar(deFranja(2, 8));
    expect(fb.eventos.filter((e) => e.tipo === 'turno').map((e) => e.datos)).toEqual([
      { codempre: 2, unineg: 1, fecha: deB.fecha, hora: 8 },
    ]);
    expect(fb.texto()).not.toContain('"codempre":1');
    expect(fa.texto()).not.toContain('"codempre":2');

    // A change tells both bands (left and taken); a cancel, the band it leaves.
    await enviar(p.b, '/api/turnos/cambiar', { turno: deA.id, fecha: deA.fecha, hora: 9 }, c1);
    await fa.esperar(deFranja(1, 9));
    await enviar(p.b, '/api/turnos/cancelar', { turno: deA.id }, c1);
    await fa.esperar((e) => e.tipo === 'turno' && fa.eventos.filter(deFranja(1, 9)).length === 2);
  });

  it('una pausa llega al administrador y a ningún cliente', async () => {
    const [c1, c2, adm] = await Promise.all([
      sesion('cliente1'),
      sesion('cliente2'),
      sesion('admin'),
    ]);
    const [fa, fb, fadm] = await Promise.all([flujo(c1), flujo(c2), flujo(adm)]);
    const fecha = await diaDesdeHoy(p.db, 4);
    await enviar(
      p.b,
      '/api/administracion/turnos/pausar',
      { unineg: 1, fecha, hora: 13, motivo: 'Lluvia' },
      adm,
    );
    await fadm.esperar(deFranja(null, 13));
    // A booking of each client afterwards: each stream has caught up past the pause's notice.
    await reservar(1, c1, 14);
    await reservar(2, c2, 14);
    await fa.esperar(deFranja(1, 14));
    await fb.esperar(deFranja(2, 14));
    for (const f of [fa, fb]) expect(f.eventos.some(deFranja(null, 13))).toBe(false);
  });
});
