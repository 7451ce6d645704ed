/**
 * Starting a process for the tests: one that fails to start leaves nothing running. The portal
 * starts its embedded PostgreSQL in a process group of its own (a Ctrl-C reaches the portal
 * first), so killing the portal alone left that PostgreSQL running, one per failed start.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iniciarProceso } from './procesos';

describe('iniciarProceso', () => {
  it(
    'cuando el proceso no arranca, detiene el PostgreSQL que dejó en su DATA_DIR',
    { timeout: 120_000 },
    async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-procesos-'));
      const pidDe = async () =>
        Number(
          (
            await fs.readFile(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '')
          ).split('\n')[0],
        );
      try {
        await expect(
          iniciarProceso('src/server/test/postgres-que-queda.ts', { DATA_DIR: dir }),
        ).rejects.toThrow('Salgo sin detener PostgreSQL.');
        // A PostgreSQL stopped cleanly removes its postmaster.pid.
        expect(await pidDe()).toBe(0);
      } finally {
        const pid = await pidDe();
        if (pid > 0) process.kill(pid, 'SIGQUIT');
        await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
      }
    },
  );
});
