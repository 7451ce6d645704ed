/**
 * What the browser downloads, gzip-compressed: the login page (the entry and everything it
 * imports statically) and, for each screen, what its lazy chunk adds on top of that. Read from
 * Vite's manifest of the build in dist/web.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const carpeta = fileURLToPath(new URL('../dist/web', import.meta.url));

interface Fragmento {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface TamanosWeb {
  inicial: { jsKb: number; cssKb: number };
  pantallas: { pantalla: string; jsKb: number; cssKb: number }[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function gzip(archivo: string): number {
  const ruta = path.join(carpeta, archivo);
  return existsSync(`${ruta}.gz`)
    ? readFileSync(`${ruta}.gz`).length
    : gzipSync(readFileSync(ruta), { level: 9 }).length;
}

export function medirTamanosWeb(): TamanosWeb {
  const manifiesto = JSON.parse(
    readFileSync(path.join(carpeta, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, Fragmento>;
  /** A chunk and every chunk it imports statically, as files. */
  const cierre = (clave: string, visto = new Set<string>()): Set<string> => {
    const f = manifiesto[clave];
    if (!f || visto.has(f.file)) return visto;
    visto.add(f.file);
    for (const c of f.css ?? []) visto.add(c);
    for (const i of f.imports ?? []) cierre(i, visto);
    return visto;
  };
  const peso = (archivos: Iterable<string>) => {
    let js = 0;
    let css = 0;
    for (const a of archivos) {
      if (a.endsWith('.js')) js += gzip(a);
      else if (a.endsWith('.css')) css += gzip(a);
    }
    return { jsKb: kb(js), cssKb: kb(css) };
  };
  const entrada = Object.keys(manifiesto).find((k) => manifiesto[k]!.isEntry)!;
  const inicial = cierre(entrada);
  const pantallas = Object.entries(manifiesto)
    .filter(([, f]) => f.isDynamicEntry && f.src && /(Page|Marco)\.tsx$/.test(f.src))
    .map(([clave, f]) => ({
      pantalla: path.basename(f.src!, '.tsx'),
      ...peso([...cierre(clave)].filter((a) => !inicial.has(a))),
    }))
    .sort((a, b) => a.pantalla.localeCompare(b.pantalla));
  return { inicial: peso(inicial), pantallas };
}
