import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A list that scrolls with the window but only draws the items in view (and `overscan` around
 * them): the trucks table and the trucks' cards at harvest peak hold thousands. `contenedor` goes
 * on the element that holds the items; `arriba` and `abajo` are the space the undrawn items take.
 */
export function useVirtualEnVentana<E extends HTMLElement>(opciones: {
  cantidad: number;
  tamanioEstimado: number;
  overscan: number;
  clave: (indice: number) => number;
}) {
  const contenedor = useRef<E>(null);
  const [margen, setMargen] = useState(0);
  useLayoutEffect(() => {
    const medir = () => {
      if (contenedor.current) {
        setMargen(contenedor.current.getBoundingClientRect().top + window.scrollY);
      }
    };
    medir();
    window.addEventListener('resize', medir);
    return () => window.removeEventListener('resize', medir);
  }, []);

  const virtual = useWindowVirtualizer({
    count: opciones.cantidad,
    estimateSize: () => opciones.tamanioEstimado,
    overscan: opciones.overscan,
    scrollMargin: margen,
    getItemKey: opciones.clave,
  });
  const items = virtual.getVirtualItems();
  return {
    contenedor,
    items,
    medir: virtual.measureElement,
    arriba: items.length ? items[0]!.start - margen : 0,
    abajo: items.length ? virtual.getTotalSize() - (items.at(-1)!.end - margen) : 0,
  };
}
