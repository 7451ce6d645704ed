import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following its changes (a phone turned, a window resized). */
export function useMediaQuery(consulta: string): boolean {
  // One MediaQueryList per query and component: asking `matchMedia` again on every render (every
  // keystroke of a search) costs more than reading `matches` (issue 23).
  const lista = useMemo(
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(consulta) : null),
    [consulta],
  );
  const suscribir = useCallback(
    (avisar: () => void) => {
      if (!lista) return () => {};
      lista.addEventListener('change', avisar);
      return () => lista.removeEventListener('change', avisar);
    },
    [lista],
  );
  return useSyncExternalStore(
    suscribir,
    () => lista?.matches ?? false,
    () => false,
  );
}

/** Bootstrap's 'xs': a phone held upright (below 576 px). */
export const ANCHO_TELEFONO = '(max-width: 575.98px)';
