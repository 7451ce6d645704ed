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
  await compilarWeb();
}

/**
 * A production build into `destino` (dist/web by default), whatever NODE_ENV the caller runs
 * with: Vite and React follow an inherited NODE_ENV, and a build started inside a test run
 * (vitest sets 'test'; a test that runs `npm start` on a fresh clone builds first) shipped React's
 * development runtime, 40 % more JavaScript on the sign-in page. The caller's NODE_ENV is put back.
 */
export async function compilarWeb(destino?: string): Promise<void> {
  const { build } = await import('vite');
  const anterior = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: raiz,
      mode: 'production',
      logLevel: 'warn',
      ...(destino ? { build: { outDir: destino, emptyOutDir: true } } : {}),
    });
  } finally {
    if (anterior === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = anterior;
  }
}
