/**
 * The personas every route is tried as (the authorization matrix, the contract tests): signed in
 * through the real API with real cards. Client A and B and the administrator are demo users;
 * the same-company user without the unit is made here: company 1 (client A's), holding only
 * Subproductos, while the sample data is company 1's Granos.
 */
import type { App } from '../app';
import type { Db } from '../db/client';
import { emitirTarjeta } from '../features/auth/servicio';
import { crearToken } from '../features/tokens/servicio';
import { crear as crearUsuario } from '../features/usuarios/servicio';
import type { Rol } from './autorizacion';
import { SECRETO_PRUEBAS } from './constantes';
import { ingresar, ingresarCon, reautenticar, tarjetaDemo } from './sesion';

export const USUARIO_SIN_UNIDAD = 'cliente1.subproductos';

export interface Personas {
  /** The request headers of a role: its session cookie or its bearer token (none if anonymous). */
  cabeceras(rol: Rol): Record<string, string>;
  /** A new session of a role (a route that ends the session it is called with). */
  ingresarDeNuevo(rol: Exclude<Rol, 'anonimo' | 'servicio'>): Promise<string>;
}

export async function prepararPersonas(app: App, db: Db): Promise<Personas> {
  await crearUsuario(
    db,
    'terminal',
    { actor: 'prueba' },
    {
      usuario: USUARIO_SIN_UNIDAD,
      codempre: 1,
      unidades: [2],
    },
  );
  const tarjeta = await emitirTarjeta(db, SECRETO_PRUEBAS, 'terminal', USUARIO_SIN_UNIDAD, {
    actor: 'prueba',
  });
  const ingresos = {
    clienteA: () => ingresar(app, 'cliente1'),
    clienteB: () => ingresar(app, 'cliente2'),
    admin: () => ingresar(app, 'admin'),
    sinUnidad: () => ingresarCon(app, USUARIO_SIN_UNIDAD, tarjeta.celdas),
  };
  const cookies: Partial<Record<Rol, string>> = {};
  for (const [rol, entrar] of Object.entries(ingresos)) cookies[rol as Rol] = await entrar();
  // The administrator has just confirmed its card: the sensitive acts are open to it.
  await reautenticar(app, cookies.admin!, tarjetaDemo('admin').valores);
  const token = await crearToken(db, 'terminal', 'personas', { actor: 'prueba' });
  return {
    cabeceras(rol): Record<string, string> {
      if (rol === 'servicio') return { authorization: `Bearer ${token}` };
      const cookie = cookies[rol];
      return cookie ? { cookie } : {};
    },
    ingresarDeNuevo: (rol) => ingresos[rol](),
  };
}
