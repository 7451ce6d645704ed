/**
 * Argentine plates as people type them: 'EPY 144', 'epy-144', 'AB.123.CD'. A plate is compared
 * without case, spaces, dots or dashes, wherever one is searched.
 */
export const normalizarPatente = (texto: string) => texto.replace(/[\s.-]/g, '').toUpperCase();
