/**
 * `turnos …` (issue 24): the calendar from a shell, through the same services as the routes —
 * capacity by weekday and by date, a pause with its affected bookings and its lifting, Spanish
 * refusals with exit code 2, and the audit names the CLI.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearAppDePrueba, type AppDePrueba } from '../test/app';
import { ejecutarCli } from '../test/cli';
import { insertarCupoDePrueba } from '../features/cupos/datos-prueba';
import { diaDesdeHoy } from '../features/turnos/datos-prueba';
import * as turnos from '../features/turnos/servicio';
import { relojDeTerminal } from '../reloj-terminal';
import { CLI } from './actor';

let t: AppDePrueba;
const cli = (...args: string[]) => ejecutarCli(t.url, args);

beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(async () => {
  await t.cerrar();
});

async function capacidades(fecha: string) {
  const { rows } = await t.db.execute<{ hora: number; capacidad: number }>(sql`
    select hora, capacidad from turnos_excepciones where fecha = ${fecha} order by hora`);
  return rows;
}

describe('npm run cli -- turnos', { timeout: 180_000 }, () => {
  it('capacidad por días de la semana y por fecha; calendario la muestra', async () => {
    // Subproductos: the demo's turns (a calendar and bookings) are Granos'.
    const { rows: previas } = await t.db.execute<{ id: number }>(
      sql`select coalesce(max(id), 0)::int as id from auditoria`,
    );
    const semana = await cli('turnos', 'capacidad', 'subproductos', 'lun-vie', '8-11', '6');
    expect(semana.codigo, semana.salida).toBe(0);
    expect(semana.stdout).toContain('Subproductos: 6 camión(es) por hora lunes, martes, miércoles');
    const sabado = await cli('turnos', 'capacidad', '2', 'sab', '9', '2');
    expect(sabado.codigo, sabado.salida).toBe(0);
    // Later changes keep the other bands: Monday 10 to 3, the rest stays 6.
    expect((await cli('turnos', 'capacidad', 'Subproductos', '1', '10', '3')).codigo).toBe(0);
    const cal = await cli('turnos', 'calendario', 'Subproductos', '--json');
    expect(cal.codigo, cal.salida).toBe(0);
    const { plantilla, parametros } = JSON.parse(cal.stdout) as {
      plantilla: { diaSemana: number; hora: number; capacidad: number }[];
      parametros: { diasAnticipacion: number };
    };
    expect(plantilla).toHaveLength(21);
    expect(plantilla.filter((f) => f.diaSemana === 1).map((f) => f.capacidad)).toEqual([
      6, 6, 3, 6,
    ]);
    expect(plantilla.find((f) => f.diaSemana === 6)).toEqual({
      diaSemana: 6,
      hora: 9,
      capacidad: 2,
    });
    expect(parametros.diasAnticipacion).toBe(7);
    const legible = await cli('turnos', 'calendario', 'Subproductos');
    expect(legible.stdout).toContain('8h:6 9h:6 10h:3 11h:6');

    const fecha = await diaDesdeHoy(t.db, 20);
    expect((await cli('turnos', 'capacidad', 'Subproductos', fecha, '8-9', '0')).codigo).toBe(0);
    expect((await cli('turnos', 'capacidad', 'Subproductos', fecha, '12', '2')).codigo).toBe(0);
    expect(await capacidades(fecha)).toEqual([
      { hora: 8, capacidad: 0 },
      { hora: 9, capacidad: 0 },
      { hora: 12, capacidad: 2 },
    ]);
    const { rows } = await t.db.execute<{ actor: string; accion: string }>(sql`
      select actor, accion from auditoria
      where tabla like 'turnos_%' and id > ${previas[0]!.id} order by id`);
    expect(rows.every((r) => r.actor === 'cli')).toBe(true);
    expect(rows.map((r) => r.accion)).toContain('cambiar_excepciones_turnos');
  });

  it('pausar lista los turnos afectados y reanudar la levanta', async () => {
    await turnos.fijarCapacidad(t.db, CLI, {
      unineg: 1,
      coddespacho: null,
      donde: { dias: [1, 2, 3, 4, 5, 6, 7] },
      horas: [15],
      capacidad: 5,
    });
    const fecha = await diaDesdeHoy(t.db, 3);
    const turno = await turnos.reservar(
      t.db,
      relojDeTerminal('America/Argentina/Buenos_Aires'),
      'terminal',
      CLI,
      { cupo: await insertarCupoDePrueba(t.db), fecha, hora: 15 },
    );
    const p = await cli('turnos', 'pausar', 'Granos', fecha, '15', 'Lluvia', 'fuerte');
    expect(p.codigo, p.salida).toBe(0);
    expect(p.stdout).toMatch(
      /Pausa N° \d+: Granos, .*la franja de las 15 \(«Lluvia fuerte»\)\. 1 turno\(s\) afectado\(s\):/,
    );
    expect(p.stdout).toContain(turno.codigo);
    const id = /Pausa N° (\d+)/.exec(p.stdout)![1]!;
    const r = await cli('turnos', 'reanudar', id);
    expect(r.codigo, r.salida).toBe(0);
    expect(r.stdout).toContain(`Pausa N° ${id} levantada.`);
    const otra = await cli('turnos', 'reanudar', id);
    expect(otra.codigo).toBe(2);
    expect(otra.stderr).toContain('Esa pausa ya fue levantada.');
    const dia = await cli('turnos', 'pausar', 'Granos', fecha, 'dia', 'Paro');
    expect(dia.stdout).toContain('el día entero («Paro»)');
  });

  it('verificar compara las cuentas de las franjas con sus turnos y sale con 1 si difieren', async () => {
    const bien = await cli('turnos', 'verificar');
    expect(bien.codigo, bien.salida).toBe(0);
    expect(bien.stdout).toContain('Las cuentas de las franjas coinciden con sus turnos.');
    const { rows } = await t.db.execute<{ cal: number; fecha: string; hora: number }>(sql`
      update turnos_franjas set ausentes = ausentes + 2
      where (calendario_id, fecha, hora) = (select calendario_id, fecha, hora from turnos_franjas
                                            order by 1, 2, 3 limit 1)
      returning calendario_id as cal, to_char(fecha, 'YYYY-MM-DD') as fecha, hora`);
    const mal = await cli('turnos', 'verificar', '--json');
    await t.db.execute(sql`
      update turnos_franjas set ausentes = ausentes - 2
      where calendario_id = ${rows[0]!.cal} and fecha = ${rows[0]!.fecha}
        and hora = ${rows[0]!.hora}`);
    expect(mal.codigo, mal.salida).toBe(1);
    expect(mal.stderr).toContain('1 franja(s) no coinciden con sus turnos');
    expect(
      (JSON.parse(mal.stdout) as { fecha: string; hora: number }[]).map((d) => [d.fecha, d.hora]),
    ).toEqual([[rows[0]!.fecha, rows[0]!.hora]]);
    expect((await cli('turnos', 'verificar')).codigo).toBe(0);
  });

  it('recalcular rehace las cuentas que difieren, auditado, y verificar vuelve a coincidir', async () => {
    // Two bands wrong in both directions: one counts too much, one lost its row entirely.
    const { rows: mal } = await t.db.execute<{ cal: number; fecha: string; hora: number }>(sql`
      with elegidas as (select calendario_id, fecha, hora from turnos_franjas
                        where reservados > 0 order by 1, 2, 3 limit 2)
      update turnos_franjas f set reservados = f.reservados + 3, presentes = f.presentes + 1
      from elegidas e
      where (f.calendario_id, f.fecha, f.hora) = (e.calendario_id, e.fecha, e.hora)
      returning f.calendario_id as cal, to_char(f.fecha, 'YYYY-MM-DD') as fecha, f.hora`);
    expect(mal).toHaveLength(2);
    await t.db.execute(sql`
      delete from turnos_franjas
      where calendario_id = ${mal[1]!.cal} and fecha = ${mal[1]!.fecha} and hora = ${mal[1]!.hora}`);
    expect((await cli('turnos', 'verificar')).codigo).toBe(1);

    const r = await cli('turnos', 'recalcular');
    expect(r.codigo, r.salida).toBe(0);
    expect(r.stdout).toContain('Cuentas de las franjas recalculadas: 2 franja(s) corregida(s).');
    const v = await cli('turnos', 'verificar');
    expect(v.codigo, v.salida).toBe(0);
    const { rows: auditadas } = await t.db.execute<{ actor: string; despues: unknown[] }>(sql`
      select actor, despues from auditoria
      where accion = 'recalcular' and tabla = 'turnos_franjas' order by id desc limit 1`);
    expect(auditadas[0]?.actor).toBe('cli');
    expect(auditadas[0]?.despues).toHaveLength(2);
    // Nothing left to fix: a second run corrects nothing.
    expect((await cli('turnos', 'recalcular')).stdout).toContain('0 franja(s) corregida(s).');
  });

  it('rechaza en castellano lo que no entiende, con código 2', async () => {
    for (const [args, msj] of [
      [['turnos', 'capacidad', 'Granos', 'xyz', '8', '1'], "'xyz' no es un día de la semana"],
      [['turnos', 'capacidad', 'Granos', 'lun', '24', '1'], 'La hora 24 no existe'],
      [['turnos', 'capacidad', 'Nada', 'lun', '8', '1'], 'No existe la unidad de negocio Nada.'],
      [['turnos', 'capacidad', 'Granos', '2026-02-30', '8', '1'], 'el día 2026-02-30 no existe'],
      [['turnos', 'pausar', 'Granos', '2026-12-01', '8'], 'Falta <motivo>'],
    ] as const) {
      const r = await cli(...args);
      expect(r.codigo, r.salida).toBe(2);
      expect(r.stderr).toContain(msj);
    }
  });
});
