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
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import {
  CANAL_TURNOS,
  eventoTurno,
  TIPOS_DE_EVENTO,
  type EventoCamion,
} from '../../../shared/contracts/en-vivo';
import { puedeVer, type UsuarioSesion } from '../../acceso';
import type { Db } from '../../db/client';
import { CONTADORES } from '../../metricas';
import { usuariosDeTokens } from '../auth/servicio';
import { camionesEnPlayaPorCtrl } from '../camiones/servicio';
import {
  eventosPorId,
  eventosVisiblesTras,
  extremosDeEventos,
  latirLugares,
  liberarLugar,
  liberarLugaresDe,
  type EventoPlaya,
} from './repository';

/** Where a stream writes: the response of one browser's EventSource. */
export interface Salida {
  escribir(texto: string): void;
  cerrar(): void;
}

export interface Flujo {
  /** Whose rights decide what the stream shows: read again whenever they may have changed. */
  usuario: UsuarioSesion;
  /** Its session's token: the stream ends when that session ends. */
  token: string;
  salida: Salida;
  /** Its row in flujos_en_vivo: the place it takes in its user's limit, in every process. */
  lugar: string;
  /**
   * While above zero the stream holds the changes that arrive (it is replaying what it missed,
   * or its user's rights are being read again); they are sent when it reaches zero, each
   * checked against the rights of that moment.
   */
  retenciones: number;
  retenidos: { evento: EventoPlaya; texto: string }[];
}

/** A stream as it starts: holding changes until its replay is done (`soltar`). */
export const nuevoFlujo = (
  usuario: UsuarioSesion,
  token: string,
  salida: Salida,
  lugar: string,
): Flujo => ({ usuario, token, salida, lugar, retenciones: 1, retenidos: [] });

const CANAL_PLAYA = 'acopio_playa';
const CANAL_SESIONES = 'acopio_sesiones';
const LATIDO_MS = 25_000;
/** A stream's place stops counting when its process has not beaten for this long. */
export const VIGENCIA_LUGAR_SEGUNDOS = (3 * LATIDO_MS) / 1000;
/**
 * The listening connection proves it is alive: every PING_MS it notifies itself on a channel of
 * its own, and a ping not back within PLAZO_PING_MS means the connection hangs (a frozen backend,
 * a network that drops packets without closing): the session cache goes off at once and the
 * connection is replaced. A revocation is then honoured within PING_MS + PLAZO_PING_MS.
 */
const PING_MS = 2_000;
const PLAZO_PING_MS = 3_000;
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
  /** This process, in flujos_en_vivo: a new id each start. */
  readonly proceso = randomUUID();
  private cliente: pg.Client | null = null;
  private iniciada: Promise<void> | null = null;
  private cerrada = false;
  private pendientes: number[] = [];
  private procesando: Promise<void> | null = null;
  /** The newest event this process has handed out: catching up after a reconnection starts here. */
  private ultimoId = 0;
  private latido: NodeJS.Timeout | null = null;
  private reintento: NodeJS.Timeout | null = null;
  private ping: NodeJS.Timeout | null = null;
  /** Events that could not be handed out are read again from the table after this id. */
  private recuperarDesde: number | null = null;
  private recuperacion: NodeJS.Timeout | null = null;
  /** This process's own ping channel: other processes' pings do not reach it. */
  private readonly canalPing = `acopio_ping_${randomBytes(8).toString('hex')}`;
  /** When the ping still unanswered was sent; null when none is. */
  private pingEnviado: number | null = null;
  /** The listening connection's socket, to cut it when it hangs (`end()` would wait on it). */
  private socket: net.Socket | null = null;

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
    // Places of processes that died without giving them back.
    liberarLugaresDe(this.db, this.proceso, VIGENCIA_LUGAR_SEGUNDOS).catch(() => undefined);
    this.iniciar().catch((e: unknown) => {
      this.registro.warn({ err: e }, 'en vivo: no se pudo escuchar; se reintenta');
      if (!this.cerrada) {
        this.reintento = setTimeout(() => this.arrancar(), REINTENTO_MAXIMO_MS);
        this.reintento.unref();
      }
    });
  }

  /**
   * The listening connection is up with its LISTENs in place (readiness, features/salud): without
   * it this process misses the yard's changes and its session cache is off.
   */
  get escuchando(): boolean {
    return this.cliente !== null;
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

  /** The stream left (or never started): its place in the user's limit is free again. */
  quitar(flujo: Flujo) {
    this.flujos.delete(flujo);
    liberarLugar(this.db, flujo.lugar).catch((e: unknown) =>
      this.registro.warn({ err: e }, 'en vivo: no se pudo liberar el lugar de un flujo'),
    );
  }

  /** Ends every stream and the listening connection: the process is shutting down. */
  async cerrar() {
    this.cerrada = true;
    this.sesiones?.conexion(false);
    if (this.latido) clearInterval(this.latido);
    if (this.reintento) clearTimeout(this.reintento);
    if (this.ping) clearInterval(this.ping);
    if (this.recuperacion) clearTimeout(this.recuperacion);
    for (const f of this.flujos) f.salida.cerrar();
    this.flujos.clear();
    // A start still connecting would open its connection after the close, on an ended pool.
    await this.iniciada?.catch(() => undefined);
    await liberarLugaresDe(this.db, this.proceso, VIGENCIA_LUGAR_SEGUNDOS).catch(() => undefined);
    await this.procesando;
    await this.cliente?.end().catch(() => undefined);
  }

  private async escuchar(): Promise<void> {
    let socket!: net.Socket;
    const cliente = new pg.Client({
      ...this.opcionesPg,
      // Named with the process id: an operator (and a test) can tell each process's listener.
      application_name: `acopio-en-vivo ${process.pid}`,
      // A peer that vanished without closing is noticed by the kernel too, not only by the ping.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // A database that does not answer must not hold a start (or the shutdown that waits for it).
      connectionTimeoutMillis: 5_000,
      stream: () => (socket = new net.Socket()),
    });
    cliente.on('notification', (n) => this.alNotificar(n));
    // A lost connection (database restarted, network) is replaced; the events of the meantime
    // are read from the table, so no stream misses them.
    cliente.on('error', (e) => this.registro.warn({ err: e }, 'en vivo: se perdió la conexión'));
    cliente.on('end', () => {
      // The notices of the meantime are lost: the session cache is off until LISTEN is back.
      if (this.cliente === cliente) {
        this.sesiones?.conexion(false);
        this.cliente = null;
        this.socket = null;
        if (!this.cerrada) this.reconectar(1_000);
      }
    });
    await cliente.connect();
    await cliente.query(
      `LISTEN ${CANAL_PLAYA}; LISTEN ${CANAL_SESIONES}; LISTEN ${CANAL_TURNOS}; LISTEN ${this.canalPing}`,
    );
    this.cliente = cliente;
    this.socket = socket;
    this.pingEnviado = null;
    this.ping ??= setInterval(() => this.enviarPing(), PING_MS);
    this.ping.unref();
    this.sesiones?.conexion(true);
  }

  /** One ping at a time; one late means the connection hangs: cut it (its 'end' reconnects). */
  private enviarPing() {
    const cliente = this.cliente;
    if (!cliente || this.cerrada) return;
    if (this.pingEnviado !== null) {
      if (Date.now() - this.pingEnviado < PLAZO_PING_MS) return;
      this.registro.warn(
        { canal: this.canalPing },
        'en vivo: la conexión no responde; se reemplaza',
      );
      this.pingEnviado = null;
      this.sesiones?.conexion(false);
      this.socket?.destroy();
      return;
    }
    this.pingEnviado = Date.now();
    cliente.query(`NOTIFY ${this.canalPing}`).catch(() => undefined);
  }

  private reconectar(espera: number) {
    this.reintento = setTimeout(() => {
      this.escuchar().then(
        () => {
          // Notices of the meantime were lost: every stream's rights are read again.
          void this.revisar();
          this.ponerseAlDia(this.ultimoId).catch(() => this.recuperar(this.ultimoId));
        },
        (e: unknown) => {
          this.registro.warn({ err: e }, 'en vivo: no se pudo volver a escuchar');
          if (!this.cerrada) this.reconectar(Math.min(espera * 2, REINTENTO_MAXIMO_MS));
        },
      );
    }, espera);
    this.reintento.unref();
  }

  private alNotificar(n: pg.Notification) {
    if (n.channel === this.canalPing) {
      this.pingEnviado = null;
      return;
    }
    if (n.channel === CANAL_TURNOS) {
      CONTADORES.avisos.inc({ channel: 'turnos' });
      this.repartirTurno(n.payload);
      return;
    }
    CONTADORES.avisos.inc({ channel: n.channel === CANAL_SESIONES ? 'sesiones' : 'playa' });
    if (n.channel === CANAL_SESIONES) {
      this.sesiones?.aviso(n.payload ?? '*');
      const usuarioId = Number(n.payload);
      void this.revisar(Number.isSafeInteger(usuarioId) ? usuarioId : undefined);
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
      .catch((e: unknown) => {
        // The database failed (a failover): nothing of the batch was sent; read it again later.
        this.registro.error({ err: e }, 'en vivo: no se pudo repartir');
        this.recuperar(Math.min(...ids) - 1);
      })
      .finally(() => {
        this.procesando = null;
        this.procesar();
      });
  }

  /** Hands out every event after `desde` (a change sent again shows the truck as it is now). */
  private async ponerseAlDia(desde: number) {
    for (let cursor = desde; ;) {
      const eventos = await eventosVisiblesTras(this.db, 'terminal', cursor, LOTE);
      await this.repartir(eventos);
      if (eventos.length < LOTE) return;
      cursor = eventos[eventos.length - 1]!.id;
    }
  }

  /**
   * Events that could not be handed out (the database failed while the listening connection
   * still stood, or right after it came back) are read from the table again, retried until the
   * database answers: no stream misses them, and no rejection is left unhandled.
   */
  private recuperar(desde: number, espera = 1_000) {
    this.recuperarDesde = Math.min(this.recuperarDesde ?? desde, desde);
    if (this.recuperacion || this.cerrada) return;
    this.recuperacion = setTimeout(() => {
      this.recuperacion = null;
      const inicio = this.recuperarDesde!;
      this.recuperarDesde = null;
      this.ponerseAlDia(inicio).catch((e: unknown) => {
        this.registro.warn({ err: e }, 'en vivo: no se pudo leer lo pendiente; se reintenta');
        this.recuperar(inicio, Math.min(espera * 2, REINTENTO_MAXIMO_MS));
      });
    }, espera);
    this.recuperacion.unref();
  }

  /** Writes each change once per stream that may see it; several changes of a truck, once. */
  async repartir(eventos: EventoPlaya[], solo?: Flujo) {
    if (eventos.length === 0) return;
    const ultimos = new Map<number, EventoPlaya>();
    for (const e of eventos) ultimos.set(e.camion_ctrl, e);
    const camiones = new Map(
      (await camionesEnPlayaPorCtrl(this.db, [...ultimos.keys()])).map((c) => [c.ctrl, c]),
    );
    if (!solo) this.ultimoId = Math.max(this.ultimoId, ...eventos.map((e) => e.id));
    for (const e of [...ultimos.values()].sort((a, b) => a.id - b.id)) {
      const camion = camiones.get(e.camion_ctrl);
      if (!camion) continue;
      const datos: EventoCamion = { codempre: e.codempre, unineg: e.unineg, camion };
      const texto = mensaje(TIPOS_DE_EVENTO.camion, datos, e.id);
      for (const f of solo ? [solo] : this.flujos) {
        if (f.retenciones > 0 && !solo) f.retenidos.push({ evento: e, texto });
        else if (puedeVer(f.usuario, e)) f.salida.escribir(texto);
      }
    }
  }

  /**
   * A band's bookings changed (issue 24): the event goes to each stream whose user may see that
   * company's rows of that unit (`puedeVer`); a pause (no company) to administrators only. It
   * carries no id: it is not replayed, the screen reads its counts again when the stream is live.
   */
  private repartirTurno(carga: string | undefined) {
    let datos;
    try {
      datos = eventoTurno.parse(JSON.parse(carga ?? ''));
    } catch (e) {
      this.registro.warn({ err: e, carga }, 'en vivo: aviso de turnos ilegible');
      return;
    }
    // No company is -1: no client's, so only an administrator's rights see it.
    const fila: EventoPlaya = {
      id: 0,
      codempre: datos.codempre ?? -1,
      unineg: datos.unineg,
      camion_ctrl: 0,
    };
    const texto = mensaje(TIPOS_DE_EVENTO.turno, datos);
    for (const f of this.flujos) {
      if (f.retenciones > 0) f.retenidos.push({ evento: fila, texto });
      else if (puedeVer(f.usuario, fila)) f.salida.escribir(texto);
    }
  }

  /** Changes stop reaching the stream until `soltar` (as many times as it was held). */
  retener(f: Flujo) {
    f.retenciones++;
  }

  /** Sends what the stream held, if it may still see it now. */
  soltar(f: Flujo) {
    if (--f.retenciones > 0) return;
    const retenidos = f.retenidos;
    f.retenidos = [];
    for (const { evento, texto } of retenidos) {
      if (this.flujos.has(f) && puedeVer(f.usuario, evento)) f.salida.escribir(texto);
    }
  }

  private terminar(f: Flujo) {
    this.quitar(f);
    f.salida.cerrar();
  }

  /**
   * A heartbeat keeps proxies from closing idle streams and this process's places counted;
   * sessions that ended end their streams.
   */
  private async latir() {
    for (const f of this.flujos) f.salida.escribir(': latido\n\n');
    await latirLugares(this.db, this.proceso).catch((e: unknown) =>
      this.registro.warn({ err: e }, 'en vivo: no se pudo registrar el latido'),
    );
    await this.revisar();
  }

  /**
   * Reads again, from the database, the session and rights of the streams of one user (all
   * without `usuarioId`), and makes each follow them: its session ended or its user moved to
   * another company → the stream ends; its units changed → it shows the new ones and tells the
   * screen to reload its list (what it lists was read with the old ones); nothing else → it goes
   * on. Changes that arrive meanwhile wait and are checked against the new rights, so none of a
   * unit just taken away is sent once the notice is here. If the rights cannot be read, the
   * streams end: the browser reconnects, and the session is checked then.
   */
  private async revisar(usuarioId?: number) {
    const flujos = [...this.flujos].filter(
      (f) => usuarioId === undefined || f.usuario.id === usuarioId,
    );
    if (flujos.length === 0) return;
    for (const f of flujos) this.retener(f);
    try {
      const actuales = await usuariosDeTokens(
        this.db,
        [...new Set(flujos.map((f) => f.token))],
        this.minutosInactividad,
      );
      for (const f of flujos) {
        const actual = actuales.get(f.token);
        if (!actual || actual.codempre !== f.usuario.codempre) {
          this.terminar(f);
          continue;
        }
        const otrasUnidades = !mismasUnidades(actual.uniNegs, f.usuario.uniNegs);
        f.usuario = { ...actual, reautenticada: f.usuario.reautenticada };
        if (otrasUnidades && this.flujos.has(f)) {
          f.salida.escribir(mensaje(TIPOS_DE_EVENTO.recargar, {}));
        }
      }
    } catch (e) {
      this.registro.warn({ err: e }, 'en vivo: no se pudieron verificar las sesiones');
      for (const f of flujos) this.terminar(f);
    } finally {
      for (const f of flujos) this.soltar(f);
    }
  }
}

const mismasUnidades = (a: UsuarioSesion['uniNegs'], b: UsuarioSesion['uniNegs']) =>
  a.length === b.length && a.every((u, i) => u.ctrl === b[i]!.ctrl);
