/**
 * `unidades …` and `despachos …` on an empty database (issue 21: a terminal sets itself up
 * without SQL): the same service as the screen, one Spanish line per refusal, exit codes 0 and 2,
 * and the audit names the CLI.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTOS_UNIDADES as T } from '../../shared/textos';
import { crearAppDePrueba, type AppDePrueba } from '../test/app';
import { ejecutarCli } from '../test/cli';

let t: AppDePrueba;
const cli = (...args: string[]) => ejecutarCli(t.url, args);

beforeAll(async () => {
  t = await crearAppDePrueba({ plantilla: 'vacia' });
});
afterAll(async () => {
  await t.cerrar();
});

/** Exit code 2 and one Spanish line on stderr that says `mensaje`. */
async function rechazado(args: string[], mensaje: string) {
  const r = await cli(...args);
  expect(r.codigo, r.salida).toBe(2);
  expect(r.stderr.trim().split('\n'), r.salida).toHaveLength(1);
  expect(r.stderr).toContain(mensaje);
}

describe('npm run cli -- unidades / despachos', { timeout: 180_000 }, () => {
  it('crea, lista, renombra, desactiva y activa unidades y tipos de despacho', async () => {
    expect((await cli('unidades', 'listar')).stdout).toContain(T.sinUnidades);

    const creada = await cli('unidades', 'crear', 'Granos', 'y', 'oleaginosas');
    expect(creada.codigo, creada.salida).toBe(0);
    expect(creada.stdout).toContain("Unidad de negocio 'Granos y oleaginosas' creada. Código 1.");
    await rechazado(
      ['unidades', 'crear', 'GRANOS', 'Y', 'OLEAGINOSAS'],
      T.unidadExistente('Granos y oleaginosas'),
    );

    const granel = await cli('despachos', 'crear', 'granos y oleaginosas', 'Granel', '--a-granel');
    expect(granel.codigo, granel.salida).toBe(0);
    expect(granel.stdout).toContain("Tipo de despacho 'Granel' creado. Código 1, a granel.");
    const bolsas = await cli('despachos', 'crear', '1', 'Embolsado', '--envase', 's', '--json');
    expect(JSON.parse(bolsas.stdout)).toEqual({
      coddespacho: 2,
      unineg: 1,
      nomdespacho: 'Embolsado',
      envase: 'S',
      activo: true,
    });
    await rechazado(
      ['despachos', 'crear', '1', 'Big', 'bag'],
      'Falta --envase S|N (o --a-granel).',
    );
    await rechazado(
      ['despachos', 'crear', '1', 'Big', 'bag', '--envase', 'X'],
      T.envaseInvalido('X'),
    );
    await rechazado(
      ['despachos', 'crear', 'Subproductos', 'Granel', '--a-granel'],
      T.unidadInexistente('Subproductos'),
    );

    expect((await cli('unidades', 'renombrar', '1', 'Granos')).codigo).toBe(0);
    expect((await cli('despachos', 'desactivar', '2')).stdout).toContain(
      T.despachoDesactivado('Embolsado'),
    );
    expect((await cli('unidades', 'desactivar', '1')).stdout).toContain(T.desactivada('Granos'));

    const lista = await cli('unidades', 'listar', '--json');
    expect(JSON.parse(lista.stdout)).toEqual([
      {
        ctrl: 1,
        unineg: 'Granos',
        activo: false,
        despachos: [
          { coddespacho: 1, unineg: 1, nomdespacho: 'Granel', envase: 'N', activo: true },
          { coddespacho: 2, unineg: 1, nomdespacho: 'Embolsado', envase: 'S', activo: false },
        ],
      },
    ]);
    const tabla = await cli('despachos', 'listar', 'Granos');
    expect(tabla.stdout).toMatch(/Embolsado.*En envases.*Inactivo/);

    expect((await cli('unidades', 'activar', '1')).codigo).toBe(0);
    const { rows } = await t.db.execute<{ accion: string; tabla: string; actor: string }>(
      sql`select accion, tabla, actor from auditoria order by id`,
    );
    expect(rows.map((r) => `${r.actor} ${r.accion} ${r.tabla}`)).toEqual([
      'cli crear unidades_negocio',
      'cli crear tipos_despacho',
      'cli crear tipos_despacho',
      'cli renombrar unidades_negocio',
      'cli desactivar tipos_despacho',
      'cli desactivar unidades_negocio',
      'cli activar unidades_negocio',
    ]);
  });

  it('elimina lo que nada usa; lo que algo usa se rechaza con la razón y código 2', async () => {
    // Its code is the next of the sequence (a refused creation may have used one up).
    const creada = await cli('unidades', 'crear', 'Fertilizantes', '--json');
    const ctrl = String((JSON.parse(creada.stdout) as { ctrl: number }).ctrl);
    const granel = await cli('despachos', 'crear', 'Fertilizantes', 'Granel', '--envase', 'N');
    expect(granel.codigo, granel.salida).toBe(0);
    const empresa = await cli('empresas', 'crear', '7', 'Agro', 'Norte', '--unidades', ctrl);
    expect(empresa.codigo, empresa.salida).toBe(0);
    await rechazado(['unidades', 'eliminar', ctrl], T.unidadEnUso('Fertilizantes', 'empresas'));
    expect((await cli('empresas', 'unidades', '7', '--unidades=')).codigo).toBe(0);

    const eliminada = await cli('unidades', 'eliminar', ctrl);
    expect(eliminada.codigo, eliminada.salida).toBe(0);
    expect(eliminada.stdout).toContain(T.eliminada('Fertilizantes'));
    expect((await cli('despachos', 'eliminar', '2')).stdout).toContain(
      T.despachoEliminado('Embolsado'),
    );
    await rechazado(['unidades', 'eliminar', ctrl], T.unidadInexistente(Number(ctrl)));
    await rechazado(['despachos', 'activar', '99'], T.despachoInexistente(99));
    await rechazado(
      ['unidades', 'desactivar', 'Granos'],
      "<ctrl> debe ser un número entero positivo: 'Granos'.",
    );
  });
});
