/**
 * What receives the portal's notices in a bench run: an SMTP server (smtp-server on 127.0.0.1)
 * every portal of the run sends its e-mail to (SMTP_URL), and, when a measurement opens them,
 * webhook receivers. Both run on a thread of their own (bench/buzon-hilo.ts) so that receiving
 * does not delay the bench's own timing. A measurement that counts messages listens to
 * `alRecibir`: each message's outbox row comes in its `X-Acopio-Aviso` header or `webhook-id`.
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { MensajeAlHilo, MensajeDelHilo } from './buzon-hilo';

export interface Buzon {
  url: string;
  /** Called with the outbox row's id of each message or webhook, and when it arrived (ms). */
  alRecibir: ((aviso: number, en: number) => void) | null;
  /**
   * Opens one HTTP server for webhook receivers `/e<i>` (answers 200; the `lentos` ones after
   * `lentoMs`); answers its base URL and how to close it.
   */
  abrirReceptores(
    lentos: readonly number[],
    lentoMs: number,
  ): Promise<{ base: string; cerrar(): Promise<void> }>;
  cerrar(): Promise<void>;
}

export async function abrirBuzon(): Promise<Buzon> {
  // The same start as the portal's deliveries' thread: it registers tsx in the thread.
  const hilo = new Worker(
    new URL('../src/server/features/avisos/hilo-arranque.mjs', import.meta.url),
    { workerData: { entrada: new URL('./buzon-hilo.ts', import.meta.url).href }, execArgv: [] },
  );
  const esperar = <T extends MensajeDelHilo['tipo']>(tipo: T) =>
    new Promise<Extract<MensajeDelHilo, { tipo: T }>>((resolver, rechazar) => {
      const alMensaje = (m: MensajeDelHilo) => {
        if (m.tipo !== tipo) return;
        hilo.off('message', alMensaje);
        hilo.off('error', rechazar);
        resolver(m as Extract<MensajeDelHilo, { tipo: T }>);
      };
      hilo.on('message', alMensaje);
      hilo.once('error', rechazar);
    });
  const mandar = (m: MensajeAlHilo) => hilo.postMessage(m);
  const smtp = esperar('smtp');
  const buzon: Buzon = {
    url: (await smtp).url,
    alRecibir: null,
    async abrirReceptores(lentos, lentoMs) {
      const abiertos = esperar('receptores');
      mandar({ tipo: 'abrirReceptores', lentos: [...lentos], lentoMs });
      return {
        base: (await abiertos).base,
        async cerrar() {
          const cerrados = esperar('receptoresCerrados');
          mandar({ tipo: 'cerrarReceptores' });
          await cerrados;
        },
      };
    },
    async cerrar() {
      const cerrado = esperar('cerrado');
      mandar({ tipo: 'cerrar' });
      await cerrado;
      await Promise.all([hilo.terminate(), once(hilo, 'exit')]);
    },
  };
  hilo.on('message', (m: MensajeDelHilo) => {
    if (m.tipo === 'llegada') buzon.alRecibir?.(m.aviso, m.en);
  });
  return buzon;
}
