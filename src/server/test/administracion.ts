/** Rows of the authorization matrix shared by the administration's features. */
import { randomBytes } from 'node:crypto';
import { emitirTarjeta } from '../features/auth/servicio';
import { crear as crearUsuario } from '../features/usuarios/servicio';
import type { ContextoCaso } from './autorizacion';
import { SECRETO_PRUEBAS } from './constantes';

/** Administrators only: 401 for nobody and for a machine, 403 for every client user. */
export const deAdministrador = (status: number) => ({
  anonimo: 401,
  clienteA: 403,
  clienteB: 403,
  sinUnidad: 403,
  admin: status,
});

/** Any signed-in person on their own account ('Mi cuenta'): 401 only for nobody. */
export const deSesion = (status: number) => ({
  anonimo: 401,
  clienteA: status,
  clienteB: status,
  sinUnidad: status,
  admin: status,
});

/** A name no call has used before. */
export const nombreNuevo = (prefijo: string) => `${prefijo}-${randomBytes(4).toString('hex')}`;

/** A fresh user of company 1 (Granos), so no call depends on another's. */
export async function usuarioNuevo({ db }: ContextoCaso): Promise<string> {
  const { usuario } = await crearUsuario(
    db,
    'terminal',
    { actor: 'prueba' },
    {
      usuario: nombreNuevo('matriz'),
      codempre: 1,
      unidades: [1],
    },
  );
  return usuario;
}

/** A fresh user with a card just issued: what the printable sheet needs. */
export async function tarjetaNueva(c: ContextoCaso) {
  const usuario = await usuarioNuevo(c);
  const t = await emitirTarjeta(c.db, SECRETO_PRUEBAS, 'terminal', usuario, { actor: 'prueba' });
  return { usuario, ctrltarjeta: t.ctrltarjeta, celdas: t.celdas };
}
