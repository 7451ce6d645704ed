/**
 * The CLI of the yard and the stock as real processes: service tokens, ledger adjustments and
 * checks, and the simulator driving trucks over HTTP against a listening portal.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearAppDePrueba, type AppDePrueba } from '../test/app';
import { ejecutarCli } from '../test/cli';
import { ingresoDePrueba } from '../features/operaciones/datos-prueba';
import { calendarioAbierto } from '../features/turnos/datos-prueba';

let t: AppDePrueba;
let url: string;
const cli = (...args: string[]) => ejecutarCli(t.url, args);
/** The simulator against the test's portal, as fast as it goes. */
const simular = (camiones: number, empresa: number, unidad: number, ...mas: string[]) =>
  cli(
    'simular',
    '--url',
    url,
    '--ritmo',
    '1200',
    '--camiones',
    String(camiones),
    '--empresa',
    String(empresa),
    '--unidad',
    String(unidad),
    ...mas,
  );

beforeAll(async () => {
  t = await crearAppDePrueba();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.cerrar();
});

const ingreso = (token: string) =>
  fetch(`${url}/api/operaciones/ingreso`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(ingresoDePrueba()),
  });

async function saldo(codempre: number, unineg: number, codpro: number) {
  const { rows } = await t.db.execute<{ toneladas: number }>(sql`
    select toneladas from stock_saldos
    where codempre = ${codempre} and unineg = ${unineg} and codpro = ${codpro}`);
  return rows[0]!.toneladas;
}

// Each case starts real CLI processes: on a shared, busy machine that takes seconds, not ms.
describe('npm run cli: tokens, stock y simulador', { timeout: 120_000 }, () => {
  it('token crear lo muestra una vez y sirve; listar; revocar lo anula; el nombre se puede volver a usar', async () => {
    const creado = await cli('token', 'crear', 'Balanza-Norte', '--json');
    expect(creado.codigo, creado.salida).toBe(0);
    const { nombre, token } = JSON.parse(creado.stdout.trim()) as { nombre: string; token: string };
    expect(nombre).toBe('balanza-norte');
    expect(token).toMatch(/^acopio_[A-Za-z0-9_-]{43}$/);
    const { rows } = await t.db.execute<{ token_hash: string }>(
      sql`select token_hash from tokens_servicio where nombre = 'balanza-norte'`,
    );
    expect(rows[0]!.token_hash).not.toContain(token.slice(7));
    expect((await ingreso(token)).status).toBe(201);

    const listado = await cli('token', 'listar');
    expect(listado.stdout).toContain('balanza-norte');
    expect((await cli('token', 'crear', 'balanza-norte')).codigo).toBe(2);
    expect((await cli('token', 'crear', 'no vale')).codigo).toBe(2);

    const revocado = await cli('token', 'revocar', 'balanza-norte');
    expect(revocado.codigo, revocado.salida).toBe(0);
    expect((await ingreso(token)).status).toBe(401);
    expect((await cli('token', 'revocar', 'balanza-norte')).codigo).toBe(2);

    const otra = await cli('token', 'crear', 'balanza-norte', '--json');
    expect(otra.codigo, otra.salida).toBe(0);
    const nuevo = (JSON.parse(otra.stdout.trim()) as { token: string }).token;
    expect((await ingreso(nuevo)).status).toBe(201);
    expect((await ingreso(token)).status).toBe(401);
  });

  it('stock ajustar, verificar y recalcular', async () => {
    const antes = await saldo(1, 1, 3);
    const ajuste = await cli(
      'stock',
      'ajustar',
      '1',
      '1',
      '3',
      '-2,5',
      '--obs',
      'Merma por humedad',
    );
    expect(ajuste.codigo, ajuste.salida).toBe(0);
    expect(await saldo(1, 1, 3)).toBeCloseTo(antes - 2.5, 3);
    const { rows } = await t.db.execute<{ tipo: string; observacion: string }>(sql`
      select tipo, observacion from stock_movimientos where codempre = 1 and codpro = 3
      order by id desc limit 1`);
    expect(rows[0]).toEqual({ tipo: 'ajuste', observacion: 'Merma por humedad' });

    expect((await cli('stock', 'ajustar', '1', '1', '3', '1.2345')).codigo).toBe(2);
    expect((await cli('stock', 'ajustar', '1', '1', '999', '1')).codigo).toBe(2);
    expect((await cli('stock', 'verificar')).codigo).toBe(0);

    await t.db.execute(
      sql`update stock_saldos set toneladas = toneladas + 7 where codempre = 1 and codpro = 3`,
    );
    const mal = await cli('stock', 'verificar');
    expect(mal.codigo).toBe(1);
    expect(mal.salida).toContain('no coinciden');
    expect((await cli('stock', 'recalcular')).codigo).toBe(0);
    expect((await cli('stock', 'verificar')).codigo).toBe(0);
    expect(await saldo(1, 1, 3)).toBeCloseTo(antes - 2.5, 3);

    // A daily closing that is not what is dated up to its day.
    await t.db.execute(sql`
      update stock_cierres set saldo = saldo - 1
      where codempre = 1 and unineg = 1 and codpro = 3
        and dia = (select min(dia) from stock_cierres where codempre = 1 and codpro = 3)`);
    const cierre = await cli('stock', 'verificar');
    expect(cierre.codigo).toBe(1);
    expect(cierre.salida).toContain('no coinciden');
    expect((await cli('stock', 'recalcular')).codigo).toBe(0);
    expect((await cli('stock', 'verificar')).codigo).toBe(0);
  });

  it('token crear --vence: una fecha pasada o inválida se rechaza; vencido deja de valer; listar muestra uso y vencimiento', async () => {
    const pasada = await cli('token', 'crear', 'vencido-ya', '--vence', '2020-01-31');
    expect(pasada.codigo).toBe(2);
    // The same field-named message as the API's ('vence' is the option's name too).
    expect(pasada.stderr.trim()).toBe(
      'vence: La fecha de vencimiento ya pasó: elija hoy o un día futuro.',
    );
    for (const mala of ['2027-02-30', '30/06/2027', 'mañana']) {
      const r = await cli('token', 'crear', 'vence-mal', '--vence', mala);
      expect(r.codigo, mala).toBe(2);
      expect(r.stderr, mala).toContain('La fecha de vencimiento debe ser un día válido');
    }

    const creado = await cli('token', 'crear', 'temporada', '--vence', '2099-06-30', '--json');
    expect(creado.codigo, creado.salida).toBe(0);
    const { token } = JSON.parse(creado.stdout) as { token: string };
    expect((await ingreso(token)).status).toBe(201);
    const listado = JSON.parse((await cli('token', 'listar', '--json')).stdout) as {
      nombre: string;
      vence: string | null;
      ultimoUso: string | null;
    }[];
    const temporada = listado.find((x) => x.nombre === 'temporada')!;
    expect(temporada.vence).toBe('2099-06-30');
    expect(temporada.ultimoUso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

    // Its day passes (the data's clock moves, not the test's): it is worth nothing.
    await t.db.execute(
      sql`update tokens_servicio set vence_en = now() - interval '1 second' where nombre = 'temporada'`,
    );
    expect((await ingreso(token)).status).toBe(401);
  });

  it('el simulador no acepta el token en la línea de comandos (ps lo mostraría): lo lee de un archivo o de ACOPIO_TOKEN', async () => {
    const enLinea = await cli('simular', '--token', 'acopio_xyz', '--camiones', '1');
    expect(enLinea.codigo).toBe(2);
    expect(enLinea.stderr).toContain("Opción desconocida para 'simular': --token.");

    const { token } = JSON.parse((await cli('token', 'crear', 'sim-archivo', '--json')).stdout) as {
      token: string;
    };
    const archivo = path.join(os.tmpdir(), `acopio-token-${process.pid}`);
    await fs.writeFile(archivo, `${token}\n`, { mode: 0o600 });
    try {
      const r = await simular(1, 5, 1, '--token-archivo', archivo);
      expect(r.codigo, r.salida).toBe(0);
      expect(r.stdout).not.toContain('Token de servicio temporal');
      const { rows } = await t.db.execute<{ n: number }>(sql`
        select count(*) as n from auditoria where actor = 'sim-archivo' and accion = 'egreso'`);
      expect(rows[0]!.n).toBe(1);
    } finally {
      await fs.rm(archivo, { force: true });
    }
  });

  it('simular recorre la playa por HTTP: cada camión ingresa, pesa, mueve el stock y sale', async () => {
    const r = await simular(3, 3, 2);
    expect(r.codigo, r.salida).toBe(0);
    expect(r.stdout.match(/salió de playa/g)).toHaveLength(3);
    expect(r.stdout).toContain('3 camión(es) ingresaron, 3 salieron de playa');

    const { rows: camiones } = await t.db.execute<{
      ctrl: number;
      codestado: number;
      egreso: boolean;
    }>(sql`
      select c.ctrl, c.codestado, c.egreso_en is not null as egreso from camiones c
      where c.codempre = 3 and c.unineg = 2
        and exists (select 1 from auditoria a where a.tabla = 'camiones' and a.fila_id = c.ctrl::text
                      and a.accion = 'ingreso' and a.actor like 'simulador-%')`);
    expect(camiones).toHaveLength(3);
    for (const c of camiones) expect(c).toMatchObject({ codestado: 4, egreso: true });
    const { rows: movidos } = await t.db.execute<{
      ticket: number;
      neto: number;
      movido: number;
    }>(sql`
      select k.ctrl as ticket, k.bruto - k.tara as neto, abs(sum(m.toneladas)) * 1000 as movido
      from tickets k join stock_movimientos m on m.ticket_ctrl = k.ctrl
      where k.camion_ctrl = any(${`{${camiones.map((c) => c.ctrl).join(',')}}`}::int[])
      group by k.ctrl, k.bruto, k.tara`);
    expect(movidos).toHaveLength(3);
    for (const m of movidos) expect(m.movido).toBe(m.neto);
    // Its quotas were ordered as the client's, audited; its token no longer works.
    const { rows: cupos } = await t.db.execute<{ n: number }>(sql`
      select count(*) as n from auditoria
      where actor = 'simulador' and tabla = 'cupos' and accion = 'crear'
        and fila_id in (select ctrl::text from cupos where codempre = 3 and unineg = 2)`);
    expect(cupos[0]!.n).toBe(3);
    const { rows: tokens } = await t.db.execute<{ vigentes: number }>(sql`
      select count(*) filter (where revocado_en is null) as vigentes from tokens_servicio
      where nombre like 'simulador-%'`);
    expect(tokens[0]!.vigentes).toBe(0);
  });

  it('simular con calendario de turnos: reserva el turno antes de que llegue el camión y lo presenta por código', async () => {
    await calendarioAbierto(t.db, 1, 100);
    const r = await simular(2, 5, 1);
    expect(r.codigo, r.salida).toBe(0);
    expect(r.stdout.match(/reservó el turno/g)).toHaveLength(2);
    expect(r.stdout.match(/presentó el turno/g)).toHaveLength(2);
    expect(r.stdout).toContain('2 camión(es) ingresaron, 2 salieron de playa');
    // This run's turns (an earlier case of the file simulates company 5 in Granos too).
    const codigos = [...r.stdout.matchAll(/reservó el turno (\w+)/g)].map((m) => m[1]!);
    expect(codigos).toHaveLength(2);
    const { rows } = await t.db.execute<{ estado: string; clasificacion: string; codigo: string }>(
      sql`
      select t.estado, t.clasificacion, t.codigo from turnos t
      where t.codigo = any(${`{${codigos.join(',')}}`}::text[]) and t.camion_ctrl is not null
        and exists (select 1 from auditoria a where a.tabla = 'turnos' and a.accion = 'reservar_turno'
                      and a.fila_id = t.id::text and a.actor = 'simulador')`,
    );
    expect(rows).toHaveLength(2);
    for (const x of rows) {
      expect(x).toMatchObject({ estado: 'presente', clasificacion: 'a_tiempo' });
      expect(r.stdout).toContain(`presentó el turno ${x.codigo} (a tiempo)`);
    }
  });
});
