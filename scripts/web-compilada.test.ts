/**
 * The web build is a production build even when started from a test run (NODE_ENV=test here,
 * as vitest sets it): a fresh clone's first build happens inside `npm test`, and it once shipped
 * React's development runtime to every browser.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { compilarWeb } from './web-compilada';

const destino = await mkdtemp(path.join(os.tmpdir(), 'acopio-web-'));
afterAll(() => rm(destino, { recursive: true, force: true }));

it('compila para producción aunque el proceso corra con NODE_ENV=test', async () => {
  expect(process.env.NODE_ENV).toBe('test');
  await compilarWeb(destino);
  expect(process.env.NODE_ENV).toBe('test');
  const archivos = (await readdir(path.join(destino, 'assets'))).filter((f) => f.endsWith('.js'));
  expect(archivos.filter((f) => f.includes('jsx-dev-runtime'))).toEqual([]);
  const codigo = await Promise.all(
    archivos.map((f) => readFile(path.join(destino, 'assets', f), 'utf8')),
  );
  // React's development build names these; the production one does not.
  expect(codigo.filter((c) => c.includes('jsxDEV') || c.includes('react-dom.development'))).toEqual(
    [],
  );
}, 240_000);
