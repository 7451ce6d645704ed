import { z } from 'zod';

/**
 * GET /api/health (liveness: the process answers) and GET /api/health/ready (readiness: the
 * database answers with every migration applied and the listening connection is up; 503 `{ msj }`
 * naming the reason otherwise).
 */
export const saludRespuesta = z.object({ estado: z.literal('ok') });
export type SaludRespuesta = z.infer<typeof saludRespuesta>;
