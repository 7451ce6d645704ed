import { measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How long the typing must pause before the rows out of view are drawn around a new search. */
const PAUSA_MS = 300;

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
  /**
   * When `busqueda` changes (the text the list was searched with), the items of the new list
   * that are out of view are drawn after it: the frame that shows it mounts only those in view
   * and `overscanAlBuscar` around them, and the full `overscan` follows when the typing pauses
   * or the page scrolls, in a render of its own that a keystroke may interrupt (issue 23).
   */
  busqueda?: string;
  overscanAlBuscar?: number;
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

  // The size of an item not drawn yet: the commonest one measured so far (rows and cards have a
  // few heights at a given width). An estimate far from the drawn size made every new batch of
  // items (a keystroke in Buscar) render and lay out twice: once at the estimate, then again
  // with the measured sizes, with a different range (issue 23).
  const alturas = useRef<{ cuenta: Map<number, number>; tipica: number } | null>(null);
  alturas.current ??= { cuenta: new Map(), tipica: opciones.tamanioEstimado };
  // The search whose list already has its full margin drawn. The margin waits for a pause in
  // the typing (PAUSA_MS without another keystroke) or for a scroll: drawn after every painted
  // frame, its rows were mounted, laid out and measured between two keystrokes and thrown away
  // by the next one, and the next key found the main thread busy with them (issue 23).
  const [amplia, setAmplia] = useState(opciones.busqueda);
  const recienBuscada = amplia !== opciones.busqueda;
  useEffect(() => {
    if (!recienBuscada) return;
    const ampliar = () => startTransition(() => setAmplia(opciones.busqueda));
    const tarea = setTimeout(ampliar, PAUSA_MS);
    window.addEventListener('scroll', ampliar, { once: true, passive: true });
    return () => {
      clearTimeout(tarea);
      window.removeEventListener('scroll', ampliar);
    };
  }, [recienBuscada, opciones.busqueda]);

  const virtual = useWindowVirtualizer({
    count: opciones.cantidad,
    estimateSize: () => alturas.current!.tipica,
    measureElement: (elemento, entrada, instancia) => {
      const tamanio = measureElement(elemento, entrada, instancia);
      const a = alturas.current!;
      const veces = (a.cuenta.get(tamanio) ?? 0) + 1;
      a.cuenta.set(tamanio, veces);
      if (veces > (a.cuenta.get(a.tipica) ?? 0)) a.tipica = tamanio;
      return tamanio;
    },
    overscan: recienBuscada
      ? Math.min(opciones.overscan, opciones.overscanAlBuscar ?? opciones.overscan)
      : opciones.overscan,
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
