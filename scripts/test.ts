/**
 * `npm test [-- server web e2e]`: runs the suites (all by default) and ends with one line
 * `N passed, N failed` counting every test of every suite. A skipped test counts against the
 * run: it exits non-zero when anything failed or was skipped.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = fileURLToPath(new URL('..', import.meta.url));
const SUITES = ['server', 'web', 'e2e'] as const;
type Suite = (typeof SUITES)[number];

const pedidas = process.argv
  .slice(2)
  .filter((a): a is Suite => (SUITES as readonly string[]).includes(a));
const desconocidas = process.argv
  .slice(2)
  .filter((a) => !(SUITES as readonly string[]).includes(a));
if (desconocidas.length) {
  console.error(`Suites desconocidas: ${desconocidas.join(', ')}. Use: ${SUITES.join(', ')}`);
  process.exit(2);
}
const suites = pedidas.length ? pedidas : [...SUITES];
// Test workers and the processes tests start use this same Node (process.execPath).
console.log(`Suites ${suites.join(', ')} sobre Node ${process.version} (${process.execPath})`);

interface Cuenta {
  pasaron: number;
  fallaron: number;
  omitidas: number;
}

function correr(comando: string, argumentos: string[]): Promise<number> {
  return new Promise((resolve) => {
    const p = spawn(comando, argumentos, { cwd: raiz, stdio: 'inherit', env: process.env });
    p.on('close', (codigo) => resolve(codigo ?? 1));
  });
}

const bin = (nombre: string) => path.join(raiz, 'node_modules', '.bin', nombre);

async function vitest(proyectos: Suite[]): Promise<Cuenta> {
  const salida = path.join(raiz, 'test-results', 'vitest.json');
  rmSync(salida, { force: true });
  const codigo = await correr(bin('vitest'), [
    'run',
    ...proyectos.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${salida}`,
  ]);
  if (!existsSync(salida)) return { pasaron: 0, fallaron: 1, omitidas: 0 };
  const r = JSON.parse(readFileSync(salida, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  const cuenta = {
    pasaron: r.numPassedTests,
    fallaron: r.numFailedTests,
    omitidas: r.numPendingTests + r.numTodoTests,
  };
  // A file that failed to load or an unhandled error fails the run without failing a test.
  if (codigo !== 0 && cuenta.fallaron === 0) cuenta.fallaron = 1;
  return cuenta;
}

async function playwright(): Promise<Cuenta> {
  const salida = path.join(raiz, 'test-results', 'e2e.json');
  rmSync(salida, { force: true });
  const codigo = await correr(bin('playwright'), ['test']);
  if (!existsSync(salida)) return { pasaron: 0, fallaron: 1, omitidas: 0 };
  const { stats } = JSON.parse(readFileSync(salida, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  const cuenta = {
    pasaron: stats.expected,
    fallaron: stats.unexpected + stats.flaky,
    omitidas: stats.skipped,
  };
  if (codigo !== 0 && cuenta.fallaron === 0) cuenta.fallaron = 1;
  return cuenta;
}

const total: Cuenta = { pasaron: 0, fallaron: 0, omitidas: 0 };
const sumar = (c: Cuenta) => {
  total.pasaron += c.pasaron;
  total.fallaron += c.fallaron;
  total.omitidas += c.omitidas;
};

const deVitest = suites.filter((s) => s !== 'e2e');
if (deVitest.length) sumar(await vitest(deVitest));
if (suites.includes('e2e')) sumar(await playwright());

console.log(
  `${total.pasaron} passed, ${total.fallaron} failed${total.omitidas ? `, ${total.omitidas} skipped` : ''}`,
);
process.exit(total.fallaron > 0 || total.omitidas > 0 ? 1 : 0);
