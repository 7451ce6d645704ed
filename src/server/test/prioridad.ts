import { readFileSync } from 'node:fs';

/** Whether this process may lower process `pid`'s priority: as root, or as its own user. */
export function puedeCambiarPrioridad(pid: number): boolean {
  if (process.getuid?.() === 0) return true;
  const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(uid) === process.getuid?.();
}
