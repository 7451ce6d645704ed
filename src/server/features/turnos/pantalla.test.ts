/**
 * What the 'Turnos' screen reads (issue 24, point 5): each band's booked / capacity / arrived /
 * no-show for the administrator, the notice of bookings held by a pause, and the voucher — public
 * by its unguessable code, rate-limited, as JSON and as a PDF holding the code.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ComprobanteTurno,
  OcupacionRespuesta,
  Turno,
  TurnoPausado,
} from '../../../shared/contracts/turnos';
import { MENSAJES_TURNOS as M } from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { get, ingresar, post } from '../../test/sesion';
import { insertarCupoDePrueba } from '../cupos/datos-prueba';
import { calendarioDeJornada } from './datos-prueba';
import { COMPROBANTES_POR_MINUTO } from './routes';

let ahora = '2026-12-05T10:00:00';
const t = usarAppDePrueba({ reloj: () => ahora });
let admin: string;
let cliente1: string;
let cliente2: string;
const DIA = '2026-12-10';

beforeAll(async () => {
  admin = await ingresar(t.app, 'admin');
  cliente1 = await ingresar(t.app, 'cliente1');
  cliente2 = await ingresar(t.app, 'cliente2');
  await calendarioDeJornada(t.db, 4);
});

async function reservar(hora: number, codempre = 1, cookie = cliente1): Promise<Turno> {
  const cupo = await insertarCupoDePrueba(t.db, { codempre });
  const r = await post(t.app, '/api/turnos/reservar', { cupo, fecha: DIA, hora }, cookie);
  expect(r.statusCode, r.body).toBe(201);
  return r.json<Turno>();
}

/** The gate's outcome, written as the gate's service will (that part is another helper's). */
async function marcar(turno: number, estado: 'presente' | 'ausente') {
  await t.db.execute(sql`update turnos set estado = ${estado} where id = ${turno}`);
}

describe('la ocupación de cada franja (administrador)', () => {
  it('cuenta reservados (vivos), presentes y ausentes por franja, sin los cancelados', async () => {
    const a = await reservar(9);
    const b = await reservar(9, 2, cliente2);
    const c = await reservar(9);
    const d = await reservar(9);
    await marcar(a.id, 'presente');
    await marcar(b.id, 'ausente');
    const r = await post(t.app, '/api/turnos/cancelar', { turno: c.id }, cliente1);
    expect(r.statusCode, r.body).toBe(200);
    const o = await post(
      t.app,
      '/api/administracion/turnos/ocupacion',
      { unineg: 1, fecha: DIA },
      admin,
    );
    expect(o.statusCode, o.body).toBe(200);
    const cuerpo = o.json<OcupacionRespuesta>();
    expect(cuerpo.fecha).toBe(DIA);
    expect(cuerpo.franjas.map((f) => f.hora)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    // a (presente) and d (reservado) hold places; b did not come; c was cancelled.
    expect(cuerpo.franjas.find((f) => f.hora === 9)).toEqual({
      hora: 9,
      capacidad: 4,
      reservados: 2,
      presentes: 1,
      ausentes: 1,
      pausa: null,
    });
    expect(d.estado).toBe('reservado');
  });

  it('un tipo de despacho sin calendario propio no tiene franjas; uno de otra unidad es un 400', async () => {
    const propio = await post(
      t.app,
      '/api/administracion/turnos/ocupacion',
      { unineg: 2, fecha: DIA },
      admin,
    );
    expect(propio.json<OcupacionRespuesta>().franjas).toEqual([]);
    const { rows } = await t.db.execute<{ coddespacho: number }>(
      sql`select coddespacho from tipos_despacho where unineg = 2 limit 1`,
    );
    const ajeno = await post(
      t.app,
      '/api/administracion/turnos/ocupacion',
      { unineg: 1, coddespacho: rows[0]!.coddespacho, fecha: DIA },
      admin,
    );
    expect(ajeno.statusCode).toBe(400);
  });
});

describe('el aviso de turnos en una franja pausada', () => {
  it('cada cliente ve solo los suyos desde hoy; al reanudar, el aviso se va', async () => {
    const propio = await reservar(15);
    const ajeno = await reservar(15, 2, cliente2);
    const pausa = await post(
      t.app,
      '/api/administracion/turnos/pausar',
      { unineg: 1, fecha: DIA, hora: 15, motivo: 'Lluvia' },
      admin,
    );
    expect(pausa.statusCode, pausa.body).toBe(200);
    const de = async (cookie: string) => {
      const r = await post(t.app, '/api/turnos/pausados', {}, cookie);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<TurnoPausado[]>();
    };
    expect((await de(cliente1)).map((x) => [x.codigo, x.motivo])).toEqual([
      [propio.codigo, 'Lluvia'],
    ]);
    expect((await de(cliente2)).map((x) => x.codigo)).toEqual([ajeno.codigo]);
    expect((await de(admin)).map((x) => x.codigo).sort()).toEqual(
      [propio.codigo, ajeno.codigo].sort(),
    );
    // The day after the band: nothing to move any more.
    ahora = '2026-12-11T00:00:00';
    expect(await de(cliente1)).toEqual([]);
    ahora = '2026-12-05T10:00:00';
    const { id } = pausa.json<{ pausa: { id: number } }>().pausa;
    await post(t.app, '/api/administracion/turnos/reanudar', { pausa: id }, admin);
    expect(await de(cliente1)).toEqual([]);
  });
});

describe('el comprobante, público por el código', () => {
  it('muestra solo lo del comprobante, también con el código en minúsculas', async () => {
    const turno = await reservar(11);
    const r = await get(t.app, `/api/turnos/comprobante/${turno.codigo.toLowerCase()}`);
    expect(r.statusCode, r.body).toBe(200);
    const c = r.json<ComprobanteTurno>();
    expect(c).toEqual({
      codigo: turno.codigo,
      estado: 'reservado',
      terminal: expect.any(String),
      empresa: turno.nomempre,
      unidad: 'Granos',
      despacho: expect.any(String),
      cupo: turno.cupo,
      producto: expect.any(String),
      fecha: DIA,
      hora: 11,
      patente: null,
    });
  });

  it('el PDF es un PDF con su nombre de archivo; un código que no existe es un 404 en castellano', async () => {
    const turno = await reservar(12);
    const pdf = await get(t.app, `/api/turnos/comprobante/${turno.codigo}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="turno-${turno.codigo}.pdf"`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const nada = await get(t.app, '/api/turnos/comprobante/AAAAAAAA');
    expect(nada.statusCode).toBe(404);
    expect(nada.json()).toEqual({ msj: M.comprobanteInexistente });
    expect((await get(t.app, '/api/turnos/comprobante/corto')).statusCode).toBe(400);
  });

  it(`se limita por dirección: pasadas ${COMPROBANTES_POR_MINUTO} consultas en un minuto, 429`, async () => {
    const desde = { remoteAddress: '203.0.113.77' };
    const pedir = (codigo: string) =>
      t.app.inject({ method: 'GET', url: `/api/turnos/comprobante/${codigo}`, ...desde });
    const estados: number[] = [];
    for (let i = 0; i < COMPROBANTES_POR_MINUTO + 1; i++) {
      estados.push((await pedir(`AAAA${String(1000 + i)}`)).statusCode);
    }
    expect(estados.slice(0, COMPROBANTES_POR_MINUTO).every((s) => s === 404)).toBe(true);
    expect(estados.at(-1)).toBe(429);
  });
});
