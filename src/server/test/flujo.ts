/**
 * A Server-Sent Events client for tests, over real HTTP (as EventSource reads the stream):
 * the events as they arrive, every byte received, and waiting for an event or the stream's end.
 */
import http from 'node:http';

export interface EventoRecibido {
  id?: string;
  tipo: string;
  datos: unknown;
}

export interface FlujoDePrueba {
  status: number;
  eventos: EventoRecibido[];
  /** Every byte received, as text: what a tenancy test searches. */
  texto(): string;
  /** The first event (from `desde` on) that satisfies `condicion`; fails after `ms`. */
  esperar(condicion: (e: EventoRecibido) => boolean, ms?: number): Promise<EventoRecibido>;
  /** Resolves when the server ends the stream. */
  terminado: Promise<void>;
  cerrar(): void;
}

export function abrirFlujoSse(
  url: string,
  cabeceras: Record<string, string> = {},
): Promise<FlujoDePrueba> {
  return new Promise((resolve, reject) => {
    const pedido = http.get(url, { headers: cabeceras, agent: false }, (res) => {
      const eventos: EventoRecibido[] = [];
      const esperando = new Set<() => void>();
      let recibido = '';
      let pendiente = '';
      let alTerminar!: () => void;
      const terminado = new Promise<void>((r) => (alTerminar = r));
      res.setEncoding('utf8');
      res.on('data', (trozo: string) => {
        recibido += trozo;
        pendiente += trozo;
        let corte: number;
        while ((corte = pendiente.indexOf('\n\n')) >= 0) {
          const bloque = pendiente.slice(0, corte);
          pendiente = pendiente.slice(corte + 2);
          const campos = new Map<string, string>();
          for (const linea of bloque.split('\n')) {
            const dos = linea.indexOf(': ');
            if (linea.startsWith(':') || dos < 0) continue;
            campos.set(linea.slice(0, dos), linea.slice(dos + 2));
          }
          if (!campos.has('event')) continue;
          eventos.push({
            id: campos.get('id'),
            tipo: campos.get('event')!,
            datos: JSON.parse(campos.get('data') ?? 'null'),
          });
        }
        for (const avisar of esperando) avisar();
      });
      res.on('end', alTerminar);
      res.on('close', alTerminar);
      resolve({
        status: res.statusCode ?? 0,
        eventos,
        texto: () => recibido,
        terminado,
        cerrar: () => pedido.destroy(),
        esperar(condicion, ms = 10_000) {
          return new Promise((ok, falla) => {
            const mirar = () => {
              const e = eventos.find(condicion);
              if (!e) return;
              clearTimeout(reloj);
              esperando.delete(mirar);
              ok(e);
            };
            const reloj = setTimeout(() => {
              esperando.delete(mirar);
              falla(new Error(`sin el evento esperado en ${ms} ms; llegó: ${recibido}`));
            }, ms);
            esperando.add(mirar);
            mirar();
          });
        },
      });
    });
    pedido.on('error', (e) => {
      if (!pedido.destroyed) reject(e);
    });
  });
}
