/**
 * The OpenAPI 3.1 `webhooks` section (issue 25): one entry per event, its body (the Standard
 * Webhooks envelope with the event's `data`), the three signature headers, and what the portal
 * does with the receiver's answer. Built from the contract, so it cannot drift from what is sent.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import {
  cuerpoEvento,
  DATOS_EVENTO,
  EVENTOS_WEBHOOK,
  RESUMEN_EVENTO,
} from '../../../shared/contracts/webhooks';

const cabecera = (name: string, description: string, example: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

const CABECERAS = [
  cabecera(
    'webhook-id',
    'Identificador del mensaje: el mismo en cada reintento y reenvío (úselo para descartar duplicados)',
    'msg_1234',
  ),
  cabecera(
    'webhook-timestamp',
    'Segundos desde 1970 (UTC) del envío de este intento',
    '1767225600',
  ),
  cabecera(
    'webhook-signature',
    '`v1,` + base64 del HMAC-SHA256 de `{webhook-id}.{webhook-timestamp}.{cuerpo}` con los bytes del secreto (lo que sigue a `whsec_`, en base64)',
    'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  ),
];

/** `camion.finalizado` → `webhook_camionFinalizado`. */
const operacion = (evento: string) =>
  `webhook_${evento.replace(/\.(.)/g, (_, c: string) => c.toUpperCase())}`;

export function documentoWebhooks(): Record<string, OpenAPIV3_1.PathItemObject> {
  return Object.fromEntries(
    EVENTOS_WEBHOOK.map((evento) => {
      const { $schema: _s, ...schema } = z.toJSONSchema(
        cuerpoEvento(evento, DATOS_EVENTO[evento]),
        { target: 'draft-2020-12', io: 'output' },
      ) as Record<string, unknown>;
      const item = {
        post: {
          operationId: operacion(evento),
          summary: RESUMEN_EVENTO[evento],
          description:
            'El portal lo envía por POST a cada endpoint activo suscripto al evento (el de la empresa del evento, o los de toda la terminal). Responda 2xx para darlo por recibido; cualquier otra respuesta, o ninguna en 10 s, se reintenta a los 5 s, 5 min, 30 min, 2 h, 5 h, 10 h y 10 h. Los eventos de un mismo camión o cupo llegan en orden.',
          security: [],
          parameters: CABECERAS,
          requestBody: { required: true, content: { 'application/json': { schema } } },
          responses: {
            '200': { description: 'Recibido (cualquier 2xx vale)' },
            '410': { description: 'El receptor ya no existe: el portal desactiva el endpoint' },
          },
        },
      } as OpenAPIV3_1.PathItemObject;
      return [evento, item];
    }),
  );
}
