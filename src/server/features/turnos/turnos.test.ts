/**
 * Turns over the API on an injected terminal clock (issue 24): every rule at its boundary ± 1
 * minute — the booking window's opening and closing, the change and cancel cutoff, a paused
 * band, fair share — and what each user may see and touch. Sessions run on the real clock; only
 * the turns' rules read `ahora`.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DisponibilidadRespuesta, Turno } from '../../../shared/contracts/turnos';
import { MENSAJES_TURNOS as M, TEXTOS_UNIDADES as T } from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { ingresar, post } from '../../test/sesion';
import { insertarCupoDePrueba } from '../cupos/datos-prueba';
import { calendarioDeJornada } from './datos-prueba';
import { PARAMETROS_POR_DEFECTO } from './rules';

let ahora = '2026-12-01T10:00:00';
const t = usarAppDePrueba({ reloj: () => ahora });
let admin: string;
let cliente1: string;
let cliente2: string;
const comoAdmin = (url: string, cuerpo: unknown) => post(t.app, url, cuerpo, admin);

/** Thursday 10 December 2026: its booking opens on the 3rd at 00:00, closes on the 9th at 14:00. */
const DIA = '2026-12-10';
const REGLAS = { unineg: 1, ...PARAMETROS_POR_DEFECTO };

beforeAll(async () => {
  admin = await ingresar(t.app, 'admin');
  cliente1 = await ingresar(t.app, 'cliente1');
  cliente2 = await ingresar(t.app, 'cliente2');
  // Granos: 4 trucks an hour from 8 to 17 every weekday.
  await calendarioDeJornada(t.db, 4);
});

beforeEach(async () => {
  ahora = '2026-12-05T10:00:00';
  const r = await comoAdmin('/api/administracion/turnos/parametros', REGLAS);
  expect(r.statusCode, r.body).toBe(200);
});

async function reservar(cupo: number, fecha: string, hora: number, cookie = cliente1) {
  const r = await post(t.app, '/api/turnos/reservar', { cupo, fecha, hora }, cookie);
  return { status: r.statusCode, cuerpo: r.json<Turno & { msj?: string }>() };
}
const cupoNuevo = (codempre = 1) => insertarCupoDePrueba(t.db, { codempre });

async function disponibilidad(fecha: string, cookie = cliente1) {
  const r = await post(
    t.app,
    '/api/turnos/disponibilidad',
    { unineg: 1, desde: fecha, hasta: fecha },
    cookie,
  );
  expect(r.statusCode, r.body).toBe(200);
  return r.json<DisponibilidadRespuesta>();
}

/** The band's live bookings, counted in the database. */
async function vivos(fecha: string, hora: number): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(sql`
    select count(*)::int as n from turnos
    where fecha = ${fecha} and hora = ${hora} and estado in ('reservado', 'presente')`);
  return rows[0]!.n;
}

describe('la ventana de reserva, en su borde', () => {
  it('abre a las 00:00 del día N antes: 23:59 del anterior rechaza, 00:00 y 00:01 aceptan', async () => {
    ahora = '2026-12-02T23:59:00';
    const antes = await reservar(await cupoNuevo(), DIA, 8);
    expect(antes.status).toBe(409);
    expect(antes.cuerpo.msj).toBe(M.aunNoAbre('2026-12-03T00:00:00'));
    expect(antes.cuerpo.msj).toBe('Las reservas para esa franja abren el 03/12/2026 00:00.');
    ahora = '2026-12-03T00:00:00';
    expect((await reservar(await cupoNuevo(), DIA, 8)).status).toBe(201);
    ahora = '2026-12-03T00:01:00';
    expect((await reservar(await cupoNuevo(), DIA, 8)).status).toBe(201);
  });

  it('cierra a las 14:00 del día anterior: 13:59 acepta, 14:00 y 14:01 rechazan', async () => {
    ahora = '2026-12-09T13:59:00';
    expect((await reservar(await cupoNuevo(), DIA, 9)).status).toBe(201);
    for (const hora of ['14:00', '14:01']) {
      ahora = `2026-12-09T${hora}:00`;
      const r = await reservar(await cupoNuevo(), DIA, 9);
      expect(r.status).toBe(409);
      expect(r.cuerpo.msj).toBe(
        'Las reservas para esa franja cerraron el 09/12/2026 14:00: elija otro día.',
      );
    }
  });

  it('con cierre el mismo día, una franja ya empezada no se reserva', async () => {
    const r = await comoAdmin('/api/administracion/turnos/parametros', {
      ...REGLAS,
      cierreDiasAntes: 0,
      cierreHora: 23,
    });
    expect(r.statusCode).toBe(200);
    ahora = `${DIA}T09:59:00`;
    expect((await reservar(await cupoNuevo(), DIA, 10)).status).toBe(201);
    ahora = `${DIA}T10:00:00`;
    expect((await reservar(await cupoNuevo(), DIA, 10)).cuerpo.msj).toBe(
      M.yaCerro(`${DIA}T10:00:00`),
    );
  });

  it('la disponibilidad dice si cada franja está abierta ahora', async () => {
    ahora = '2026-12-02T23:59:00';
    expect((await disponibilidad(DIA)).franjas.every((f) => !f.abierta)).toBe(true);
    ahora = '2026-12-03T00:00:00';
    const d = await disponibilidad(DIA);
    expect(d.ahora).toBe('2026-12-03T00:00:00');
    expect(d.franjas.map((f) => f.hora)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(d.franjas.every((f) => f.abierta && f.capacidad === 4)).toBe(true);
  });
});

describe('cambiar y cancelar, hasta el plazo', () => {
  // Band 12 of the 10th: changes and cancellations until 08:00 that day (240 minutes before).
  it('cancelar a las 07:59 libera el lugar; a las 08:01 y a las 08:00 se rechaza', async () => {
    ahora = '2026-12-05T10:00:00';
    const a = await reservar(await cupoNuevo(), DIA, 12);
    const b = await reservar(await cupoNuevo(), DIA, 12);
    expect([a.status, b.status]).toEqual([201, 201]);
    ahora = `${DIA}T07:59:00`;
    const libres = (await disponibilidad(DIA)).franjas.find((f) => f.hora === 12)!.libres;
    const r = await post(t.app, '/api/turnos/cancelar', { turno: a.cuerpo.id }, cliente1);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<Turno>().estado).toBe('cancelado');
    expect((await disponibilidad(DIA)).franjas.find((f) => f.hora === 12)!.libres).toBe(libres + 1);
    for (const hora of ['08:00', '08:01']) {
      ahora = `${DIA}T${hora}:00`;
      const tarde = await post(t.app, '/api/turnos/cancelar', { turno: b.cuerpo.id }, cliente1);
      expect(tarde.statusCode).toBe(409);
      expect(tarde.json<{ msj: string }>().msj).toBe(
        'El turno ya no se puede cambiar ni cancelar: el plazo venció el 10/12/2026 08:00.',
      );
    }
  });

  it('cambiar a las 08:59 mueve el turno (franja de las 13); a las 09:01 se rechaza y el turno queda donde estaba', async () => {
    ahora = '2026-12-05T10:00:00';
    const a = await reservar(await cupoNuevo(), DIA, 13);
    const b = await reservar(await cupoNuevo(), DIA, 13);
    // The 12th's band 13 is open until the 11th at 14:00.
    ahora = `${DIA}T08:59:00`;
    const r = await post(
      t.app,
      '/api/turnos/cambiar',
      { turno: a.cuerpo.id, fecha: '2026-12-12', hora: 13 },
      cliente1,
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<Turno>()).toMatchObject({
      fecha: '2026-12-12',
      hora: 13,
      codigo: a.cuerpo.codigo,
    });
    ahora = `${DIA}T09:01:00`;
    const tarde = await post(
      t.app,
      '/api/turnos/cambiar',
      { turno: b.cuerpo.id, fecha: '2026-12-12', hora: 13 },
      cliente1,
    );
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json<{ msj: string }>().msj).toBe(M.fueraDePlazo(`${DIA}T09:00:00`));
    const { rows } = await t.db.execute<{ fecha: string; hora: number }>(sql`
      select to_char(fecha, 'YYYY-MM-DD') as fecha, hora from turnos where id = ${b.cuerpo.id}`);
    expect(rows[0]).toEqual({ fecha: DIA, hora: 13 });
  });

  it('un cambio a una franja llena responde 409 y no mueve nada', async () => {
    const fecha = '2026-12-11';
    for (let i = 0; i < 4; i++)
      expect((await reservar(await cupoNuevo(), fecha, 15)).status).toBe(201);
    const a = await reservar(await cupoNuevo(), fecha, 16);
    const r = await post(
      t.app,
      '/api/turnos/cambiar',
      { turno: a.cuerpo.id, fecha, hora: 15 },
      cliente1,
    );
    expect(r.statusCode).toBe(409);
    expect(r.json<{ msj: string }>().msj).toBe('No quedan lugares en esa franja: elija otra hora.');
    expect(await vivos(fecha, 15)).toBe(4);
    expect(await vivos(fecha, 16)).toBe(1);
  });
});

describe('franjas llenas, pausadas y la cuota por empresa', () => {
  it('el lugar 4 de 4 se toma, el 5 no', async () => {
    const fecha = '2026-12-11';
    for (let i = 0; i < 3; i++) await reservar(await cupoNuevo(), fecha, 8);
    expect((await reservar(await cupoNuevo(), fecha, 8)).status).toBe(201);
    const r = await reservar(await cupoNuevo(), fecha, 8);
    expect(r.status).toBe(409);
    expect(r.cuerpo.msj).toBe(M.sinLugares);
    const f = (await disponibilidad(fecha)).franjas.find((x) => x.hora === 8)!;
    expect(f).toMatchObject({ capacidad: 4, reservados: 4, libres: 0 });
  });

  it('una franja sin capacidad no se reserva', async () => {
    const r = await reservar(await cupoNuevo(), '2026-12-11', 7);
    expect(r.status).toBe(409);
    expect(r.cuerpo.msj).toBe(M.sinCapacidad);
  });

  it('una franja pausada rechaza con su motivo; las vecinas no; al levantarla vuelve a tomar', async () => {
    const fecha = '2026-12-08';
    const previo = await reservar(await cupoNuevo(), fecha, 10);
    expect(previo.status).toBe(201);
    const p = await comoAdmin('/api/administracion/turnos/pausar', {
      unineg: 1,
      fecha,
      hora: 10,
      motivo: 'Lluvia',
    });
    expect(p.statusCode, p.body).toBe(200);
    const { pausa, afectados } = p.json<{ pausa: { id: number }; afectados: Turno[] }>();
    expect(afectados.map((x) => x.codigo)).toEqual([previo.cuerpo.codigo]);
    const r = await reservar(await cupoNuevo(), fecha, 10);
    expect(r.status).toBe(409);
    expect(r.cuerpo.msj).toBe('Esa franja está pausada (Lluvia): no toma reservas.');
    expect((await reservar(await cupoNuevo(), fecha, 9)).status).toBe(201);
    expect((await reservar(await cupoNuevo(), fecha, 11)).status).toBe(201);
    const f = (await disponibilidad(fecha)).franjas.find((x) => x.hora === 10)!;
    expect(f.pausa).toBe('Lluvia');
    // A change into the paused band is refused too.
    const otro = await reservar(await cupoNuevo(), fecha, 12);
    const c = await post(
      t.app,
      '/api/turnos/cambiar',
      { turno: otro.cuerpo.id, fecha, hora: 10 },
      cliente1,
    );
    expect(c.statusCode).toBe(409);
    const l = await comoAdmin('/api/administracion/turnos/reanudar', { pausa: pausa.id });
    expect(l.statusCode, l.body).toBe(200);
    expect((await reservar(await cupoNuevo(), fecha, 10)).status).toBe(201);
    const dos = await comoAdmin('/api/administracion/turnos/reanudar', { pausa: pausa.id });
    expect(dos.statusCode).toBe(409);
  });

  it('un día entero pausado rechaza todas sus franjas y no las del día siguiente', async () => {
    const p = await comoAdmin('/api/administracion/turnos/pausar', {
      unineg: 1,
      fecha: '2026-12-07',
      motivo: 'Rotura de la balanza',
    });
    expect(p.statusCode, p.body).toBe(200);
    for (const hora of [8, 17]) {
      const r = await reservar(await cupoNuevo(), '2026-12-07', hora);
      expect(r.cuerpo.msj).toBe(M.franjaPausada('Rotura de la balanza'));
    }
    expect((await reservar(await cupoNuevo(), '2026-12-06', 17)).status).toBe(201);
  });

  it('cuota del 50 %: la empresa toma 2 de 4 lugares, el tercero no; otra empresa toma el resto', async () => {
    await comoAdmin('/api/administracion/turnos/parametros', { ...REGLAS, cuotaEmpresaPct: 50 });
    const fecha = '2026-12-09';
    expect((await reservar(await cupoNuevo(), fecha, 14)).status).toBe(201);
    expect((await reservar(await cupoNuevo(), fecha, 14)).status).toBe(201);
    const tercero = await reservar(await cupoNuevo(), fecha, 14);
    expect(tercero.status).toBe(409);
    expect(tercero.cuerpo.msj).toBe(M.cuotaEmpresa(50, 2));
    expect((await reservar(await cupoNuevo(2), fecha, 14, cliente2)).status).toBe(201);
    expect((await reservar(await cupoNuevo(2), fecha, 14, cliente2)).status).toBe(201);
    expect((await reservar(await cupoNuevo(3), fecha, 14, admin)).cuerpo.msj).toBe(M.sinLugares);
  });

  it('la cuota vale para los cambios hacia la franja; sin cuota, el mismo cambio pasa', async () => {
    await comoAdmin('/api/administracion/turnos/parametros', { ...REGLAS, cuotaEmpresaPct: 50 });
    const fecha = '2026-12-09';
    await reservar(await cupoNuevo(), fecha, 15);
    await reservar(await cupoNuevo(), fecha, 15);
    const a = await reservar(await cupoNuevo(), fecha, 16);
    const cambio = { turno: a.cuerpo.id, fecha, hora: 15 };
    const r = await post(t.app, '/api/turnos/cambiar', cambio, cliente1);
    expect(r.json<{ msj: string }>().msj).toBe(M.cuotaEmpresa(50, 2));
    await comoAdmin('/api/administracion/turnos/parametros', REGLAS);
    expect((await post(t.app, '/api/turnos/cambiar', cambio, cliente1)).statusCode).toBe(200);
  });
});

describe('cupos, empresas y códigos', () => {
  it('el código tiene 8 caracteres sin confusiones y es único', async () => {
    const codigos = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const r = await reservar(await cupoNuevo(), '2026-12-12', 8 + (i % 10));
      expect(r.status, r.cuerpo.msj).toBe(201);
      expect(r.cuerpo.codigo).toMatch(/^[ACEFGHJKLMNPQRTUVWXY34679]{8}$/);
      codigos.add(r.cuerpo.codigo);
    }
    expect(codigos.size).toBe(10);
  });

  it('un cupo con turno, con camión o eliminado no se reserva', async () => {
    const cupo = await cupoNuevo();
    const a = await reservar(cupo, '2026-12-12', 9);
    const otra = await reservar(cupo, '2026-12-12', 10);
    expect(otra.status).toBe(409);
    expect(otra.cuerpo.msj).toBe(M.cupoConTurno(a.cuerpo.codigo));
    const conCamion = await insertarCupoDePrueba(t.db, { asignado: true });
    expect((await reservar(conCamion, '2026-12-12', 9)).cuerpo.msj).toBe(M.cupoConCamion);
    const eliminado = await cupoNuevo();
    await t.db.execute(sql`update cupos set eliminado_en = now() where ctrl = ${eliminado}`);
    expect((await reservar(eliminado, '2026-12-12', 9)).status).toBe(404);
    // Cancelled, the quota books again.
    await post(t.app, '/api/turnos/cancelar', { turno: a.cuerpo.id }, cliente1);
    expect((await reservar(cupo, '2026-12-12', 10)).status).toBe(201);
  });

  it('un cliente no reserva, ve, cambia ni cancela lo de otra empresa', async () => {
    const a = await reservar(await cupoNuevo(), '2026-12-12', 11);
    expect((await reservar(await cupoNuevo(), '2026-12-12', 11, cliente2)).status).toBe(404);
    const lista = await post(
      t.app,
      '/api/turnos',
      { desde: '2026-12-01', hasta: '2026-12-31' },
      cliente2,
    );
    expect(lista.statusCode).toBe(200);
    const suyos = lista.json<Turno[]>();
    expect(suyos.every((x) => x.codempre === 2)).toBe(true);
    expect(lista.body).not.toContain(a.cuerpo.codigo);
    const ajena = await post(
      t.app,
      '/api/turnos',
      { desde: '2026-12-01', hasta: '2026-12-31', codempre: 1 },
      cliente2,
    );
    expect(ajena.statusCode).toBe(403);
    for (const [url, cuerpo] of [
      ['/api/turnos/cancelar', { turno: a.cuerpo.id }],
      ['/api/turnos/cambiar', { turno: a.cuerpo.id, fecha: '2026-12-12', hora: 12 }],
    ] as const) {
      expect((await post(t.app, url, cuerpo, cliente2)).statusCode).toBe(404);
    }
    const propios = await post(
      t.app,
      '/api/turnos',
      { desde: '2026-12-12', hasta: '2026-12-12' },
      cliente1,
    );
    expect(propios.json<Turno[]>().map((x) => x.codigo)).toContain(a.cuerpo.codigo);
    const todos = await post(
      t.app,
      '/api/turnos',
      { desde: '2026-12-12', hasta: '2026-12-12' },
      admin,
    );
    expect(todos.json<Turno[]>().length).toBeGreaterThanOrEqual(propios.json<Turno[]>().length);
  });

  it('cada reserva, cambio y cancelación queda auditada con su frase', async () => {
    const a = await reservar(await cupoNuevo(), '2026-12-12', 14);
    await post(
      t.app,
      '/api/turnos/cambiar',
      { turno: a.cuerpo.id, fecha: '2026-12-12', hora: 15 },
      cliente1,
    );
    await post(t.app, '/api/turnos/cancelar', { turno: a.cuerpo.id }, cliente1);
    const { rows } = await t.db.execute<{ accion: string; frase: string }>(sql`
      select accion, frase from auditoria
      where tabla = 'turnos' and fila_id = ${String(a.cuerpo.id)} order by id`);
    expect(rows.map((r) => r.accion)).toEqual([
      'reservar_turno',
      'cambiar_turno',
      'cancelar_turno',
    ]);
    expect(rows[0]!.frase).toBe(
      `cliente1 reservó el turno ${a.cuerpo.codigo} del cupo N° ${a.cuerpo.cupo} de ${a.cuerpo.nomempre} para el 12/12/2026 14-15 h`,
    );
    expect(rows[1]!.frase).toContain('(antes: 12/12/2026 14-15 h)');
  });

  it('rangos: un día inexistente o invertido es un 400 en castellano', async () => {
    const r = await post(
      t.app,
      '/api/turnos/disponibilidad',
      { unineg: 1, desde: '2026-02-30', hasta: '2026-03-01' },
      cliente1,
    );
    expect(r.statusCode).toBe(400);
    expect(r.json<{ msj: string }>().msj).toBe('desde: el día 2026-02-30 no existe.');
    const inv = await post(
      t.app,
      '/api/turnos/disponibilidad',
      { unineg: 1, desde: '2026-03-02', hasta: '2026-03-01' },
      cliente1,
    );
    expect(inv.json<{ msj: string }>().msj).toBe(M.rangoInvertido);
  });
});

describe('el calendario', () => {
  it('una excepción cambia la capacidad de su fecha; copiar la semana la lleva a las siguientes', async () => {
    const r = await comoAdmin('/api/administracion/turnos/excepciones', {
      unineg: 1,
      fecha: '2026-12-14',
      franjas: [
        { hora: 12, capacidad: 1 },
        { hora: 20, capacidad: 3 },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    const c = await comoAdmin('/api/administracion/turnos/copiar-semana', {
      unineg: 1,
      desde: '2026-12-14',
      semanas: 2,
    });
    expect(c.json()).toEqual({ dias: 14 });
    const cal = await comoAdmin('/api/administracion/turnos/calendario', {
      unineg: 1,
      desde: '2026-12-14',
      hasta: '2026-12-28',
    });
    expect(cal.statusCode, cal.body).toBe(200);
    const { excepciones, plantilla, parametros } = cal.json<{
      excepciones: { fecha: string; hora: number; capacidad: number }[];
      plantilla: unknown[];
      parametros: typeof REGLAS;
    }>();
    expect(plantilla).toHaveLength(70);
    expect(parametros).toEqual(REGLAS);
    for (const fecha of ['2026-12-14', '2026-12-21', '2026-12-28']) {
      const del = excepciones.filter((e) => e.fecha === fecha && e.capacidad > 0);
      expect(del.map((e) => [e.hora, e.capacidad])).toEqual(
        [
          [8, 4],
          [9, 4],
          [10, 4],
          [11, 4],
          [12, 1],
          [13, 4],
          [14, 4],
          [15, 4],
          [16, 4],
          [17, 4],
          [20, 3],
        ].filter(([h]) => fecha !== '2026-12-14' || h === 12 || h === 20),
      );
    }
    ahora = '2026-12-20T10:00:00';
    const d = await disponibilidad('2026-12-21');
    expect(d.franjas.find((f) => f.hora === 12)!.capacidad).toBe(1);
    expect(d.franjas.find((f) => f.hora === 20)!.capacidad).toBe(3);
  });

  it('un tipo de despacho ajeno a la unidad es un 400; una unidad inexistente un 404', async () => {
    const r = await comoAdmin('/api/administracion/turnos/plantilla', {
      unineg: 1,
      coddespacho: 3,
      franjas: [],
    });
    expect(r.statusCode).toBe(400);
    expect(r.json<{ msj: string }>().msj).toBe(`coddespacho: ${M.despachoInexistente(3, 1)}`);
    const u = await comoAdmin('/api/administracion/turnos/plantilla', { unineg: 999, franjas: [] });
    expect(u.statusCode).toBe(404);
  });

  it('un tipo de despacho con calendario propio reserva en el suyo, no en el general', async () => {
    const r = await comoAdmin('/api/administracion/turnos/plantilla', {
      unineg: 1,
      coddespacho: 2,
      franjas: [{ diaSemana: 7, hora: 6, capacidad: 1 }],
    });
    expect(r.statusCode, r.body).toBe(200);
    // 13 December 2026 is a Sunday; its booking opens on the 6th.
    ahora = '2026-12-08T10:00:00';
    const propio = await insertarCupoDePrueba(t.db, { coddespacho: 2 });
    expect((await reservar(propio, '2026-12-13', 8)).cuerpo.msj).toBe(M.sinCapacidad);
    expect((await reservar(propio, '2026-12-13', 6)).status).toBe(201);
    expect((await reservar(await cupoNuevo(), '2026-12-13', 6)).cuerpo.msj).toBe(M.sinCapacidad);
  });

  it('las reglas de turnos se van con una unidad eliminada; un calendario la retiene, nombrado', async () => {
    const crear = async (unineg: string) =>
      (await comoAdmin('/api/administracion/unidades/crear', { unineg })).json<{ ctrl: number }>()
        .ctrl;
    const conReglas = await crear('Turnos reglas');
    expect(
      (await comoAdmin('/api/administracion/turnos/parametros', { ...REGLAS, unineg: conReglas }))
        .statusCode,
    ).toBe(200);
    expect(
      (await comoAdmin('/api/administracion/unidades/eliminar', { ctrl: conReglas })).statusCode,
    ).toBe(200);
    const conCalendario = await crear('Turnos calendario');
    await comoAdmin('/api/administracion/turnos/plantilla', { unineg: conCalendario, franjas: [] });
    const r = await comoAdmin('/api/administracion/unidades/eliminar', { ctrl: conCalendario });
    expect(r.statusCode).toBe(409);
    expect(r.json<{ msj: string }>().msj).toBe(
      T.unidadEnUso('Turnos calendario', 'calendarios de turnos'),
    );
  });
});
