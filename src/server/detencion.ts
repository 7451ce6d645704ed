/**
 * How the portal stops on SIGTERM or SIGINT: a graceful close (requests in flight finish, live
 * streams end, connections close, then the embedded PostgreSQL stops) with a deadline. Past the
 * deadline, on a second signal, or when the close fails, a forced exit that still stops the
 * embedded PostgreSQL (immediate shutdown), so that no process of DATA_DIR is left behind.
 */

/**
 * The graceful close's budget. With the forced exit after it everything is over within 10 s:
 * what a container runtime waits (Docker's default) before its SIGKILL.
 */
export const PLAZO_DETENCION_MS = 8_000;

/**
 * A signal this soon after the first is the same request, not a second one: a terminal's Ctrl-C
 * reaches the whole process group, `npm start` included, and npm passes it on to the portal once
 * more (systemd's default KillMode does the same with SIGTERM). A person's second Ctrl-C comes
 * later than that.
 */
export const VENTANA_SENAL_REPETIDA_MS = 500;

export interface Reloj {
  ahora(): number;
  /** Runs `fn` after `ms`; it does not keep the process alive. */
  despues(ms: number, fn: () => void): void;
}

const relojReal: Reloj = {
  ahora: () => Date.now(),
  despues: (ms, fn) => void setTimeout(fn, ms).unref(),
};

export interface OpcionesDetencion {
  /** The graceful close. */
  cerrar(): Promise<void>;
  /** What cannot wait: the embedded PostgreSQL stops at once. */
  forzar(): Promise<void>;
  salir(codigo: number): void;
  /** One line for the operator about an error, without a stack. */
  explicar(error: unknown): string;
  consola?: Pick<Console, 'log' | 'error'>;
  reloj?: Reloj;
}

/** The handler of every SIGTERM and SIGINT the process receives. */
export function crearDetencion(opciones: OpcionesDetencion): (senal: string) => void {
  const { consola = console, reloj = relojReal } = opciones;
  let primera: number | undefined;
  let forzando = false;

  const forzar = (motivo: string) => {
    if (forzando) return;
    forzando = true;
    consola.error(motivo);
    opciones
      .forzar()
      .catch((e: unknown) => consola.error(`Error al forzar la salida: ${opciones.explicar(e)}`))
      .finally(() => opciones.salir(1));
  };

  return (senal) => {
    if (primera === undefined) {
      primera = reloj.ahora();
      consola.log(`\n${senal} recibido: deteniendo el portal…`);
      reloj.despues(PLAZO_DETENCION_MS, () =>
        forzar(
          `El portal no terminó a tiempo (${PLAZO_DETENCION_MS / 1000} s): salida forzada, ` +
            'PostgreSQL se detiene en el acto.',
        ),
      );
      opciones.cerrar().then(
        () => {
          if (forzando) return;
          consola.log('Portal detenido.');
          opciones.salir(0);
        },
        (e: unknown) => forzar(`Error al detener: ${opciones.explicar(e)}`),
      );
      return;
    }
    if (reloj.ahora() - primera < VENTANA_SENAL_REPETIDA_MS) return;
    forzar('Segunda señal: salida inmediata, PostgreSQL se detiene en el acto.');
  };
}
