/**
 * The quota order over the real API: detail, create (N identical, all or nothing), edit, delete,
 * clean-up, the form's catalogues, every validation message and who may touch what.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CuposRespuesta,
  DetalleCupoRespuesta,
  ErrorCupo,
} from '../../../shared/contracts/cupos';
import { MENSAJES_API, TEXTOS_CUPOS } from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { ingresar, post } from '../../test/sesion';
import { insertarCupoDePrueba, ordenDePrueba } from './datos-prueba';

const t = usarAppDePrueba();
let cliente1: string;
let cliente2: string;
let admin: string;
let idCliente1: number;
/** Containers of company 1 and of company 2, by name. */
let bolsa50: number;
let bigBag: number;
let bolsaAjena: number;

async function uno<T>(consulta: ReturnType<typeof sql>): Promise<T> {
  const { rows } = await t.db.execute<Record<string, unknown>>(consulta);
  return rows[0] as T;
}

const cuenta = async (donde: ReturnType<typeof sql>) =>
  (await uno<{ n: number }>(sql`select count(*) as n from cupos where ${donde}`)).n;

const crear = (cuerpo: unknown, cookie = cliente1) =>
  post(t.app, '/api/cupos/crear', cuerpo, cookie);
const editar = (cuerpo: unknown, cookie = cliente1) =>
  post(t.app, '/api/cupos/editar', cuerpo, cookie);
const detalle = (codorden: unknown, cookie = cliente1) =>
  post(t.app, '/api/cupo/detalle', { codorden }, cookie);
const eliminar = (codorden: unknown, cookie = cliente1) =>
  post(t.app, '/api/cupos/eliminar', { codorden }, cookie);

async function auditoriaDe(ctrl: number) {
  const { rows } = await t.db.execute<{
    accion: string;
    actor: string;
    antes: Record<string, unknown> | null;
    despues: Record<string, unknown> | null;
  }>(sql`select accion, actor, antes, despues from auditoria
         where tabla = 'cupos' and fila_id = ${String(ctrl)} order by id`);
  return rows;
}

beforeAll(async () => {
  cliente1 = await ingresar(t.app, 'cliente1');
  cliente2 = await ingresar(t.app, 'cliente2');
  admin = await ingresar(t.app, 'admin');
  idCliente1 = (await uno<{ id: number }>(sql`select id from usuarios where usuario = 'cliente1'`))
    .id;
  const envase = async (codempre: number, nombre: string) =>
    (
      await uno<{ ctrl: number }>(
        sql`select ctrl from envases where codempre = ${codempre} and nombre = ${nombre}`,
      )
    ).ctrl;
  bolsa50 = await envase(1, 'Bolsa 50 kg');
  bigBag = await envase(1, 'Big bag 1000 kg');
  bolsaAjena = await envase(2, 'Bolsa 50 kg');
});

describe('POST /api/cupo/detalle', () => {
  it('cabecera, items por porcentaje descendente y sin envases vacíos para un granel', async () => {
    const ctrl = await insertarCupoDePrueba(t.db, {
      mezcla: [
        [2, 30],
        [1, 70],
      ],
      obs: 'Turno noche',
    });
    const res = await detalle(ctrl);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      detalleCupo: {
        cupo: [
          {
            ctrl,
            codempre: 1,
            unineg: 1,
            tipo: 'D',
            tipodesc: 'Despacho',
            coddespacho: 1,
            nomdespacho: 'Granel',
            tipenvase: -1,
            nombreenvase: 'Sin envase',
            pesoEnvase: null,
            cantidad: 30000,
            couting: false,
            obs: 'Turno noche',
            fechagen: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
            asignado: false,
          },
        ],
        productos: [
          { ctrl: 1, nompro: 'Soja', porcentaje: 70 },
          { ctrl: 2, nompro: 'Maíz', porcentaje: 30 },
        ],
        envasesVacios: [],
      },
    });
  });

  it('el cupo de otra empresa responde igual que uno inexistente: 404', async () => {
    const ajeno = await insertarCupoDePrueba(t.db, { codempre: 2 });
    const res = await detalle(ajeno);
    expect(res.statusCode).toBe(404);
    const inexistente = await detalle(2_000_000_000);
    expect(inexistente.statusCode).toBe(404);
    expect(res.json()).toEqual(inexistente.json());
    expect(res.json()).toEqual({ msj: MENSAJES_API.noEncontrado });
    expect((await detalle(ajeno, admin)).statusCode).toBe(200);
  });

  it('una unidad que el usuario no tiene también es 404', async () => {
    const subproductos = await insertarCupoDePrueba(t.db, { codempre: 2, unineg: 2 });
    expect((await detalle(subproductos, cliente2)).statusCode).toBe(404);
  });

  it('un id que no es un número entero positivo: 400', async () => {
    for (const codorden of [null, 'abc', -1, 0, 1.5]) {
      expect((await detalle(codorden)).statusCode, JSON.stringify(codorden)).toBe(400);
    }
  });
});

describe('POST /api/cupos/crear', () => {
  it('un granel con dos productos: 201, la mezcla en la lista, quién lo creó y la auditoría', async () => {
    const res = await crear(
      ordenDePrueba({ cargaMaxima: '28500', tipoOrden: 'R', conCoating: true }, [
        { producto: '2', porcentaje: '40' },
        { producto: '1', porcentaje: '60' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { cupos } = res.json<{ cupos: number[] }>();
    expect(cupos).toHaveLength(1);
    const ctrl = cupos[0]!;
    const fila = await uno<Record<string, unknown>>(sql`
      select codempre, unineg, tipo, coddespacho, tipenvase, peso_envase, cantidad, couting, obs, creado_por
      from cupos where ctrl = ${ctrl}`);
    expect(fila).toEqual({
      codempre: 1,
      unineg: 1,
      tipo: 'R',
      coddespacho: 1,
      tipenvase: null,
      peso_envase: null,
      cantidad: 28500,
      couting: true,
      obs: 'Prueba',
      creado_por: idCliente1,
    });
    const lista = await post(t.app, '/api/cupos', { codEmpre: 1, uniNeg: 1 }, cliente1);
    const enLista = lista.json<CuposRespuesta>().resultado.find((c) => c.ctrl === ctrl);
    expect(enLista?.mezcla).toBe('Soja 60% / Maíz 40%');
    const [entrada, ...otras] = await auditoriaDe(ctrl);
    expect(otras).toEqual([]);
    expect(entrada).toMatchObject({ accion: 'crear', actor: 'cliente1', antes: null });
    expect(entrada?.despues).toMatchObject({
      ctrl,
      cantidad: 28500,
      productos: [
        { codpro: 1, porcentaje: 60 },
        { codpro: 2, porcentaje: 40 },
      ],
      envasesVacios: [],
    });
  });

  it('3 cupos de envase idénticos, cada uno con sus envases vacíos y el peso del envase de la base', async () => {
    const res = await crear(
      ordenDePrueba(
        {
          tipoDespacho: 2,
          envase: bolsa50,
          cargaMaxima: 600,
          cantCuposIguales: 3,
          pesoEnvase: 999, // ignored: the weight is the container's own
        },
        [
          { producto: 3, porcentaje: 33.3 },
          { producto: 4, porcentaje: 33.4 },
          { producto: 1, porcentaje: 33.3 },
        ],
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { cupos } = res.json<{ cupos: number[] }>();
    expect(cupos).toHaveLength(3);
    expect([...cupos].sort((a, b) => a - b)).toEqual(cupos);
    for (const ctrl of cupos) {
      const d = (await detalle(ctrl)).json<DetalleCupoRespuesta>().detalleCupo;
      expect(d.cupo[0]).toMatchObject({
        nomdespacho: 'Embolsado',
        tipenvase: bolsa50,
        nombreenvase: 'Bolsa 50 kg',
        pesoEnvase: 50,
        cantidad: 600,
      });
      expect(d.productos.map((p) => p.porcentaje)).toEqual([33.4, 33.3, 33.3]);
      expect(d.envasesVacios).toEqual([
        { ctrlenvase: bolsa50, nombre: 'Bolsa 50 kg', unidades: 600 },
      ]);
      expect((await auditoriaDe(ctrl)).map((a) => a.accion)).toEqual(['crear']);
    }
  });

  it('hasta 100 cupos iguales; 101 se rechaza', async () => {
    const cien = await crear(ordenDePrueba({ cantCuposIguales: 100, observaciones: 'cien' }));
    expect(cien.statusCode).toBe(201);
    expect(cien.json<{ cupos: number[] }>().cupos).toHaveLength(100);
    expect(await cuenta(sql`obs = 'cien'`)).toBe(100);
    const res = await crear(ordenDePrueba({ cantCuposIguales: 101, observaciones: 'ciento uno' }));
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorCupo>().erroresCupo).toEqual([TEXTOS_CUPOS.cantidadCuposMaxima]);
    expect(await cuenta(sql`obs = 'ciento uno'`)).toBe(0);
  });

  it('todos o ninguno: si el tercero falla, no queda ninguno ni su auditoría', async () => {
    // A trigger of this test's own database refuses the third quota of this batch.
    await t.db.execute(sql`
      create function falla_al_tercero() returns trigger language plpgsql as $$
      begin
        if new.obs = 'todo o nada' and (select count(*) from cupos where obs = 'todo o nada') >= 2 then
          raise exception 'tercer cupo' using errcode = 'check_violation';
        end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger falla_al_tercero before insert on cupos
      for each row execute function falla_al_tercero()`);
    try {
      const antes = await uno<{ n: number }>(sql`select count(*) as n from auditoria`);
      const res = await crear(ordenDePrueba({ cantCuposIguales: 5, observaciones: 'todo o nada' }));
      expect(res.statusCode).toBe(400);
      expect(await cuenta(sql`obs = 'todo o nada'`)).toBe(0);
      expect((await uno<{ n: number }>(sql`select count(*) as n from auditoria`)).n).toBe(antes.n);
      // Two go through: the trigger itself is not what refuses them.
      const dos = await crear(ordenDePrueba({ cantCuposIguales: 2, observaciones: 'todo o nada' }));
      expect(dos.statusCode).toBe(201);
    } finally {
      await t.db.execute(sql`drop trigger falla_al_tercero on cupos`);
      await t.db.execute(sql`drop function falla_al_tercero()`);
    }
  });

  describe('cada regla responde 400 con su mensaje en erroresCupo y en msj, sin guardar nada', () => {
    const p = (producto: unknown, porcentaje: unknown) => ({ producto, porcentaje });
    const casos: [string, Record<string, unknown>, unknown[] | undefined][] = [
      ['Cliente: Este campo es obligatorio', { cliente: '' }, undefined],
      ['Unidad de Negocio: Este campo es obligatorio', { uniNeg: null }, undefined],
      ['Tipo de despacho: Este campo es obligatorio', { tipoDespacho: '' }, undefined],
      ['Envase: Este campo es obligatorio', { envase: undefined }, undefined],
      ['Envase: Este campo es obligatorio', { tipoDespacho: 2, envase: -1 }, undefined],
      ['Carga máxima: Este campo es obligatorio', { cargaMaxima: '' }, undefined],
      ['La carga maxima debe ser un valor positivo', { cargaMaxima: 0 }, undefined],
      ['La carga maxima debe ser un valor positivo', { cargaMaxima: '-5' }, undefined],
      ['Cantidad de cupos iguales: Este campo es obligatorio', { cantCuposIguales: '' }, undefined],
      ['La cantidad cupos debe ser un valor positivo', { cantCuposIguales: 0 }, undefined],
      ['La cantidad cupos debe ser un numero entero', { cantCuposIguales: 2.5 }, undefined],
      ['Hay productos sin seleccionar', {}, [p('', 100)]],
      ['El ID del producto no es un numero', {}, [p('abc', 100)]],
      ['Inserte un porcentaje válido', {}, [p(1, '')]],
      ['El porcentaje debe ser numerico', {}, [p(1, 'cien')]],
      ['El porcentaje no puede ser negativo', {}, [p(1, -10), p(2, 110)]],
      ['El porcentaje no puede ser mayo que 100', {}, [p(1, 100.5)]],
      ['El porcentaje no suma 100', {}, [p(1, 60), p(2, 39.9)]],
      ['El porcentaje supera 100', {}, [p(1, 60), p(2, 40.1)]],
      ['El porcentaje admite un solo decimal', {}, [p(1, 33.33), p(2, 66.67)]],
      ['Hay productos repetidos', {}, [p(1, 50), p(1, 50)]],
      ['El porcentaje no suma 100', {}, []],
      [
        TEXTOS_CUPOS.unidadesEnteras,
        { tipoDespacho: 2, envase: 'bolsa', cargaMaxima: 10.5 },
        undefined,
      ],
      [TEXTOS_CUPOS.despachoAjeno, { tipoDespacho: 3 }, undefined],
      [TEXTOS_CUPOS.despachoAjeno, { tipoDespacho: 99 }, undefined],
      [TEXTOS_CUPOS.granelSinEnvase, { envase: 'bolsa' }, undefined],
      [TEXTOS_CUPOS.envaseAjeno, { tipoDespacho: 2, envase: 'ajena' }, undefined],
      [TEXTOS_CUPOS.productoAjeno('Harina de soja'), {}, [p(10, 100)]],
      [TEXTOS_CUPOS.productoAjeno('999'), {}, [p(999, 100)]],
    ];
    for (const [mensaje, cambios, productos] of casos) {
      it(`${mensaje} (${JSON.stringify(cambios)} ${JSON.stringify(productos ?? '')})`, async () => {
        const envase = { bolsa: bolsa50, ajena: bolsaAjena }[String(cambios.envase)];
        const cuerpo = ordenDePrueba(
          { ...cambios, ...(envase ? { envase } : {}), observaciones: 'rechazado' },
          productos,
        );
        const res = await crear(cuerpo);
        expect(res.statusCode, res.body).toBe(400);
        const cuerpoError = res.json<ErrorCupo>();
        expect(cuerpoError.erroresCupo).toContain(mensaje);
        expect(cuerpoError.msj).toContain(mensaje);
        expect(await cuenta(sql`obs = 'rechazado'`)).toBe(0);
      });
    }
  });

  it('un cupo con varios errores los lista todos', async () => {
    const res = await crear(
      ordenDePrueba({ tipoDespacho: '', cargaMaxima: -1 }, [{ producto: '', porcentaje: 50 }]),
    );
    expect(res.json<ErrorCupo>().erroresCupo).toEqual([
      'Tipo de despacho: Este campo es obligatorio',
      'La carga maxima debe ser un valor positivo',
      'Hay productos sin seleccionar',
      'El porcentaje no suma 100',
    ]);
  });

  it('otra empresa o una unidad ajena: 403, antes de revisar el resto', async () => {
    const ajena = await crear(ordenDePrueba({ cliente: 2, cargaMaxima: '' }));
    expect(ajena.statusCode).toBe(403);
    expect(ajena.json()).toEqual({ msj: MENSAJES_API.sinPermisoDatos });
    expect((await crear(ordenDePrueba({ uniNeg: 2 }), cliente2)).statusCode).toBe(403);
    expect((await crear(ordenDePrueba({ cliente: 2 }), admin)).statusCode).toBe(201);
  });

  it('propiedad: valores al azar en cada campo y fila nunca dan un 5xx ni guardan algo inválido', async () => {
    const raro = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.integer({ min: -3, max: 2 ** 31 + 5 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string({ maxLength: 12 }),
      fc.constantFrom(
        '',
        '-1',
        '1',
        '2',
        '3',
        '10',
        '100',
        '33.3',
        '1e3',
        '0',
        ' 5 ',
        '99999999999',
      ),
    );
    const campos = fc.record({
      cliente: raro,
      uniNeg: raro,
      tipoDespacho: raro,
      envase: fc.oneof(raro, fc.constant(bolsa50)),
      cargaMaxima: raro,
      cantCuposIguales: fc.oneof(raro, fc.integer({ min: 1, max: 3 })),
    });
    const filas = fc.array(fc.record({ producto: raro, porcentaje: raro }), { maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(campos, filas, async (c, productos) => {
        const res = await crear(ordenDePrueba({ ...c, observaciones: 'azar' }, productos), admin);
        // 403: a unit that is not one of the user's (even the administrator's: it does not exist).
        expect([201, 400, 403], res.body).toContain(res.statusCode);
        if (res.statusCode >= 400) expect(typeof res.json<ErrorCupo>().msj).toBe('string');
      }),
      { numRuns: 150 },
    );
    // Whatever got through sums exactly 100.
    expect(
      await cuenta(
        sql`obs = 'azar' and (select sum(porcentaje) from cupo_productos where cupo_ctrl = ctrl) <> 100`,
      ),
    ).toBe(0);
  });

  it('la forma del cuerpo la valida el contrato: 400 { msj }', async () => {
    for (const cuerpo of [
      {},
      { mergedCupo: null },
      ordenDePrueba({ tipoOrden: 'X' }),
      ordenDePrueba({ conCoating: 'si' }),
      ordenDePrueba({ observaciones: 'x'.repeat(251) }),
      ordenDePrueba({ cliente: { codempre: 1 } }),
      ordenDePrueba({}, [{ producto: [1], porcentaje: 100 }]),
    ]) {
      const res = await crear(cuerpo);
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400);
      expect(typeof res.json<{ msj: string }>().msj).toBe('string');
    }
  });
});

describe('POST /api/cupos/editar', () => {
  it('reemplaza todos los valores, la mezcla y los envases; audita antes y después', async () => {
    const ctrl = await insertarCupoDePrueba(t.db, { obs: 'original' });
    const res = await editar(
      ordenDePrueba(
        {
          ctrl,
          tipoDespacho: 2,
          envase: bigBag,
          cargaMaxima: 28,
          observaciones: 'modificado',
          cantCuposIguales: '',
        },
        [
          { producto: 2, porcentaje: 50 },
          { producto: 3, porcentaje: 50 },
        ],
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ cupos: [ctrl] });
    const d = (await detalle(ctrl)).json<DetalleCupoRespuesta>().detalleCupo;
    expect(d.cupo[0]).toMatchObject({
      coddespacho: 2,
      tipenvase: bigBag,
      pesoEnvase: 1000,
      cantidad: 28,
      obs: 'modificado',
    });
    expect(d.productos.map((x) => [x.ctrl, x.porcentaje])).toEqual([
      [2, 50],
      [3, 50],
    ]);
    expect(d.envasesVacios).toEqual([
      { ctrlenvase: bigBag, nombre: 'Big bag 1000 kg', unidades: 28 },
    ]);
    const actualizado = await uno<{ actualizado_por: number; hay_fecha: boolean }>(sql`
      select actualizado_por, actualizado_en is not null as hay_fecha from cupos where ctrl = ${ctrl}`);
    expect(actualizado).toEqual({ actualizado_por: idCliente1, hay_fecha: true });
    const [auditada] = await auditoriaDe(ctrl);
    expect(auditada?.accion).toBe('modificar');
    expect(auditada?.antes).toMatchObject({ obs: 'original', tipenvase: null, envasesVacios: [] });
    expect(auditada?.despues).toMatchObject({ obs: 'modificado', tipenvase: bigBag });

    // Back to bulk: the empty containers go away.
    const granel = await editar(ordenDePrueba({ ctrl }));
    expect(granel.statusCode).toBe(201);
    expect((await detalle(ctrl)).json<DetalleCupoRespuesta>().detalleCupo.envasesVacios).toEqual(
      [],
    );
  });

  it('un cupo vinculado a un camión no se modifica: 409 y queda como estaba', async () => {
    const ctrl = await insertarCupoDePrueba(t.db, { asignado: true, obs: 'vinculado' });
    const res = await editar(ordenDePrueba({ ctrl, observaciones: 'cambiado' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msj: TEXTOS_CUPOS.cupoVinculado });
    expect(await cuenta(sql`ctrl = ${ctrl} and obs = 'vinculado'`)).toBe(1);
    expect(await auditoriaDe(ctrl)).toEqual([]);
  });

  it('ajeno, eliminado o inexistente: 404; inválido: 400 sin cambios', async () => {
    const ajeno = await insertarCupoDePrueba(t.db, { codempre: 2 });
    expect((await editar(ordenDePrueba({ ctrl: ajeno }))).statusCode).toBe(404);
    const eliminado = await insertarCupoDePrueba(t.db);
    await eliminar(eliminado);
    expect((await editar(ordenDePrueba({ ctrl: eliminado }))).statusCode).toBe(404);
    expect((await editar(ordenDePrueba({ ctrl: 2_000_000_000 }))).statusCode).toBe(404);
    const propio = await insertarCupoDePrueba(t.db, { obs: 'sin cambios' });
    const invalido = await editar(ordenDePrueba({ ctrl: propio, cargaMaxima: 0 }));
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json<ErrorCupo>().erroresCupo).toEqual([TEXTOS_CUPOS.cargaMaximaPositiva]);
    expect(await cuenta(sql`ctrl = ${propio} and obs = 'sin cambios'`)).toBe(1);
  });

  it('pasarlo a una empresa que no es la del usuario: 403', async () => {
    const ctrl = await insertarCupoDePrueba(t.db);
    expect((await editar(ordenDePrueba({ ctrl, cliente: 2 }))).statusCode).toBe(403);
  });
});

describe('POST /api/cupos/eliminar', () => {
  it('borrado lógico: la fila queda con quién y cuándo, y sale de la lista y del detalle', async () => {
    const ctrl = await insertarCupoDePrueba(t.db);
    const res = await eliminar(ctrl);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ eliminados: 1 });
    const fila = await uno<{ eliminado_por: number; hay_fecha: boolean; productos: number }>(sql`
      select eliminado_por, eliminado_en is not null as hay_fecha,
             (select count(*) from cupo_productos where cupo_ctrl = ctrl) as productos
      from cupos where ctrl = ${ctrl}`);
    expect(fila).toEqual({ eliminado_por: idCliente1, hay_fecha: true, productos: 1 });
    const lista = await post(t.app, '/api/cupos', { codEmpre: 1, uniNeg: 1 }, cliente1);
    expect(lista.json<CuposRespuesta>().resultado.map((c) => c.ctrl)).not.toContain(ctrl);
    expect((await detalle(ctrl)).statusCode).toBe(404);
    expect((await eliminar(ctrl)).statusCode).toBe(404);
    const [auditada] = await auditoriaDe(ctrl);
    expect(auditada?.accion).toBe('eliminar');
    expect(auditada?.antes).toMatchObject({ eliminado_en: null });
    expect(auditada?.despues).toMatchObject({ eliminado_por: idCliente1 });
  });

  it('vinculado a un camión: 409 y sigue vivo; de otra empresa: 404', async () => {
    const vinculado = await insertarCupoDePrueba(t.db, { asignado: true });
    const res = await eliminar(vinculado);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msj: TEXTOS_CUPOS.cupoVinculado });
    expect(await cuenta(sql`ctrl = ${vinculado} and eliminado_en is null`)).toBe(1);
    const ajeno = await insertarCupoDePrueba(t.db, { codempre: 2 });
    expect((await eliminar(ajeno)).statusCode).toBe(404);
    expect(await cuenta(sql`ctrl = ${ajeno} and eliminado_en is null`)).toBe(1);
  });

  it('diez pedidos a la vez sobre el mismo cupo: uno lo elimina, los demás reciben 404', async () => {
    const ctrl = await insertarCupoDePrueba(t.db);
    const respuestas = await Promise.all(Array.from({ length: 10 }, () => eliminar(ctrl)));
    const estados = respuestas.map((r) => r.statusCode).sort();
    expect(estados).toEqual([200, ...Array<number>(9).fill(404)]);
    expect((await auditoriaDe(ctrl)).length).toBe(1);
  });
});

describe('POST /api/cupos/limpiar', () => {
  it('elimina solo los sin asignar del cliente y unidad, cada uno auditado', async () => {
    // Company 3 in Subproductos: nobody else in this file touches it.
    const libres = [
      await insertarCupoDePrueba(t.db, { codempre: 3, unineg: 2 }),
      await insertarCupoDePrueba(t.db, { codempre: 3, unineg: 2 }),
    ];
    const vinculado = await insertarCupoDePrueba(t.db, { codempre: 3, unineg: 2, asignado: true });
    const otraUnidad = await insertarCupoDePrueba(t.db, { codempre: 3, unineg: 1 });
    const yaLibres = await cuenta(
      sql`codempre = 3 and unineg = 2 and camion_ctrl is null and eliminado_en is null`,
    );
    expect(yaLibres).toBeGreaterThanOrEqual(2);

    const res = await post(t.app, '/api/cupos/limpiar', { codEmpre: 3, uniNeg: 2 }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ eliminados: yaLibres });
    expect(
      await cuenta(
        sql`codempre = 3 and unineg = 2 and camion_ctrl is null and eliminado_en is null`,
      ),
    ).toBe(0);
    expect(await cuenta(sql`ctrl in (${vinculado}, ${otraUnidad}) and eliminado_en is null`)).toBe(
      2,
    );
    for (const ctrl of libres) {
      const [auditada] = await auditoriaDe(ctrl);
      expect(auditada).toMatchObject({ accion: 'limpiar', actor: 'admin' });
      expect(auditada?.despues).toMatchObject({ eliminado_en: expect.any(String) });
    }
    const lista = await post(t.app, '/api/cupos', { codEmpre: 3, uniNeg: 2 }, admin);
    expect(lista.json<CuposRespuesta>().resultado).toEqual([]);
    const otraVez = await post(t.app, '/api/cupos/limpiar', { codEmpre: 3, uniNeg: 2 }, admin);
    expect(otraVez.json()).toEqual({ eliminados: 0 });
  });

  it('otra empresa o unidad ajena: 403 y nada cambia', async () => {
    const libres = await cuenta(sql`codempre = 2 and camion_ctrl is null and eliminado_en is null`);
    const res = await post(t.app, '/api/cupos/limpiar', { codEmpre: 2, uniNeg: 1 }, cliente1);
    expect(res.statusCode).toBe(403);
    expect(
      (await post(t.app, '/api/cupos/limpiar', { codEmpre: 2, uniNeg: 2 }, cliente2)).statusCode,
    ).toBe(403);
    expect(await cuenta(sql`codempre = 2 and camion_ctrl is null and eliminado_en is null`)).toBe(
      libres,
    );
  });
});

describe('catálogos del formulario', () => {
  it('tipos de despacho de la unidad, con su marca de envase', async () => {
    const res = await post(t.app, '/api/cupos/despachos', { coddespacho: 2 }, cliente1);
    expect(res.json()).toEqual([
      { coddespacho: 3, nomdespacho: 'Granel', envase: 'N' },
      { coddespacho: 4, nomdespacho: 'Embolsado', envase: 'S' },
      { coddespacho: 5, nomdespacho: 'Big bag', envase: 'S' },
    ]);
    expect(
      (await post(t.app, '/api/cupos/despachos', { coddespacho: 2 }, cliente2)).statusCode,
    ).toBe(403);
  });

  it('envases activos del cliente, del más liviano al más pesado', async () => {
    await t.db.execute(
      sql`insert into envases (codempre, nombre, peso, activo) values (1, 'Bolsa vieja', 40, false)`,
    );
    const res = await post(t.app, '/api/envases/envases-clientes', { cliente: 1 }, cliente1);
    expect(res.json()).toEqual([
      { ctrl: expect.any(Number), nombre: 'Bolsa 25 kg', peso: 25 },
      { ctrl: bolsa50, nombre: 'Bolsa 50 kg', peso: 50 },
      { ctrl: bigBag, nombre: 'Big bag 1000 kg', peso: 1000 },
    ]);
    expect(
      (await post(t.app, '/api/envases/envases-clientes', { cliente: 2 }, cliente1)).statusCode,
    ).toBe(403);
  });

  it('un envase inactivo ya no se acepta en un cupo', async () => {
    const { ctrl } = await uno<{ ctrl: number }>(
      sql`insert into envases (codempre, nombre, peso, activo) values (1, 'Bolsa retirada', 30, false) returning ctrl`,
    );
    const res = await crear(ordenDePrueba({ tipoDespacho: 2, envase: ctrl, cargaMaxima: 10 }));
    expect(res.json<ErrorCupo>().erroresCupo).toEqual([TEXTOS_CUPOS.envaseAjeno]);
  });

  it('productos del cliente en la unidad, por nombre', async () => {
    const res = await post(
      t.app,
      '/api/productos/productos-clientes',
      { cliente: 1, unineg: 2 },
      cliente1,
    );
    expect(res.json()).toEqual([
      { codpro: 10, nompro: 'Harina de soja' },
      { codpro: 11, nompro: 'Pellets de girasol' },
    ]);
    const ajena = await post(
      t.app,
      '/api/productos/productos-clientes',
      { cliente: 2, unineg: 2 },
      admin,
    );
    expect(ajena.json()).toEqual([]);
  });
});
