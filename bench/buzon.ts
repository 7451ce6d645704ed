/**
 * The bench's SMTP server (smtp-server on 127.0.0.1): every portal of the run sends its e-mail
 * here (SMTP_URL), and a measurement that counts messages listens to it. Each message's outbox
 * row comes in its `X-Acopio-Aviso` header.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Buzon {
  url: string;
  /** Called with the outbox row's id of each message, as it is accepted. */
  alRecibir: ((aviso: number) => void) | null;
  cerrar(): Promise<void>;
}

export async function abrirBuzon(): Promise<Buzon> {
  const buzon: Buzon = { url: '', alRecibir: null, cerrar: async () => undefined };
  const servidor = new SMTPServer({
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
        const id = /^X-Acopio-Aviso: (\d+)/im.exec(cabecera)?.[1];
        if (id) buzon.alRecibir?.(Number(id));
        listo();
      });
    },
  });
  await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
  buzon.url = `smtp://127.0.0.1:${(servidor.server.address() as AddressInfo).port}`;
  buzon.cerrar = () => new Promise<void>((r) => servidor.close(() => r()));
  return buzon;
}
