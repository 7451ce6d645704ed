/**
 * The authorization matrix: every route the app registers, called as anonymous, client A
 * (cliente1), client B (cliente2), administrator and a machine with a service token, answers the
 * expected status. The route list comes from the app itself, so a route without a row fails here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppDePrueba } from './app';
import { crearToken } from '../features/operaciones/tokens';
import {
  CASOS_AUTORIZACION,
  esperadoPara,
  resolver,
  type Rol,
  type RolPersona,
} from './autorizacion';
import { ingresar, type UsuarioDemo } from './sesion';

const t = usarAppDePrueba();
const USUARIO: Record<Exclude<RolPersona, 'anonimo'>, UsuarioDemo> = {
  clienteA: 'cliente1',
  clienteB: 'cliente2',
  admin: 'admin',
};
const cookies: Partial<Record<Rol, string>> = {};
let token: string;

beforeAll(async () => {
  for (const [rol, usuario] of Object.entries(USUARIO)) {
    cookies[rol as Rol] = await ingresar(t.app, usuario);
  }
  token = (await crearToken(t.db, 'matriz', { actor: 'prueba' }))!;
});

describe('matriz de autorización', () => {
  it('cada ruta registrada tiene su fila y cada fila una ruta', () => {
    const registradas = t.app.rutasApi.map((r) => `${r.metodo} ${r.url}`).sort();
    const conFila = CASOS_AUTORIZACION.map((c) => c.ruta).sort();
    expect(
      registradas.filter((r) => !conFila.includes(r)),
      'rutas sin fila',
    ).toEqual([]);
    expect(
      conFila.filter((r) => !registradas.includes(r)),
      'filas sin ruta',
    ).toEqual([]);
  });

  for (const caso of CASOS_AUTORIZACION) {
    for (const rol of ['anonimo', 'clienteA', 'clienteB', 'admin', 'servicio'] as const) {
      const esperado = esperadoPara(caso, rol);
      it(`${caso.ruta} como ${rol} → ${esperado}`, async () => {
        const contexto = { app: t.app, db: t.db };
        const [metodo, patron] = caso.ruta.split(' ') as [string, string];
        const url = (await resolver(caso.url, contexto)) ?? patron;
        const cuerpo = await resolver(caso.cuerpo, contexto);
        let cookie = cookies[rol];
        if (caso.sesionPropia && rol !== 'anonimo' && rol !== 'servicio') {
          cookie = await ingresar(t.app, USUARIO[rol]);
        }
        const res = await t.app.inject({
          method: metodo as 'GET' | 'POST',
          url,
          headers: {
            ...(metodo === 'POST' ? { 'content-type': 'application/json' } : {}),
            ...(cookie ? { cookie } : {}),
            ...(rol === 'servicio' ? { authorization: `Bearer ${token}` } : {}),
          },
          ...(metodo === 'POST' ? { payload: JSON.stringify(cuerpo ?? {}) } : {}),
        });
        expect(res.statusCode, res.body).toBe(esperado);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        if (res.statusCode >= 400) expect(res.json()).toHaveProperty('msj');
      });
    }
  }
});
