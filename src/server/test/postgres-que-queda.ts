/**
 * A process that dies while starting, after its embedded PostgreSQL is up (as a portal killed
 * by a start limit during its migrations): it starts the PostgreSQL of DATA_DIR and exits 1
 * without stopping it. For scripts/procesos.test.ts.
 */
import { abrirPostgresEmbebido } from '../db/embedded';

await abrirPostgresEmbebido(process.env.DATA_DIR!);
console.error('Salgo sin detener PostgreSQL.');
process.exit(1);
