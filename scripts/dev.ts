/**
 * `npm run dev`: the API with reload on change (tsx watch) and Vite's dev server with hot reload
 * on http://127.0.0.1:5173, which passes /api to the API. Ctrl-C stops both. The browser's
 * Origin is then Vite's, so the API accepts it as public (PUBLIC_URL) besides its own.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = fileURLToPath(new URL('..', import.meta.url));
const bin = (n: string) => path.join(raiz, 'node_modules', '.bin', n);

const puertoApi = process.env.PORT || '3000';
const PUBLIC_URL =
  process.env.PUBLIC_URL ||
  ['127.0.0.1:5173', 'localhost:5173', `127.0.0.1:${puertoApi}`, `localhost:${puertoApi}`]
    .map((h) => `http://${h}`)
    .join(',');

const hijos = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: raiz,
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL },
  }),
  spawn(bin('vite'), ['--host', '127.0.0.1'], { cwd: raiz, stdio: 'inherit' }),
];

const detener = () => {
  for (const h of hijos) h.kill('SIGINT');
};
process.on('SIGINT', detener);
process.on('SIGTERM', detener);
for (const h of hijos) h.on('exit', detener);
