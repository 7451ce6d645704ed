import { readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers the calling thread's priority to `nice` (only this thread: Linux keeps a nice value per
 * thread). Answers the thread's id for the kernel and its nice value as read back, or nothing
 * where there is no /proc (not Linux): the thread then runs at the process's priority.
 */
export function bajarPrioridadDelHilo(nice: number): { tid: number; nice: number } | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    setPriority(tid, nice);
    // Field 19 of stat is the nice value; the name before it (field 2) may hold spaces.
    const campos = readFileSync(`/proc/thread-self/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { tid, nice: Number(campos[16]) };
  } catch {
    return undefined;
  }
}
