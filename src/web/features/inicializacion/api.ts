/**
 * The set-up's calls. Not a mutation: the answer holds the first administrator's card values in
 * clear, which must live only in the page that shows them once, never in a cache.
 */
import type { CuerpoDe } from '../../../shared/contracts/rutas';
import { api } from '../../lib/api-client';

export const inicializar = (cuerpo: CuerpoDe<'POST /api/inicializacion'>) =>
  api.post('/api/inicializacion', cuerpo);
