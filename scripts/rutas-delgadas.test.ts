/**
 * The thin-routes lint (eslint.rutas.js) fails a deliberate violation and
 * passes the allowed way, so a selector that silently stops matching (a renamed helper, a
 * changed call) fails here instead of letting routes grow SQL or a second declaration.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { rutasDelgadas } from '../eslint.rutas.js';

const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfigFile: true,
  overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, rutasDelgadas],
});

const ARCHIVO = 'src/server/features/cupos/routes.ts';

/** The messages of the thin-routes rules for `codigo` written as a feature's routes.ts. */
async function errores(codigo: string): Promise<string[]> {
  const [resultado] = await eslint.lintText(codigo, { filePath: ARCHIVO });
  return resultado!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('rutas delgadas', () => {
  it('una ruta se registra desde el mapa con ruta(app, …), no con app.get/app.post', async () => {
    const desdeElMapa =
      "ruta(app, 'POST /api/cupos', { acceso: 'sesion', handler: (r) => cupos.disponibles(app.db, r.body) });\n";
    expect(await errores(desdeElMapa)).toEqual([]);
    for (const llamada of [
      "app.post('/cupos', { config: { acceso: 'sesion' } }, () => 1);\n",
      'app.get(`/cupos/${x}`, () => 1);\n',
      "app.route({ method: 'GET', url: '/cupos', handler: () => 1 });\n",
    ]) {
      expect(await errores(llamada), llamada).toEqual([
        expect.stringMatching(/^no-restricted-syntax: Registre la ruta con ruta\(app/),
      ]);
    }
  });

  it('una ruta no corre SQL ni importa un repositorio', async () => {
    expect(
      await errores(
        "ruta(app, 'GET /api/x', { acceso: 'sesion', handler: () => app.db.select() });\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-syntax: Una ruta no corre SQL/)]);
    expect(await errores("import { a } from './repository';\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Una ruta no corre SQL/),
    ]);
  });
});
