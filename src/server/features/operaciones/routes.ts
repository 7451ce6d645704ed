import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  rutas,
  type CuerpoLeidoDe,
  type DefinicionRuta,
  type RespuestaDe,
  type Ruta,
} from '../../../shared/contracts/rutas';
import { servicioDe } from '../../acceso';
import { actorDe, type Actor } from '../../db/auditoria';
import type { Tx } from '../../db/client';
import { ruta, type AppZod } from '../../plugins/ruta';
import {
  operar,
  registrarBruto,
  registrarEgreso,
  registrarIngreso,
  registrarTara,
  registrarVinculo,
} from './servicio';

type RutaOperacion = Extract<Ruta, `POST /api/operaciones/${string}`>;

/**
 * `POST /api/operaciones/<ruta>`: only with a service token; the service runs it in a
 * transaction under the request's idempotency key (a replayed answer says so in
 * `Idempotent-Replayed: true`), audited as the token.
 */
function registrar<K extends RutaOperacion>(
  app: AppZod,
  clave: K,
  hacer: (tx: Tx, actor: Actor, cuerpo: CuerpoLeidoDe<K>) => Promise<RespuestaDe<K>>,
) {
  const operacion = clave.slice('POST /api/operaciones/'.length);
  const status = (rutas[clave] as DefinicionRuta).estado ?? 200;
  ruta<RutaOperacion>(app, clave, {
    acceso: 'servicio',
    handler: async (request, reply) => {
      const idempotencia = request.headers['idempotency-key'];
      const r = await operar(
        app.db,
        {
          token: servicioDe(request),
          actor: actorDe(request),
          operacion,
          status,
          clave: typeof idempotencia === 'string' ? idempotencia : undefined,
          cuerpo: request.body as CuerpoLeidoDe<K>,
        },
        hacer,
      );
      if (r.repetida) reply.header('idempotent-replayed', 'true');
      // The status is the route's own (or the replayed one): the map's schema serializes it.
      return (reply as FastifyReply).code(r.status).send(r.cuerpo);
    },
  });
}

export const operacionesRoutes: FastifyPluginAsyncZod = async (app) => {
  registrar(app, 'POST /api/operaciones/ingreso', registrarIngreso);
  registrar(app, 'POST /api/operaciones/vincular', registrarVinculo);
  registrar(app, 'POST /api/operaciones/tara', registrarTara);
  registrar(app, 'POST /api/operaciones/bruto', registrarBruto);
  registrar(app, 'POST /api/operaciones/egreso', registrarEgreso);
};
