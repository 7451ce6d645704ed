/**
 * Where the import writes products, the products each client handles per unit, and containers.
 *
 * PROVISIONAL (issue 21). These kinds have no service of their own on this branch: the
 * `productos` and `envases` features are being built in parallel. Until they are merged, each
 * function below classifies and writes with this feature's own SQL (repository.ts, the part
 * marked PROVISIONAL). After the merge, the lead re-points each function to its owner's service
 * (same arguments and answers: make the owner's bulk function answer these shapes) and deletes
 * that part of repository.ts:
 * - sincronizarProductosEn         → features/productos (a product's code, name and `activo`)
 * - sincronizarProductosClientesEn → features/productos (products per client and unit)
 * - sincronizarEnvasesEn           → features/envases (containers per client)
 * Companies, users and opening balances already go through their services (manejadores.ts).
 */
import type { DbOTx } from '../../db/client';
import {
  envasesActuales,
  guardarEnvases,
  guardarProductos,
  insertarProductosClientes,
  productosActuales,
  productosClientesActuales,
} from './repository';
import type { EnvaseImportado, ProductoClienteImportado, ProductoImportado } from './rules';

export type ProductoSincronizado =
  | { estado: 'creada' | 'sinCambios' }
  | { estado: 'cambiada'; antes: { nompro: string } }
  | { estado: 'rechazada'; nombreDe: number }
  /** This branch's products have no `activo` yet (the productos feature adds it). */
  | { estado: 'rechazada'; inactivoPendiente: true };

/** Products by code: created, renamed, or as they are. A name another product has is refused. */
export async function sincronizarProductosEn(
  tx: DbOTx,
  filas: ProductoImportado[],
): Promise<ProductoSincronizado[]> {
  const actuales = await productosActuales(tx, filas);
  const nuevos: ProductoImportado[] = [];
  const renombrados: ProductoImportado[] = [];
  const respuestas = filas.map((f, i): ProductoSincronizado => {
    const a = actuales[i]!;
    if (!f.activo) return { estado: 'rechazada', inactivoPendiente: true };
    if (a.duenoDelNombre !== null) return { estado: 'rechazada', nombreDe: a.duenoDelNombre };
    if (a.nompro === null) {
      nuevos.push(f);
      return { estado: 'creada' };
    }
    if (a.nompro === f.nompro) return { estado: 'sinCambios' };
    renombrados.push(f);
    return { estado: 'cambiada', antes: { nompro: a.nompro } };
  });
  await guardarProductos(tx, nuevos, renombrados);
  return respuestas;
}

export type ProductoClienteSincronizado =
  | { estado: 'creada' | 'sinCambios' }
  | { estado: 'rechazada'; empresaInexistente: true }
  | { estado: 'rechazada'; empresaFueraDeUnidad: true }
  | { estado: 'rechazada'; productoInexistente: true };

/** A product a client handles in a unit: added, or already there. */
export async function sincronizarProductosClientesEn(
  tx: DbOTx,
  filas: ProductoClienteImportado[],
): Promise<ProductoClienteSincronizado[]> {
  const actuales = await productosClientesActuales(tx, filas);
  const nuevos: ProductoClienteImportado[] = [];
  const respuestas = filas.map((f, i): ProductoClienteSincronizado => {
    const a = actuales[i]!;
    if (!a.empresa) return { estado: 'rechazada', empresaInexistente: true };
    if (!a.empresaEnUnidad) return { estado: 'rechazada', empresaFueraDeUnidad: true };
    if (!a.producto) return { estado: 'rechazada', productoInexistente: true };
    if (a.existe) return { estado: 'sinCambios' };
    nuevos.push(f);
    return { estado: 'creada' };
  });
  await insertarProductosClientes(tx, nuevos);
  return respuestas;
}

export type EnvaseSincronizado =
  | { estado: 'creada' | 'sinCambios' }
  | { estado: 'cambiada'; antes: { nombre: string; peso: number } }
  | { estado: 'rechazada'; empresaInexistente: true };

/** A client's container by name (case aside): created, its weight (or spelling) set, or as is. */
export async function sincronizarEnvasesEn(
  tx: DbOTx,
  filas: EnvaseImportado[],
): Promise<EnvaseSincronizado[]> {
  const actuales = await envasesActuales(tx, filas);
  const nuevos: EnvaseImportado[] = [];
  const cambiados: { ctrl: number; nombre: string; peso: number }[] = [];
  const respuestas = filas.map((f, i): EnvaseSincronizado => {
    const a = actuales[i]!;
    if (!a.empresa) return { estado: 'rechazada', empresaInexistente: true };
    if (a.ctrl === null) {
      nuevos.push(f);
      return { estado: 'creada' };
    }
    if (a.nombre === f.nombre && a.peso === f.peso) return { estado: 'sinCambios' };
    cambiados.push({ ctrl: a.ctrl, nombre: f.nombre, peso: f.peso });
    return { estado: 'cambiada', antes: { nombre: a.nombre!, peso: a.peso! } };
  });
  await guardarEnvases(tx, nuevos, cambiados);
  return respuestas;
}
