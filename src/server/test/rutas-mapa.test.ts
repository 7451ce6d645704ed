/**
 * The route map of the web client (src/shared/contracts/rutas.ts) against the app itself: the
 * same routes, and for each one the very schema objects the app registers (body, path
 * parameters, headers and the success answer with its status). A wrong path, a missing route or
 * the schema of another route in the map fails here.
 *
 * The schemas are read where Fastify hands them over, in an onRoute hook. The hook must exist
 * before the feature plugins register their routes, so it is added when the app is created,
 * through Fastify's `fastify.initialization` diagnostics channel (documented for exactly this).
 */
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rutas, type DefinicionRuta, type Ruta } from '../../shared/contracts/rutas';
import { usarAppDePrueba } from './app';

interface Registrada {
  ruta: string;
  schema: FastifySchema | undefined;
}

const registradasPorApp = new WeakMap<FastifyInstance, Registrada[]>();

function alCrearApp(mensaje: unknown) {
  const { fastify } = mensaje as { fastify: FastifyInstance };
  const registradas: Registrada[] = [];
  registradasPorApp.set(fastify, registradas);
  fastify.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api') || r.url.startsWith('/api/docs')) return;
    for (const metodo of [r.method].flat()) {
      if (metodo !== 'HEAD') registradas.push({ ruta: `${metodo} ${r.url}`, schema: r.schema });
    }
  });
}

diagnostics.subscribe('fastify.initialization', alCrearApp);
const t = usarAppDePrueba({ plantilla: 'vacia' });
afterAll(() => {
  diagnostics.unsubscribe('fastify.initialization', alCrearApp);
});

const definiciones = Object.entries(rutas) as [Ruta, DefinicionRuta][];

function registradas(): Map<string, FastifySchema | undefined> {
  const lista = registradasPorApp.get(t.app);
  if (!lista) throw new Error('El canal fastify.initialization no entregó la app de la prueba');
  return new Map(lista.map((r) => [r.ruta, r.schema]));
}

/** The `:name` parameters of a path, in order. */
const parametrosDe = (ruta: string) => [...ruta.matchAll(/:(\w+)/g)].map((m) => m[1]!);

describe('mapa de rutas de la web', () => {
  it('tiene exactamente las rutas que la app registra', () => {
    const enApp = [...registradas().keys()].sort();
    const enMapa = definiciones.map(([ruta]) => ruta).sort();
    expect(
      enApp.filter((r) => !enMapa.includes(r as Ruta)),
      'rutas de la app que faltan en el mapa',
    ).toEqual([]);
    expect(
      enMapa.filter((r) => !enApp.includes(r)),
      'rutas del mapa que la app no registra',
    ).toEqual([]);
    // The access list the authorization matrix reads names the same routes.
    expect(t.app.rutasApi.map((r) => `${r.metodo} ${r.url}`).sort()).toEqual(enMapa);
  });

  for (const [ruta, definicion] of definiciones) {
    it(`${ruta}: los esquemas del mapa son los que la app registra`, () => {
      const schema = registradas().get(ruta);
      expect(schema, 'la ruta no está registrada').toBeDefined();
      expect(schema!.body, 'cuerpo').toBe(definicion.cuerpo);
      expect(schema!.params, 'params').toBe(definicion.params);
      expect(schema!.headers, 'cabeceras').toBe(definicion.cabeceras);
      expect(schema!.querystring, 'querystring').toBe(definicion.consulta);

      const respuestas = (schema!.response ?? {}) as Record<string, unknown>;
      const estado = String(definicion.estado ?? 200);
      expect(
        Object.keys(respuestas).filter((s) => s.startsWith('2')),
        'estados de éxito',
      ).toEqual([estado]);
      const registrada = respuestas[estado];
      // A document's route registers its documented `content`; a JSON route, its schema.
      expect(registrada, `respuesta ${estado}`).toBe(definicion.archivo ?? definicion.respuesta);
    });
  }

  it('los params de cada ruta nombran exactamente los :parámetros de su camino', () => {
    for (const [ruta, definicion] of definiciones) {
      const enCamino = parametrosDe(ruta).sort();
      const enEsquema =
        definicion.params instanceof z.ZodObject ? Object.keys(definicion.params.shape).sort() : [];
      expect(enEsquema, ruta).toEqual(enCamino);
    }
  });
});
