/**
 * What an audit row changed: the fields of its `antes` and `despues`, side by side, each marked
 * when it differs. Values are JSON: objects show their fields, anything else is one field.
 */
export interface CampoCambiado {
  campo: string;
  antes: string | null;
  despues: string | null;
  cambio: boolean;
}

const esObjeto = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON value as a person reads it: text as is, the rest as indented JSON. */
export function legible(valor: unknown): string | null {
  if (valor === undefined || valor === null) return null;
  if (typeof valor === 'string') return valor;
  if (typeof valor === 'number' || typeof valor === 'boolean') return String(valor);
  return JSON.stringify(valor, null, 2);
}

/** The fields of both sides, in the order they first appear; `valor` when a side is not an object. */
export function camposCambiados(antes: unknown, despues: unknown): CampoCambiado[] {
  if (antes == null && despues == null) return [];
  if ((antes == null || esObjeto(antes)) && (despues == null || esObjeto(despues))) {
    const a = antes ?? {};
    const d = despues ?? {};
    const campos = [...new Set([...Object.keys(a), ...Object.keys(d)])];
    return campos.map((campo) => {
      const va = legible(a[campo]);
      const vd = legible(d[campo]);
      return { campo, antes: va, despues: vd, cambio: va !== vd };
    });
  }
  const va = legible(antes);
  const vd = legible(despues);
  return [{ campo: 'valor', antes: va, despues: vd, cambio: va !== vd }];
}
