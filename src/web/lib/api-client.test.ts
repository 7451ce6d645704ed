import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ErrorApi } from './api-client';

const respuesta = (status: number, cuerpo: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(cuerpo), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('cliente de la API', () => {
  it('envía cookies y JSON; un POST sin datos envía {}', async () => {
    const fetch = vi.fn(() => respuesta(200, { ok: 1 }));
    vi.stubGlobal('fetch', fetch);
    await api.post('/api/user/logout', undefined);
    expect(fetch).toHaveBeenCalledWith('/api/user/logout', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{}',
    });
  });

  it('un 401 de cualquier llamada lleva el navegador a /', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => respuesta(401, { msj: 'Debe iniciar sesión' })),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await expect(api.post('/api/cupos', {})).rejects.toBeInstanceOf(ErrorApi);
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('el ingreso maneja su propio 401 sin redirigir', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => respuesta(401, { msj: 'Usuario o coordenadas incorrectas' })),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await expect(
      api.post('/api/auth/comparar-coordenadas', {}, { sinRedireccionEn401: true }),
    ).rejects.toMatchObject({
      status: 401,
      msj: 'Usuario o coordenadas incorrectas',
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it('un error sin msj o sin red se informa como "Algo salio mal"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<html>', { status: 502 }))),
    );
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 502, msj: 'Algo salio mal' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 0, msj: 'Algo salio mal' });
  });
});
