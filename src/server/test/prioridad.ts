import { readFileSync } from 'node:fs';
import { getPriority } from 'node:os';

/**
 * Whether process `pid` of this machine is a backend of database `base` (a test's database,
 * whose name is unique): the tests' oracle of "this PostgreSQL runs here", apart from the check
 * prioridad.ts makes. False when the server is elsewhere (no such process, or another one).
 */
export function esBackendLocal(pid: number, base: string): boolean {
  try {
    const titulo = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return titulo.startsWith('postgres:') && titulo.includes(` ${base} `);
  } catch {
    return false;
  }
}

/** Process `pid`'s nice value, or nothing when it is gone. */
export function niceDe(pid: number): number | undefined {
  try {
    return getPriority(pid);
  } catch {
    return undefined;
  }
}

/** Whether this process may lower process `pid`'s priority: as root, or as its own user. */
export function puedeCambiarPrioridad(pid: number): boolean {
  if (process.getuid?.() === 0) return true;
  try {
    const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(uid) === process.getuid?.();
  } catch {
    return false;
  }
}
