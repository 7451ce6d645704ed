/**
 * Findings 2 and 3 of the outside review (issue 13). A burst of wrong answers buys no more than
 * five guesses: counting a failure and deciding the lock are one statement. And a challenge's
 * two cells stay the same until they are answered correctly or the card changes: letting it
 * expire, or purging expired challenges, does not re-roll them.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MENSAJES_API } from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { SECRETO_PRUEBAS } from '../../test/constantes';
import { pedirDesafio, responderDesafio, tarjetaDemo, valoresPara } from '../../test/sesion';
import { emitirTarjeta } from './servicio';

const t = usarAppDePrueba();

const celdas = (d: Awaited<ReturnType<typeof pedirDesafio>>) =>
  d.solicitadas.map((c) => `${c.letra}${c.posicion}`);

describe('bloqueo sin carreras', () => {
  it('30 respuestas incorrectas a la vez: 5 fallos contados, el usuario bloqueado y las otras 25 rechazadas por bloqueo', async () => {
    const desafio = await pedirDesafio(t.app, 'cliente2');
    const respuestas = await Promise.all(
      Array.from({ length: 30 }, () => responderDesafio(t.app, desafio, [1, 1])),
    );
    const estados = respuestas.map((r) => r.statusCode);
    expect(estados.filter((s) => s === 401)).toHaveLength(5);
    expect(estados.filter((s) => s === 429)).toHaveLength(25);
    for (const r of respuestas.filter((x) => x.statusCode === 429)) {
      expect(r.json<{ msj: string }>().msj).toBe(MENSAJES_API.usuarioBloqueado);
      expect(r.json<{ msj: string }>().msj).toContain('bloqueado');
    }
    // Counted from the address they came from, and in the name's hour (not locked by five).
    const { rows } = await t.db.execute<{ ambito: string; fallos: number; bloqueado: boolean }>(sql`
      select ambito, ip, fallos, coalesce(bloqueado_hasta > now(), false) as bloqueado
      from login_fallos where usuario = 'cliente2' order by ambito`);
    expect(rows).toEqual([
      { ambito: 'direccion', ip: '127.0.0.1', fallos: 5, bloqueado: true },
      { ambito: 'usuario', ip: '', fallos: 5, bloqueado: false },
    ]);
    const { rows: auditados } = await t.db.execute<{ n: number }>(sql`
      select count(*) as n from auditoria where actor = 'cliente2' and accion = 'ingreso_fallido'`);
    expect(auditados[0]!.n).toBe(5);

    // The right values during the lock are refused too.
    const correcta = await responderDesafio(
      t.app,
      desafio,
      valoresPara(tarjetaDemo('cliente2').valores, desafio.solicitadas),
    );
    expect(correcta.statusCode).toBe(429);
    expect(correcta.json()).toMatchObject({
      msj: MENSAJES_API.usuarioBloqueado,
      detalle: expect.stringMatching(
        /^El ingreso de este usuario quedó bloqueado hasta las \d\d:\d\d\. /,
      ),
    });
  });
});

describe('un desafío no se re-sortea', () => {
  it('pedido, vencido y pedido otra vez: las mismas dos celdas', async () => {
    const primero = await pedirDesafio(t.app, 'cliente1');
    await t.db.execute(sql`
      update login_desafios set expira_en = now() - interval '1 second' where usuario = 'cliente1'`);
    const segundo = await pedirDesafio(t.app, 'cliente1');
    expect(celdas(segundo)).toEqual(celdas(primero));
    // A new nonce: the old challenge cookie is worth nothing.
    expect(segundo.cookie).not.toBe(primero.cookie);

    // Not even when the expired challenges are purged.
    await t.db.execute(sql`delete from login_desafios where usuario = 'cliente1'`);
    expect(celdas(await pedirDesafio(t.app, 'cliente1'))).toEqual(celdas(primero));
  });

  it('un nombre inexistente pide siempre las mismas celdas, aunque venza', async () => {
    const primero = await pedirDesafio(t.app, 'nadie.inexistente');
    await t.db.execute(sql`delete from login_desafios where usuario = 'nadie.inexistente'`);
    expect(celdas(await pedirDesafio(t.app, 'nadie.inexistente'))).toEqual(celdas(primero));
  });

  it('respondido correctamente, el siguiente desafío pide otras; con una tarjeta nueva, otras también', async () => {
    const primero = await pedirDesafio(t.app, 'admin');
    const ok = await responderDesafio(
      t.app,
      primero,
      valoresPara(tarjetaDemo('admin').valores, primero.solicitadas),
    );
    expect(ok.statusCode).toBe(200);
    const segundo = await pedirDesafio(t.app, 'admin');
    expect(celdas(segundo)).not.toEqual(celdas(primero));
    for (const c of celdas(segundo)) expect(celdas(primero)).not.toContain(c);

    // A new card has no pending cells: its first challenge draws afresh (and for the new card).
    const nueva = await emitirTarjeta(t.db, SECRETO_PRUEBAS, 'terminal', 'admin', {
      actor: 'prueba',
    });
    const tercero = await pedirDesafio(t.app, 'admin');
    expect(tercero.tarjeta).toBe(nueva.ctrltarjeta);
    const { rows } = await t.db.execute<{ pendientes: string[] }>(sql`
      select celdas_pendientes as pendientes from tarjetas where ctrl = ${nueva.ctrltarjeta}`);
    expect(rows[0]!.pendientes).toEqual(celdas(tercero));
  });
});
