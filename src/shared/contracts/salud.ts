import { z } from 'zod';

/** GET /api/health: the portal answers and so does its database (503 `{ msj }` otherwise). */
export const saludRespuesta = z.object({ estado: z.literal('ok') });
export type SaludRespuesta = z.infer<typeof saludRespuesta>;
