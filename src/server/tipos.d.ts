import type { Config } from './config';
import type { Db } from './db/client';
import type { Acceso, RutaApi, TokenServicio, UsuarioSesion } from './acceso';
import type { CentralEnVivo } from './features/en-vivo/central';
import type { ServicioAvisos } from './features/avisos/trabajador';
import type { ServidorMetricas } from './metricas';
import type { RelojTerminal } from './reloj-terminal';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config & { cardSecret: string };
    rutasApi: RutaApi[];
    /** The live yard's hub of this process (features/en-vivo). */
    enVivo: CentralEnVivo;
    /** The metrics' own server once listening (METRICS_PORT), or null (metricas.ts). */
    metricas: () => ServidorMetricas | null;
    /** The terminal's wall clock (reloj-terminal.ts): the turns' rules read it. */
    reloj: RelojTerminal;
    /**
     * The outbox's worker of this process: on a thread of its own (features/avisos/hilo.ts) in
     * the portal, in process (trabajador.ts) in tests that inject a clock or channels.
     */
    avisos: ServicioAvisos;
  }
  interface FastifyRequest {
    /** The signed-in user, or null. Set for every /api request before the route runs. */
    usuario: UsuarioSesion | null;
    /** The service token of a 'servicio' route (yard operations), or null. */
    servicio: TokenServicio | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route; every /api route must say it (see acceso.ts). */
    acceso?: Acceso;
    /**
     * The route's body is a file sent as it is (application/octet-stream), read as a stream by
     * the route; it takes no JSON. The CSRF rule holds: that type needs a CORS preflight too.
     */
    archivo?: boolean;
  }
}
