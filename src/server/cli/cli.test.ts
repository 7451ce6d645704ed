import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearAppDePrueba, type AppDePrueba } from '../test/app';
import { ejecutarCli } from '../test/cli';
import { ingresarCon, leerTarjetaJson } from '../test/sesion-cli';
import { leerTarjetasDeTexto } from '../features/auth/tarjetas';

let t: AppDePrueba;
let dataDir: string;
const cli = (...args: string[]) => ejecutarCli(t.url, args, { DATA_DIR: dataDir });

beforeAll(async () => {
  t = await crearAppDePrueba({ plantilla: 'vacia' });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-cli-'));
});
afterAll(async () => {
  await t.cerrar();
  await fs.rm(dataDir, { recursive: true, force: true });
});

// Each case starts real CLI processes: on a shared, busy machine that takes seconds, not ms.
describe('npm run cli', { timeout: 120_000 }, () => {
  it('demo carga la base vacía y escribe las tarjetas; una segunda vez se niega', async () => {
    const primera = await cli('demo');
    expect(primera.codigo, primera.salida).toBe(0);
    const texto = await fs.readFile(path.join(dataDir, 'tarjetas-demo.txt'), 'utf8');
    const tarjetas = leerTarjetasDeTexto(texto);
    expect([...tarjetas.keys()]).toEqual(['admin', 'cliente1', 'cliente2']);
    const st = await fs.stat(path.join(dataDir, 'tarjetas-demo.txt'));
    expect(st.mode & 0o777).toBe(0o600);
    await ingresarCon(t.app, 'cliente1', tarjetas.get('cliente1')!.valores);

    const segunda = await cli('demo');
    expect(segunda.codigo).toBe(2);
    expect(segunda.salida).toContain('ya tiene datos');
  });

  it('usuarios crear, tarjeta emitir --json y el ingreso con esa tarjeta', async () => {
    const creado = await cli(
      'usuarios',
      'crear',
      'Operador.Balanza',
      '--empresa',
      '1',
      '--unidades',
      '1,2',
    );
    expect(creado.codigo, creado.salida).toBe(0);
    const listado = await cli('usuarios', 'listar');
    expect(listado.stdout).toContain('operador.balanza');

    const emitida = await cli('tarjeta', 'emitir', 'operador.balanza', '--json');
    expect(emitida.codigo, emitida.salida).toBe(0);
    const tarjeta = leerTarjetaJson(emitida.stdout);
    expect(tarjeta.usuario).toBe('operador.balanza');
    expect(Object.keys(tarjeta.celdas)).toHaveLength(50);
    await ingresarCon(t.app, 'operador.balanza', tarjeta.celdas);

    // A new card revokes the previous one.
    const nueva = leerTarjetaJson(
      (await cli('tarjeta', 'emitir', 'operador.balanza', '--json')).stdout,
    );
    expect(nueva.ctrltarjeta).not.toBe(tarjeta.ctrltarjeta);
    await expect(ingresarCon(t.app, 'operador.balanza', tarjeta.celdas)).rejects.toThrow();
    await ingresarCon(t.app, 'operador.balanza', nueva.celdas);
  });

  it('desactivar cierra las sesiones y impide ingresar; una tarjeta nueva cierra las sesiones', async () => {
    await cli('usuarios', 'crear', 'temporal', '--empresa', '2', '--unidades', '1');
    const tarjeta = leerTarjetaJson((await cli('tarjeta', 'emitir', 'temporal', '--json')).stdout);
    const cookie = await ingresarCon(t.app, 'temporal', tarjeta.celdas);
    const verificar = async (c: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/verifyuser',
        headers: { cookie: c },
      });
      return res.json<{ loggedIn: boolean }>();
    };

    const desactivado = await cli('usuarios', 'desactivar', 'temporal');
    expect(desactivado.stdout).toContain('1 sesión(es) cerrada(s)');
    expect((await verificar(cookie)).loggedIn).toBe(false);
    await expect(ingresarCon(t.app, 'temporal', tarjeta.celdas)).rejects.toThrow();

    await cli('usuarios', 'activar', 'temporal');
    const otra = await ingresarCon(t.app, 'temporal', tarjeta.celdas);
    await cli('tarjeta', 'emitir', 'temporal');
    expect((await verificar(otra)).loggedIn).toBe(false);
  });

  it('sesiones cerrar <usuario> y --todas', async () => {
    const nueva = leerTarjetaJson(
      (await cli('tarjeta', 'emitir', 'operador.balanza', '--json')).stdout,
    );
    const a = await ingresarCon(t.app, 'operador.balanza', nueva.celdas);
    const b = await ingresarCon(t.app, 'operador.balanza', nueva.celdas);
    expect((await cli('sesiones', 'cerrar', 'operador.balanza')).stdout).toContain(
      '2 sesión(es) cerrada(s)',
    );
    const c = await ingresarCon(t.app, 'operador.balanza', nueva.celdas);
    expect((await cli('sesiones', 'cerrar', '--todas')).codigo).toBe(0);
    for (const cookie of [a, b, c]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/verifyuser',
        headers: { cookie },
      });
      expect(res.json().loggedIn).toBe(false);
    }
    expect((await cli('sesiones', 'cerrar')).codigo).toBe(2);
  });

  it('explica los errores de uso en castellano y sale con 2', async () => {
    const casos: [string[], RegExp][] = [
      [['usuarios', 'crear', 'x!', '--empresa', '1'], /de 3 a 50/],
      [['usuarios', 'crear', 'nuevo1', '--empresa', '77'], /No existe la empresa 77/],
      [['usuarios', 'crear', 'nuevo1', '--empresa', '1', '--unidades', '1,a'], /--unidades/],
      [['usuarios', 'crear', 'cliente1', '--empresa', '1'], /Ya existe el usuario/],
      [['tarjeta', 'emitir', 'nadie'], /No existe el usuario/],
      [['volar'], /Comando desconocido/],
    ];
    const resultados = await Promise.all(casos.map(([args]) => cli(...args)));
    casos.forEach(([args, mensaje], i) => {
      expect(resultados[i]!.codigo, args.join(' ')).toBe(2);
      expect(resultados[i]!.salida).toMatch(mensaje);
    });
  });

  it('empresas crear y listar', async () => {
    expect((await cli('empresas', 'crear', '40', 'Acopiadora', 'del', 'Sur', 'S.A.')).codigo).toBe(
      0,
    );
    const lista = await cli('empresas', 'listar');
    expect(lista.stdout).toContain('Acopiadora del Sur S.A.');
  });

  it('empresas crear --unidades y empresas unidades: las mismas reglas que la pantalla', async () => {
    const creada = await cli('empresas', 'crear', '41', 'Molino', 'Norte', '--unidades', '1,2');
    expect(creada.codigo, creada.salida).toBe(0);
    const unidadesDe41 = async () => {
      const lista = JSON.parse((await cli('empresas', 'listar', '--json')).stdout) as {
        codempre: number;
        unidades: { ctrl: number }[];
      }[];
      return lista.find((e) => e.codempre === 41)!.unidades.map((u) => u.ctrl);
    };
    expect(await unidadesDe41()).toEqual([1, 2]);
    expect(
      (await cli('usuarios', 'crear', 'molino.uno', '--empresa', '41', '--unidades', '2')).codigo,
    ).toBe(0);
    // A unit its users hold is not taken away: the service's message, exit code 2.
    const quitar = await cli('empresas', 'unidades', '41', '--unidades', '1');
    expect(quitar.codigo).toBe(2);
    expect(quitar.stderr).toContain('tienen la unidad de negocio 2');
    expect((await cli('empresas', 'unidades', '41', '--unidades', '2')).codigo).toBe(0);
    expect(await unidadesDe41()).toEqual([2]);
    const inexistente = await cli('empresas', 'crear', '42', 'Otra', '--unidades', '9');
    expect(inexistente.codigo).toBe(2);
    expect(inexistente.stderr).toContain('No existe la unidad de negocio 9');
  });

  it('--json deja la salida lista para un script: un solo JSON por comando', async () => {
    const [usuarios, empresas, unidades, tokens, creado] = await Promise.all([
      cli('usuarios', 'listar', '--json'),
      cli('empresas', 'listar', '--json'),
      cli('unidades', 'listar', '--json'),
      cli('token', 'listar', '--json'),
      cli('usuarios', 'crear', 'Json.Uno', '--empresa', '2', '--unidades', '1', '--json'),
    ]);
    for (const r of [usuarios, empresas, unidades, tokens, creado])
      expect(r.codigo, r.salida).toBe(0);
    expect(JSON.parse(usuarios.stdout)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ usuario: 'cliente1', codempre: 1, activo: true }),
      ]),
    );
    expect(JSON.parse(empresas.stdout)).toEqual(
      expect.arrayContaining([expect.objectContaining({ codempre: 0 })]),
    );
    expect(JSON.parse(unidades.stdout)).toEqual([
      expect.objectContaining({ ctrl: 1, unineg: 'Granos', activo: true }),
      expect.objectContaining({ ctrl: 2, unineg: 'Subproductos', activo: true }),
    ]);
    expect(Array.isArray(JSON.parse(tokens.stdout))).toBe(true);
    expect(JSON.parse(creado.stdout)).toEqual({
      id: expect.any(Number),
      usuario: 'json.uno',
      codempre: 2,
      unidades: [1],
    });
    const cerradas = await cli('sesiones', 'cerrar', 'json.uno', '--json');
    expect(JSON.parse(cerradas.stdout)).toEqual({ cerradas: 0 });
  });
});
