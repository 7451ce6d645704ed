import { useEffect, useState } from 'react';

/**
 * One clock for the whole screen: `Date.now()`, renewed every `intervalo` ms. The waits of every
 * row tick with it (one timer per screen, not one per row).
 */
export function useReloj(intervalo = 30_000): number {
  const [ahora, setAhora] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setAhora(Date.now()), intervalo);
    return () => window.clearInterval(id);
  }, [intervalo]);
  return ahora;
}
