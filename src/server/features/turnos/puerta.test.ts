/**
 * At the gate (issue 24, point 3), on an injected terminal clock: a truck in the yard checks in
 * with today's booking by turn code or by plate; a plate read with one common confusion finds
 * the right booking or none, never another's, and two candidates make the gate choose; arrival
 * classified at the tolerance's edges ± 1 minute; a late truck needs a place in the band of now;
 * wrong codes are rate-limited. Also: no-shows marked at their edge, once; a deleted quota's
 * booking cancelled; no booking in an inactive unit.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PresentarTurnoRespuesta, Turno } from '../../../shared/contracts/turnos';
import { MENSAJES_TURNOS as M } from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { ingresar, post } from '../../test/sesion';
import { crearCamion } from '../camiones/datos-prueba';
import { insertarCupoDePrueba } from '../cupos/datos-prueba';
import { crearToken } from '../tokens/servicio';
import { calendarioDeJornada, turnoYCamion } from './datos-prueba';
import { FALLOS_POR_MINUTO } from './limite-fallos';
import { PARAMETROS_POR_DEFECTO } from './rules';
import * as avisos from '../avisos/servicio';
import * as webhooks from '../webhooks/servicio';
import * as turnos from './servicio';

let ahora = '2026-12-10T10:00:00';
const t = usarAppDePrueba({ reloj: () => ahora });
/** Thursday: every band of the day from 8 to 17 takes 2 trucks. */
const DIA = '2026-12-10';
let admin: string;
let cliente1: string;
let cliente2: string;
let token: string;

beforeAll(async () => {
  admin = await ingresar(t.app, 'admin');
  cliente1 = await ingresar(t.app, 'cliente1');
  cliente2 = await ingresar(t.app, 'cliente2');
  token = await crearToken(t.db, 'terminal', 'porteria-turnos', { actor: 'prueba' });
  await calendarioDeJornada(t.db, 2);
  const p = await post(
    t.app,
    '/api/administracion/turnos/parametros',
    { unineg: 1, ...PARAMETROS_POR_DEFECTO, toleranciaMinutos: 30 },
    admin,
  );
  expect(p.statusCode, p.body).toBe(200);
});

beforeEach(() => {
  ahora = `${DIA}T10:00:00`;
});

/** The gate's check-in (service token). */
async function presentar(cuerpo: Record<string, unknown>, credencial = token) {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/turnos/porteria/presentar',
    headers: { authorization: `Bearer ${credencial}` },
    payload: cuerpo,
  });
  return { status: r.statusCode, cuerpo: r.json<PresentarTurnoRespuesta & { msj?: string }>() };
}

/** A booking of `fecha`/`hora` (unique day per test keeps bands apart) and its truck. */
let diaLibre = 0;
const otroDia = () => `2027-01-${String(++diaLibre).padStart(2, '0')}`;

async function fila(turno: number) {
  const { rows } = await t.db.execute<{
    estado: string;
    clasificacion: string | null;
    hora: number;
    camion: number | null;
    llegada: string | null;
  }>(sql`
    select estado, clasificacion, hora, camion_ctrl as camion,
      to_char(llegada, 'YYYY-MM-DD"T"HH24:MI:SS') as llegada
    from turnos where id = ${turno}`);
  return rows[0]!;
}

async function camionYCupo(camion: number, cupo: number) {
  const { rows } = await t.db.execute<{ codestado: number; camion: number | null }>(sql`
    select (select codestado from camiones where ctrl = ${camion}) as codestado,
      (select camion_ctrl from cupos where ctrl = ${cupo}) as camion`);
  return rows[0]!;
}

describe('presentar por código', () => {
  it('a tiempo: el turno queda presente, el cupo vinculado al camión (Playa con orden), auditado', async () => {
    const fecha = otroDia();
    const { turno, camion, cupo } = await turnoYCamion(t.db, { fecha, hora: 10 });
    ahora = `${fecha}T09:45:00`;
    const r = await presentar({ camion, codigo: turno.codigo.toLowerCase() });
    expect(r.status, JSON.stringify(r.cuerpo)).toBe(200);
    expect(r.cuerpo.candidatos).toEqual([]);
    expect(r.cuerpo.turno).toMatchObject({
      id: turno.id,
      estado: 'presente',
      clasificacion: 'a_tiempo',
      llegada: `${fecha}T09:45:00`,
      camion,
    });
    expect(await camionYCupo(camion, cupo)).toEqual({ codestado: 2, camion });
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from auditoria
      where accion = 'presentar_turno' and tabla = 'turnos' and fila_id = ${String(turno.id)}`);
    expect(rows[0]!.n).toBe(1);
    const otra = await presentar({ camion, codigo: turno.codigo });
    expect(otra.status).toBe(409);
  });

  it.each([
    ['09:29:00', 'temprano', 10],
    ['09:30:00', 'a_tiempo', 10],
    ['09:31:00', 'a_tiempo', 10],
    ['11:29:00', 'a_tiempo', 10],
    ['11:30:00', 'tarde', 11],
    ['11:31:00', 'tarde', 11],
  ] as const)(
    'franja de las 10, tolerancia 30: a las %s es %s (queda en la franja de las %i)',
    async (hora, clasificacion, franja) => {
      const fecha = otroDia();
      const { turno, camion } = await turnoYCamion(t.db, { fecha, hora: 10 });
      ahora = `${fecha}T${hora}`;
      const r = await presentar({ camion, codigo: turno.codigo });
      expect(r.status, JSON.stringify(r.cuerpo)).toBe(200);
      expect(await fila(turno.id)).toMatchObject({
        estado: 'presente',
        clasificacion,
        hora: franja,
      });
    },
  );

  it('tarde y sin lugar en la franja de ahora: 409 que lo dice; nada cambia', async () => {
    const fecha = otroDia();
    const { turno, camion, cupo } = await turnoYCamion(t.db, { fecha, hora: 10 });
    await turnoYCamion(t.db, { fecha, hora: 12 });
    await turnoYCamion(t.db, { fecha, hora: 12 });
    ahora = `${fecha}T12:05:00`;
    const r = await presentar({ camion, codigo: turno.codigo });
    expect(r.status).toBe(409);
    expect(r.cuerpo.msj).toBe(M.tardeSinLugar(turno.codigo, 12, M.sinLugares));
    expect(await fila(turno.id)).toMatchObject({ estado: 'reservado', hora: 10, camion: null });
    expect(await camionYCupo(camion, cupo)).toEqual({ codestado: 1, camion: null });
  });

  it('tarde tras ser marcado ausente: entra si la franja de ahora tiene lugar', async () => {
    const fecha = otroDia();
    const { turno, camion } = await turnoYCamion(t.db, { fecha, hora: 8 });
    ahora = `${fecha}T09:40:00`;
    const marcados = await turnos.marcarAusentes(t.db, () => ahora);
    expect(marcados.map((m) => m.id)).toContain(turno.id);
    const r = await presentar({ camion, codigo: turno.codigo });
    expect(r.status, JSON.stringify(r.cuerpo)).toBe(200);
    expect(await fila(turno.id)).toMatchObject({
      estado: 'presente',
      clasificacion: 'tarde',
      hora: 9,
    });
  });

  it('un código que no existe, de otro día, de otro cliente o cancelado: se rechaza con su motivo', async () => {
    const fecha = otroDia();
    ahora = `${fecha}T10:00:00`;
    const { camion } = await turnoYCamion(t.db, { fecha, hora: 10 });
    expect((await presentar({ camion, codigo: 'AAAAAAAA' })).cuerpo.msj).toBe(M.turnoNoEncontrado);
    const manana = await turnoYCamion(t.db, { fecha: `${fecha.slice(0, 8)}28`, hora: 10 });
    const r1 = await presentar({ camion, codigo: manana.turno.codigo });
    expect([r1.status, r1.cuerpo.msj]).toEqual([
      409,
      M.turnoDeOtroDia(manana.turno.codigo, manana.turno.fecha),
    ]);
    const ajeno = await turnoYCamion(t.db, { fecha, hora: 11, codempre: 2 });
    const r2 = await presentar({ camion, codigo: ajeno.turno.codigo });
    expect([r2.status, r2.cuerpo.msj]).toEqual([409, M.turnoDeOtroCamion(ajeno.turno.codigo)]);
    const cancelado = await turnoYCamion(t.db, { fecha, hora: 12 });
    await t.db.execute(
      sql`update turnos set estado = 'cancelado' where id = ${cancelado.turno.id}`,
    );
    const r3 = await presentar({ camion, codigo: cancelado.turno.codigo });
    expect([r3.status, r3.cuerpo.msj]).toEqual([409, M.turnoCancelado(cancelado.turno.codigo)]);
  });
});

describe('presentar por patente', () => {
  /**
   * Company 1's bookings of one day, plates chosen so that no two are within one confusion of
   * each other; company 2 books a plate a confusion away from one of them.
   */
  const PATENTES = ['AB123CD', 'AC456EF', 'ABC123', 'KLM789'];
  let fecha: string;
  const ids = new Map<string, number>();
  let ajeno: number;

  beforeAll(async () => {
    fecha = otroDia();
    for (const [i, patente] of PATENTES.entries()) {
      ids.set(
        patente,
        (await turnoYCamion(t.db, { fecha, hora: 8 + (i % 2) * 4, patente })).turno.id,
      );
    }
    ajeno = (await turnoYCamion(t.db, { fecha, hora: 9, patente: 'XY789ZW', codempre: 2 })).turno
      .id;
  });

  it.each([
    // read at the gate, the booking it must find (or none)
    ['ab-123 cd', 'AB123CD'],
    ['AB1Z3CD', 'AB123CD'], // 2/Z
    ['A8123CD', 'AB123CD'], // B/8
    ['AB123C0', 'AB123CD'], // D/0
    ['AC4S6EF', 'AC456EF'], // 5/S
    ['ACA56EF', null], // A for 4: no common confusion
    ['ABCI23', 'ABC123'], // 1/I
    ['A8CIZ3', null], // three confusions
    ['ABC1Z3', 'ABC123'],
    ['KLM7B9', 'KLM789'], // B/8
    ['KLN789', null], // N for M
    ['AB124CD', null], // 4 for 3
    ['XY789ZW', null], // company 2's booking: never found for company 1's truck
    ['XY7B9ZW', null],
    ['XYZ999', null],
  ] as const)('%s encuentra %s', async (leida, esperada) => {
    ahora = `${fecha}T08:00:00`;
    const camion = await crearCamion(t.db, { codempre: 1, patcha: 'AA000AA' });
    const r = await presentar({ camion, patente: leida }, token);
    const hallado = esperada === null ? undefined : ids.get(esperada);
    if (hallado === undefined) {
      expect(r.status, JSON.stringify(r.cuerpo)).toBe(404);
      expect(r.cuerpo.msj).toBe(M.sinTurnoParaPatente(leida.toUpperCase().replace(/[\s-]/g, '')));
    } else {
      expect(r.status, JSON.stringify(r.cuerpo)).toBe(200);
      expect(r.cuerpo.turno?.id).toBe(hallado);
      expect(r.cuerpo.turno?.id).not.toBe(ajeno);
      // Back to booked, for the next reads of the table.
      await t.db.execute(sql`
        update cupos set camion_ctrl = null, cantidad_asignada = null
        where ctrl = (select cupo_ctrl from turnos where id = ${hallado})`);
      await t.db.execute(sql`
        update turnos set estado = 'reservado', clasificacion = null, llegada = null,
          camion_ctrl = null where id = ${hallado}`);
    }
  });
});

describe('dos candidatos: la portería elige', () => {
  it('una patente que puede ser dos turnos no presenta ninguno: responde los dos', async () => {
    const fecha = otroDia();
    ahora = `${fecha}T10:00:00`;
    const d = await turnoYCamion(t.db, { fecha, hora: 10, patente: 'DBC123' });
    const o = await turnoYCamion(t.db, { fecha, hora: 11, patente: 'OBC123' });
    for (const leida of ['0BC123', 'DBC123', 'OBC123']) {
      const r = await presentar({ camion: d.camion, patente: leida });
      expect(r.status).toBe(200);
      expect(r.cuerpo.turno).toBeNull();
      expect(r.cuerpo.candidatos.map((c) => c.id).sort()).toEqual([d.turno.id, o.turno.id].sort());
    }
    expect((await fila(d.turno.id)).estado).toBe('reservado');
    // The gate chooses by code.
    const r = await presentar({ camion: d.camion, codigo: d.turno.codigo });
    expect(r.cuerpo.turno?.id).toBe(d.turno.id);
  });

  it('sin código ni patente vale la patente del camión; dos turnos de la misma patente: elegir', async () => {
    const fecha = otroDia();
    ahora = `${fecha}T10:00:00`;
    const a = await turnoYCamion(t.db, { fecha, hora: 10, patente: 'QR555ST' });
    const unico = await presentar({ camion: a.camion });
    expect(unico.cuerpo.turno?.id).toBe(a.turno.id);
    const b = await turnoYCamion(t.db, { fecha, hora: 14, patente: 'UV777WX' });
    const c = await turnoYCamion(t.db, { fecha, hora: 15, patente: 'UV777WX' });
    const r = await presentar({ camion: b.camion });
    expect(r.cuerpo.candidatos.map((x) => x.id).sort()).toEqual([b.turno.id, c.turno.id].sort());
  });
});

describe('quién puede', () => {
  it('el administrador presenta desde la pantalla Camiones; un cliente no puede', async () => {
    const fecha = otroDia();
    ahora = `${fecha}T10:00:00`;
    const { turno, camion } = await turnoYCamion(t.db, { fecha, hora: 10 });
    const cuerpo = { camion, codigo: turno.codigo };
    expect(
      (await post(t.app, '/api/administracion/turnos/presentar', cuerpo, cliente1)).statusCode,
    ).toBe(403);
    const r = await post(t.app, '/api/administracion/turnos/presentar', cuerpo, admin);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<PresentarTurnoRespuesta>().turno?.clasificacion).toBe('a_tiempo');
  });

  it('un cliente nunca ve turnos ni códigos de otra empresa', async () => {
    const fecha = otroDia();
    const uno = await turnoYCamion(t.db, { fecha, hora: 10 });
    const dos = await turnoYCamion(t.db, { fecha, hora: 10, codempre: 2 });
    const ver = async (cookie: string) => {
      const r = await post(t.app, '/api/turnos', { desde: fecha, hasta: fecha }, cookie);
      expect(r.statusCode).toBe(200);
      return r.json<Turno[]>().map((x) => x.codigo);
    };
    expect(await ver(cliente1)).toEqual([uno.turno.codigo]);
    expect(await ver(cliente2)).toEqual([dos.turno.codigo]);
    expect((await ver(admin)).sort()).toEqual([uno.turno.codigo, dos.turno.codigo].sort());
  });

  it('1.000 códigos equivocados no encuentran nada y la portería queda limitada (429 en castellano)', async () => {
    const propio = await crearToken(t.db, 'terminal', 'adivinador', { actor: 'prueba' });
    const fecha = otroDia();
    ahora = `${fecha}T10:00:00`;
    const { turno, camion } = await turnoYCamion(t.db, { fecha, hora: 10 });
    const estados = new Map<number, number>();
    const mensajes = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const codigo = `${i}`.padStart(8, 'X');
      const r = await presentar({ camion, codigo }, propio);
      estados.set(r.status, (estados.get(r.status) ?? 0) + 1);
      if (r.status === 429) mensajes.add(r.cuerpo.msj!);
    }
    expect(Object.fromEntries(estados)).toEqual({
      404: FALLOS_POR_MINUTO,
      429: 1000 - FALLOS_POR_MINUTO,
    });
    expect([...mensajes]).toEqual([M.demasiadosCodigos]);
    expect((await fila(turno.id)).estado).toBe('reservado');
    // Another gate (its own token) is not held back by the guesser.
    expect((await presentar({ camion, codigo: turno.codigo })).status).toBe(200);
  });
});

describe('ausentes: "No se presentó"', () => {
  it('al fin de la franja más la tolerancia, no un minuto antes; una sola vez, auditado', async () => {
    const fecha = otroDia();
    const { turno } = await turnoYCamion(t.db, { fecha, hora: 10 });
    const presente = await turnoYCamion(t.db, { fecha, hora: 10 });
    ahora = `${fecha}T10:00:00`;
    await presentar({ camion: presente.camion, codigo: presente.turno.codigo });
    const ids = async () => (await turnos.marcarAusentes(t.db, () => ahora)).map((x) => x.id);
    ahora = `${fecha}T11:29:00`;
    expect(await ids()).not.toContain(turno.id);
    ahora = `${fecha}T11:30:00`;
    expect(await ids()).toEqual([turno.id]);
    ahora = `${fecha}T11:31:00`;
    expect(await ids()).toEqual([]);
    expect((await fila(turno.id)).estado).toBe('ausente');
    expect((await fila(presente.turno.id)).estado).toBe('presente');
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from auditoria
      where accion = 'marcar_ausente_turno' and fila_id = ${String(turno.id)}`);
    expect(rows[0]!.n).toBe(1);
  });

  it('un ausente se avisa una vez por correo a quien lo eligió y por webhook a su empresa', async () => {
    const actor = { actor: 'prueba' };
    const usuario = await t.db.execute<{ id: number }>(
      sql`select id from usuarios where usuario = 'cliente1'`,
    );
    const id = usuario.rows[0]!.id;
    await avisos.fijarCorreoDeUsuario(t.db, actor, {
      usuario: 'cliente1',
      correo: 'logistica@empresa1.example',
    });
    await avisos.guardarAvisos(t.db, id, actor, { avisos: ['turno.ausente'] }, true);
    await webhooks.crear(
      t.db,
      actor,
      { url: 'http://127.0.0.1:9/turnos', eventos: ['turno.ausente'], codempre: 1 },
      ['127.0.0.1'],
    );
    const fecha = otroDia();
    const { turno } = await turnoYCamion(t.db, { fecha, hora: 9 });
    ahora = `${fecha}T23:00:00`;
    await turnos.marcarAusentes(t.db, () => ahora);
    await turnos.marcarAusentes(t.db, () => ahora);
    const { rows } = await t.db.execute<{ canal: string; destino: number }>(sql`
      select canal, destino from avisos
      where evento = 'turno.ausente'
        and coalesce(datos->>'codigo', datos->'data'->>'codigo') = ${turno.codigo}
      order by canal`);
    expect(rows.map((r) => r.canal)).toEqual(['correo', 'webhook']);
    expect(rows[0]!.destino).toBe(id);
  });

  it('diez rondas a la vez marcan cada turno una sola vez', async () => {
    const fecha = otroDia();
    const lista: number[] = [];
    for (let hora = 8; hora < 14; hora++)
      lista.push((await turnoYCamion(t.db, { fecha, hora })).turno.id);
    ahora = `${fecha}T23:00:00`;
    const rondas = await Promise.all(
      Array.from({ length: 10 }, () => turnos.marcarAusentes(t.db, () => ahora)),
    );
    const marcados = rondas
      .flat()
      .map((x) => x.id)
      .filter((id) => lista.includes(id));
    expect(marcados.sort()).toEqual([...lista].sort());
  });
});

describe('reglas que faltaban', () => {
  it('eliminar un cupo cancela su turno (y Limpiar Cupos los de todos), auditado', async () => {
    const fecha = otroDia();
    const a = await turnoYCamion(t.db, { fecha, hora: 10 });
    const r = await post(t.app, '/api/cupos/eliminar', { codorden: a.cupo }, admin);
    expect(r.statusCode, r.body).toBe(200);
    expect((await fila(a.turno.id)).estado).toBe('cancelado');
    const b = await turnoYCamion(t.db, { fecha, hora: 11, codempre: 3 });
    const l = await post(t.app, '/api/cupos/limpiar', { uniNeg: 1, codEmpre: 3 }, admin);
    expect(l.statusCode, l.body).toBe(200);
    expect((await fila(b.turno.id)).estado).toBe('cancelado');
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from auditoria where accion = 'cancelar_turno'
        and fila_id in (${String(a.turno.id)}, ${String(b.turno.id)})`);
    expect(rows[0]!.n).toBe(2);
  });

  it('una unidad desactivada no toma reservas: 409 que lo dice', async () => {
    ahora = '2026-12-05T10:00:00';
    const cupo = await insertarCupoDePrueba(t.db, { codempre: 1, unineg: 2 });
    await t.db.execute(sql`update unidades_negocio set activo = false where ctrl = 2`);
    try {
      const r = await post(t.app, '/api/turnos/reservar', { cupo, fecha: DIA, hora: 10 }, admin);
      expect(r.statusCode).toBe(409);
      expect(r.json<{ msj: string }>().msj).toBe(M.unidadInactiva('Subproductos'));
    } finally {
      await t.db.execute(sql`update unidades_negocio set activo = true where ctrl = 2`);
    }
  });

  it('la patente de la reserva se guarda normalizada, se cambia y una que no es argentina es 400', async () => {
    ahora = '2026-12-05T10:00:00';
    const cupo = await insertarCupoDePrueba(t.db, { codempre: 1 });
    const mala = await post(
      t.app,
      '/api/turnos/reservar',
      { cupo, fecha: DIA, hora: 9, patente: 'AB12' },
      cliente1,
    );
    expect(mala.statusCode).toBe(400);
    const r = await post(
      t.app,
      '/api/turnos/reservar',
      { cupo, fecha: DIA, hora: 9, patente: 'ab 123-cd' },
      cliente1,
    );
    expect(r.statusCode, r.body).toBe(201);
    const turno = r.json<Turno>();
    expect(turno.patente).toBe('AB123CD');
    const c = await post(
      t.app,
      '/api/turnos/cambiar',
      { turno: turno.id, fecha: DIA, hora: 9, patente: 'ABC123' },
      cliente1,
    );
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json<Turno>()).toMatchObject({ patente: 'ABC123', hora: 9 });
  });
});
