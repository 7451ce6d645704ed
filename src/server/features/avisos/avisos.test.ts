/**
 * The outbox (issue 25): notices exist exactly when their transaction commits, are delivered once,
 * retried on the channel's schedule (injected clock, no real waiting), left 'fallido' after the
 * last try, re-sent by the administrator, delivered in order within a group, never twice by two
 * workers on their own connections, and purged with the retention.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MENSAJES_AVISOS as M } from '../../../shared/textos';
import { conectar, type BaseDeDatos } from '../../db/client';
import { mantener } from '../../mantenimiento';
import { usarAppDePrueba } from '../../test/app';
import { ingresar, post } from '../../test/sesion';
import { ErrorDefinitivo, type AvisoPorEntregar, type Canal } from './canal';
import { encolar } from './servicio';
import { TrabajadorAvisos } from './trabajador';

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

describe('dos trabajadores, cada uno con su conexión', { timeout: 60_000 }, () => {
  const conexiones: BaseDeDatos[] = [];
  afterAll(async () => {
    for (const c of conexiones) await c.cerrar();
  });

  it('300 avisos: cada uno entregado exactamente una vez', async () => {
    const ids = await encolar(
      t.db,
      Array.from({ length: 300 }, (_, i) => aviso(i)),
    );
    const vistos: number[][] = [[], []];
    const trabajadores = [0, 1].map((i) => {
      const c = conectar(t.url, { max: 3, timeZone: t.app.config.timeZone });
      conexiones.push(c);
      const canal: Canal = {
        nombre: 'webhook',
        reintentos: [1],
        // A delivery takes a moment, so the two really overlap.
        entregar: (a) =>
          new Promise((listo) => {
            vistos[i]!.push(a.id);
            setImmediate(listo);
          }),
      };
      return new TrabajadorAvisos(c.db, () => ahora, [canal], { paralelo: 3, intervaloMs: 20 });
    });
    for (const w of trabajadores) w.arrancar();
    await expect
      .poll(
        async () =>
          (await t.db.execute(sql`select 1 from avisos where estado = 'pendiente'`)).rows.length,
        {
          timeout: 50_000,
        },
      )
      .toBe(0);
    for (const w of trabajadores) await w.detener();
    const todos = [...vistos[0]!, ...vistos[1]!].sort((a, b) => a - b);
    expect(todos).toEqual([...ids].sort((a, b) => a - b));
    // Both took part.
    expect(vistos[0]!.length).toBeGreaterThan(0);
    expect(vistos[1]!.length).toBeGreaterThan(0);
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
