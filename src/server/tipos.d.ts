import type { Config } from './config';
import type { Db } from './db/client';
import type { Acceso, RutaApi, TokenServicio, UsuarioSesion } from './acceso';
import type { CentralEnVivo } from './features/en-vivo/central';
import type { TrabajadorAvisos } from './features/avisos/trabajador';
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
    /** The outbox's worker of this process (features/avisos/trabajador.ts). */
    avisos: TrabajadorAvisos;
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
