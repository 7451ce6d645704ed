/**
 * One real portal for the end-to-end run: the built web client, a fresh embedded PostgreSQL in
 * a temporary DATA_DIR with the demo data, on a free port. Its URL and folder reach the tests
 * through E2E_URL and E2E_DATA_DIR. The portal sends its e-mail to a test SMTP server started
 * here (correo.ts); the messages land in E2E_CORREO_DIR.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { detenerProceso, iniciarProceso, puertoLibre } from '../scripts/procesos';
import { compilarWebSiHaceFalta } from '../scripts/web-compilada';
import { iniciarServidorCorreo } from './correo';

export default async function globalSetup() {
  await compilarWebSiHaceFalta();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-e2e-'));
  const puerto = await puertoLibre();
  const correoDir = await fs.mkdtemp(path.join(os.tmpdir(), 'acopio-e2e-correo-'));
  const smtp = await iniciarServidorCorreo(correoDir);
  const portal = await iniciarProceso('src/server/main.ts', {
    DATA_DIR: dataDir,
    PORT: String(puerto),
    HOST: '127.0.0.1',
    DEMO: '1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: undefined,
    // Webhooks (issue 25): e2e/avisos.spec.ts's receiver on 127.0.0.1, one retry after 1 s.
    WEBHOOKS_ALLOW_HOSTS: '127.0.0.1',
    WEBHOOKS_RETRY_SECONDS: '1',
    SMTP_URL: smtp.url,
    SMTP_REMITENTE: 'avisos@acopio-e2e.example',
  });
  process.env.E2E_URL = `http://127.0.0.1:${puerto}`;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_CORREO_DIR = correoDir;

  return async () => {
    await detenerProceso(portal);
    await smtp.detener();
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(correoDir, { recursive: true, force: true });
  };
}
