/**
 * Findings 4 and 5 of the outside review (issue 13). The card key file: a short or empty one is
 * refused naming the file, a new one is never seen half written (and two processes agree on
 * it), and its mode is kept at 0600. The demo: not loaded on an address other machines reach
 * unless asked for by name; its cards file is 0600 at every start.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decidirDemo, protegerTarjetasDemo, secretoTarjetas } from './arranque';
import { leerConfig } from './config';
import { ErrorDeArranque } from './errores-arranque';
import { detenerProceso, iniciarProceso, puertoLibre } from '../../scripts/procesos';

let carpeta: string;
const nueva = async () => fs.mkdtemp(path.join(carpeta, 'd-'));
const modo = async (archivo: string) => (await fs.stat(archivo)).mode & 0o777;

beforeAll(async () => {
  carpeta = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-secreto-'));
});
afterAll(async () => {
  await fs.rm(carpeta, { recursive: true, force: true });
});

describe('la clave de las tarjetas en DATA_DIR', () => {
  it('se crea una vez, 0600, de 64 caracteres; cinco procesos a la vez obtienen la misma', async () => {
    const dataDir = await nueva();
    const claves = await Promise.all(
      Array.from({ length: 5 }, () => secretoTarjetas({ dataDir, cardSecret: undefined })),
    );
    expect(new Set(claves).size).toBe(1);
    expect(claves[0]).toMatch(/^[0-9a-f]{64}$/);
    const archivo = path.join(dataDir, 'tarjetas.secreto');
    expect(await modo(archivo)).toBe(0o600);
    // Only the key is left: no temporary file behind.
    expect(await fs.readdir(dataDir)).toEqual(['tarjetas.secreto']);
  });

  it('un archivo vacío o corto se rechaza nombrando el archivo', async () => {
    for (const contenido of ['', '\n', 'corta-de-31-bytes-xxxxxxxxxxxxx\n']) {
      const dataDir = await nueva();
      const archivo = path.join(dataDir, 'tarjetas.secreto');
      await fs.writeFile(archivo, contenido, { mode: 0o600 });
      const intento = secretoTarjetas({ dataDir, cardSecret: undefined });
      await expect(intento).rejects.toThrow(ErrorDeArranque);
      await expect(secretoTarjetas({ dataDir, cardSecret: undefined })).rejects.toThrow(
        `La clave de las tarjetas en ${archivo} tiene`,
      );
    }
  });

  it('con permisos más amplios que 0600 avisa y los corrige', async () => {
    const dataDir = await nueva();
    const archivo = path.join(dataDir, 'tarjetas.secreto');
    await fs.writeFile(archivo, `${'a'.repeat(64)}\n`, { mode: 0o644 });
    await fs.chmod(archivo, 0o644);
    const aviso = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(await secretoTarjetas({ dataDir, cardSecret: undefined })).toBe('a'.repeat(64));
      expect(aviso).toHaveBeenCalledWith(expect.stringContaining('tenía permisos 644'));
    } finally {
      aviso.mockRestore();
    }
    expect(await modo(archivo)).toBe(0o600);
  });

  it('CARD_SECRET necesita al menos 32 caracteres, como dice el README', () => {
    expect(() => leerConfig({ DATA_DIR: carpeta, CARD_SECRET: 'x'.repeat(31) })).toThrow(
      /CARD_SECRET/,
    );
    expect(leerConfig({ DATA_DIR: carpeta, CARD_SECRET: 'x'.repeat(32) }).cardSecret).toHaveLength(
      32,
    );
  });
});

describe('datos de demostración y la dirección del portal', () => {
  const decidir = (entorno: Record<string, string>) =>
    decidirDemo(leerConfig({ DATA_DIR: carpeta, ...entorno }));

  it('en una dirección local se cargan como siempre, sin avisos', () => {
    for (const HOST of ['127.0.0.1', '127.0.1.1', 'localhost', '::1']) {
      expect(decidir({ HOST })).toEqual({ cargar: true });
    }
  });

  it('en una dirección de red solo con DEMO=1, y entonces avisa', () => {
    const porDefecto = decidir({ HOST: '0.0.0.0' });
    expect(porDefecto.cargar).toBe(false);
    expect(porDefecto.aviso).toContain('no se cargan los datos de demostración');
    const pedida = decidir({ HOST: '0.0.0.0', DEMO: '1' });
    expect(pedida.cargar).toBe(true);
    expect(pedida.aviso).toContain('DEMO=1 con HOST=0.0.0.0');
    expect(decidir({ HOST: '10.1.2.3', DEMO: '0' })).toEqual({ cargar: false });
  });

  it('el archivo de tarjetas de demostración vuelve a 0600 en cada inicio', async () => {
    const dataDir = await nueva();
    const archivo = path.join(dataDir, 'tarjetas-demo.txt');
    await fs.writeFile(archivo, 'tarjetas');
    await fs.chmod(archivo, 0o644);
    const aviso = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await protegerTarjetasDemo(dataDir);
    } finally {
      aviso.mockRestore();
    }
    expect(await modo(archivo)).toBe(0o600);
    await expect(protegerTarjetasDemo(await nueva())).resolves.toBeUndefined();
  });

  it('npm start en 0.0.0.0 con la base embebida vacía no carga la demostración y lo dice', async () => {
    // Its own folder under the system's temporary one: the embedded PostgreSQL (run as the
    // 'postgres' user when the tests run as root) must be able to walk down to it.
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-demo-red-'));
    const puerto = await puertoLibre();
    const portal = await iniciarProceso('src/server/main.ts', {
      DATA_DIR: dataDir,
      HOST: '0.0.0.0',
      PORT: String(puerto),
      DATABASE_URL: undefined,
      DEMO: undefined,
      LOG_LEVEL: 'warn',
    });
    try {
      expect(portal.salida()).toContain(
        'Aviso: HOST=0.0.0.0 es una dirección de red: no se cargan los datos de demostración',
      );
      expect(portal.salida()).not.toContain('Datos de demostración cargados');
      // Without PUBLIC_URL only this machine's browsers are accepted, and the start says so.
      expect(portal.salida()).toContain(
        `Aviso: HOST=0.0.0.0 sin PUBLIC_URL: solo se aceptan envíos de navegadores que abren http://127.0.0.1:${puerto}`,
      );
      await expect(fs.stat(path.join(dataDir, 'tarjetas-demo.txt'))).rejects.toThrow('ENOENT');
      // Nobody can sign in yet: the set-up's one-time code and where to use it.
      expect(portal.salida()).toMatch(
        /Código de inicialización: [0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4} \(vale hasta/,
      );
      expect(portal.salida()).toMatch(/Abra http:\/\/127\.0\.0\.1:\d+\/inicializar/);
    } finally {
      expect(await detenerProceso(portal, 'SIGINT')).toBe(0);
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
