/**
 * The stop's rules on an injected clock: a copy of the signal within the window is the same
 * request, a later signal forces, the deadline forces, a failed close forces. The real process
 * under `npm start` is in senales.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  crearDetencion,
  PLAZO_DETENCION_MS,
  VENTANA_SENAL_REPETIDA_MS,
  type Reloj,
} from './detencion';

function preparar() {
  let ahora = 0;
  const programados: { en: number; fn: () => void }[] = [];
  const reloj: Reloj = {
    ahora: () => ahora,
    despues: (ms, fn) => void programados.push({ en: ahora + ms, fn }),
  };
  const avanzar = (ms: number) => {
    ahora += ms;
    for (const p of programados.filter((x) => x.en <= ahora)) {
      programados.splice(programados.indexOf(p), 1);
      p.fn();
    }
  };
  const hechos: string[] = [];
  let terminarCierre!: (error?: Error) => void;
  let salir!: (codigo: number) => void;
  const salida = new Promise<number>((resolve) => (salir = resolve));
  const senal = crearDetencion({
    cerrar: () =>
      new Promise<void>((ok, mal) => {
        hechos.push('cerrar');
        terminarCierre = (error) => (error ? mal(error) : ok());
      }),
    forzar: async () => void hechos.push('forzar'),
    salir,
    explicar: (e) => (e as Error).message,
    consola: { log: (t: string) => hechos.push(t), error: (t: string) => hechos.push(t) },
    reloj,
  });
  return { senal, avanzar, hechos, salida, terminar: (e?: Error) => terminarCierre(e) };
}

describe('detención del portal', () => {
  it('un cierre ordenado sale con 0, sin forzar', async () => {
    const d = preparar();
    d.senal('SIGTERM');
    d.terminar();
    expect(await d.salida).toBe(0);
    expect(d.hechos).toEqual([
      '\nSIGTERM recibido: deteniendo el portal…',
      'cerrar',
      'Portal detenido.',
    ]);
  });

  it('la copia de la señal dentro de la ventana (Ctrl-C que npm reenvía) no fuerza', async () => {
    const d = preparar();
    d.senal('SIGINT');
    d.avanzar(VENTANA_SENAL_REPETIDA_MS - 1);
    d.senal('SIGINT');
    d.terminar();
    expect(await d.salida).toBe(0);
    expect(d.hechos).not.toContain('forzar');
  });

  it('una segunda señal después de la ventana fuerza: PostgreSQL se detiene en el acto, sale con 1', async () => {
    const d = preparar();
    d.senal('SIGINT');
    d.avanzar(VENTANA_SENAL_REPETIDA_MS);
    d.senal('SIGINT');
    expect(await d.salida).toBe(1);
    expect(d.hechos).toContain('forzar');
    expect(d.hechos.join('\n')).toContain('Segunda señal');
    // The close that was under way ends later: it neither exits again nor says it stopped cleanly.
    d.terminar();
    expect(d.hechos).not.toContain('Portal detenido.');
  });

  it('un cierre que no termina se fuerza al plazo, no antes', async () => {
    const d = preparar();
    d.senal('SIGTERM');
    d.avanzar(PLAZO_DETENCION_MS - 1);
    expect(d.hechos).not.toContain('forzar');
    d.avanzar(1);
    expect(await d.salida).toBe(1);
    expect(d.hechos.join('\n')).toContain('no terminó a tiempo (8 s)');
  });

  it('un cierre que falla fuerza y dice por qué', async () => {
    const d = preparar();
    d.senal('SIGTERM');
    d.terminar(new Error('la base no respondió'));
    expect(await d.salida).toBe(1);
    expect(d.hechos).toContain('Error al detener: la base no respondió');
    expect(d.hechos).toContain('forzar');
  });
});
