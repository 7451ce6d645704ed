/**
 * The yard board shows each truck's turn (issue 24, point 5): the band it booked and how it came
 * (on time, early, late), when a booking is linked to the truck (turnos.camion_ctrl, set at the
 * gate); nothing for a truck without one. The list and the live yard's rows are the same.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { camionesPlayaRespuesta, type CamionEnPlaya } from '../../../shared/contracts/camiones';
import { usarAppDePrueba } from '../../test/app';
import { ingresar, post } from '../../test/sesion';
import { presentarDePrueba, turnoDePrueba } from '../turnos/datos-prueba';
import { crearCamion } from './datos-prueba';
import { camionesEnPlayaPorCtrl } from './servicio';

const t = usarAppDePrueba();
let admin: string;
let conTurno: number;
let tardio: number;
let sinTurno: number;
let fecha: string;

beforeAll(async () => {
  admin = await ingresar(t.app, 'admin');
  conTurno = await crearCamion(t.db, { patcha: 'TUR001' });
  tardio = await crearCamion(t.db, { patcha: 'TUR002', codestado: 2 });
  sinTurno = await crearCamion(t.db, { patcha: 'TUR003' });
  const a = await turnoDePrueba(t.db);
  fecha = a.fecha;
  await presentarDePrueba(t.db, a, `${fecha}T10:05:00`, conTurno);
  // Late: its band (10) is over, so it comes in the band of its arrival (11).
  await presentarDePrueba(t.db, await turnoDePrueba(t.db), `${fecha}T11:40:00`, tardio);
});

async function listar(): Promise<CamionEnPlaya[]> {
  const r = await post(
    t.app,
    '/api/camiones/camiones-playa',
    { filtros: { codempre: 1, unineg: 1, estado: 0 } },
    admin,
  );
  expect(r.statusCode, r.body).toBe(200);
  return camionesPlayaRespuesta.parse(r.json());
}

const turnoDe = (c: CamionEnPlaya | undefined) =>
  c && { fecha: c.turno_fecha, hora: c.turno_hora, llegada: c.turno_llegada };

describe('el turno de cada camión en la playa', () => {
  it('la lista trae la franja y cómo llegó el camión con turno; nada el que no tiene', async () => {
    const filas = await listar();
    const de = (ctrl: number) => turnoDe(filas.find((c) => c.ctrl === ctrl));
    expect(de(conTurno)).toEqual({ fecha, hora: 10, llegada: 'a_tiempo' });
    expect(de(tardio)).toEqual({ fecha, hora: 11, llegada: 'tarde' });
    expect(de(sinTurno)).toEqual({ fecha: null, hora: null, llegada: null });
  });

  it('la playa en vivo manda las mismas filas', async () => {
    const vivas = await camionesEnPlayaPorCtrl(t.db, [conTurno, sinTurno]);
    const lista = await listar();
    for (const v of vivas) expect(v).toEqual(lista.find((c) => c.ctrl === v.ctrl));
    expect(turnoDe(vivas.find((c) => c.ctrl === conTurno))).toEqual({
      fecha,
      hora: 10,
      llegada: 'a_tiempo',
    });
  });
});
