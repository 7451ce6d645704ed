import { useEffect } from 'react';
import { avisos } from '../../components/avisos';

/** The spec's error toast for a failed load (section 8), once per failure. */
export function useAvisoDeError(error: unknown, mensaje: string): void {
  useEffect(() => {
    if (!error) return;
    console.error(error);
    avisos.errorDeCarga(mensaje);
  }, [error, mensaje]);
}
