/**
 * The live yard's hub in one portal process: one dedicated PostgreSQL connection (outside the
 * pool) LISTENs to `acopio_playa` (a truck changed: the event's id) and `acopio_sesiones` (some
 * sessions of a user were closed), and every open stream of this process is fed from it. A
 * change made by any process, the gate API, the CLI or the simulator reaches every stream of
 * every process, because the database itself announces it.
 *
 * A notification only carries an event's id: the hub reads the events and the trucks once per
 * batch, serializes each change once, and writes it to each stream that may see it (`puedeVer`,
 * the same tenancy rule as every service).
 */
import pg from 'pg';
import { TIPOS_DE_EVENTO, type EventoCamion } from '../../../shared/contracts/en-vivo';
import { puedeVer, type UsuarioSesion } from '../../acceso';
import type { Db } from '../../db/client';
import { tokensVivos } from '../auth/servicio';
import { camionesPorCtrl } from '../camiones/repository';
import {
  eventosPorId,
  eventosVisiblesTras,
  extremosDeEventos,
  type EventoPlaya,
} from './repository';

/** Where a stream writes: the response of one browser's EventSource. */
export interface Salida {
  escribir(texto: string): void;
  cerrar(): void;
}

export interface Flujo {
  usuario: UsuarioSesion;
  /** Its session's token: the stream ends when that session ends. */
  token: string;
  salida: Salida;
  /** Events that arrived while the stream was still replaying what it missed. */
  enEspera: string[] | null;
}

const CANAL_PLAYA = 'acopio_playa';
const CANAL_SESIONES = 'acopio_sesiones';
const LATIDO_MS = 25_000;
const REINTENTO_MAXIMO_MS = 10_000;
/** Events read per query when catching up after the listening connection came back. */
const LOTE = 500;

export function mensaje(tipo: string, datos: unknown, id?: number): string {
  return `${id !== undefined ? `id: ${id}\n` : ''}event: ${tipo}\ndata: ${JSON.stringify(datos)}\n\n`;
}

export interface Registro {
  warn(o: object, m: string): void;
  error(o: object, m: string): void;
}

export class CentralEnVivo {
  readonly flujos = new Set<Flujo>();
  private cliente: pg.Client | null = null;
  private iniciada: Promise<void> | null = null;
  private cerrada = false;
  private pendientes: number[] = [];
  private procesando: Promise<void> | null = null;
  /** The newest event this process has handed out: catching up after a reconnection starts here. */
  private ultimoId = 0;
  private latido: NodeJS.Timeout | null = null;
  private reintento: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly opcionesPg: pg.ClientConfig,
    private readonly minutosInactividad: number,
    private readonly registro: Registro,
    /** The session cache of this process, told of every `acopio_sesiones` notice. */
    private readonly sesiones?: { aviso(carga: string): void; conexion(activa: boolean): void },
  ) {}

  /**
   * Listens from the start and keeps trying while the database is unreachable: the session
   * cache works only while this connection is up (the live streams start it anyway).
   */
  arrancar() {
    this.iniciar().catch((e: unknown) => {
      this.registro.warn({ err: e }, 'en vivo: no se pudo escuchar; se reintenta');
      if (!this.cerrada) {
        this.reintento = setTimeout(() => this.arrancar(), REINTENTO_MAXIMO_MS);
        this.reintento.unref();
      }
    });
  }

  /** Starts listening (once; the first stream calls it). Resolves when LISTEN is in place. */
  iniciar(): Promise<void> {
    this.iniciada ??= this.escuchar().then(async () => {
      this.ultimoId = Math.max(this.ultimoId, (await extremosDeEventos(this.db)).ultimo);
      this.latido = setInterval(() => void this.latir(), LATIDO_MS);
      this.latido.unref();
    });
    // A failed start (database down) is tried again by the next stream.
    this.iniciada.catch(() => {
      this.iniciada = null;
    });
    return this.iniciada;
  }

  agregar(flujo: Flujo) {
    this.flujos.add(flujo);
  }

  quitar(flujo: Flujo) {
    this.flujos.delete(flujo);
  }

  flujosDe(usuarioId: number): number {
    let n = 0;
    for (const f of this.flujos) if (f.usuario.id === usuarioId) n++;
    return n;
  }

  /** Ends every stream and the listening connection: the process is shutting down. */
  async cerrar() {
    this.cerrada = true;
    this.sesiones?.conexion(false);
    if (this.latido) clearInterval(this.latido);
    if (this.reintento) clearTimeout(this.reintento);
    for (const f of this.flujos) f.salida.cerrar();
    this.flujos.clear();
    await this.procesando;
    await this.cliente?.end().catch(() => undefined);
  }

  private async escuchar(): Promise<void> {
    const cliente = new pg.Client(this.opcionesPg);
    cliente.on('notification', (n) => this.alNotificar(n));
    // A lost connection (database restarted, network) is replaced; the events of the meantime
    // are read from the table, so no stream misses them.
    cliente.on('error', (e) => this.registro.warn({ err: e }, 'en vivo: se perdió la conexión'));
    cliente.on('end', () => {
      // The notices of the meantime are lost: the session cache is off until LISTEN is back.
      this.sesiones?.conexion(false);
      if (this.cliente === cliente) this.cliente = null;
      if (!this.cerrada) this.reconectar(1_000);
    });
    await cliente.connect();
    await cliente.query(`LISTEN ${CANAL_PLAYA}; LISTEN ${CANAL_SESIONES}`);
    this.cliente = cliente;
    this.sesiones?.conexion(true);
  }

  private reconectar(espera: number) {
    this.reintento = setTimeout(() => {
      this.escuchar().then(
        () => void this.ponerseAlDia(),
        (e: unknown) => {
          this.registro.warn({ err: e }, 'en vivo: no se pudo volver a escuchar');
          if (!this.cerrada) this.reconectar(Math.min(espera * 2, REINTENTO_MAXIMO_MS));
        },
      );
    }, espera);
    this.reintento.unref();
  }

  private alNotificar(n: pg.Notification) {
    if (n.channel === CANAL_SESIONES) {
      this.sesiones?.aviso(n.payload ?? '*');
      const usuarioId = Number(n.payload);
      void this.verificarSesiones(Number.isSafeInteger(usuarioId) ? usuarioId : undefined);
      return;
    }
    const id = Number(n.payload);
    if (Number.isSafeInteger(id)) {
      this.pendientes.push(id);
      this.procesar();
    }
  }

  /** One batch at a time: what arrives meanwhile waits for the next one. */
  private procesar() {
    if (this.procesando || this.pendientes.length === 0) return;
    const ids = this.pendientes;
    this.pendientes = [];
    this.procesando = eventosPorId(this.db, ids)
      .then((eventos) => this.repartir(eventos))
      .catch((e: unknown) => this.registro.error({ err: e }, 'en vivo: no se pudo repartir'))
      .finally(() => {
        this.procesando = null;
        this.procesar();
      });
  }

  private async ponerseAlDia() {
    for (;;) {
      const eventos = await eventosVisiblesTras(this.db, 'terminal', this.ultimoId, LOTE);
      await this.repartir(eventos);
      if (eventos.length < LOTE) return;
    }
  }

  /** Writes each change once per stream that may see it; several changes of a truck, once. */
  async repartir(eventos: EventoPlaya[], solo?: Flujo) {
    if (eventos.length === 0) return;
    const ultimos = new Map<number, EventoPlaya>();
    for (const e of eventos) ultimos.set(e.camion_ctrl, e);
    const camiones = new Map(
      (await camionesPorCtrl(this.db, [...ultimos.keys()])).map((c) => [c.ctrl, c]),
    );
    if (!solo) this.ultimoId = Math.max(this.ultimoId, ...eventos.map((e) => e.id));
    for (const e of [...ultimos.values()].sort((a, b) => a.id - b.id)) {
      const camion = camiones.get(e.camion_ctrl);
      if (!camion) continue;
      const datos: EventoCamion = { codempre: e.codempre, unineg: e.unineg, camion };
      const texto = mensaje(TIPOS_DE_EVENTO.camion, datos, e.id);
      for (const f of solo ? [solo] : this.flujos) {
        if (!puedeVer(f.usuario, e)) continue;
        if (f.enEspera && !solo) f.enEspera.push(texto);
        else f.salida.escribir(texto);
      }
    }
  }

  /** A heartbeat keeps proxies from closing idle streams; sessions that ended end theirs. */
  private async latir() {
    for (const f of this.flujos) f.salida.escribir(': latido\n\n');
    await this.verificarSesiones();
  }

  private async verificarSesiones(usuarioId?: number) {
    const flujos = [...this.flujos].filter(
      (f) => usuarioId === undefined || f.usuario.id === usuarioId,
    );
    if (flujos.length === 0) return;
    try {
      const vivos = await tokensVivos(
        this.db,
        [...new Set(flujos.map((f) => f.token))],
        this.minutosInactividad,
      );
      for (const f of flujos) {
        if (vivos.has(f.token)) continue;
        this.flujos.delete(f);
        f.salida.cerrar();
      }
    } catch (e) {
      this.registro.warn({ err: e }, 'en vivo: no se pudieron verificar las sesiones');
    }
  }
}
