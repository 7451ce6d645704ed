/**
 * Products and the products each client may order per unit (issue 21) over the real API: the
 * catalogue's rules and their Spanish refusals, deactivation (no longer offered nor accepted for
 * new quotas, still in history and stock), deletion only of what nothing refers to, the audit
 * rows, and the import's entry points inside a caller's transaction. Every test makes its own
 * products and companies: the demo stays as other test files expect it.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCupo } from '../../../shared/contracts/cupos';
import {
  MENSAJES_ADMINISTRACION as MA,
  MENSAJES_PRODUCTOS as M,
  TEXTOS_CUPOS,
} from '../../../shared/textos';
import { usarAppDePrueba } from '../../test/app';
import { get, ingresar, post } from '../../test/sesion';
import { insertarCupoDePrueba, ordenDePrueba } from '../cupos/datos-prueba';
import { crear as crearEmpresa } from '../empresas/servicio';
import { ajustar } from '../stock/servicio';
import {
  guardarProductoEn,
  guardarProductosDeCliente,
  paraCupoEn,
  sincronizarDeClientesEn,
} from './servicio';

const t = usarAppDePrueba();
const PRUEBA = { actor: 'prueba' };
let admin: string;
let cliente1: string;

/** Codes and companies of this file only. */
let ultimo = 5000;
const codigoNuevo = () => ++ultimo;

beforeAll(async () => {
  admin = await ingresar(t.app, 'admin');
  cliente1 = await ingresar(t.app, 'cliente1');
});

const adm = (url: string, cuerpo: unknown) =>
  post(t.app, `/api/administracion${url}`, cuerpo, admin);

async function crearProducto(nompro = `Producto ${ultimo + 1}`) {
  const res = await adm('/productos/crear', { codpro: codigoNuevo(), nompro });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ codpro: number; nompro: string; activo: boolean; clientes: number }>();
}

/** A client company of its own, working in Granos (and Subproductos if asked). */
async function empresaNueva(unidades = [1]) {
  const { codempre } = await crearEmpresa(t.db, PRUEBA, {
    codempre: codigoNuevo(),
    nomempre: `Cliente de productos ${ultimo}`,
    unidades,
  });
  return codempre;
}

async function auditoria(tabla: string, filaId: string | number) {
  const { rows } = await t.db.execute<{
    accion: string;
    actor: string;
    antes: unknown;
    despues: unknown;
  }>(sql`select accion, actor, antes, despues from auditoria
         where tabla = ${tabla} and fila_id = ${String(filaId)} order by id`);
  return rows;
}

const ofrecidos = async (cliente: number, unineg: number, cookie = admin) =>
  (await post(t.app, '/api/productos/productos-clientes', { cliente, unineg }, cookie)).json<
    { codpro: number; nompro: string }[]
  >();

describe('catálogo de productos', () => {
  it('crea un producto activo, lo lista y lo audita', async () => {
    const p = await crearProducto('Colza');
    expect(p).toEqual({ codpro: ultimo, nompro: 'Colza', activo: true, clientes: 0 });
    const lista = await get(t.app, '/api/administracion/productos', admin);
    expect(lista.json()).toContainEqual(p);
    expect(lista.json()).toContainEqual({ codpro: 1, nompro: 'Soja', activo: true, clientes: 3 });
    expect(await auditoria('productos', p.codpro)).toEqual([
      {
        accion: 'crear',
        actor: 'admin',
        antes: null,
        despues: { codpro: p.codpro, nompro: 'Colza', activo: true },
      },
    ]);
  });

  it('rechaza un código o un nombre que ya existen (sin importar mayúsculas), por su campo', async () => {
    const codigo = await adm('/productos/crear', { codpro: 1, nompro: 'Otro' });
    expect(codigo.statusCode).toBe(400);
    expect(codigo.json()).toEqual({ msj: `codpro: ${M.productoExistente(1, 'Soja')}` });
    const nombre = await adm('/productos/crear', { codpro: codigoNuevo(), nompro: '  SOJA ' });
    expect(nombre.statusCode).toBe(400);
    expect(nombre.json()).toEqual({ msj: `nompro: ${M.nombreExistente('Soja', 1)}` });
    for (const cuerpo of [
      { codpro: 0, nompro: 'Cero' },
      { codpro: -3, nompro: 'Negativo' },
      { codpro: 1.5, nompro: 'Decimal' },
      { codpro: codigoNuevo(), nompro: '   ' },
      { codpro: codigoNuevo(), nompro: 'x'.repeat(61) },
    ]) {
      const res = await adm('/productos/crear', cuerpo);
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400);
      expect(res.json<{ msj: string }>().msj).toMatch(/codpro|nompro/);
    }
    const { rows } = await t.db.execute(sql`select 1 from productos where nompro ilike 'soja'`);
    expect(rows).toHaveLength(1);
  });

  it('renombrar: cupos y stock muestran el nombre nuevo; el nombre de otro se rechaza', async () => {
    const p = await crearProducto('Avena');
    const codempre = await empresaNueva();
    await guardarProductosDeCliente(t.db, PRUEBA, { codempre, unineg: 1, productos: [p.codpro] });
    const cupo = await insertarCupoDePrueba(t.db, { codempre, mezcla: [[p.codpro, 100]] });
    await ajustar(t.db, PRUEBA, {
      codempre,
      unineg: 1,
      codpro: p.codpro,
      kilos: 2500,
      tipo: 'apertura',
      observacion: null,
    });

    const res = await adm('/productos/renombrar', { codpro: p.codpro, nompro: 'Avena blanca' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...p, nompro: 'Avena blanca', clientes: 1 });
    const { rows } = await t.db.execute<{ mezcla: string }>(
      sql`select mezcla from cupos where ctrl = ${cupo}`,
    );
    expect(rows[0]!.mezcla).toBe('Avena blanca');
    const stock = await post(t.app, '/api/empresa/stock', { codempre, unineg: 1 }, admin);
    expect(stock.json()).toEqual([
      expect.objectContaining({ codpro: p.codpro, nompro: 'Avena blanca', toneladas: 2.5 }),
    ]);
    expect((await auditoria('productos', p.codpro)).at(-1)).toEqual({
      accion: 'renombrar',
      actor: 'admin',
      antes: { codpro: p.codpro, nompro: 'Avena', activo: true },
      despues: { codpro: p.codpro, nompro: 'Avena blanca', activo: true },
    });

    const tomado = await adm('/productos/renombrar', { codpro: p.codpro, nompro: 'maíz' });
    expect(tomado.json()).toEqual({ msj: `nompro: ${M.nombreExistente('Maíz', 2)}` });
    const inexistente = await adm('/productos/renombrar', { codpro: 999_999, nompro: 'Nada' });
    expect(inexistente.statusCode).toBe(404);
    expect(inexistente.json()).toEqual({ msj: M.productoInexistente(999_999) });
  });

  it('desactivado: no se ofrece ni se acepta en un cupo nuevo; su cupo abierto, su stock y su historia siguen', async () => {
    const p = await crearProducto('Lino');
    await sincronizarDeClientesEn(t.db, [{ codempre: 1, unineg: 1, codpro: p.codpro }]);
    const abierto = await insertarCupoDePrueba(t.db, { mezcla: [[p.codpro, 100]] });
    await ajustar(t.db, PRUEBA, {
      codempre: 1,
      unineg: 1,
      codpro: p.codpro,
      kilos: 1000,
      tipo: 'apertura',
      observacion: null,
    });
    expect(await ofrecidos(1, 1, cliente1)).toContainEqual({ codpro: p.codpro, nompro: 'Lino' });

    const res = await adm('/productos/activo', { codpro: p.codpro, activo: false });
    expect(res.json()).toEqual({ ...p, activo: false, clientes: 1 });
    expect(await ofrecidos(1, 1, cliente1)).not.toContainEqual(
      expect.objectContaining({ codpro: p.codpro }),
    );
    const cupo = await post(
      t.app,
      '/api/cupos/crear',
      ordenDePrueba({}, [{ producto: p.codpro, porcentaje: 100 }]),
      cliente1,
    );
    expect(cupo.statusCode).toBe(400);
    expect(cupo.json<ErrorCupo>().erroresCupo).toEqual([TEXTOS_CUPOS.productoInactivo('Lino')]);
    // What history holds keeps showing it: the open quota, the stock, the product list.
    const detalle = await post(t.app, '/api/cupo/detalle', { codorden: abierto }, cliente1);
    expect(detalle.json().detalleCupo.productos).toEqual([
      { ctrl: p.codpro, nompro: 'Lino', porcentaje: 100 },
    ]);
    const stock = await post(t.app, '/api/empresa/stock', { codempre: 1, unineg: 1 }, cliente1);
    expect(stock.json()).toContainEqual(
      expect.objectContaining({ codpro: p.codpro, nompro: 'Lino', toneladas: 1 }),
    );

    const otra = await adm('/productos/activo', { codpro: p.codpro, activo: true });
    expect(otra.json<{ activo: boolean }>().activo).toBe(true);
    expect(await ofrecidos(1, 1, cliente1)).toContainEqual({ codpro: p.codpro, nompro: 'Lino' });
    expect((await auditoria('productos', p.codpro)).map((a) => a.accion)).toEqual([
      'crear',
      'desactivar',
      'activar',
    ]);
  });

  it('eliminar: solo lo que nada usa; si no, dice qué lo usa', async () => {
    const libre = await crearProducto('Mijo');
    const borrado = await adm('/productos/eliminar', { codpro: libre.codpro });
    expect(borrado.statusCode, borrado.body).toBe(200);
    expect(borrado.json()).toEqual({ ok: true });
    const { rows } = await t.db.execute(
      sql`select 1 from productos where codpro = ${libre.codpro}`,
    );
    expect(rows).toHaveLength(0);
    expect((await auditoria('productos', libre.codpro)).at(-1)).toEqual({
      accion: 'eliminar',
      actor: 'admin',
      antes: { codpro: libre.codpro, nompro: 'Mijo', activo: true },
      despues: null,
    });

    // Soja in the demo: quotas, the tickets of their trucks, stock movements and clients.
    const { rows: usos } = await t.db.execute<{ cupos: number; tickets: number; mov: number }>(sql`
      select (select count(*) from cupo_productos where codpro = 1)::int as cupos,
             (select count(distinct t.ctrl) from tickets t
              join cupos c on c.camion_ctrl = t.camion_ctrl
              join cupo_productos cp on cp.cupo_ctrl = c.ctrl and cp.codpro = 1)::int as tickets,
             (select count(*) from stock_movimientos where codpro = 1)::int as mov`);
    const u = usos[0]!;
    expect(u.tickets).toBeGreaterThan(0);
    const soja = await adm('/productos/eliminar', { codpro: 1 });
    expect(soja.statusCode).toBe(409);
    expect(soja.json()).toEqual({
      msj: M.noSeElimina(1, 'Soja', [
        M.usoCupos(u.cupos),
        M.usoTickets(u.tickets),
        M.usoMovimientos(u.mov),
        M.usoClientes(3),
      ]),
    });

    // Only a client that may order it: still refused, naming it.
    const habilitado = await crearProducto('Alpiste');
    const codempre = await empresaNueva();
    await guardarProductosDeCliente(t.db, PRUEBA, {
      codempre,
      unineg: 1,
      productos: [habilitado.codpro],
    });
    const res = await adm('/productos/eliminar', { codpro: habilitado.codpro });
    expect(res.json()).toEqual({
      msj: M.noSeElimina(habilitado.codpro, 'Alpiste', [M.usoClientes(1)]),
    });
    expect((await adm('/productos/eliminar', { codpro: 999_998 })).statusCode).toBe(404);
  });
});

describe('productos por cliente y unidad', () => {
  it('marca los activos que el cliente puede pedir, los fija con la lista entera y audita antes y después', async () => {
    const codempre = await empresaNueva([1, 2]);
    const vista = await adm('/productos/cliente', { codempre, unineg: 1 });
    expect(vista.statusCode, vista.body).toBe(200);
    const lineas = vista.json<{ codpro: number; habilitado: boolean; activo: boolean }[]>();
    expect(lineas.every((l) => l.activo && !l.habilitado)).toBe(true);
    expect(lineas.map((l) => l.codpro)).toEqual(expect.arrayContaining([1, 2, 3, 10]));

    const guardado = await adm('/productos/cliente/guardar', {
      codempre,
      unineg: 1,
      productos: [2, 1, 1],
    });
    expect(guardado.statusCode, guardado.body).toBe(200);
    expect(
      guardado
        .json<{ codpro: number; habilitado: boolean }[]>()
        .filter((l) => l.habilitado)
        .map((l) => l.codpro),
    ).toEqual([2, 1]); // by name: Maíz, Soja
    expect(await ofrecidos(codempre, 1)).toEqual([
      { codpro: 2, nompro: 'Maíz' },
      { codpro: 1, nompro: 'Soja' },
    ]);
    expect(await ofrecidos(codempre, 2)).toEqual([]);

    await adm('/productos/cliente/guardar', { codempre, unineg: 1, productos: [1, 3] });
    expect(await auditoria('productos_clientes', `${codempre}/1`)).toEqual([
      {
        accion: 'cambiar_productos',
        actor: 'admin',
        antes: { codempre, unineg: 1, productos: [] },
        despues: { codempre, unineg: 1, productos: [1, 2] },
      },
      {
        accion: 'cambiar_productos',
        actor: 'admin',
        antes: { codempre, unineg: 1, productos: [1, 2] },
        despues: { codempre, unineg: 1, productos: [1, 3] },
      },
    ]);
    // The same list again changes nothing and writes no audit row.
    await adm('/productos/cliente/guardar', { codempre, unineg: 1, productos: [3, 1] });
    expect(await auditoria('productos_clientes', `${codempre}/1`)).toHaveLength(2);
  });

  it('no habilita un producto desactivado ni uno inexistente; uno desactivado que ya tenía se ve y se puede quitar', async () => {
    const codempre = await empresaNueva();
    const p = await crearProducto('Centeno');
    await adm('/productos/cliente/guardar', { codempre, unineg: 1, productos: [p.codpro] });
    await adm('/productos/activo', { codpro: p.codpro, activo: false });

    const vista = await adm('/productos/cliente', { codempre, unineg: 1 });
    expect(vista.json()).toContainEqual({
      codpro: p.codpro,
      nompro: 'Centeno',
      activo: false,
      habilitado: true,
      cuposAbiertos: 0,
    });
    const otra = await empresaNueva();
    const inactivo = await adm('/productos/cliente/guardar', {
      codempre: otra,
      unineg: 1,
      productos: [1, p.codpro],
    });
    expect(inactivo.statusCode).toBe(400);
    expect(inactivo.json()).toEqual({
      msj: `productos: ${M.inactivoParaCliente(p.codpro, 'Centeno')}`,
    });
    const inexistente = await adm('/productos/cliente/guardar', {
      codempre: otra,
      unineg: 1,
      productos: [999_997],
    });
    expect(inexistente.statusCode).toBe(404);
    expect(inexistente.json()).toEqual({ msj: M.productoInexistente(999_997) });
    expect(await ofrecidos(otra, 1)).toEqual([]);

    // Kept while the list keeps it; taken away when it leaves the list.
    await adm('/productos/cliente/guardar', { codempre, unineg: 1, productos: [p.codpro, 1] });
    await adm('/productos/cliente/guardar', { codempre, unineg: 1, productos: [1] });
    const despues = await adm('/productos/cliente', { codempre, unineg: 1 });
    expect(despues.json()).not.toContainEqual(expect.objectContaining({ codpro: p.codpro }));
  });

  it('no quita un producto de los cupos abiertos del cliente; sí cuando el cupo se eliminó o su camión terminó', async () => {
    const codempre = await empresaNueva();
    await adm('/productos/cliente/guardar', { codempre, unineg: 1, productos: [1, 2] });
    const cupo = await insertarCupoDePrueba(t.db, {
      codempre,
      mezcla: [
        [1, 60],
        [2, 40],
      ],
    });
    const vista = await adm('/productos/cliente', { codempre, unineg: 1 });
    expect(vista.json()).toContainEqual(
      expect.objectContaining({ codpro: 1, habilitado: true, cuposAbiertos: 1 }),
    );
    const res = await adm('/productos/cliente/guardar', { codempre, unineg: 1, productos: [2] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msj: M.enCuposAbiertos(1, 'Soja', 1) });
    expect(await ofrecidos(codempre, 1)).toHaveLength(2);

    // A quota whose truck finished is history, not open.
    await t.db.execute(sql`
      insert into camiones (ctrl, codempre, unineg, patcha, pataco, cargateorica, nomchofer, dni,
                            ingplaya, codestado, finalizado_en)
      values (900000 + ${codempre}, ${codempre}, 1, 'AA000AA', 'AB000AB', 30000, 'Chofer', '20000000',
              now(), 4, now())`);
    await t.db.execute(sql`
      update cupos set camion_ctrl = 900000 + ${codempre}, cantidad_asignada = 1000
      where ctrl = ${cupo}`);
    const ok = await adm('/productos/cliente/guardar', { codempre, unineg: 1, productos: [] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await ofrecidos(codempre, 1)).toEqual([]);
  });

  it('la empresa debe existir, ser cliente y trabajar en la unidad', async () => {
    const codempre = await empresaNueva([1]);
    const ajena = await adm('/productos/cliente', { codempre, unineg: 2 });
    expect(ajena.statusCode).toBe(400);
    expect(ajena.json()).toEqual({ msj: `unineg: ${MA.unidadAjena(codempre, 2)}` });
    const guardar = await adm('/productos/cliente/guardar', {
      codempre,
      unineg: 2,
      productos: [10],
    });
    expect(guardar.json()).toEqual({ msj: `unineg: ${MA.unidadAjena(codempre, 2)}` });
    const inexistente = await adm('/productos/cliente', { codempre: 987_654, unineg: 1 });
    expect(inexistente.statusCode).toBe(404);
    expect(inexistente.json()).toEqual({ msj: MA.empresaInexistente(987_654) });
    expect((await adm('/productos/cliente', { codempre: 1, unineg: 77 })).json()).toEqual({
      msj: MA.unidadInexistente(77),
    });
    const terminal = await adm('/productos/cliente', { codempre: 0, unineg: 1 });
    expect(terminal.statusCode).toBe(400);
    expect(terminal.json<{ msj: string }>().msj).toContain('codempre');
  });

  it('un cupo que se guarda mientras se quita su producto: o el cupo espera y no lo encuentra, o la quita espera y lo ve', async () => {
    const codempre = await empresaNueva();
    await guardarProductosDeCliente(t.db, PRUEBA, { codempre, unineg: 1, productos: [1] });
    let soltar!: () => void;
    const suelto = new Promise<void>((r) => (soltar = r));
    let leido!: () => void;
    const yaLeyo = new Promise<void>((r) => (leido = r));
    // The quota's transaction has checked its product and not yet committed.
    const cupo = t.db.transaction(async (tx) => {
      const productos = await paraCupoEn(tx, codempre, 1, [1]);
      expect(productos.get(1)?.habilitado).toBe(true);
      leido();
      await suelto;
      return insertarCupoDePrueba(tx, { codempre, mezcla: [[1, 100]] });
    });
    await yaLeyo;
    const quitar = guardarProductosDeCliente(t.db, PRUEBA, { codempre, unineg: 1, productos: [] });
    // The removal waits on the quota's lock before it counts the open quotas.
    await expect
      .poll(async () => {
        const { rows } = await t.db.execute<{ n: number }>(sql`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`);
        return rows[0]!.n;
      })
      .toBe(1);
    soltar();
    await cupo;
    await expect(quitar).rejects.toMatchObject({
      statusCode: 409,
      msj: M.enCuposAbiertos(1, 'Soja', 1),
    });
  });
});

describe('dentro de la transacción de quien llama, por código', () => {
  it('guardarProductoEn crea, no cambia lo igual y modifica lo distinto; una transacción revertida no deja nada', async () => {
    const codpro = codigoNuevo();
    const guardar = (nompro: string, activo?: boolean) =>
      t.db.transaction((tx) => guardarProductoEn(tx, { codpro, nompro, activo }, PRUEBA));
    expect((await guardar('Quinoa')).resultado).toBe('creado');
    expect((await guardar(' Quinoa ')).resultado).toBe('sin cambios');
    expect((await guardar('Quinoa real', false)).resultado).toBe('modificado');
    expect((await guardar('Quinoa real')).resultado).toBe('sin cambios');
    expect((await auditoria('productos', codpro)).map((a) => a.accion)).toEqual([
      'crear',
      'modificar',
    ]);
    const { rows } = await t.db.execute(
      sql`select nompro, activo from productos where codpro = ${codpro}`,
    );
    expect(rows).toEqual([{ nompro: 'Quinoa real', activo: false }]);

    const otro = codigoNuevo();
    await expect(
      t.db.transaction(async (tx) => {
        await guardarProductoEn(tx, { codpro: otro, nompro: 'Sésamo' }, PRUEBA);
        await guardarProductoEn(tx, { codpro: codigoNuevo(), nompro: 'sésamo' }, PRUEBA);
      }),
    ).rejects.toMatchObject({ msj: `nompro: ${M.nombreExistente('Sésamo', otro)}` });
    const { rows: nada } = await t.db.execute(sql`select 1 from productos where codpro = ${otro}`);
    expect(nada).toHaveLength(0);
    await expect(
      t.db.transaction((tx) => guardarProductoEn(tx, { codpro: 0, nompro: 'Cero' }, PRUEBA)),
    ).rejects.toMatchObject({ msj: `codpro: ${M.codproInvalido}` });
  });

  it('sincronizarDeClientesEn agrega sin quitar, la segunda vez no cambia nada y contesta cada rechazo', async () => {
    const codempre = await empresaNueva();
    const desactivado = await crearProducto('Mijo');
    await adm('/productos/activo', { codpro: desactivado.codpro, activo: false });
    const agregar = (codpros: number[], unineg = 1) =>
      t.db.transaction((tx) =>
        sincronizarDeClientesEn(
          tx,
          codpros.map((codpro) => ({ codempre, unineg, codpro })),
        ),
      );
    expect(await agregar([1, 2])).toEqual([{ estado: 'creada' }, { estado: 'creada' }]);
    expect(await agregar([3])).toEqual([{ estado: 'creada' }]);
    expect(await agregar([3, 1])).toEqual([{ estado: 'sinCambios' }, { estado: 'sinCambios' }]);
    expect((await ofrecidos(codempre, 1)).map((p) => p.codpro).sort()).toEqual([1, 2, 3]);
    expect(await agregar([desactivado.codpro, 999_999])).toEqual([
      { estado: 'rechazada', productoInactivo: 'Mijo' },
      { estado: 'rechazada', productoInexistente: true },
    ]);
    expect(await agregar([1], 2)).toEqual([{ estado: 'rechazada', empresaFueraDeUnidad: true }]);
  });
});
