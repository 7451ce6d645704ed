/**
 * The live yard (issue 15) on two real portal processes over one PostgreSQL: a change made
 * through one process's gate API reaches the streams open on the other; a client never
 * receives a byte about another client's trucks; a reconnection gets exactly what it missed;
 * a stream ends as soon as its session does.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EventoCamion } from '../../../shared/contracts/en-vivo';
import { usarDosPortales } from '../../test/dos-portales';
import { abrirFlujoSse, type EventoRecibido, type FlujoDePrueba } from '../../test/flujo';
import { crearToken } from '../tokens/servicio';

let token: string;
const p = usarDosPortales(async (db) => {
  token = await crearToken(db, 'terminal', 'porteria-en-vivo', { actor: 'prueba' });
});
const { sesion, abiertos } = p;

/** A stream of the session on `url` (default a), with extra headers and a query string. */
const flujo = (cookie: string, cabeceras: Record<string, string> = {}, url = p.a, consulta = '') =>
  p.flujo(cookie, { cabeceras, url, consulta });

/** A new plate each time, so a test finds its own truck among the events. */
const patenteNueva = () => `EV${randomInt(100_000, 999_999)}`;

/** A truck enters through the gate API of `url`; returns its plate and ctrl. */
async function ingreso(codempre: number, unineg = 1, url = p.b) {
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
      // Entered without a booking: no turn to show on the yard board.
      turno_fecha: null,
      turno_hora: null,
      turno_llegada: null,
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
    const tercero = await flujo(cookie, {}, p.b, `?desde=${listo.id}`);
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
    const res = await fetch(`${p.a}/api/camiones/eventos?desde=ayer`, { headers: { cookie } });
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty('msj');
  });

  it('cerrar la sesión en el otro proceso termina su flujo en el acto; el de otra sesión sigue', async () => {
    const cookie = await sesion('cliente1');
    const otra = await sesion('cliente1');
    const f = await flujo(cookie);
    const sigue = await flujo(otra);
    await f.esperar((e) => e.tipo === 'listo');
    await fetch(`${p.b}/api/user/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: '{}',
    });
    await f.terminado;
    const { patcha } = await ingreso(1);
    await sigue.esperar(deCamion(patcha));
  });

  /**
   * What a stream shows follows its user's rights as they are now (issue 20, point 1): a change
   * made by hand in the database, announced on `acopio_sesiones`, reaches every process.
   */
  describe('los derechos del usuario, a cada momento', () => {
    /**
     * Resolves once `senal` is seen (the stream ended, or asked the screen to reload); rejects
     * if `patcha` reaches the stream first, or after 10 s.
     */
    function sinVerAntesDe(f: FlujoDePrueba, patcha: string, senal: Promise<unknown>) {
      return Promise.race([
        senal,
        f.esperar(deCamion(patcha), 10_000).then(
          () => Promise.reject(new Error(`llegó ${patcha}, que ya no puede ver`)),
          () => Promise.reject(new Error(`el flujo no cambió: ${f.texto()}`)),
        ),
      ]);
    }
    const recargar = (f: FlujoDePrueba) => f.esperar((e) => e.tipo === 'recargar', 10_000);

    const idDe = async (usuario: string) =>
      (await p.db.execute<{ id: number }>(sql`select id from usuarios where usuario = ${usuario}`))
        .rows[0]!.id;

    it('quitarle una unidad: sus flujos en los dos procesos piden recargar y no muestran más esa unidad', async () => {
      const cookie = await sesion('cliente1');
      const enA = await flujo(cookie);
      const enB = await flujo(cookie, {}, p.b);
      await enA.esperar((e) => e.tipo === 'listo');
      await enB.esperar((e) => e.tipo === 'listo');
      const id = await idDe('cliente1');
      try {
        await p.db.execute(
          sql`delete from usuario_unidades where usuario_id = ${id} and unineg = 2`,
        );
        // Right after the change commits, a truck of the unit taken away.
        const deLaUnidad2 = await ingreso(1, 2);
        await Promise.all([
          sinVerAntesDe(enA, deLaUnidad2.patcha, recargar(enA)),
          sinVerAntesDe(enB, deLaUnidad2.patcha, recargar(enB)),
        ]);
        // The streams go on with the unit it still holds, and never the other.
        const otroDeLaUnidad2 = await ingreso(1, 2);
        const deLaUnidad1 = await ingreso(1, 1);
        await enA.esperar(deCamion(deLaUnidad1.patcha));
        await enB.esperar(deCamion(deLaUnidad1.patcha));
        for (const f of [enA, enB]) {
          expect(f.texto()).not.toContain(deLaUnidad2.patcha);
          expect(f.texto()).not.toContain(otroDeLaUnidad2.patcha);
        }
      } finally {
        await p.db.execute(
          sql`insert into usuario_unidades (usuario_id, unineg) values (${id}, 2) on conflict do nothing`,
        );
      }
    });

    it('cambiarle la empresa termina sus flujos; nada de la empresa anterior llega', async () => {
      const cookie = await sesion('cliente1');
      const f = await flujo(cookie, {}, p.b);
      await f.esperar((e) => e.tipo === 'listo');
      const id = await idDe('cliente1');
      try {
        await p.db.execute(sql`update usuarios set codempre = 2 where id = ${id}`);
        const deLaAnterior = await ingreso(1, 1);
        await sinVerAntesDe(f, deLaAnterior.patcha, f.terminado);
        expect(f.texto()).not.toContain(deLaAnterior.patcha);
      } finally {
        await p.db.execute(sql`update usuarios set codempre = 1 where id = ${id}`);
      }
    });

    it('desactivarlo termina sus flujos', async () => {
      const cookie = await sesion('cliente2');
      const f = await flujo(cookie);
      await f.esperar((e) => e.tipo === 'listo');
      const id = await idDe('cliente2');
      try {
        await p.db.execute(sql`update usuarios set activo = false where id = ${id}`);
        const suyo = await ingreso(2, 1);
        await sinVerAntesDe(f, suyo.patcha, f.terminado);
      } finally {
        await p.db.execute(sql`update usuarios set activo = true where id = ${id}`);
      }
    });

    it('un cambio que no toca lo que ve (su nombre) no corta el flujo', async () => {
      const cookie = await sesion('cliente2');
      const f = await flujo(cookie);
      await f.esperar((e) => e.tipo === 'listo');
      const id = await idDe('cliente2');
      try {
        await p.db.execute(sql`update usuarios set usuario = 'cliente2b' where id = ${id}`);
        const { patcha } = await ingreso(2, 1);
        await f.esperar(deCamion(patcha));
      } finally {
        await p.db.execute(sql`update usuarios set usuario = 'cliente2' where id = ${id}`);
      }
    });
  });

  describe('a lo sumo 5 flujos por usuario, entre todos los procesos', () => {
    /** Opens a stream and gives its status, keeping it open if it was accepted. */
    async function intentar(cookie: string, url: string) {
      const f = await abrirFlujoSse(`${url}/api/camiones/eventos`, { cookie });
      if (f.status === 200) abiertos.push(f);
      else f.cerrar();
      return f.status;
    }

    const abiertosDe = async (usuario: string) =>
      Number(
        (
          await p.db.execute<{ n: string }>(sql`
            select count(*) as n from flujos_en_vivo f join usuarios u on u.id = f.usuario_id
            where u.usuario = ${usuario}`)
        ).rows[0]!.n,
      );

    /** Waits until the streams closed by the last test have given their places back. */
    async function sinFlujos(usuario: string) {
      const hasta = Date.now() + 10_000;
      while ((await abiertosDe(usuario)) > 0) {
        if (Date.now() > hasta) throw new Error(`${usuario} sigue con flujos abiertos`);
        await new Promise((r) => setImmediate(r));
      }
    }

    it('el sexto es 429 { msj } en castellano, en cualquiera de los dos procesos', async () => {
      await sinFlujos('cliente2');
      const cookie = await sesion('cliente2');
      const estados = [];
      for (const url of [p.a, p.b, p.a, p.b, p.a]) estados.push(await intentar(cookie, url));
      expect(estados).toEqual([200, 200, 200, 200, 200]);
      for (const url of [p.a, p.b]) {
        const res = await fetch(`${url}/api/camiones/eventos`, { headers: { cookie } });
        expect(res.status).toBe(429);
        expect(((await res.json()) as { msj: string }).msj).toContain(
          'demasiadas pantallas en vivo',
        );
      }
      // Closing one gives its place back, to any process.
      abiertos.pop()!.cerrar();
      const hasta = Date.now() + 10_000;
      let estado = 429;
      while (estado === 429 && Date.now() < hasta) estado = await intentar(cookie, p.b);
      expect(estado).toBe(200);
    });

    it('los lugares de un proceso que murió sin cerrarlos dejan de contar cuando su latido es viejo', async () => {
      await sinFlujos('cliente1');
      await p.db.execute(sql`
        insert into flujos_en_vivo (id, usuario_id, proceso, latido_en)
        select gen_random_uuid(), u.id, gen_random_uuid(), now() - interval '10 minutes'
        from usuarios u, generate_series(1, 5) where u.usuario = 'cliente1'`);
      const cookie = await sesion('cliente1');
      expect(await intentar(cookie, p.a)).toBe(200);
      expect(await abiertosDe('cliente1')).toBe(1);
    });
  });
});
