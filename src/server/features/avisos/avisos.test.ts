/**
 * The outbox (issue 25): notices exist exactly when their transaction commits, are delivered once,
 * retried on the channel's schedule (injected clock, no real waiting), left 'fallido' after the
 * last try, re-sent by the administrator, delivered in order within a group, never twice by two
 * workers on their own connections (many deliveries under way, none holding a connection), a
 * slow receiver not holding back the others, an expired lease taken again, and purged with the
 * retention.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MENSAJES_AVISOS as M } from '../../../shared/textos';
import { conectar, type BaseDeDatos } from '../../db/client';
import { mantener } from '../../mantenimiento';
import { usarAppDePrueba } from '../../test/app';
import { ingresar, post } from '../../test/sesion';
import { ErrorDefinitivo, type AvisoPorEntregar, type Canal } from './canal';
import { encolar } from './servicio';
import { TrabajadorAvisos, type OpcionesTrabajador } from './trabajador';

let ahora = '2026-03-10T10:00:00';
/** Moves the terminal's clock `segundos` ahead. */
function avanzar(segundos: number) {
  const d = new Date(`${ahora}Z`);
  d.setUTCSeconds(d.getUTCSeconds() + segundos);
  ahora = d.toISOString().slice(0, 19);
}

/** A channel of the test: records what it delivers; fails while `falla` says so. */
const entregas: AvisoPorEntregar[] = [];
let falla: ((a: AvisoPorEntregar) => Error | undefined) | undefined;
const canalDePrueba: Canal = {
  nombre: 'webhook',
  reintentos: [10, 60],
  async entregar(aviso) {
    const error = falla?.(aviso);
    if (error) throw error;
    entregas.push(aviso);
  },
};

const t = usarAppDePrueba({
  reloj: () => ahora,
  avisos: { arrancar: false, canales: [canalDePrueba] },
});

beforeEach(async () => {
  entregas.length = 0;
  falla = undefined;
  await t.db.execute(sql`delete from avisos`);
});

const aviso = (n: number, grupo?: string) => ({
  canal: 'webhook' as const,
  destino: 7,
  evento: 'camion.finalizado',
  datos: { n },
  grupo,
});

async function fila(id: number) {
  const { rows } = await t.db.execute<{
    estado: string;
    intentos: number;
    proximo: string | null;
    error: string | null;
  }>(sql`
    select estado, intentos, to_char(proximo_intento, 'YYYY-MM-DD"T"HH24:MI:SS') as proximo,
      ultimo_error as error
    from avisos where id = ${id}`);
  return rows[0]!;
}

describe('encolar', () => {
  it('con la transacción del cambio: si se deshace, no queda aviso; si se confirma, uno', async () => {
    await t.db
      .transaction(async (tx) => {
        await encolar(tx, [aviso(1)]);
        throw new Error('el cambio falló');
      })
      .catch(() => undefined);
    expect(await t.app.avisos.procesar()).toBe(0);
    const ids = await t.db.transaction((tx) => encolar(tx, [aviso(2), aviso(3)]));
    expect(ids).toHaveLength(2);
    expect(await t.app.avisos.procesar()).toBe(2);
    expect(entregas.map((e) => e.datos)).toEqual([{ n: 2 }, { n: 3 }]);
    expect((await fila(ids[0]!)).estado).toBe('enviado');
    // Delivered is delivered: another round takes nothing.
    expect(await t.app.avisos.procesar()).toBe(0);
    expect(entregas).toHaveLength(2);
  });
});

describe('reintentos', () => {
  it('falla, espera 10 s y 60 s en el reloj de la terminal, queda fallido, y el administrador lo reenvía', async () => {
    const [id] = await encolar(t.db, [aviso(1)]);
    falla = () => new Error('conexión rechazada');
    expect(await t.app.avisos.procesar()).toBe(1);
    avanzar(0);
    expect(await fila(id!)).toMatchObject({
      estado: 'pendiente',
      intentos: 1,
      error: 'conexión rechazada',
    });
    // Not due before its time.
    avanzar(9);
    expect(await t.app.avisos.procesar()).toBe(0);
    avanzar(1);
    expect(await t.app.avisos.procesar()).toBe(1);
    expect(await fila(id!)).toMatchObject({ estado: 'pendiente', intentos: 2 });
    avanzar(59);
    expect(await t.app.avisos.procesar()).toBe(0);
    avanzar(1);
    expect(await t.app.avisos.procesar()).toBe(1);
    expect(await fila(id!)).toMatchObject({ estado: 'fallido', intentos: 3, proximo: null });
    avanzar(24 * 3600);
    expect(await t.app.avisos.procesar()).toBe(0);
    expect(entregas).toHaveLength(0);

    // The administrator sees it failed and re-sends it; this time the receiver answers.
    const admin = await ingresar(t.app, 'admin');
    const lista = await post(t.app, '/api/administracion/avisos', { estado: 'fallido' }, admin);
    expect(lista.statusCode).toBe(200);
    expect(lista.json()).toMatchObject({
      filas: [{ id, estado: 'fallido', intentos: 3, ultimoError: 'conexión rechazada' }],
      cuentas: { fallido: 1 },
    });
    falla = undefined;
    const r = await post(t.app, '/api/administracion/avisos/reenviar', { id }, admin);
    expect(r.statusCode).toBe(200);
    expect(await t.app.avisos.procesar()).toBe(1);
    expect(await fila(id!)).toMatchObject({ estado: 'enviado', intentos: 1 });
    expect(entregas).toHaveLength(1);
    // Only a failed one is re-sent.
    const otra = await post(t.app, '/api/administracion/avisos/reenviar', { id }, admin);
    expect(otra.statusCode).toBe(409);
    expect(otra.json()).toEqual({ msj: M.soloFallidos });
    const nada = await post(t.app, '/api/administracion/avisos/reenviar', { id: 999999 }, admin);
    expect(nada.statusCode).toBe(404);
  });

  it('un rechazo definitivo no se reintenta; un canal que este proceso no tiene falla con su motivo', async () => {
    const [id] = await encolar(t.db, [aviso(1)]);
    falla = () => new ErrorDefinitivo('el destino ya no existe');
    await t.app.avisos.procesar();
    expect(await fila(id!)).toMatchObject({
      estado: 'fallido',
      intentos: 1,
      error: 'el destino ya no existe',
    });
    const [correo] = await encolar(t.db, [{ ...aviso(2), canal: 'correo' }]);
    await t.app.avisos.procesar();
    expect(await fila(correo!)).toMatchObject({
      estado: 'fallido',
      error: M.canalInactivo('correo'),
    });
  });
});

describe('orden dentro de un grupo', () => {
  it('el segundo aviso de un camión espera a que el primero salga de la cola', async () => {
    const [primero, segundo] = await encolar(t.db, [
      aviso(1, 'camion:5'),
      aviso(2, 'camion:5'),
      aviso(3, 'camion:6'),
    ]);
    falla = (a) => ((a.datos as { n: number }).n === 1 ? new Error('caído') : undefined);
    await t.app.avisos.procesar();
    // Truck 6 is not held back by truck 5.
    expect(entregas.map((e) => e.datos)).toEqual([{ n: 3 }]);
    expect((await fila(segundo!)).estado).toBe('pendiente');
    falla = undefined;
    avanzar(10);
    await t.app.avisos.procesar();
    expect(entregas.map((e) => e.datos)).toEqual([{ n: 3 }, { n: 1 }, { n: 2 }]);
    expect((await fila(primero!)).estado).toBe('enviado');
  });
});

/** Gates not yet opened: a failed test opens them, so its workers can stop. */
const compuertas: (() => void)[] = [];
/** A promise and the function that settles it: a delivery the test lets go when it chooses. */
function compuerta() {
  let abrir!: () => void;
  const abierta = new Promise<void>((r) => (abrir = r));
  compuertas.push(abrir);
  return { abierta, abrir };
}

const pendientes = async () =>
  (await t.db.execute(sql`select 1 from avisos where estado = 'pendiente'`)).rows.length;

describe('trabajadores con su propia conexión', { timeout: 30_000 }, () => {
  const conexiones: BaseDeDatos[] = [];
  const trabajadores: TrabajadorAvisos[] = [];
  // Each test's workers stop with it: a running one would take the next test's rows.
  afterEach(async () => {
    for (const abrir of compuertas.splice(0)) abrir();
    for (const w of trabajadores.splice(0)) await w.detener();
  });
  afterAll(async () => {
    for (const c of conexiones) await c.cerrar();
  });
  /** How many of `ids` are sent. */
  const enviados = async (ids: number[]) =>
    (
      await t.db.execute(
        sql`select 1 from avisos where estado = 'enviado' and id in ${sql.raw(`(${ids.join(',')})`)}`,
      )
    ).rows.length;
  /** A worker on a pool of its own of `max` connections. */
  function trabajador(canal: Canal | Canal[], max: number, opciones: OpcionesTrabajador = {}) {
    const c = conectar(t.url, { max, timeZone: t.app.config.timeZone });
    conexiones.push(c);
    const canales = Array.isArray(canal) ? canal : [canal];
    const w = new TrabajadorAvisos(c.db, () => ahora, canales, { intervaloMs: 20, ...opciones });
    trabajadores.push(w);
    return { w, pool: c.pool };
  }

  it('dos trabajadores, muchas entregas a la vez: cada aviso una sola vez, y en orden dentro de su grupo', async () => {
    // 20 groups (10 trucks × 2 receivers) of 8 notices, interleaved, and 80 without a group.
    const nuevos = Array.from({ length: 240 }, (_, i) =>
      i % 3 === 2
        ? { ...aviso(i), destino: 7 + (i % 2) }
        : { ...aviso(i, `camion:${i % 10}`), destino: 7 + (i % 2) },
    );
    const ids = await encolar(t.db, nuevos);
    const vistos: number[] = [];
    const enCursoPorGrupo = new Map<string, number>();
    const ultimoPorGrupo = new Map<string, number>();
    const desorden: string[] = [];
    let maximoJuntos = 0;
    let juntos = 0;
    const canal: Canal = {
      nombre: 'webhook',
      reintentos: [1],
      entregar: async (a) => {
        vistos.push(a.id);
        juntos++;
        maximoJuntos = Math.max(maximoJuntos, juntos);
        const g = a.grupo && `${a.destino}/${a.grupo}`;
        if (g) {
          if (enCursoPorGrupo.has(g))
            desorden.push(`${a.id} con ${enCursoPorGrupo.get(g)} en curso`);
          if ((ultimoPorGrupo.get(g) ?? 0) > a.id)
            desorden.push(`${a.id} después de uno posterior`);
          enCursoPorGrupo.set(g, a.id);
          ultimoPorGrupo.set(g, a.id);
        }
        // A delivery spans a few turns of the event loop, so many are under way at once.
        for (let i = 0; i < 1 + (a.id % 4); i++) await new Promise((r) => setImmediate(r));
        if (g) enCursoPorGrupo.delete(g);
        juntos--;
      },
    };
    const ws = [
      trabajador(canal, 3, { concurrencia: 8 }),
      trabajador(canal, 3, { concurrencia: 8 }),
    ];
    for (const { w } of ws) w.arrancar();
    await expect.poll(pendientes, { timeout: 25_000 }).toBe(0);
    expect([...vistos].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(desorden).toEqual([]);
    // More at once than two workers of the old kind (one delivery per connection) could hold.
    expect(maximoJuntos).toBeGreaterThan(6);
  });

  it('las entregas que terminan juntas anotan sus resultados en una sola sentencia', async () => {
    const ids = await encolar(
      t.db,
      Array.from({ length: 20 }, (_, i) => ({ ...aviso(i), destino: i })),
    );
    falla = (a) => (a.id === ids[3] ? new Error('receptor caído') : undefined);
    const { w, pool } = trabajador(canalDePrueba, 3, { concurrencia: 32 });
    // The statements that record an outcome (not the take's, which sets the lease).
    let anotaciones = 0;
    const consultar = pool.query.bind(pool) as (...a: unknown[]) => unknown;
    pool.query = ((...a: unknown[]) => {
      const texto = typeof a[0] === 'string' ? a[0] : (a[0] as { text: string }).text;
      if (/update avisos (a )?set (estado|intentos)/.test(texto)) anotaciones++;
      return consultar(...a);
    }) as typeof pool.query;
    w.arrancar();
    await expect.poll(() => enviados(ids), { timeout: 20_000 }).toBe(19);
    // Its retry 10 s after the try, on the terminal's clock.
    const reintento = new Date(`${ahora}Z`);
    reintento.setUTCSeconds(reintento.getUTCSeconds() + 10);
    expect(await fila(ids[3]!)).toMatchObject({
      estado: 'pendiente',
      intentos: 1,
      error: 'receptor caído',
      proximo: reintento.toISOString().slice(0, 19),
    });
    expect(anotaciones).toBe(1);
  });

  it('un receptor lento no detiene a los demás, y nadie retiene una conexión mientras espera', async () => {
    const lentos = await encolar(
      t.db,
      [1, 2, 3, 4, 5].map((d) => ({ ...aviso(d), destino: d })),
    );
    const rapidos = await encolar(
      t.db,
      Array.from({ length: 30 }, (_, i) => ({ ...aviso(100 + i), destino: 10 })),
    );
    const c = compuerta();
    const canal: Canal = {
      nombre: 'webhook',
      reintentos: [1],
      entregar: (a) => (a.destino < 10 ? c.abierta : Promise.resolve()),
    };
    // Five receivers that do not answer, on a pool of two connections.
    const { w, pool } = trabajador(canal, 2, { concurrencia: 8 });
    w.arrancar();
    await expect.poll(() => enviados(rapidos), { timeout: 20_000 }).toBe(30);
    expect(w.entregando).toBe(5);
    // The five deliveries under way hold no connection: the pool is idle and serves at once.
    await expect.poll(() => pool.totalCount - pool.idleCount).toBe(0);
    await Promise.all([pool.query('select 1'), pool.query('select 1')]);
    expect(await enviados(lentos)).toBe(0);
    c.abrir();
    await expect.poll(() => enviados(lentos)).toBe(5);
  });

  it('un canal con su propio límite no pasa de él, y los otros canales siguen con los demás lugares', async () => {
    const correos = await encolar(
      t.db,
      Array.from({ length: 6 }, (_, i) => ({ ...aviso(i), canal: 'correo' as const, destino: i })),
    );
    const webhooks = await encolar(
      t.db,
      Array.from({ length: 20 }, (_, i) => ({ ...aviso(100 + i), destino: 10 })),
    );
    const c = compuerta();
    let juntos = 0;
    let maximoJuntos = 0;
    const correo: Canal = {
      nombre: 'correo',
      reintentos: [1],
      concurrencia: 2,
      entregar: async () => {
        maximoJuntos = Math.max(maximoJuntos, ++juntos);
        await c.abierta;
        juntos--;
      },
    };
    const webhook: Canal = { nombre: 'webhook', reintentos: [1], entregar: async () => undefined };
    const { w } = trabajador([correo, webhook], 2, { concurrencia: 8, pausaMs: 0 });
    w.arrancar();
    // Two e-mails held, the webhooks through the other six places.
    await expect.poll(() => enviados(webhooks), { timeout: 20_000 }).toBe(20);
    expect(w.entregando).toBe(2);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from avisos where canal = 'correo' and tomado_hasta is not null`);
    expect(rows[0]!.n).toBe(2);
    c.abrir();
    await expect.poll(() => enviados(correos), { timeout: 20_000 }).toBe(6);
    expect(maximoJuntos).toBe(2);
  });

  it('una toma vencida (el proceso murió entregando) se vuelve a tomar; el resultado tardío no pisa al nuevo', async () => {
    const [id] = await encolar(t.db, [aviso(1)]);
    const c = compuerta();
    const avisosLog: string[] = [];
    const colgado: Canal = { nombre: 'webhook', reintentos: [1], entregar: () => c.abierta };
    // One slot, taken by the hung delivery: this worker takes nothing else (as a dead process).
    const { w: a } = trabajador(colgado, 2, {
      concurrencia: 1,
      plazoSegundos: 60,
      log: {
        warn: (...args: unknown[]) => void avisosLog.push(String(args[1])),
        error: () => undefined,
      } as unknown as OpcionesTrabajador['log'],
    });
    a.arrancar();
    await expect.poll(() => a.entregando).toBe(1);
    const recibidos: number[] = [];
    const b = new TrabajadorAvisos(t.db, () => ahora, [
      { nombre: 'webhook', reintentos: [1], entregar: async (x) => void recibidos.push(x.id) },
    ]);
    // Within the lease nobody else takes it.
    expect(await b.procesar()).toBe(0);
    avanzar(59);
    expect(await b.procesar()).toBe(0);
    avanzar(1);
    expect(await b.procesar()).toBe(1);
    expect(recibidos).toEqual([id]);
    expect(await fila(id!)).toMatchObject({ estado: 'enviado', intentos: 1 });
    // The first taker comes back late: its outcome is not recorded.
    c.abrir();
    await expect.poll(() => a.entregando).toBe(0);
    expect(avisosLog).toContain(
      'avisos: la toma venció durante la entrega; el resultado no se anotó',
    );
    const { rows } = await t.db.execute<{ toma: number }>(
      sql`select toma from avisos where id = ${id!}`,
    );
    expect(rows[0]!.toma).toBe(2);
    expect(await b.procesar()).toBe(0);
  });
});

describe('purga', () => {
  it('borra los enviados y fallidos más viejos que la retención; los pendientes se quedan', async () => {
    const [viejoEnviado, viejoFallido, viejoPendiente, nuevo] = await encolar(t.db, [
      aviso(1),
      aviso(2),
      aviso(3),
      aviso(4),
    ]);
    await t.db.execute(sql`
      update avisos set estado = case id when ${viejoEnviado!} then 'enviado'
          when ${viejoFallido!} then 'fallido' else estado end,
        creado_en = now() - interval '800 days'
      where id in (${viejoEnviado!}, ${viejoFallido!}, ${viejoPendiente!})`);
    await t.db.execute(sql`update avisos set estado = 'enviado' where id = ${nuevo!}`);
    const purgado = await mantener(t.db, t.app.config, { actor: 'prueba' });
    expect(purgado?.avisos).toBe(2);
    const { rows } = await t.db.execute<{ id: number }>(
      sql`select id::int as id from avisos order by id`,
    );
    expect(rows.map((r) => r.id)).toEqual([viejoPendiente, nuevo]);
  });
});
