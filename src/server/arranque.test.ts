/**
 * Start-up failures of the portal and the CLI (issue 12): a bad configuration, a database that
 * does not answer, a port in use. Each prints one Spanish line with its remedy — no stack — and
 * exits with 1. Real processes, a real PostgreSQL for the port case.
 */
import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearBaseDePrueba } from './test/app';
import { ejecutar, type Ejecucion } from './test/cli';
import { SECRETO_PRUEBAS } from './test/constantes';

const portal = (entorno: Record<string, string | undefined>) =>
  ejecutar('src/server/main.ts', [], {
    DATA_DIR: os.tmpdir(),
    HOST: '127.0.0.1',
    DEMO: '0',
    CARD_SECRET: SECRETO_PRUEBAS,
    LOG_LEVEL: 'fatal',
    ...entorno,
  });

/** One line on stderr, nothing that looks like a stack, exit code 1. */
function unaLinea(r: Ejecucion): string {
  expect(r.codigo, r.salida).toBe(1);
  const lineas = r.stderr.trim().split('\n');
  expect(lineas, r.stderr).toHaveLength(1);
  expect(r.salida).not.toMatch(/^\s+at |Error:|node:internal/m);
  return lineas[0]!;
}

let base: Awaited<ReturnType<typeof crearBaseDePrueba>>;
let ocupado: net.Server;
let puertoOcupado: number;

beforeAll(async () => {
  base = await crearBaseDePrueba('vacia');
  ocupado = net.createServer();
  await new Promise<void>((r) => ocupado.listen(0, '127.0.0.1', r));
  puertoOcupado = (ocupado.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise((r) => ocupado.close(r));
  await base.borrar();
});

describe('errores al iniciar: una línea en castellano con el remedio', { timeout: 120_000 }, () => {
  it('npm start con una base que no responde', async () => {
    const linea = unaLinea(await portal({ DATABASE_URL: 'postgres://nadie@127.0.0.1:1/x' }));
    expect(linea).toBe(
      'No se pudo conectar a PostgreSQL en 127.0.0.1:1/x (DATABASE_URL): la conexión fue ' +
        'rechazada. Verifique que el servidor esté andando y su dirección, o quite DATABASE_URL ' +
        'para usar el PostgreSQL embebido.',
    );
  });

  it('npm start con una configuración inválida nombra la variable, sin mostrar secretos', async () => {
    const linea = unaLinea(
      await portal({ PORT: 'abc', CARD_SECRET: 'corto-y-secreto', DATABASE_URL: base.url }),
    );
    expect(linea).toMatch(/^Configuración inválida: PORT="abc": .*; CARD_SECRET: /);
    expect(linea).toContain('Corrija esas variables de entorno');
    expect(linea).not.toContain('corto-y-secreto');
  });

  it('npm start detrás de HTTPS o de un proxy sin PUBLIC_URL pide PUBLIC_URL', async () => {
    for (const entorno of [{ COOKIE_SECURE: '1' }, { TRUST_PROXY: '1' }]) {
      const linea = unaLinea(await portal({ DATABASE_URL: base.url, ...entorno }));
      expect(linea).toContain('defina PUBLIC_URL con ella (PUBLIC_URL=https://acopio.example)');
    }
  });

  it('npm start en un puerto ocupado', async () => {
    const linea = unaLinea(await portal({ DATABASE_URL: base.url, PORT: String(puertoOcupado) }));
    expect(linea).toBe(
      `El puerto ${puertoOcupado} ya está en uso en 127.0.0.1: detenga el otro proceso o elija ` +
        'otro puerto con PORT=.',
    );
  });

  it('la CLI con una base inexistente y con una configuración inválida', async () => {
    const sinBase = new URL(base.url);
    sinBase.pathname = '/no_existe_esta_base';
    const cli = (entorno: Record<string, string>) =>
      ejecutar('src/server/cli/main.ts', ['usuarios', 'listar'], {
        CARD_SECRET: SECRETO_PRUEBAS,
        ...entorno,
      });
    expect(unaLinea(await cli({ DATABASE_URL: sinBase.toString() }))).toMatch(
      /^La base de datos de .*\/no_existe_esta_base \(DATABASE_URL\) no existe: créela/,
    );
    expect(unaLinea(await cli({ DATABASE_URL: base.url, TZ: 'Marte/Olimpo' }))).toMatch(
      /^Configuración inválida: TZ="Marte\/Olimpo": zona horaria desconocida\./,
    );
  });
});
