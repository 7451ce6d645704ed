/**
 * The deliveries' thread starts here (hilo.ts): plain JavaScript that registers tsx's loader in
 * this thread, then imports the TypeScript entry. A Worker does not get TypeScript from the
 * process's `node --import tsx` (on Node 20 the thread's entry is resolved without the hooks),
 * nor from the test runner's own loader.
 */
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entrada);
