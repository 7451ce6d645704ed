import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { CupoDisponible } from '../../shared/contracts/cupos';
import type { Encuesta } from '../../shared/contracts/encuestas';
import { error, fueraDeContrato, llamadasHechas, responder, sinRed, urlsDe } from '../test/kit';
import { api, ErrorApi } from './api-client';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('cliente de la API', () => {
  it('envía cookies y JSON; un POST sin datos envía {}', async () => {
    responder('POST /api/user/logout', () => ({ cerrada: true }));
    await api.post('/api/user/logout');
    expect(llamadasHechas().map((l) => [l.url, l.init])).toEqual([
      [
        '/api/user/logout',
        {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: '{}',
        },
      ],
    ]);
  });

  it('un GET completa los parámetros de su camino', async () => {
    responder('GET /api/encuestas/:id/usuario/:userId/respondio', ({ params }) => ({
      respondio: params.id === 5 && params.userId === 7,
    }));
    expect(
      await api.get('/api/encuestas/:id/usuario/:userId/respondio', { id: 5, userId: 7 }),
    ).toEqual({ respondio: true });
    expect(urlsDe('GET /api/encuestas/:id/usuario/:userId/respondio')).toEqual([
      '/api/encuestas/5/usuario/7/respondio',
    ]);
  });

  it('un 401 de cualquier llamada lleva el navegador a /', async () => {
    responder('POST /api/cupos', () => error(401, { msj: 'Debe iniciar sesión' }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/cupos', assign });
    await expect(api.post('/api/cupos', { codEmpre: 1, uniNeg: 1 })).rejects.toBeInstanceOf(
      ErrorApi,
    );
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('ya en el ingreso, un 401 tardío (tras Cerrar sesión) no recarga la página', async () => {
    responder('POST /api/cupos', () => error(401, { msj: 'Debe iniciar sesión' }));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/', assign });
    await expect(api.post('/api/cupos', { codEmpre: 1, uniNeg: 1 })).rejects.toBeInstanceOf(
      ErrorApi,
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('el ingreso maneja su propio 401 sin redirigir', async () => {
    responder('POST /api/auth/comparar-coordenadas', () =>
      error(401, { msj: 'Usuario o coordenadas incorrectas' }),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await expect(
      api.post(
        '/api/auth/comparar-coordenadas',
        {
          solicitadas: [
            { letra: 'A', posicion: 1 },
            { letra: 'B', posicion: 2 },
          ],
          ingresadas: { coordenada1: 1, coordenada2: 2 },
          tarjeta: 1,
        },
        { sinRedireccionEn401: true },
      ),
    ).rejects.toMatchObject({
      status: 401,
      msj: 'Usuario o coordenadas incorrectas',
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it('un error sin msj o sin red se informa como "Algo salio mal"', async () => {
    responder('GET /api/encuestas', () => fueraDeContrato(502, '<html>', 'text/html'));
    await expect(api.get('/api/encuestas')).rejects.toMatchObject({
      status: 502,
      msj: 'Algo salio mal',
    });
    responder('GET /api/encuestas', () => sinRed());
    await expect(api.get('/api/encuestas')).rejects.toMatchObject({
      status: 0,
      msj: 'Algo salio mal',
    });
  });
});

/**
 * The route map types every call: a wrong path, a wrong or missing body field, or a wrong path
 * parameter fails `npm run typecheck` (each line below would compile without the map). The calls
 * are never made: they sit in a function that is not called.
 */
describe('tipos del mapa de rutas', () => {
  it('infiere la respuesta y rechaza caminos, cuerpos y parámetros equivocados', () => {
    expectTypeOf(api.post<'/api/cupos'>)
      .returns.resolves.toHaveProperty('resultado')
      .toEqualTypeOf<CupoDisponible[]>();
    expectTypeOf(api.get<'/api/encuestas/:id'>).returns.resolves.toEqualTypeOf<Encuesta>();

    const _nuncaLlamada = () => {
      // @ts-expect-error: no such route
      void api.post('/api/cupo', { codEmpre: 1, uniNeg: 1 });
      // @ts-expect-error: GET /api/cupos does not exist (it is a POST)
      void api.get('/api/cupos');
      // @ts-expect-error: a field the body does not have (codempre instead of codEmpre)
      void api.post('/api/cupos', { codempre: 1, uniNeg: 1 });
      // @ts-expect-error: a required field missing
      void api.post('/api/cupos', { uniNeg: 1 });
      // @ts-expect-error: a field of the wrong type
      void api.post('/api/cupos/eliminar', { codorden: true });
      // @ts-expect-error: the path's parameter is id, not encuestaId
      void api.get('/api/encuestas/:id', { encuestaId: 5 });
      // @ts-expect-error: the path's parameters are missing
      void api.get('/api/encuestas/:id/preguntas');
      void api.post('/api/encuestas', { titulo: 'x' }).then((e) => {
        // @ts-expect-error: a 201 route's answer is typed too (an Encuesta has no Texto)
        void e.Texto;
      });
    };
    expect(_nuncaLlamada).toBeTypeOf('function');
  });
});
