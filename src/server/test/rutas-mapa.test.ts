/**
 * The route map (src/shared/contracts/rutas.ts) against the app itself. Each route is declared
 * there once and registered from there (plugins/ruta.ts), so what is left to check is the
 * registration: every route of the map is registered exactly once, every API route the app
 * registers is in the map, and the authorization matrix's list names the same routes.
 *
 * The routes are read where Fastify hands them over, in an onRoute hook. The hook must exist
 * before the feature plugins register their routes, so it is added when the app is created,
 * through Fastify's `fastify.initialization` diagnostics channel (documented for exactly this).
 */
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rutas, type DefinicionRuta, type Ruta } from '../../shared/contracts/rutas';
import { usarAppDePrueba } from './app';

const registradasPorApp = new WeakMap<FastifyInstance, string[]>();

function alCrearApp(mensaje: unknown) {
  const { fastify } = mensaje as { fastify: FastifyInstance };
  const registradas: string[] = [];
  registradasPorApp.set(fastify, registradas);
  fastify.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api') || r.url.startsWith('/api/docs')) return;
    for (const metodo of [r.method].flat()) {
      if (metodo !== 'HEAD') registradas.push(`${metodo} ${r.url}`);
    }
  });
}

diagnostics.subscribe('fastify.initialization', alCrearApp);
const t = usarAppDePrueba({ plantilla: 'vacia' });
afterAll(() => {
  diagnostics.unsubscribe('fastify.initialization', alCrearApp);
});

const definiciones = Object.entries(rutas) as [Ruta, DefinicionRuta][];

function registradas(): string[] {
  const lista = registradasPorApp.get(t.app);
  if (!lista) throw new Error('El canal fastify.initialization no entregó la app de la prueba');
  return lista;
}

/** The `:name` parameters of a path, in order. */
const parametrosDe = (ruta: string) => [...ruta.matchAll(/:(\w+)/g)].map((m) => m[1]!);

describe('mapa de rutas', () => {
  it('la app registra cada ruta del mapa exactamente una vez, y ninguna otra', () => {
    const veces = new Map<string, number>();
    for (const r of registradas()) veces.set(r, (veces.get(r) ?? 0) + 1);
    const enMapa = definiciones.map(([ruta]) => ruta);
    expect(
      enMapa.filter((r) => veces.get(r) !== 1).map((r) => `${r}: ${veces.get(r) ?? 0} veces`),
      'rutas del mapa no registradas exactamente una vez',
    ).toEqual([]);
    expect(
      [...veces.keys()].filter((r) => !enMapa.includes(r as Ruta)),
      'rutas de la app que faltan en el mapa',
    ).toEqual([]);
    // The access list the authorization matrix reads names the same routes.
    expect(t.app.rutasApi.map((r) => `${r.metodo} ${r.url}`).sort()).toEqual([...enMapa].sort());
  });

  it('los params de cada ruta nombran exactamente los :parámetros de su camino', () => {
    for (const [ruta, definicion] of definiciones) {
      const enCamino = parametrosDe(ruta).sort();
      const enEsquema =
        definicion.params instanceof z.ZodObject ? Object.keys(definicion.params.shape).sort() : [];
      expect(enEsquema, ruta).toEqual(enCamino);
    }
  });
});
