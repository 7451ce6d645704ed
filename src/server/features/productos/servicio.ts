/**
 * Products (issue 21): the terminal's catalogue and the products each client may order in each
 * business unit. The administration's screens, the CLI and the import call these functions; the
 * order form reads what they leave (`ofrecidos`) and the quota service checks against the same
 * rows (`paraCupoEn`), so what the form offers is what the server accepts.
 *
 * A product with history is deactivated, never deleted: deleting is for a product nothing
 * refers to. Every change runs in one transaction and writes one audit row, before and after.
 * The `…En(tx, …)` functions work inside the caller's transaction; the import (issue 21) saves
 * its rows in bulk with `sincronizarEn` and `sincronizarDeClientesEn`, which answer each row's
 * fate as data (a refusal too: the import lists them all) and leave the audit to it.
 */
import type {
  ProductoAdministrado,
  ProductoCliente,
  ProductoDeCliente,
} from '../../../shared/contracts/productos';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import { MENSAJES_ADMINISTRACION as MA, MENSAJES_PRODUCTOS as M } from '../../../shared/textos';
import { exigirEmpresaYUnidad, type Alcance } from '../../acceso';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db, DbOTx } from '../../db/client';
import { conflicto, errorDeCampo, ErrorHttp } from '../../errores';
import {
  actualizarProducto,
  agregarProductosDeCliente,
  bloquearProducto,
  bloquearProductosDeCliente,
  borrarProducto,
  cuposAbiertosConProductos,
  empresaYUnidad,
  guardarProductos,
  insertarProducto,
  insertarProductosClientes,
  productoAdministrado,
  productoConNombre,
  productosActuales,
  productosAdministrados,
  productosClientesActuales,
  productosDeClienteAdministrados,
  productosOfrecidos,
  productosPorCodigo,
  quitarProductosDeCliente,
  usosDeProducto,
  type FilaProducto,
} from './repository';
import { codproValido, nombreDeProducto, usosQueImpidenBorrar } from './rules';

const noExiste = (codpro: number) => new ErrorHttp(404, M.productoInexistente(codpro));

/** A product as plain data: created, or changed to match, by its code. */
export interface DatosProducto {
  codpro: number;
  nompro: string;
  /** Absent: a new product is active and an existing one keeps its state. */
  activo?: boolean;
}

/** What a save did: the import counts them. */
export type Resultado = 'creado' | 'modificado' | 'sin cambios';

export const listar = (db: Db): Promise<ProductoAdministrado[]> => productosAdministrados(db);

async function exigirNombreLibre(tx: DbOTx, nompro: string, codpro: number) {
  const otro = await productoConNombre(tx, nompro, codpro);
  if (otro) throw errorDeCampo('nompro', M.nombreExistente(otro.nompro, otro.codpro));
}

async function respuesta(tx: DbOTx, codpro: number): Promise<ProductoAdministrado> {
  return (await productoAdministrado(tx, codpro))!;
}

/**
 * Creates the product, or brings an existing one of that code to these values (name, and state
 * when given). Refused naming the field: a code that is not a positive integer, an empty or
 * invalid name, a name another product has.
 */
export async function guardarProductoEn(
  tx: DbOTx,
  datos: DatosProducto,
  actor: Actor,
): Promise<{ resultado: Resultado; producto: FilaProducto }> {
  if (!codproValido(datos.codpro)) throw errorDeCampo('codpro', M.codproInvalido);
  const nompro = nombreDeProducto(datos.nompro);
  const antes = await bloquearProducto(tx, datos.codpro);
  await exigirNombreLibre(tx, nompro, datos.codpro);
  const despues = { codpro: datos.codpro, nompro, activo: datos.activo ?? antes?.activo ?? true };
  if (!antes) {
    const creado = await insertarProducto(tx, despues);
    // Taken between the look and the insert: another transaction created it.
    if (!creado) throw errorDeCampo('codpro', M.productoExistente(datos.codpro, nompro));
    await auditar(tx, {
      ...actor,
      accion: 'crear',
      tabla: 'productos',
      filaId: datos.codpro,
      despues,
    });
    return { resultado: 'creado', producto: creado };
  }
  if (antes.nompro === despues.nompro && antes.activo === despues.activo) {
    return { resultado: 'sin cambios', producto: antes };
  }
  await actualizarProducto(tx, despues);
  await auditar(tx, {
    ...actor,
    accion: 'modificar',
    tabla: 'productos',
    filaId: datos.codpro,
    antes,
    despues,
  });
  return { resultado: 'modificado', producto: despues };
}

/** A new product (active); an existing code is refused. */
export function crear(
  db: Db,
  actor: Actor,
  p: { codpro: number; nompro: string },
): Promise<ProductoAdministrado> {
  if (!codproValido(p.codpro)) throw errorDeCampo('codpro', M.codproInvalido);
  const nompro = nombreDeProducto(p.nompro);
  return db.transaction(async (tx) => {
    const existente = await bloquearProducto(tx, p.codpro);
    if (existente) {
      throw errorDeCampo('codpro', M.productoExistente(existente.codpro, existente.nompro));
    }
    await guardarProductoEn(tx, { codpro: p.codpro, nompro, activo: true }, actor);
    return respuesta(tx, p.codpro);
  });
}

/**
 * One change of an existing product, audited with its own action name ('renombrar',
 * 'desactivar', 'activar'); nothing is written when nothing changes.
 */
function cambiar(
  db: Db,
  actor: Actor,
  codpro: number,
  accion: (antes: FilaProducto) => { accion: string; despues: FilaProducto },
): Promise<ProductoAdministrado> {
  return db.transaction(async (tx) => {
    const antes = await bloquearProducto(tx, codpro);
    if (!antes) throw noExiste(codpro);
    const cambio = accion(antes);
    if (cambio.despues.nompro !== antes.nompro) {
      await exigirNombreLibre(tx, cambio.despues.nompro, codpro);
    }
    if (cambio.despues.nompro !== antes.nompro || cambio.despues.activo !== antes.activo) {
      await actualizarProducto(tx, cambio.despues);
      await auditar(tx, {
        ...actor,
        accion: cambio.accion,
        tabla: 'productos',
        filaId: codpro,
        antes,
        despues: cambio.despues,
      });
    }
    return respuesta(tx, codpro);
  });
}

/** A new name: quotas, tickets, stock and the dashboard show it from now on. */
export function renombrar(db: Db, actor: Actor, p: { codpro: number; nompro: string }) {
  const nompro = nombreDeProducto(p.nompro);
  return cambiar(db, actor, p.codpro, (antes) => ({
    accion: 'renombrar',
    despues: { ...antes, nompro },
  }));
}

/**
 * Deactivated, it is no longer offered for new quotas nor to new clients; its open quotas, its
 * history, stock and exports keep it. Activated again, it is offered again where it was.
 */
export function cambiarActivo(db: Db, actor: Actor, p: { codpro: number; activo: boolean }) {
  return cambiar(db, actor, p.codpro, (antes) => ({
    accion: p.activo ? 'activar' : 'desactivar',
    despues: { ...antes, activo: p.activo },
  }));
}

/** Deletes a product nothing refers to; otherwise refuses naming what does. */
export async function eliminar(db: Db, actor: Actor, codpro: number): Promise<void> {
  await db.transaction(async (tx) => {
    const antes = await bloquearProducto(tx, codpro);
    if (!antes) throw noExiste(codpro);
    const usos = usosQueImpidenBorrar(await usosDeProducto(tx, codpro));
    if (usos.length > 0) throw conflicto(M.noSeElimina(codpro, antes.nompro, usos));
    await borrarProducto(tx, codpro);
    await auditar(tx, { ...actor, accion: 'eliminar', tabla: 'productos', filaId: codpro, antes });
  });
}

// ---------------------------------------------------------------------------------------------
// Products per client and unit

/** A client company (not the terminal) that exists and works in an existing unit. */
async function exigirClienteEnUnidad(db: DbOTx, codempre: number, unineg: number) {
  if (!Number.isInteger(codempre) || codempre <= CODEMPRE_ADMINISTRADOR) {
    throw errorDeCampo('codempre', MA.codempreInvalido);
  }
  const r = await empresaYUnidad(db, codempre, unineg);
  if (!r.empresa) throw new ErrorHttp(404, MA.empresaInexistente(codempre));
  if (!r.unidad) throw new ErrorHttp(404, MA.unidadInexistente(unineg));
  if (!r.trabaja) throw errorDeCampo('unineg', MA.unidadAjena(codempre, unineg));
}

export async function productosDeCliente(
  db: Db,
  c: { codempre: number; unineg: number },
): Promise<ProductoDeCliente[]> {
  await exigirClienteEnUnidad(db, c.codempre, c.unineg);
  return productosDeClienteAdministrados(db, c.codempre, c.unineg);
}

/** The products a client may order in a unit, as plain data. */
export interface DatosProductosDeCliente {
  codempre: number;
  unineg: number;
  productos: number[];
}

/**
 * Sets what a client may order in a unit: the list becomes exactly `productos`. A product added
 * must exist and be active; one taken away must not be in the client's open quotas there. One
 * audit row with both lists when anything changed.
 */
export async function guardarProductosDeClienteEn(
  tx: DbOTx,
  datos: DatosProductosDeCliente,
  actor: Actor,
): Promise<{ agregados: number[]; quitados: number[] }> {
  const { codempre, unineg } = datos;
  for (const codpro of datos.productos) {
    if (!codproValido(codpro)) throw errorDeCampo('productos', M.codproInvalido);
  }
  await exigirClienteEnUnidad(tx, codempre, unineg);
  const nuevos = [...new Set(datos.productos)].sort((a, b) => a - b);
  const antes = await bloquearProductosDeCliente(tx, codempre, unineg, 'update');
  const agregados = nuevos.filter((p) => !antes.includes(p));
  const quitados = antes.filter((p) => !nuevos.includes(p));

  const productos = await productosPorCodigo(tx, [...agregados, ...quitados]);
  for (const codpro of agregados) {
    const p = productos.get(codpro);
    if (!p) throw new ErrorHttp(404, M.productoInexistente(codpro));
    if (!p.activo) throw errorDeCampo('productos', M.inactivoParaCliente(codpro, p.nompro));
  }
  // Read after locking the client's rows: a quota being saved with one of them has committed.
  const enCupos = await cuposAbiertosConProductos(tx, codempre, unineg, quitados);
  for (const [codpro, cupos] of enCupos) {
    throw conflicto(M.enCuposAbiertos(codpro, productos.get(codpro)!.nompro, cupos));
  }
  if (agregados.length === 0 && quitados.length === 0) return { agregados, quitados };

  await quitarProductosDeCliente(tx, codempre, unineg, quitados);
  await agregarProductosDeCliente(tx, codempre, unineg, agregados);
  const despues = [...antes.filter((p) => !quitados.includes(p)), ...agregados].sort(
    (a, b) => a - b,
  );
  await auditar(tx, {
    ...actor,
    accion: 'cambiar_productos',
    tabla: 'productos_clientes',
    filaId: `${codempre}/${unineg}`,
    antes: { codempre, unineg, productos: antes },
    despues: { codempre, unineg, productos: despues },
  });
  return { agregados, quitados };
}

/** The screen's and the CLI's save: the whole list; answers the client's products as they are. */
export function guardarProductosDeCliente(
  db: Db,
  actor: Actor,
  datos: DatosProductosDeCliente,
): Promise<ProductoDeCliente[]> {
  return db.transaction(async (tx) => {
    await guardarProductosDeClienteEn(tx, datos, actor);
    return productosDeClienteAdministrados(tx, datos.codempre, datos.unineg);
  });
}

// ---------------------------------------------------------------------------------------------
// In bulk: the import's rows (issue 21), a batch at a time inside its transaction

/**
 * What a bulk save did with one row. A refusal is an answer, not an error: the import goes on
 * to the next row (and writes nothing in the end), listing every refused row with its reason.
 */
export type ProductoSincronizado =
  | { estado: 'creada' | 'sinCambios' }
  | { estado: 'cambiada'; antes: { nompro: string; activo: boolean } }
  | { estado: 'rechazada'; nombreDe: number };

/**
 * Products by code: created, brought to the row's name and state (a deactivated one is kept as
 * `cambiarActivo` keeps it), or left as they are. A name another product has is refused, as
 * `guardarProductoEn` refuses it. The rows come checked (codes, names) and each code once; the
 * caller audits.
 */
export async function sincronizarEn(
  tx: DbOTx,
  filas: Required<DatosProducto>[],
): Promise<ProductoSincronizado[]> {
  const actuales = await productosActuales(tx, filas);
  const nuevos: FilaProducto[] = [];
  const cambiados: FilaProducto[] = [];
  const respuestas = filas.map((f, i): ProductoSincronizado => {
    const a = actuales[i]!;
    if (a.duenoDelNombre !== null) return { estado: 'rechazada', nombreDe: a.duenoDelNombre };
    const fila = { codpro: f.codpro, nompro: f.nompro, activo: f.activo };
    if (a.nompro === null || a.activo === null) {
      nuevos.push(fila);
      return { estado: 'creada' };
    }
    if (a.nompro === f.nompro && a.activo === f.activo) return { estado: 'sinCambios' };
    cambiados.push(fila);
    return { estado: 'cambiada', antes: { nompro: a.nompro, activo: a.activo } };
  });
  await guardarProductos(tx, nuevos, cambiados);
  return respuestas;
}

export type ProductoDeClienteSincronizado =
  | { estado: 'creada' | 'sinCambios' }
  | { estado: 'rechazada'; empresaInexistente: true }
  | { estado: 'rechazada'; empresaFueraDeUnidad: true }
  | { estado: 'rechazada'; productoInexistente: true }
  | { estado: 'rechazada'; productoInactivo: string };

/**
 * A product a client may order in a unit: added, or already there. Nothing is taken away, so the
 * same rows twice change nothing the second time. The rules of `guardarProductosDeClienteEn`:
 * the company works in the unit, the product exists and, to be added, is active (`productoInactivo`
 * carries its name). The caller audits.
 */
export async function sincronizarDeClientesEn(
  tx: DbOTx,
  filas: { codempre: number; unineg: number; codpro: number }[],
): Promise<ProductoDeClienteSincronizado[]> {
  const actuales = await productosClientesActuales(tx, filas);
  const nuevos: typeof filas = [];
  const respuestas = filas.map((f, i): ProductoDeClienteSincronizado => {
    const a = actuales[i]!;
    if (!a.empresa) return { estado: 'rechazada', empresaInexistente: true };
    if (!a.empresaEnUnidad) return { estado: 'rechazada', empresaFueraDeUnidad: true };
    if (a.nompro === null) return { estado: 'rechazada', productoInexistente: true };
    if (a.existe) return { estado: 'sinCambios' };
    if (!a.activo) return { estado: 'rechazada', productoInactivo: a.nompro };
    nuevos.push(f);
    return { estado: 'creada' };
  });
  await insertarProductosClientes(tx, nuevos);
  return respuestas;
}

// ---------------------------------------------------------------------------------------------
// The order form

/** `productos/productos-clientes`: the active products the client may order in the unit. */
export function ofrecidos(
  db: Db,
  alcance: Alcance,
  codempre: number,
  unineg: number,
): Promise<ProductoCliente[]> {
  exigirEmpresaYUnidad(alcance, codempre, unineg);
  return productosOfrecidos(db, codempre, unineg);
}

/** A product of a quota order as the quota's checks see it. */
export interface ProductoParaCupo {
  nompro: string;
  activo: boolean;
  /** The client may order it in that unit. */
  habilitado: boolean;
}

/**
 * The products of a quota order, inside the quota's transaction: their names, whether they are
 * active and whether the client may order them in the unit. Missing ones are not in the answer.
 */
export async function paraCupoEn(
  tx: DbOTx,
  codempre: number,
  unineg: number,
  codpros: number[],
): Promise<Map<number, ProductoParaCupo>> {
  const habilitados = new Set(
    await bloquearProductosDeCliente(tx, codempre, unineg, 'share', codpros),
  );
  const productos = await productosPorCodigo(tx, codpros);
  return new Map(
    [...productos.values()].map((p) => [
      p.codpro,
      { nompro: p.nompro, activo: p.activo, habilitado: habilitados.has(p.codpro) },
    ]),
  );
}
