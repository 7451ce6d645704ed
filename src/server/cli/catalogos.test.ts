/**
 * `productos …` and `envases …` (issue 21) as real CLI processes on a copy of the demo: the same
 * services and refusals as the screens, one Spanish line and exit code 2 when refused, audited
 * as 'cli'.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MENSAJES_ENVASES, MENSAJES_PRODUCTOS } from '../../shared/textos';
import { usarAppDePrueba } from '../test/app';
import { ejecutarCli } from '../test/cli';

const t = usarAppDePrueba();
const cli = (...args: string[]) => ejecutarCli(t.url, args);

async function auditoria(tabla: string, filaId: string) {
  const { rows } = await t.db.execute<{ accion: string; actor: string }>(sql`
    select accion, actor from auditoria where tabla = ${tabla} and fila_id = ${filaId} order by id`);
  return rows;
}

describe('npm run cli -- productos y envases', { timeout: 180_000 }, () => {
  it('productos crear, renombrar, desactivar, activar, listar y eliminar', async () => {
    // Independent calls run side by side: each is a process that takes seconds on a busy machine.
    const [creado, invalido, soja] = await Promise.all([
      cli('productos', 'crear', '9001', 'Colza', 'doble', 'cero'),
      cli('productos', 'crear', '0', 'Nada'),
      cli('productos', 'eliminar', '1'),
    ]);
    expect(creado.codigo, creado.salida).toBe(0);
    expect(creado.stdout.trim()).toBe("Producto 9001 'Colza doble cero' (activo) creado.");
    expect(invalido.codigo).toBe(2);
    expect(invalido.stderr).toContain('<codpro> debe ser un número entero positivo');
    expect(soja.codigo).toBe(2);
    expect(soja.stderr.trim().split('\n')).toHaveLength(1);
    expect(soja.stderr).toMatch(/^No se puede eliminar el producto 1 'Soja': lo usan \d+ cupo/);

    const repetido = await cli('productos', 'crear', '9001', 'Otra');
    expect(repetido.codigo).toBe(2);
    expect(repetido.stderr.trim()).toBe(
      `codpro: ${MENSAJES_PRODUCTOS.productoExistente(9001, 'Colza doble cero')}`,
    );
    expect((await cli('productos', 'renombrar', '9001', 'Colza')).stdout).toContain(
      "Producto 9001 'Colza' (activo) renombrado.",
    );
    expect((await cli('productos', 'desactivar', '9001')).stdout.trim()).toBe(
      "Producto 9001 'Colza' (desactivado).",
    );
    const lista = JSON.parse((await cli('productos', 'listar', '--json')).stdout) as unknown[];
    expect(lista).toContainEqual({ codpro: 9001, nompro: 'Colza', activo: false, clientes: 0 });
    expect((await cli('productos', 'activar', '9001')).codigo).toBe(0);

    expect((await cli('productos', 'eliminar', '9001')).stdout.trim()).toBe(
      'Producto 9001 eliminado.',
    );
    expect((await auditoria('productos', '9001')).map((a) => `${a.actor} ${a.accion}`)).toEqual([
      'cli crear',
      'cli renombrar',
      'cli desactivar',
      'cli activar',
      'cli eliminar',
    ]);
  });

  it('productos cliente: muestra y fija la lista de una empresa y unidad', async () => {
    expect((await cli('productos', 'crear', '9002', 'Arveja')).codigo).toBe(0);
    const fijar = await cli('productos', 'cliente', '3', '1', '--productos', '3,6,9002');
    expect(fijar.codigo, fijar.salida).toBe(0);
    expect(fijar.stdout).toContain('Empresa 3, unidad 1: 3 producto(s) habilitado(s).');
    const ver = await cli('productos', 'cliente', '3', '1', '--json');
    expect(
      (JSON.parse(ver.stdout) as { codpro: number }[]).map((p) => p.codpro).sort((a, b) => a - b),
    ).toEqual([3, 6, 9002]);
    expect(await auditoria('productos_clientes', '3/1')).toEqual([
      { accion: 'cambiar_productos', actor: 'cli' },
    ]);

    const inactivo = await cli('productos', 'desactivar', '9002');
    expect(inactivo.codigo).toBe(0);
    const otra = await cli('productos', 'cliente', '5', '1', '--productos', '1,9002');
    expect(otra.codigo).toBe(2);
    expect(otra.stderr.trim()).toBe(
      `productos: ${MENSAJES_PRODUCTOS.inactivoParaCliente(9002, 'Arveja')}`,
    );
    const [mala, ajena] = await Promise.all([
      cli('productos', 'cliente', '3', '1', '--productos', '1,a'),
      cli('productos', 'cliente', '2', '2'),
    ]);
    expect(mala.codigo).toBe(2);
    expect(mala.stderr).toContain('--productos debe ser una lista de números');
    expect(ajena.codigo).toBe(2);
    expect(ajena.stderr.trim()).toBe('unineg: La empresa 2 no trabaja en la unidad de negocio 2.');
  });

  it('envases crear, listar, desactivar y activar', async () => {
    const creado = await cli(
      'envases',
      'crear',
      '2',
      'Bolsa',
      '30',
      'kg',
      '--peso',
      '30,5',
      '--json',
    );
    expect(creado.codigo, creado.salida).toBe(0);
    const envase = JSON.parse(creado.stdout) as { ctrl: number };
    expect(envase).toEqual({
      ctrl: expect.any(Number),
      codempre: 2,
      nombre: 'Bolsa 30 kg',
      peso: 30.5,
      activo: true,
    });
    const repetido = await cli('envases', 'crear', '2', 'bolsa 30 KG', '--peso', '30');
    expect(repetido.codigo).toBe(2);
    expect(repetido.stderr.trim()).toBe(
      `nombre: ${MENSAJES_ENVASES.envaseExistente(2, 'Bolsa 30 kg', true)}`,
    );
    const [sinPeso, pesoCero, inexistente] = await Promise.all([
      cli('envases', 'crear', '2', 'Otra'),
      cli('envases', 'crear', '2', 'Otra', '--peso', '0'),
      cli('envases', 'listar', '9999'),
    ]);
    expect(sinPeso.codigo).toBe(2);
    expect(sinPeso.stderr).toContain("Falta --peso <kg> para 'envases crear'");
    expect(pesoCero.codigo).toBe(2);
    expect(pesoCero.stderr).toContain('--peso debe ser un peso en kg mayor que 0');

    const ctrl = String(envase.ctrl);
    expect((await cli('envases', 'desactivar', ctrl)).stdout.trim()).toBe(
      `Envase ${ctrl} 'Bolsa 30 kg' de 30,5 kg (desactivado).`,
    );
    const lista = JSON.parse((await cli('envases', 'listar', '2', '--json')).stdout) as unknown[];
    expect(lista).toContainEqual({ ...envase, activo: false });
    expect((await cli('envases', 'activar', ctrl)).codigo).toBe(0);
    expect((await cli('envases', 'eliminar', ctrl)).stdout.trim()).toBe(
      `Envase ${ctrl} eliminado.`,
    );
    expect((await auditoria('envases', ctrl)).map((a) => `${a.actor} ${a.accion}`)).toEqual([
      'cli crear',
      'cli desactivar',
      'cli activar',
      'cli eliminar',
    ]);
    expect(inexistente.codigo).toBe(2);
    expect(inexistente.stderr.trim()).toBe('No existe la empresa 9999.');
  });
});
