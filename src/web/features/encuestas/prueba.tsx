/** What the component tests of this feature share: a signed-in session and API answers. */
import { QueryClient } from '@tanstack/react-query';
import type { VerificarUsuarioRespuesta } from '../../../shared/contracts/auth';
import { sesionQuery } from '../auth/api';

/** A query client already holding the session of user 7 of company `codempre` (0: admin). */
export function clienteConSesion(codempre = 1): QueryClient {
  const cliente = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const sesion: VerificarUsuarioRespuesta = {
    loggedIn: true,
    usuario: 'cliente1',
    codempre,
    uniNegs: [{ ctrl: 1, unineg: 'Granos' }],
    userId: 7,
  };
  cliente.setQueryData(sesionQuery.queryKey, sesion);
  return cliente;
}

export const respuesta = (status: number, cuerpo: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(cuerpo), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
