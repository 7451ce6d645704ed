/**
 * `npm run drill -- <name> [options]`: runs scripts/drill/<name>.ts (failover, pitr…). Each drill
 * sets up what it needs, measures, prints PASS or FAIL, and exits non-zero on a failure.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const nombre = process.argv[2];
const carpeta = path.dirname(fileURLToPath(import.meta.url));
if (!nombre || !/^[a-z0-9-]+$/.test(nombre) || !existsSync(path.join(carpeta, `${nombre}.ts`))) {
  console.error(
    `Uso: npm run drill -- <simulacro> (p. ej. failover). No existe '${nombre ?? ''}'.`,
  );
  process.exit(2);
}
await import(`./${nombre}.ts`);
