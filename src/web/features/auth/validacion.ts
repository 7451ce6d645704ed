import { TEXTOS } from '../../../shared/textos';

/** Login step 1: the user name is required (spec section 5). */
export function validarUsuario(valor: string): string | true {
  return valor.trim() ? true : TEXTOS.campoObligatorio;
}

/** Login step 2: each coordinate is required, then positive, then an integer (spec section 5). */
export function validarCoordenada(valor: string): string | true {
  const texto = valor.trim();
  if (!texto) return TEXTOS.campoObligatorio;
  const numero = Number(texto);
  if (!(numero > 0)) return TEXTOS.coordenadaPositiva;
  if (!Number.isInteger(numero)) return TEXTOS.coordenadaEntera;
  return true;
}
