/**
 * The deliveries' thread (hilo.ts starts it): its own pool, channels and terminal clock, built
 * from the plain data it is given, and the same `TrabajadorAvisos` loop the in-process worker
 * runs. Its log lines go to the API's thread as messages (the app's logger writes them).
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { trabajadorConfigurado } from './configurado';
import { NICE_HILO_AVISOS, type AlHilo, type DatosHilo, type DelHilo } from './hilo';
import { conectar } from '../../db/client';
import { bajarPrioridadDelHilo, bajarPrioridadDelServidor } from '../../prioridad';
import { instantesDesde, relojDeTerminal } from '../../reloj-terminal';
import { fijarRelojDeEventos } from '../webhooks/servicio';

const datos = workerData as DatosHilo;
const puerto = parentPort!;
const enviar = (m: DelHilo) => puerto.postMessage(m);

/**
 * The deliveries are background work: this thread runs at NICE_HILO_AVISOS, so when the cores
 * are busy the scheduler gives them to the API thread that answers the gate first; on idle cores
 * the deliveries still run at full speed.
 */
const prioridad = bajarPrioridadDelHilo(NICE_HILO_AVISOS);

/** An error as data that crosses to the other thread (pino's `err` serializer reads it). */
function plano(o: unknown): Record<string, unknown> {
  if (typeof o !== 'object' || o === null) return { valor: String(o) };
  return Object.fromEntries(
    Object.entries(o).map(([k, v]) => [
      k,
      v instanceof Error ? { type: v.name, message: v.message, stack: v.stack } : v,
    ]),
  );
}

const registrar =
  (nivel: 'info' | 'warn' | 'error') =>
  (o: unknown, mensaje = ''): void =>
    enviar({ tipo: 'log', nivel, datos: plano(o), mensaje });
const log = { info: registrar('info'), warn: registrar('warn'), error: registrar('error') };

const { reloj: desplazado } = datos;
const reloj = relojDeTerminal(
  datos.timeZone,
  // The API thread's shifted clock, moved by the real time since it was read.
  desplazado
    ? instantesDesde(new Date(desplazado.terminalMs + (Date.now() - desplazado.realMs)))
    : undefined,
);
// Webhooks' `timestamp` of what this thread writes (a 410's disabling): the same clock.
fijarRelojDeEventos(reloj, datos.timeZone);

const base = conectar(datos.url, {
  max: datos.poolMax,
  timeZone: datos.timeZone,
  urlDirecta: datos.urlDirecta,
  // The deliveries' statements run at the thread's priority on a server of this machine too
  // (prioridad.ts says when); a connection it cannot lower works as any other.
  alConectar: async (cliente) => {
    bajarPrioridadDelServidor(cliente, NICE_HILO_AVISOS);
  },
});
const trabajador = trabajadorConfigurado(base.db, reloj, datos, log);

let deteniendo: Promise<void> | undefined;
async function detener(): Promise<void> {
  try {
    await trabajador.detener();
  } catch (e) {
    log.error({ err: e }, 'avisos: el hilo no cerró sus canales');
  }
  await base.cerrar().catch(() => undefined);
  enviar({ tipo: 'detenido' });
}

puerto.on('message', (m: AlHilo) => {
  switch (m.tipo) {
    case 'despertar':
      trabajador.despertar();
      return;
    case 'detener':
      deteniendo ??= detener();
      return;
    case 'procesar':
    case 'uno':
      (m.tipo === 'procesar' ? trabajador.procesar() : trabajador.uno()).then(
        (valor) => enviar({ tipo: 'respuesta', id: m.id, valor }),
        (e: unknown) =>
          enviar({
            tipo: 'respuesta',
            id: m.id,
            error: e instanceof Error ? e.message : String(e),
          }),
      );
      return;
  }
});

if (datos.arrancar) trabajador.arrancar();
enviar({ tipo: 'listo', hilo: threadId, ...prioridad });
