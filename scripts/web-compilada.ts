import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = fileURLToPath(new URL('..', import.meta.url));
const indice = path.join(raiz, 'dist/web/index.html');
const FUENTES = [
  'src/web',
  'src/shared',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

function masReciente(ruta: string): number {
  if (!existsSync(ruta)) return 0;
  const st = statSync(ruta);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(ruta).map((n) => masReciente(path.join(ruta, n))));
}

/** True when dist/web is missing or older than any of its sources. */
export function webDesactualizada(): boolean {
  if (!existsSync(indice)) return true;
  const compilada = statSync(indice).mtimeMs;
  return FUENTES.some((f) => masReciente(path.join(raiz, f)) > compilada);
}

/** Builds the web client when it is missing or stale; a no-op otherwise. */
export async function compilarWebSiHaceFalta(): Promise<void> {
  if (!webDesactualizada()) return;
  console.log('Compilando la interfaz web…');
  const { build } = await import('vite');
  await build({ root: raiz, logLevel: 'warn' });
}
