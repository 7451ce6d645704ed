import { z } from 'zod';
import { codempre } from './comun';

export const clientesEmpresasBody = z.strictObject({ codempre });

export const empresa = z.object({ codempre: z.number().int(), nomempre: z.string() });
export type Empresa = z.infer<typeof empresa>;

export const clientesEmpresasRespuesta = z.array(empresa);
