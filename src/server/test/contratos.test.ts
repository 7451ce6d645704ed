/**
 * Every route takes exactly what its contract declares (issue 13, finding 7): a body with a
 * field of more is refused with a 400 that names the field — the yard API's integrators prefer
 * that to a silent drop — and free text is normalized to NFC and refuses the invisible
 * characters that could disguise it (finding 6). The routes come from the authorization matrix,
 * so a new route is covered by adding its row.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { texto } from '../../shared/contracts/comun';
import { usarAppDePrueba } from './app';
import { CASOS_AUTORIZACION, esperadoPara, resolver } from './autorizacion';
import { prepararPersonas, type Personas } from './personas';
import { post } from './sesion';

const t = usarAppDePrueba();
let personas: Personas;

beforeAll(async () => {
  personas = await prepararPersonas(t.app, t.db);
});

describe('un campo de más se rechaza con 400 y su nombre', () => {
  const conCuerpo = CASOS_AUTORIZACION.filter(
    (c) => c.ruta.startsWith('POST ') && c.cuerpo !== undefined,
  );
  for (const caso of conCuerpo) {
    // Whoever gets past the route's access (it is decided before the body is read): the one
    // whose call succeeds, else the administrator, whose refusal comes from the route itself.
    const rol =
      (['admin', 'clienteA', 'servicio'] as const).find((r) => esperadoPara(caso, r) < 300) ??
      'admin';
    it(`${caso.ruta} (como ${rol})`, async () => {
      const contexto = { app: t.app, db: t.db };
      const cuerpo = (await resolver(caso.cuerpo, contexto)) as Record<string, unknown>;
      const url = (await resolver(caso.url, contexto)) ?? caso.ruta.slice(5);
      const res = await post(t.app, url, { ...cuerpo, campoDeMas: 1 }, undefined, {
        headers: personas.cabeceras(rol),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ msj: string }>().msj).toContain('campoDeMas: campo desconocido');
    });
  }

  it('también dentro de un objeto anidado, con su ruta', async () => {
    const res = await post(
      t.app,
      '/api/camiones/camiones-playa',
      { filtros: { codempre: 1, unineg: 1, estado: 0, orden: 'asc' } },
      undefined,
      { headers: personas.cabeceras('clienteA') },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ msj: string }>().msj).toContain('filtros.orden: campo desconocido');
  });
});

describe('texto libre', () => {
  const invisibles: [string, string][] = [
    ['anulación de dirección (RLO)', 'Buena\u202Eatención'],
    ['aislamiento bidireccional', 'ok\u2066x\u2069'],
    ['espacio de ancho cero', 'Sin\u200Bdemoras'],
    ['unión de ancho cero', 'a\u200Db'],
    ['marca de orden de bytes', 'ho\uFEFFla'],
    ['control C1', 'texto\u0085'],
    ['control C0', 'texto\u0007'],
  ];
  for (const [nombre, valor] of invisibles) {
    it(`rechaza ${nombre}`, () => {
      const r = texto(100).safeParse(valor);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('contiene caracteres no permitidos');
    });
  }

  it('acepta acentos, eñes, comillas y saltos de línea; guarda en NFC', () => {
    expect(texto(100).parse('  Ñandú "La Niña"\nrecibió  ')).toBe('Ñandú "La Niña"\nrecibió');
    expect(texto(100).parse('Mai\u0301z')).toBe('Ma\u00edz');
  });

  it('por la API: una observación con una anulación de dirección es un 400; un acento descompuesto se guarda compuesto', async () => {
    const rechazada = await post(
      t.app,
      '/api/encuestas',
      { titulo: 'Atenci\u202Eón', descripcion: null },
      undefined,
      { headers: personas.cabeceras('admin') },
    );
    expect(rechazada.statusCode).toBe(400);
    expect(rechazada.json<{ msj: string }>().msj).toContain(
      'titulo: contiene caracteres no permitidos',
    );

    const creada = await post(
      t.app,
      '/api/encuestas',
      { titulo: 'Mai\u0301z y trigo', descripcion: null },
      undefined,
      { headers: personas.cabeceras('admin') },
    );
    expect(creada.statusCode).toBe(201);
    const { rows } = await t.db.execute<{ titulo: string }>(
      sql`select titulo from encuestas where id = ${creada.json<{ Id: number }>().Id}`,
    );
    expect(rows[0]!.titulo).toBe('Ma\u00edz y trigo');
  });
});
