/**
 * The import-direction rules (eslint.fronteras.js) fail a deliberate violation and pass the
 * allowed way, so a rule that silently stops matching (a renamed folder, a changed pattern) fails
 * here instead of letting the layers drift.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { fronteras } from '../eslint.fronteras.js';

const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfigFile: true,
  overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, ...fronteras],
});

/** The messages of the import-direction rules for `codigo` written at `archivo`. */
async function errores(archivo: string, codigo: string): Promise<string[]> {
  const [resultado] = await eslint.lintText(codigo, { filePath: archivo });
  return resultado!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('fronteras entre capas y módulos', () => {
  it('servidor: un módulo no importa el repositorio de otro; sí su servicio y su propio repositorio', async () => {
    const central = 'src/server/features/en-vivo/central.ts';
    expect(await errores(central, "import { a } from '../camiones/repository';\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*nunca por su repositorio/),
    ]);
    expect(await errores(central, "import { a } from '../camiones/servicio';\n")).toEqual([]);
    expect(await errores(central, "import { a } from './repository';\n")).toEqual([]);
    expect(
      await errores(
        'src/server/cli/playa.ts',
        "import { a } from '../features/stock/repository';\n",
      ),
    ).toHaveLength(1);
  });

  it('servidor: a un módulo con partes (auth) se llega por su entrada; una parte no lee el SQL de otra', async () => {
    const entrada = /^no-restricted-imports: .*por su entrada/;
    const usuarios = 'src/server/features/usuarios/servicio.ts';
    expect(await errores(usuarios, "import { a } from '../auth/sesiones/servicio';\n")).toEqual([
      expect.stringMatching(entrada),
    ]);
    expect(await errores(usuarios, "import { a } from '../auth/servicio';\n")).toEqual([]);
    expect(
      await errores(
        'src/server/mantenimiento.ts',
        "import { a } from './features/auth/ingreso/servicio';\n",
      ),
    ).toEqual([expect.stringMatching(entrada)]);
    expect(
      await errores(
        'src/server/test/personas.ts',
        "import { a } from '../features/auth/servicio';\n",
      ),
    ).toEqual([]);
    const parte = 'src/server/features/auth/ingreso/servicio.ts';
    for (const prohibido of ['../sesiones/repository', '../../usuarios/repository']) {
      expect(await errores(parte, `import { a } from '${prohibido}';\n`)).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*nunca a su repositorio/),
      ]);
    }
    expect(await errores(parte, "import { a } from '../../camiones/partes/x';\n")).toEqual([
      expect.stringMatching(entrada),
    ]);
    for (const permitido of [
      './repository',
      '../sesiones/servicio',
      '../tarjetas',
      '../../../db/sql',
      '../../usuarios/servicio',
    ]) {
      expect(await errores(parte, `import { a } from '${permitido}';\n`)).toEqual([]);
    }
  });

  it('web: un módulo no importa app ni otro módulo; components y lib no importan módulos ni app', async () => {
    const pagina = 'src/web/features/cupos/CuposPage.tsx';
    const ajeno = /^no-restricted-imports: .*Un módulo web no importa archivos de otro/;
    const deApp = /^no-restricted-imports: .*src\/web\/app compone los módulos/;
    expect(await errores(pagina, "import { a } from '../camiones/api';\n")).toEqual([
      expect.stringMatching(ajeno),
    ]);
    expect(await errores(pagina, "import { a } from '../../app/router';\n")).toEqual([
      expect.stringMatching(deApp),
    ]);
    for (const permitido of ['./api', '../../lib/paths', '../../components/Cargando']) {
      expect(await errores(pagina, `import { a } from '${permitido}';\n`)).toEqual([]);
    }
    const anidada = 'src/web/features/usuarios/partes/Fila.tsx';
    expect(await errores(anidada, "import { a } from '../../cupos/api';\n")).toEqual([
      expect.stringMatching(ajeno),
    ]);
    expect(await errores(anidada, "import { a } from '../../../lib/sesion';\n")).toEqual([]);
    expect(
      await errores('src/web/components/Selectores.tsx', "import { a } from '../app/seleccion';\n"),
    ).toEqual([expect.stringMatching(deApp)]);
    expect(
      await errores('src/web/lib/seleccion.tsx', "import { a } from '../features/clientes/api';\n"),
    ).toEqual([expect.stringMatching(/components y lib están debajo de los módulos/)]);
  });
});
