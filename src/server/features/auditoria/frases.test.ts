/**
 * Every action the server writes to the trail has its own sentence (issue 22): this reads the
 * server's source, so a new `auditar(…)` cannot slip in as the fallback sentence unnoticed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tieneFrase } from '../../../shared/auditoria';

/** Every .ts file under a folder (tests aside). */
function fuentes(carpeta: string): string[] {
  return readdirSync(carpeta).flatMap((n) => {
    const ruta = path.join(carpeta, n);
    if (statSync(ruta).isDirectory()) return fuentes(ruta);
    return n.endsWith('.ts') && !n.endsWith('.test.ts') ? [ruta] : [];
  });
}

describe('cada acción que el portal escribe tiene su frase', () => {
  it('lee los auditar(…) del servidor: tabla y acción literales tienen frase propia', () => {
    const servidor = path.resolve(import.meta.dirname, '../..');
    const vistas: string[] = [];
    for (const archivo of fuentes(servidor)) {
      const codigo = readFileSync(archivo, 'utf8');
      // The object literal of each audit call: from `auditar(` to its closing `});`.
      for (const m of codigo.matchAll(/auditar\((?:tx|db|c\.db), \{([\s\S]*?)\}\);/g)) {
        const cuerpo = m[1]!;
        const tabla =
          /tabla: '([a-z_]+)'/.exec(cuerpo)?.[1] ??
          (cuerpo.includes('...base') ? /tabla: '([a-z_]+)'/.exec(codigo)?.[1] : undefined);
        const linea = /accion:([^\n,]*(?:\?[^\n]*)?)/.exec(cuerpo)?.[1] ?? '';
        const acciones = [...linea.matchAll(/'([a-z_]+)'/g)].map((a) => a[1]!);
        if (!tabla) continue;
        for (const accion of acciones) {
          vistas.push(`${tabla}/${accion}`);
          expect(tieneFrase(tabla, accion), `${tabla}/${accion} (${archivo})`).toBe(true);
        }
      }
    }
    // The calls read are the portal's many: a change in how they are written must not leave
    // this test reading none.
    expect(new Set(vistas).size).toBeGreaterThan(40);
  });
});
