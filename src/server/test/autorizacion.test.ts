/**
 * The authorization matrix: every route the app registers, called as anonymous, client A
 * (cliente1), client B (cliente2), a user of client A's company without the sample data's unit,
 * the administrator and a machine with a service token, answers the expected status. The route
 * list comes from the app itself, so a route without a row fails here.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppDePrueba } from './app';
import { CASOS_AUTORIZACION, esperadoPara, resolver, ROLES } from './autorizacion';
import { prepararPersonas, type Personas } from './personas';

const t = usarAppDePrueba();
let personas: Personas;

beforeAll(async () => {
  personas = await prepararPersonas(t.app, t.db);
});

/**
 * A stream never ends by itself, and inject waits for the end: it is opened over real HTTP and
 * let go once its status and headers arrive (an error's body is read whole). Without keep-alive,
 * so no idle connection holds the app's close.
 */
async function abrirFlujo(url: string, cabeceras: Record<string, string>) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise<{ status: number; tipo: string; cuerpo: string }>((resolve, reject) => {
    const pedido = http.get(
      { host: '127.0.0.1', port, path: url, headers: cabeceras, agent: false },
      (res) => {
        const status = res.statusCode ?? 0;
        const tipo = res.headers['content-type'] ?? '';
        if (status < 400) {
          pedido.destroy();
          resolve({ status, tipo, cuerpo: '' });
          return;
        }
        let cuerpo = '';
        res.setEncoding('utf8');
        res.on('data', (trozo: string) => (cuerpo += trozo));
        res.on('end', () => resolve({ status, tipo, cuerpo }));
      },
    );
    pedido.on('error', (e) => {
      if (!pedido.destroyed) reject(e);
    });
  });
}

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
    for (const rol of ROLES) {
      const esperado = esperadoPara(caso, rol);
      it(`${caso.ruta} como ${rol} → ${esperado}`, async () => {
        const contexto = { app: t.app, db: t.db };
        const [metodo, patron] = caso.ruta.split(' ') as [string, string];
        const url = (await resolver(caso.url, contexto)) ?? patron;
        const cuerpo = await resolver(caso.cuerpo, contexto);
        const cabeceras =
          caso.sesionPropia && rol !== 'anonimo' && rol !== 'servicio'
            ? { cookie: await personas.ingresarDeNuevo(rol) }
            : personas.cabeceras(rol);
        if (caso.tipo === 'text/event-stream') {
          const res = await abrirFlujo(url, cabeceras);
          expect(res.status, res.cuerpo).toBe(esperado);
          const tipo = res.status < 300 ? caso.tipo : 'application/json';
          expect(res.tipo).toContain(tipo);
          if (res.status >= 400) expect(JSON.parse(res.cuerpo)).toHaveProperty('msj');
          return;
        }
        const archivo = await resolver(caso.archivo, contexto);
        const res = await t.app.inject({
          method: metodo as 'GET' | 'POST',
          url,
          headers: {
            ...(metodo === 'POST'
              ? { 'content-type': archivo ? 'application/octet-stream' : 'application/json' }
              : {}),
            ...cabeceras,
          },
          ...(metodo === 'POST' ? { payload: archivo ?? JSON.stringify(cuerpo ?? {}) } : {}),
        });
        expect(res.statusCode, res.body).toBe(esperado);
        const tipo = res.statusCode < 300 && caso.tipo ? caso.tipo : 'application/json';
        expect(res.headers['content-type']).toContain(tipo);
        if (res.statusCode >= 400) expect(res.json()).toHaveProperty('msj');
      });
    }
  }
});
