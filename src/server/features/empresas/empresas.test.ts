import { beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_API } from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { ingresar, post } from '../../test/sesion';

const t = usarAppDePrueba();
let admin: string;
let cliente1: string;

beforeAll(async () => {
  admin = await ingresar(t.app, 'admin');
  cliente1 = await ingresar(t.app, 'cliente1');
});

describe('POST /api/clientes/clientes-empresas', () => {
  it('el administrador ve todas las empresas cliente (no la 0), por nombre', async () => {
    const res = await post(t.app, '/api/clientes/clientes-empresas', { codempre: 0 }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { codempre: 1, nomempre: 'Agroexportadora del Litoral S.A.' },
      { codempre: 2, nomempre: 'Cereales Pampeanos S.R.L.' },
      { codempre: 5, nomempre: 'Cooperativa Agrícola Las Varillas Ltda.' },
      { codempre: 3, nomempre: 'Molinos Río Paraná S.A.' },
      { codempre: 4, nomempre: 'Oleaginosa San Martín S.A.' },
    ]);
  });

  it('un cliente ve solo su empresa', async () => {
    const res = await post(t.app, '/api/clientes/clientes-empresas', { codempre: 1 }, cliente1);
    expect(res.json()).toEqual([{ codempre: 1, nomempre: 'Agroexportadora del Litoral S.A.' }]);
  });

  it('un cliente que nombra otra empresa recibe 403 con el msj del diseño', async () => {
    for (const codempre of [0, 2, '2', 99]) {
      const res = await post(t.app, '/api/clientes/clientes-empresas', { codempre }, cliente1);
      expect(res.statusCode, String(codempre)).toBe(403);
      expect(res.json()).toEqual({ msj: MENSAJES_API.sinPermisoDatos });
      expect(MENSAJES_API.sinPermisoDatos).toBe('No tiene permiso para acceder a estos datos');
    }
  });

  it('valida codempre', async () => {
    for (const codempre of [null, 'x', -1, 1.5, true]) {
      const res = await post(t.app, '/api/clientes/clientes-empresas', { codempre }, admin);
      expect(res.statusCode, JSON.stringify(codempre)).toBe(400);
    }
  });
});
