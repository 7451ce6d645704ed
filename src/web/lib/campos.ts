import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';

/** Each field's rule: true when the value is right, else the message to show under it. */
export type Reglas<K extends string> = Record<K, (valor: string) => string | true>;

/**
 * A form of a few text fields, validated as react-hook-form does by default: every rule on
 * submit, again on each keystroke after the first submit, and the focus on the first wrong field.
 * The sign-in page uses it instead of react-hook-form, which weighed 13.6 kB gzip of the 156 kB
 * that page loaded (budget 150: e2e/presupuesto.spec.ts, docs/decisions.md).
 */
export function useCampos<K extends string>(reglas: Reglas<K>) {
  const claves = Object.keys(reglas) as K[];
  const vacios = () => Object.fromEntries(claves.map((k) => [k, ''])) as Record<K, string>;
  const [valores, setValores] = useState(vacios);
  const [errores, setErrores] = useState<Partial<Record<K, string>>>({});
  const [enviado, setEnviado] = useState(false);
  const entradas = useRef<Partial<Record<K, HTMLInputElement | null>>>({});

  const validar = (v: Record<K, string>) => {
    const e: Partial<Record<K, string>> = {};
    for (const k of claves) {
      const r = reglas[k](v[k]);
      if (r !== true) e[k] = r;
    }
    return e;
  };

  return {
    errores,
    /** What a field's input takes: its name, value, change handler and ref. */
    campo: (k: K) => ({
      name: k,
      value: valores[k],
      ref: (el: HTMLInputElement | null) => {
        entradas.current[k] = el;
      },
      onChange: (ev: ChangeEvent<HTMLInputElement>) => {
        const nuevos = { ...valores, [k]: ev.target.value };
        setValores(nuevos);
        if (enviado) setErrores(validar(nuevos));
      },
    }),
    /** Empties every field (their errors stay until the next check). */
    vaciar: () => setValores(vacios()),
    /** The form's onSubmit: `hacer` runs with the values only when every rule passes. */
    enviar: (hacer: (v: Record<K, string>) => void) => (ev: FormEvent) => {
      ev.preventDefault();
      setEnviado(true);
      const e = validar(valores);
      setErrores(e);
      const primero = claves.find((k) => e[k] !== undefined);
      if (primero) entradas.current[primero]?.focus();
      else hacer(valores);
    },
  };
}
