/**
 * The portal's pool when the database ends its connections (a failover, a restart): a client
 * handed out at that moment must not take the process down (issue 26, failover drill).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearBaseDePrueba } from '../test/app';
import { ejecutar } from '../test/cli';

let base: Awaited<ReturnType<typeof crearBaseDePrueba>>;

beforeAll(async () => {
  base = await crearBaseDePrueba('vacia');
});

afterAll(async () => {
  await base.borrar();
});

describe('pool de conexiones', () => {
  it('una conexión prestada que el servidor corta no termina el proceso', async () => {
    const r = await ejecutar('src/server/test/conexion-cortada.ts', [], {
      DATABASE_URL: base.url,
    });
    expect(r.salida).toContain('sigue');
    expect(r.codigo).toBe(0);
  }, 60_000);
});
