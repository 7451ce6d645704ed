/**
 * The outbox's worker as the configuration makes it, the same in the API's process (tests) and on
 * the deliveries' thread (the portal, hilo-entrada.ts): e-mail when SMTP_URL is set, webhooks
 * always (an endpoint is what turns them on).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CanalAviso } from '../../../shared/contracts/avisos';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RelojTerminal } from '../../reloj-terminal';
import { crearCanalWebhook } from '../webhooks/canal';
import type { Canal } from './canal';
import { crearCanalCorreo } from './correo';
import { TrabajadorAvisos } from './trabajador';

/** What of the configuration the worker needs: plain data, so it also crosses to the thread. */
export interface ConfigTrabajador {
  correo: Config['correo'];
  urlPublica: string;
  webhooksPermitidos: string[];
  webhooksReintentos: number[] | undefined;
  concurrencia: number;
  intervaloMs?: number;
}

/** The channels a worker made by `trabajadorConfigurado` has. */
export const canalesConfigurados = (c: Pick<ConfigTrabajador, 'correo'>): CanalAviso[] =>
  c.correo ? ['correo', 'webhook'] : ['webhook'];

/**
 * A worker with the configured channels. `propios` (a test's) replace them; the webhooks' channel
 * is added unless they bring one of their own.
 */
export function trabajadorConfigurado(
  db: Db,
  reloj: RelojTerminal,
  c: ConfigTrabajador,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  propios?: readonly Canal[],
): TrabajadorAvisos {
  const canales = propios ?? (c.correo ? [crearCanalCorreo(c.correo, reloj, c.urlPublica)] : []);
  const trabajador = new TrabajadorAvisos(db, reloj, canales, {
    intervaloMs: c.intervaloMs,
    concurrencia: c.concurrencia,
    log,
  });
  if (!trabajador.tiene('webhook')) {
    trabajador.registrar(
      crearCanalWebhook({
        db,
        reloj,
        permitidos: c.webhooksPermitidos,
        reintentos: c.webhooksReintentos,
      }),
    );
  }
  return trabajador;
}
