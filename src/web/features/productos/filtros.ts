/** The filters of 'Productos', applied in the browser: the catalogue is a few hundred rows. */
import type { ProductoAdministrado } from '../../../shared/contracts/productos';

export interface FiltrosProductos {
  /** Part of the name (without accents or case) or the start of the code. */
  texto: string;
  estado: '' | 'activos' | 'desactivados';
}

export const SIN_FILTROS: FiltrosProductos = { texto: '', estado: '' };

const sinAcentos = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function filtrarProductos(
  productos: readonly ProductoAdministrado[],
  f: FiltrosProductos,
): ProductoAdministrado[] {
  const texto = sinAcentos(f.texto.trim());
  return productos.filter(
    (p) =>
      (f.estado === '' || p.activo === (f.estado === 'activos')) &&
      (texto === '' || String(p.codpro).startsWith(texto) || sinAcentos(p.nompro).includes(texto)),
  );
}
