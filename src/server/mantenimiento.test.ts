/**
 * Retention (issue 13): sign-in failures and expired challenges and sessions are purged, the
 * audit trail keeps AUDIT_RETENTION_DAYS days, and the purge itself is audited. Through the
 * CLI, as an operator runs it; the portal runs the same round every hour.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { leerConfig } from './config';
import { mantener } from './mantenimiento';
import { usarAppDePrueba } from './test/app';
import { ejecutarCli } from './test/cli';
import { ingresar } from './test/sesion';

const t = usarAppDePrueba();

const cuenta = async (consulta: ReturnType<typeof sql>) =>
  (await t.db.execute<{ n: number }>(consulta)).rows[0]!.n;

describe('purgar', { timeout: 60_000 }, () => {
  it('borra lo vencido y la auditoría vieja, conserva lo vigente y audita la purga', async () => {
    const vigente = await ingresar(t.app, 'cliente1');
    await ingresar(t.app, 'cliente2');
    await t.db.execute(sql`
      update sesiones set expira_en = now() - interval '1 minute'
      where usuario_id = (select id from usuarios where usuario = 'cliente2')`);
    await t.db.execute(sql`
      insert into login_desafios (usuario, nonce, tarjeta_ctrl, celda1, celda2, expira_en) values
        ('vencido', ${'a'.repeat(32)}, 100001, 'A1', 'B2', now() - interval '1 minute'),
        ('vigente', ${'b'.repeat(32)}, 100002, 'A1', 'B2', now() + interval '5 minutes')`);
    await t.db.execute(sql`
      insert into login_fallos (usuario, ambito, ip, fallos, ultimo_fallo_en, bloqueado_hasta) values
        ('olvidado', 'direccion', '10.0.0.1', 3, now() - interval '2 days', null),
        ('olvidado', 'usuario', '', 3, now() - interval '2 days', null),
        ('reciente', 'direccion', '10.0.0.1', 2, now() - interval '1 hour', null),
        ('bloqueado', 'direccion', '10.0.0.1', 5, now() - interval '2 days', now() + interval '5 minutes')`);
    await t.db.execute(sql`
      insert into auditoria (fecha, actor, accion, tabla) values
        (now() - interval '800 days', 'prueba', 'vieja', 'x'),
        (now() - interval '731 days', 'prueba', 'vieja', 'x'),
        (now() - interval '700 days', 'prueba', 'conservada', 'x')`);
    // The live yard's events: the demo's are fresh; two are made a day and a bit old.
    await t.db.execute(sql`
      update eventos_playa set creado_en = now() - interval '25 hours'
      where id in (select id from eventos_playa order by id limit 2)`);
    const eventosAntes = await cuenta(sql`select count(*) as n from eventos_playa`);

    const r = await ejecutarCli(t.url, ['purgar', '--json']);
    expect(r.codigo, r.salida).toBe(0);
    const purgado = JSON.parse(r.stdout) as Record<string, number>;
    expect(purgado).toMatchObject({ desafios: 1, fallos: 2, auditoria: 2, eventos: 2, avisos: 0 });
    expect(await cuenta(sql`select count(*) as n from eventos_playa`)).toBe(eventosAntes - 2);
    expect(purgado.sesiones).toBeGreaterThanOrEqual(1);

    expect(
      await cuenta(
        sql`select count(*) as n from login_desafios where usuario in ('vencido', 'vigente')`,
      ),
    ).toBe(1);
    expect(
      await cuenta(
        sql`select count(*) as n from login_fallos where usuario in ('reciente', 'bloqueado')`,
      ),
    ).toBe(2);
    expect(await cuenta(sql`select count(*) as n from auditoria where accion = 'vieja'`)).toBe(0);
    expect(await cuenta(sql`select count(*) as n from auditoria where accion = 'conservada'`)).toBe(
      1,
    );
    const verifica = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verifyuser',
      headers: { cookie: vigente },
    });
    expect(verifica.json()).toMatchObject({ loggedIn: true });

    const { rows } = await t.db.execute<{ actor: string; despues: Record<string, unknown> }>(sql`
      select actor, despues from auditoria where accion = 'purgar' and tabla = 'auditoria'`);
    expect(rows).toEqual([
      {
        actor: 'cli',
        despues: { filas: 2, antesDe: expect.any(String), diasConservados: 730 },
      },
    ]);
  });

  it('AUDIT_RETENTION_DAYS decide cuánto se conserva; dos purgas a la vez no chocan', async () => {
    await t.db.execute(sql`
      insert into auditoria (fecha, actor, accion, tabla)
      values (now() - interval '40 days', 'prueba', 'de-40-dias', 'x')`);
    const viejas = await cuenta(
      sql`select count(*) as n from auditoria where fecha < now() - interval '30 days'`,
    );
    expect(viejas).toBeGreaterThanOrEqual(1);
    const config = leerConfig({ DATA_DIR: '/tmp', AUDIT_RETENTION_DAYS: '30' });
    const [a, b] = await Promise.all([
      mantener(t.db, config, { actor: 'prueba' }),
      mantener(t.db, config, { actor: 'prueba' }),
    ]);
    // One did the round; the other found it taken (undefined) or found nothing left to do.
    expect((a?.auditoria ?? 0) + (b?.auditoria ?? 0)).toBe(viejas);
    expect(
      await cuenta(
        sql`select count(*) as n from auditoria where fecha < now() - interval '30 days'`,
      ),
    ).toBe(0);
    expect(() => leerConfig({ DATA_DIR: '/tmp', AUDIT_RETENTION_DAYS: '10' })).toThrow(
      /AUDIT_RETENTION_DAYS/,
    );
  });
});
