import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following its changes (a phone turned, a window resized). */
export function useMediaQuery(consulta: string): boolean {
  const suscribir = useCallback(
    (avisar: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const lista = window.matchMedia(consulta);
      lista.addEventListener('change', avisar);
      return () => lista.removeEventListener('change', avisar);
    },
    [consulta],
  );
  return useSyncExternalStore(
    suscribir,
    () => typeof window.matchMedia === 'function' && window.matchMedia(consulta).matches,
    () => false,
  );
}

/** Bootstrap's 'xs': a phone held upright (below 576 px). */
export const ANCHO_TELEFONO = '(max-width: 575.98px)';
