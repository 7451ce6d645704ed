/**
 * The e-mail of the end-to-end run (issue 25): a real SMTP server (smtp-server) on 127.0.0.1,
 * started by global-setup.ts beside the portal, which sends to it (SMTP_URL). Each message it
 * accepts is written whole to a folder (E2E_CORREO_DIR), one .eml per message, renamed into place
 * once complete: a spec reads the folder and parses them (mailparser), waiting for the one it
 * expects with expect.poll, never a fixed sleep.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Starts the SMTP server; answers its SMTP_URL and how to stop it. */
export async function iniciarServidorCorreo(carpeta: string) {
  await mkdir(carpeta, { recursive: true });
  let n = 0;
  const servidor = new SMTPServer({
    authOptional: true,
    hideSTARTTLS: true,
    disabledCommands: ['AUTH'],
    logger: false,
    onData(flujo, _sesion, listo) {
      const nombre = `${String(++n).padStart(5, '0')}.eml`;
      const parcial = path.join(carpeta, `${nombre}.parcial`);
      pipeline(flujo, createWriteStream(parcial))
        .then(() => rename(parcial, path.join(carpeta, nombre)))
        .then(
          () => listo(),
          (e: Error) => listo(e),
        );
    },
  });
  await new Promise<void>((listo) => servidor.listen(0, '127.0.0.1', listo));
  const { port } = servidor.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    detener: () => new Promise<void>((listo) => servidor.close(() => listo())),
  };
}

/** Every message the test SMTP server has received so far, in arrival order. */
export async function mensajesRecibidos(): Promise<ParsedMail[]> {
  const carpeta = process.env.E2E_CORREO_DIR;
  if (!carpeta)
    throw new Error('E2E_CORREO_DIR sin definir: ejecute las pruebas con playwright test');
  const nombres = (await readdir(carpeta)).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(nombres.map(async (f) => simpleParser(await readFile(path.join(carpeta, f)))));
}

/** The messages to `para` (one address) received so far. */
export async function mensajesPara(para: string): Promise<ParsedMail[]> {
  const todos = await mensajesRecibidos();
  const direcciones = (m: ParsedMail) =>
    [m.to ?? []].flat().flatMap((d) => d.value.map((v) => v.address?.toLowerCase()));
  return todos.filter((m) => direcciones(m).includes(para.toLowerCase()));
}
