import { readFileSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import type pg from 'pg';

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

/**
 * Lowers to `nice` the PostgreSQL process that serves `cliente`'s connection, when that process
 * is on this machine and this user may change it (the embedded server, or one of the same user
 * or under root): background work then yields the cores to the gate's backends too, not only
 * its own thread. The process id is the one the server gave at the start of the connection
 * (pg's `processID`); it is changed only when this machine's process of that id is a PostgreSQL
 * backend serving this very socket (its title names the socket's local address and port), so
 * a remote server's id never touches a local process. Only lowers: a process already at `nice`
 * or lower is left as it is. Answers the backend's nice value as read back, or nothing where it
 * was not this connection's backend or could not be changed.
 */
export function bajarPrioridadDelServidor(
  cliente: pg.ClientBase,
  nice: number,
): number | undefined {
  const { processID: pid, connection } = cliente as unknown as {
    processID?: number;
    // pg keeps the socket as the connection's stream.
    connection?: { stream?: { localAddress?: string; localPort?: number } };
  };
  const socket = connection?.stream;
  if (!pid || !socket?.localAddress || !socket.localPort) return undefined;
  try {
    const titulo = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!titulo.startsWith('postgres:')) return undefined;
    if (!titulo.includes(` ${socket.localAddress}(${socket.localPort})`)) return undefined;
    if (getPriority(pid) < nice) setPriority(pid, nice);
    return getPriority(pid);
  } catch {
    return undefined;
  }
}
