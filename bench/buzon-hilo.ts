/**
 * The bench's receivers, on a thread of their own (bench/buzon.ts starts it): the SMTP server
 * every portal of the run sends its e-mail to, and the webhook receivers of bench/avisos.ts. Each
 * arrival is posted to the bench's thread with the time it arrived here. On their own thread,
 * receiving ~250 webhooks and ~60 e-mails a second does not delay the event loop that sends the
 * gate's calls and times their answers (the gate's p99 with notices on must measure the portal,
 * not the bench).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort } from 'node:worker_threads';
import { SMTPServer } from 'smtp-server';
import { bajarPrioridadDelHilo } from '../src/server/prioridad';

export type MensajeAlHilo =
  | { tipo: 'abrirReceptores'; lentos: number[]; lentoMs: number }
  | { tipo: 'cerrarReceptores' }
  | { tipo: 'cerrar' };

export type MensajeDelHilo =
  | { tipo: 'smtp'; url: string }
  | { tipo: 'receptores'; base: string }
  | { tipo: 'receptoresCerrados' }
  | { tipo: 'cerrado' }
  /** An outbox row's message arrived (its id), at `en` (epoch ms). */
  | { tipo: 'llegada'; aviso: number; en: number };

/**
 * The receivers stand for other machines (an ERP, a transport company, a mail server): on the
 * bench's one machine they get the cores only when the portal and its database leave them idle,
 * at the lowest priority. Where that cannot be set (not Linux) the figures carry their CPU too.
 */
bajarPrioridadDelHilo(19);

const puerto = parentPort!;
const enviar = (m: MensajeDelHilo) => puerto.postMessage(m);
const llego = (aviso: string | undefined) => {
  if (aviso) enviar({ tipo: 'llegada', aviso: Number(aviso), en: Date.now() });
};

const smtp = new SMTPServer({
  authOptional: true,
  hideSTARTTLS: true,
  disabledCommands: ['AUTH'],
  logger: false,
  onData(flujo, _sesion, listo) {
    // Only the header is read; the rest (a ticket's PDF) is drained.
    let cabecera = '';
    flujo.on('data', (parte: Buffer) => {
      if (cabecera.length < 64 * 1024 && !cabecera.includes('\r\n\r\n')) {
        cabecera += parte.toString('latin1');
      }
    });
    flujo.on('end', () => {
      llego(/^X-Acopio-Aviso: (\d+)/im.exec(cabecera)?.[1]);
      listo();
    });
  },
});

/** One server for the webhook receivers: `/e<i>`; the slow ones answer `lentoMs` later. */
let receptores: http.Server | null = null;

function abrirReceptores(lentos: Set<number>, lentoMs: number) {
  const servidor = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      llego(/^msg_(\d+)$/.exec(String(req.headers['webhook-id']))?.[1]);
      const i = Number(/^\/e(\d+)$/.exec(req.url ?? '')?.[1]);
      const responder = () => res.writeHead(200).end('{}');
      if (lentos.has(i)) setTimeout(responder, lentoMs);
      else responder();
    });
  });
  servidor.listen(0, '127.0.0.1', () => {
    receptores = servidor;
    enviar({
      tipo: 'receptores',
      base: `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`,
    });
  });
}

function cerrarReceptores(): Promise<void> {
  const servidor = receptores;
  receptores = null;
  if (!servidor) return Promise.resolve();
  servidor.closeAllConnections();
  return new Promise<void>((r) => servidor.close(() => r()));
}

puerto.on('message', (m: MensajeAlHilo) => {
  if (m.tipo === 'abrirReceptores') abrirReceptores(new Set(m.lentos), m.lentoMs);
  else if (m.tipo === 'cerrarReceptores') {
    void cerrarReceptores().then(() => enviar({ tipo: 'receptoresCerrados' }));
  } else if (m.tipo === 'cerrar') {
    void cerrarReceptores()
      .then(() => new Promise<void>((r) => smtp.close(() => r())))
      .then(() => enviar({ tipo: 'cerrado' }));
  }
});

smtp.listen(0, '127.0.0.1', () => {
  enviar({
    tipo: 'smtp',
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
  });
});
