import { createHash } from 'node:crypto';
import type { CasoAutorizacion, ContextoCaso } from '../../test/autorizacion';
import { ingresar } from '../../test/sesion';

const deCualquiera = (status: number) => ({
  anonimo: 401,
  clienteA: status,
  clienteB: status,
  sinUnidad: status,
  admin: status,
});

/** A fresh session of client A, by its public id: only client A may close it. */
async function sesionDeClienteA({ app }: ContextoCaso) {
  const cookie = await ingresar(app, 'cliente1');
  const token = cookie.split('=')[1]!;
  return { sesion: createHash('sha256').update(token).digest('hex').slice(0, 16) };
}

export const CASOS_CUENTA: CasoAutorizacion[] = [
  { ruta: 'GET /api/cuenta', esperado: deCualquiera(200) },
  {
    // Another user's session answers as a missing one.
    ruta: 'POST /api/cuenta/sesiones/cerrar',
    cuerpo: sesionDeClienteA,
    esperado: { anonimo: 401, clienteA: 200, clienteB: 404, sinUnidad: 404, admin: 404 },
  },
  { ruta: 'POST /api/cuenta/sesiones/cerrar-otras', cuerpo: {}, esperado: deCualquiera(200) },
];
