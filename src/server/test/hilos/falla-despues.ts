/** A deliveries' thread that starts and then crashes (hilo.test.ts). */
import { parentPort, threadId } from 'node:worker_threads';

parentPort!.postMessage({ tipo: 'listo', hilo: threadId });
setTimeout(() => {
  throw new Error('hilo de prueba: falla en marcha');
}, 20);
