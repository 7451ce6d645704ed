/**
 * The API's compression (compresion.ts) on a bare Fastify with the plugin and routes of every
 * kind of answer: what is compressed and how, what goes as it is.
 */
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compresionPlugin, UMBRAL_COMPRESION } from './compresion';

const app = Fastify();
/** A JSON text of exactly `bytes` UTF-8 bytes, made of `caracter` (one or two bytes each). */
const jsonDe = (bytes: number, caracter = 'a') => {
  const ancho = Buffer.byteLength(caracter);
  return `"${caracter.repeat(Math.floor((bytes - 2) / ancho))}${'b'.repeat((bytes - 2) % ancho)}"`;
};
const grande = JSON.stringify(
  Array.from({ length: 4000 }, (_, i) => ({ id: i, patente: `AB${i}CD`, estado: 'playa' })),
);

beforeAll(async () => {
  await app.register(compresionPlugin);
  app.get('/json/:bytes', (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(jsonDe(Number((request.params as { bytes: string }).bytes))),
  );
  // 600 characters of two bytes: 1,202 bytes, though the string's length is 602.
  app.get('/acentos', (_request, reply) => reply.type('application/json').send(jsonDe(1202, 'ñ')));
  app.get('/grande', (_request, reply) => reply.type('application/json').send(grande));
  app.get('/csv', (_request, reply) =>
    reply.type('text/csv; charset=utf-8').send(Buffer.from('a;b\n'.repeat(1000))),
  );
  app.get('/pdf', (_request, reply) => reply.type('application/pdf').send(Buffer.alloc(5000, 'x')));
  app.get('/flujo', (_request, reply) =>
    reply.type('application/x-ndjson').send(Readable.from(['{"a":1}\n'.repeat(500)])),
  );
  app.get('/con-vary', (_request, reply) =>
    reply.type('application/json').header('vary', 'origin').send(jsonDe(5000)),
  );
  await app.ready();
});
afterAll(() => app.close());

const pedir = (url: string, aceptadas?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: aceptadas === undefined ? {} : { 'accept-encoding': aceptadas },
  });

describe('compresión de las respuestas de la API', () => {
  it('desde 1 kB en bytes, no en caracteres; por debajo, tal como está y sin Vary', async () => {
    const debajo = await pedir(`/json/${UMBRAL_COMPRESION - 1}`, 'br, gzip');
    expect(debajo.headers['content-encoding']).toBeUndefined();
    expect(debajo.headers.vary).toBeUndefined();
    expect(debajo.rawPayload).toHaveLength(UMBRAL_COMPRESION - 1);
    const justo = await pedir(`/json/${UMBRAL_COMPRESION}`, 'br, gzip');
    expect(justo.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(justo.rawPayload).toString()).toBe(jsonDe(UMBRAL_COMPRESION));
    const acentos = await pedir('/acentos', 'gzip');
    expect(acentos.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(acentos.rawPayload).toString()).toBe(jsonDe(1202, 'ñ'));
  });

  it('elige lo que el cliente prefiere entre br y gzip, y nada si no acepta ninguno', async () => {
    for (const [aceptadas, esperada] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0.5, gzip;q=1', 'gzip'],
      ['GZIP', 'gzip'],
      ['*', 'br'],
      ['identity', undefined],
      ['deflate', undefined],
      ['br;q=0, gzip;q=0', undefined],
      [undefined, undefined],
    ] as const) {
      const res = await pedir('/json/5000', aceptadas);
      expect(res.headers['content-encoding'], String(aceptadas)).toBe(esperada);
      // Whatever was chosen, a cache must keep a copy per encoding.
      expect(res.headers.vary, String(aceptadas)).toBe('accept-encoding');
      const cuerpo =
        esperada === undefined
          ? res.rawPayload
          : { br: brotliDecompressSync, gzip: gunzipSync }[esperada](res.rawPayload);
      expect(cuerpo.toString()).toBe(jsonDe(5000));
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
  });

  it('una respuesta grande se comprime fuera del hilo y llega entera', async () => {
    expect(grande.length).toBeGreaterThan(64 * 1024);
    for (const [aceptadas, descomprimir] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await pedir('/grande', aceptadas);
      expect(res.headers['content-encoding']).toBe(aceptadas);
      expect(res.rawPayload.length).toBeLessThan(grande.length / 5);
      expect(descomprimir(res.rawPayload).toString()).toBe(grande);
    }
  });

  it('comprime texto (CSV), no lo ya comprimido (PDF) ni un flujo', async () => {
    const csv = await pedir('/csv', 'gzip');
    expect(csv.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(csv.rawPayload).toString()).toBe('a;b\n'.repeat(1000));
    const pdf = await pedir('/pdf', 'br, gzip');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.headers.vary).toBeUndefined();
    expect(pdf.rawPayload).toHaveLength(5000);
    const flujo = await pedir('/flujo', 'br, gzip');
    expect(flujo.headers['content-encoding']).toBeUndefined();
    expect(flujo.payload).toBe('{"a":1}\n'.repeat(500));
  });

  it('suma accept-encoding al Vary que la respuesta ya tenía', async () => {
    const res = await pedir('/con-vary', 'br');
    expect(res.headers.vary).toBe('origin, accept-encoding');
  });
});
