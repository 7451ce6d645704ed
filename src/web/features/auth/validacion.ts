import { TEXTOS } from '../../../shared/textos';

/** Login step 1: the user name is required (spec section 5). */
export function validarUsuario(valor: string): string | true {
  return valor.trim() ? true : TEXTOS.campoObligatorio;
}
