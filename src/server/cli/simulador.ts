/**
 * `npm run cli -- simular`: a moving yard for a demo. Trucks arrive at N a minute and go through
 * the yard with the operations API over HTTP, as the gate and the scale would (ingreso, the
 * quota, tara, bruto, egreso), so the trucks screen and the stock move on their own.
 *
 * What a gate does not do — a client ordering the quota a truck comes for, and booking its turn
 * — it does through the quotas' and turns' services themselves, audited as 'simulador'. Where the
 * unit has a turns calendar with a place in the band of now, the quota is booked before its
 * truck arrives (as the client would have booked it the day before, inside the booking window)
 * and the truck checks in at the gate by its turn code; otherwise it comes without a turn.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as esperar } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { BrutoRespuesta, CamionOperado } from '../../shared/contracts/operaciones';
import type { PresentarTurnoRespuesta } from '../../shared/contracts/turnos';
import { numeroAr } from '../../shared/formato';
import { aleatorio } from '../demo/datos';
import type { Db } from '../db/client';
import * as cupos from '../features/cupos/servicio';
import * as turnos from '../features/turnos/servicio';
import { ErrorHttp } from '../errores';
import type { RelojTerminal } from '../reloj-terminal';

export interface OpcionesSimulador {
  url: string;
  token: string;
  db: Db;
  /** Trucks per minute. */
  ritmo: number;
  /** Stop after this many trucks (and wait for them to leave); default: until aborted. */
  camiones?: number;
  /** Only this client and unit; default: every client and unit with products. */
  codempre?: number;
  unineg?: number;
  escribir: (linea: string) => void;
  senal: AbortSignal;
  /** The terminal's wall clock: the band of now its trucks book. */
  reloj: RelojTerminal;
}

const SIMULADOR = { actor: 'simulador' };
const ayerDe = (dia: string) =>
  new Date(Date.parse(`${dia}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The quota's turn for the band of now, booked as the day before at 00:00 (inside the default
 * window); its code, or undefined when the unit has no place then (no calendar, full, paused).
 */
async function reservarTurno(db: Db, reloj: RelojTerminal, cupo: number, patente: string) {
  const ahora = reloj();
  const fecha = ahora.slice(0, 10);
  try {
    const t = await turnos.reservar(db, () => `${ayerDe(fecha)}T00:00:00`, 'terminal', SIMULADOR, {
      cupo,
      fecha,
      hora: Number(ahora.slice(11, 13)),
      patente,
    });
    return t.codigo;
  } catch (e) {
    if (e instanceof ErrorHttp && e.statusCode === 409) return undefined;
    throw e;
  }
}

interface Par {
  codempre: number;
  unineg: number;
  nomempre: string;
  productos: number[];
  /** The unit's bulk dispatch type. */
  coddespacho: number;
}

class FalloOperacion extends Error {}

const NOMBRES = ['Juan', 'Carlos', 'Miguel', 'Héctor', 'Rubén', 'Diego', 'Walter', 'Mariela'];
const APELLIDOS = ['González', 'Rodríguez', 'Fernández', 'López', 'Sosa', 'Romero', 'Acosta'];
const LETRAS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

async function paresDeTrabajo(db: Db, o: OpcionesSimulador): Promise<Par[]> {
  const { rows } = await db.execute<Par & Record<string, unknown>>(sql`
    select pc.codempre, pc.unineg, e.nomempre, array_agg(pc.codpro order by pc.codpro) as productos,
           (select min(d.coddespacho) from tipos_despacho d
            where d.unineg = pc.unineg and d.envase = 'N') as coddespacho
    from productos_clientes pc join empresas e on e.codempre = pc.codempre
    join productos p on p.codpro = pc.codpro and p.activo
    where pc.codempre <> 0
      and (${o.codempre ?? null}::int is null or pc.codempre = ${o.codempre ?? null})
      and (${o.unineg ?? null}::int is null or pc.unineg = ${o.unineg ?? null})
    group by pc.codempre, pc.unineg, e.nomempre
    having (select min(d.coddespacho) from tipos_despacho d
            where d.unineg = pc.unineg and d.envase = 'N') is not null
    order by pc.codempre, pc.unineg`);
  return rows;
}

/** The quota the truck comes for: bulk, 26-32 t, one or two products, as a client orders it. */
async function ordenarCupo(db: Db, par: Par, r: ReturnType<typeof aleatorio>) {
  const primero = r.elegir(par.productos);
  const otros = par.productos.filter((p) => p !== primero);
  const productos =
    otros.length > 0 && r.siguiente() < 0.4 ? [primero, r.elegir(otros)] : [primero];
  const porcentajes = productos.length === 2 ? [60, 40] : [100];
  const tipo = r.siguiente() < 0.6 ? ('D' as const) : ('R' as const);
  const cantidad = r.entero(26, 32) * 1000;
  const guardado = await cupos.crear(
    db,
    'terminal',
    { actor: 'simulador' },
    {
      cupo: {
        cliente: par.codempre,
        uniNeg: par.unineg,
        tipoOrden: tipo,
        tipoDespacho: par.coddespacho,
        envase: -1,
        cargaMaxima: cantidad,
        conCoating: false,
        observaciones: 'Simulación de playa',
        cantCuposIguales: 1,
      },
      productos: productos.map((codpro, i) => ({ producto: codpro, porcentaje: porcentajes[i]! })),
    },
  );
  if ('errores' in guardado) throw new FalloOperacion(guardado.errores.join('; '));
  const ctrl = guardado.cupos[0]!;
  return { ctrl, cantidad, tipo };
}

export async function simular(
  o: OpcionesSimulador,
): Promise<{ iniciados: number; finalizados: number }> {
  const pares = await paresDeTrabajo(o.db, o);
  if (pares.length === 0)
    throw new Error('No hay clientes con productos en esa unidad de negocio.');
  const r = aleatorio(Date.now());
  const intervalo = 60_000 / o.ritmo;
  const pausa = () => esperar(intervalo * (1 + 2 * r.siguiente()), undefined, { signal: o.senal });
  let finalizados = 0;

  /** One call, retried on a network failure or a 5xx with the same idempotency key. */
  async function llamar<T>(ruta: string, cuerpo: unknown): Promise<T> {
    const clave = randomUUID();
    const camino = ruta.includes('/') ? ruta : `operaciones/${ruta}`;
    for (let intento = 1; ; intento++) {
      try {
        const res = await fetch(`${o.url}/api/${camino}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${o.token}`,
            'idempotency-key': clave,
          },
          body: JSON.stringify(cuerpo),
        });
        const datos = (await res.json()) as T & { msj?: string };
        if (res.ok) return datos;
        if (res.status < 500 || intento === 3) {
          throw new FalloOperacion(`${ruta}: ${res.status} ${datos.msj ?? ''}`);
        }
      } catch (e) {
        if (e instanceof FalloOperacion || intento === 3 || o.senal.aborted) throw e;
      }
      await esperar(500 * intento, undefined, { signal: o.senal });
    }
  }

  async function recorrer(n: number) {
    const par = r.elegir(pares);
    const cupo = await ordenarCupo(o.db, par, r);
    const letra = () => LETRAS[r.entero(0, LETRAS.length - 1)];
    const patcha = `${letra()}${letra()}${r.entero(100, 999)}${letra()}${letra()}`;
    const codigo = await reservarTurno(o.db, o.reloj, cupo.ctrl, patcha);
    if (codigo) o.escribir(`#${n} ${par.nomempre} reservó el turno ${codigo} para ${patcha}.`);
    // A truck with a turn enters without its order and checks in by its code.
    const conCupo = codigo === undefined && r.siguiente() < 0.5;
    const ingreso = await llamar<CamionOperado>('ingreso', {
      codempre: par.codempre,
      unineg: par.unineg,
      patcha,
      pataco: `${letra()}${letra()}${r.entero(100, 999)}${letra()}${letra()}`,
      cargateorica: cupo.cantidad,
      nomchofer: `${r.elegir(NOMBRES)} ${r.elegir(APELLIDOS)}`,
      dni: String(r.entero(18_000_000, 44_000_000)),
      ...(conCupo ? { cupo: cupo.ctrl } : {}),
    });
    const camion = ingreso.camion;
    const quien = `Camión ${camion} (${ingreso.patcha}, ${par.nomempre})`;
    o.escribir(`#${n} ${quien} ingresó a playa: ${ingreso.nomestado}.`);
    if (codigo !== undefined) {
      await pausa();
      const p = await llamar<PresentarTurnoRespuesta>('turnos/porteria/presentar', {
        camion,
        codigo,
      });
      const como = { a_tiempo: 'a tiempo', temprano: 'temprano', tarde: 'tarde' };
      o.escribir(
        `${quien}: presentó el turno ${codigo} (${como[p.turno?.clasificacion ?? 'a_tiempo']}); Playa con orden.`,
      );
    } else if (!conCupo) {
      await pausa();
      const v = await llamar<CamionOperado>('vincular', { camion, cupo: cupo.ctrl });
      o.escribir(`${quien}: presentó el cupo ${cupo.ctrl}; ${v.nomestado}.`);
    }
    await pausa();
    const balanza = () => `Balanza ${r.entero(1, 3)}`;
    const tara = r.entero(13_500, 16_500);
    await llamar<CamionOperado>('tara', { camion, kg: tara, balanza: balanza() });
    o.escribir(`${quien}: tara ${numeroAr(tara)} kg; Operando.`);
    await pausa();
    const neto = r.entero(Math.round(cupo.cantidad * 0.9), cupo.cantidad);
    const bruto = await llamar<BrutoRespuesta>('bruto', {
      camion,
      kg: tara + neto,
      balanza: balanza(),
    });
    const stock = bruto.movimientos
      .map((m) => `${m.nompro} ${m.toneladas > 0 ? '+' : ''}${numeroAr(m.toneladas)} t`)
      .join(', ');
    o.escribir(
      `${quien}: bruto ${numeroAr(tara + neto)} kg, neto ${numeroAr(neto)} kg (${cupo.tipo === 'R' ? 'recepción' : 'despacho'}); stock: ${stock}.`,
    );
    await pausa();
    await llamar<CamionOperado>('egreso', { camion });
    o.escribir(`${quien} salió de playa.`);
    finalizados++;
  }

  const enCurso = new Set<Promise<void>>();
  let iniciados = 0;
  while (!o.senal.aborted && (o.camiones === undefined || iniciados < o.camiones)) {
    iniciados++;
    const n = iniciados;
    const viaje: Promise<void> = recorrer(n)
      .catch((e: unknown) => {
        if (!o.senal.aborted) o.escribir(`#${n}: no se pudo completar: ${(e as Error).message}`);
      })
      .finally(() => enCurso.delete(viaje));
    enCurso.add(viaje);
    if (o.camiones !== undefined && iniciados >= o.camiones) break;
    await esperar(intervalo, undefined, { signal: o.senal }).catch(() => undefined);
  }
  await Promise.all(enCurso);
  return { iniciados, finalizados };
}
