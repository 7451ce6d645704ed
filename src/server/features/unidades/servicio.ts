/**
 * Business units and their dispatch types (issue 21): the administration's screen, the CLI and
 * the import come through here. Every change is audited with its values before and after; a
 * change that changes nothing (the same name, already active) writes nothing and audits nothing,
 * so that importing the same file twice leaves no trace the second time.
 *
 * A unit or a type that history refers to is deactivated, never deleted: deleting is for what
 * nothing refers to, and the refusal names what does.
 *
 * The acts come twice: `…En(tx, …)` works inside the caller's transaction (the import runs all
 * its rows in one) and the plain ones open their own. A caller that changes units in its own
 * transaction opens it with `transaccionDeSesiones` (features/auth/cache-sesiones.ts): sessions
 * carry their units, and this process's cache must forget them at the commit.
 */
import {
  LARGO_NOMBRE,
  nombreDespacho,
  nombreUnidad,
  type DespachoAdministrado,
  type EnvaseDespacho,
  type UnidadAdministrada,
} from '../../../shared/contracts/unidades';
import { TEXTOS_UNIDADES as T, USOS_DE_UNIDAD } from '../../../shared/textos';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db, DbOTx, Tx } from '../../db/client';
import { conflicto, errorDeCampo, ErrorHttp } from '../../errores';
import { transaccionDeSesiones } from '../auth/cache-sesiones';
import {
  actualizarDespacho,
  actualizarUnidad,
  bloquearDespacho,
  bloquearUnidad,
  borrarDespacho,
  borrarUnidad,
  despachosDeUnidad,
  insertarDespacho,
  insertarUnidad,
  otraUnidadConNombre,
  otroDespachoConNombre,
  referencias,
  unidadAdministrada,
  unidadesAdministradas,
  unidadesPorCodigo,
  type Unidad,
} from './repository';

/**
 * What goes with a unit when it is deleted: its dispatch types and its settings (wait
 * thresholds, dashboard parameters, booking rules). Everything else that refers to it is history or an
 * assignment, and keeps it from going.
 */
const PROPIAS_DE_UNIDAD = [
  'tipos_despacho',
  'umbrales_espera',
  'parametros_tablero',
  'turnos_parametros',
] as const;

/** A unit named by its code (a number, or digits) or by its name. */
export type ReferenciaUnidad = number | string;

// ---------------------------------------------------------------------------------------------
// Reading

export const listar = (db: DbOTx): Promise<UnidadAdministrada[]> => unidadesAdministradas(db);

/** A unit's dispatch types, active or not. */
export async function despachos(
  db: DbOTx,
  unidad: ReferenciaUnidad,
): Promise<DespachoAdministrado[]> {
  const u = await unidadExistente(db, unidad);
  return despachosDeUnidad(db, u.ctrl);
}

/**
 * A unit by its code or by its name, ignoring case and the spaces around it (the import matches
 * units by name: their codes are this database's own). Undefined when there is none.
 */
export function buscarUnidadEn(db: DbOTx, unidad: ReferenciaUnidad): Promise<Unidad | undefined> {
  const texto = String(unidad).trim();
  return bloquearUnidad(db, /^\d+$/.test(texto) ? { ctrl: Number(texto) } : { nombre: texto });
}

async function unidadExistente(db: DbOTx, unidad: ReferenciaUnidad): Promise<Unidad> {
  const u = await buscarUnidadEn(db, unidad);
  if (!u) throw new ErrorHttp(404, T.unidadInexistente(unidad));
  return u;
}

// ---------------------------------------------------------------------------------------------
// What other features ask before they give a unit to something new

/**
 * Refuses, naming the field, a unit that does not exist or that is inactive among `nuevas`,
 * unless it is among `yaTenidas` (what the company or user already had keeps, even inactive:
 * taking it away is another act). Users and companies call it.
 */
export async function exigirAsignablesEn(
  db: DbOTx,
  campo: string,
  nuevas: number[],
  yaTenidas: number[] = [],
) {
  if (nuevas.length === 0) return;
  const existentes = new Map((await unidadesPorCodigo(db, nuevas)).map((u) => [u.ctrl, u]));
  for (const ctrl of nuevas) {
    const u = existentes.get(ctrl);
    if (!u) throw errorDeCampo(campo, T.unidadInexistente(ctrl));
    if (!u.activo && !yaTenidas.includes(ctrl))
      throw errorDeCampo(campo, T.unidadInactiva(u.unineg));
  }
}

// ---------------------------------------------------------------------------------------------
// Units

/** A name as the database keeps it (trimmed, NFC), or a 400 naming the field in Spanish. */
function leerNombre(esquema: typeof nombreUnidad, campo: string, valor: string): string {
  const r = esquema.safeParse(valor);
  if (r.success) return r.data;
  const { code, message } = r.error.issues[0]!;
  throw errorDeCampo(campo, code === 'too_big' ? T.nombreLargo(LARGO_NOMBRE) : message);
}

const fotoUnidad = (u: Unidad) => ({ unineg: u.unineg, activo: u.activo });

async function unidadCompleta(db: DbOTx, ctrl: number): Promise<UnidadAdministrada> {
  return (await unidadAdministrada(db, ctrl))!;
}

export async function crearUnidadEn(
  tx: Tx,
  datos: { unineg: string },
  actor: Actor,
): Promise<UnidadAdministrada> {
  const unineg = leerNombre(nombreUnidad, 'unineg', datos.unineg);
  // Asked first, so the refusal names the unit as it is written and no code is used up; the
  // unique index still settles two creations at once.
  const existente = await otraUnidadConNombre(tx, unineg, 0);
  if (existente) throw errorDeCampo('unineg', T.unidadExistente(existente));
  const nueva = await insertarUnidad(tx, unineg);
  if (!nueva) throw errorDeCampo('unineg', T.unidadExistente(unineg));
  await auditar(tx, {
    ...actor,
    accion: 'crear',
    tabla: 'unidades_negocio',
    filaId: nueva.ctrl,
    despues: fotoUnidad(nueva),
  });
  return { ...nueva, despachos: [] };
}

export async function renombrarUnidadEn(
  tx: Tx,
  ctrl: number,
  nombre: string,
  actor: Actor,
): Promise<UnidadAdministrada> {
  const unineg = leerNombre(nombreUnidad, 'unineg', nombre);
  const u = await unidadExistente(tx, ctrl);
  if (u.unineg !== unineg) {
    const existente = await otraUnidadConNombre(tx, unineg, u.ctrl);
    if (existente) throw errorDeCampo('unineg', T.unidadExistente(existente));
    await actualizarUnidad(tx, u.ctrl, { unineg });
    await auditar(tx, {
      ...actor,
      accion: 'renombrar',
      tabla: 'unidades_negocio',
      filaId: u.ctrl,
      antes: fotoUnidad(u),
      despues: { ...fotoUnidad(u), unineg },
    });
  }
  return unidadCompleta(tx, u.ctrl);
}

/**
 * Deactivates a unit (nothing new is made in it; its history stays and is still shown) or
 * activates it again.
 */
export async function cambiarActivoUnidadEn(
  tx: Tx,
  ctrl: number,
  activo: boolean,
  actor: Actor,
): Promise<UnidadAdministrada> {
  const u = await unidadExistente(tx, ctrl);
  if (u.activo !== activo) {
    await actualizarUnidad(tx, u.ctrl, { activo });
    await auditar(tx, {
      ...actor,
      accion: activo ? 'activar' : 'desactivar',
      tabla: 'unidades_negocio',
      filaId: u.ctrl,
      antes: fotoUnidad(u),
      despues: { ...fotoUnidad(u), activo },
    });
  }
  return unidadCompleta(tx, u.ctrl);
}

/** 'camiones, cupos y usuarios'. */
function enumerar(partes: string[]): string {
  return partes.length < 2
    ? (partes[0] ?? '')
    : `${partes.slice(0, -1).join(', ')} y ${partes.at(-1)!}`;
}

/**
 * Deletes a unit nothing refers to, with its dispatch types and settings (all in the audit's
 * `antes`). One that trucks, quotas, stock, users, companies… refer to is refused (409) naming
 * them: deactivate it instead.
 */
export async function eliminarUnidadEn(tx: Tx, ctrl: number, actor: Actor): Promise<Unidad> {
  const u = await unidadExistente(tx, ctrl);
  const usan = await referencias(tx, 'unidades_negocio', u.ctrl, PROPIAS_DE_UNIDAD);
  const suyos = await despachosDeUnidad(tx, u.ctrl);
  // A quota names its unit and its type; a type of this unit used by another unit's quota
  // (which the quota rules do not allow) would still keep it.
  for (const d of suyos) {
    for (const tabla of await referencias(tx, 'tipos_despacho', d.coddespacho, [])) {
      if (!usan.includes(tabla)) usan.push(tabla);
    }
  }
  if (usan.length > 0) {
    throw conflicto(T.unidadEnUso(u.unineg, enumerar(usan.map((t) => USOS_DE_UNIDAD[t] ?? t))));
  }
  await borrarUnidad(tx, u.ctrl, PROPIAS_DE_UNIDAD);
  await auditar(tx, {
    ...actor,
    accion: 'eliminar',
    tabla: 'unidades_negocio',
    filaId: u.ctrl,
    antes: { ...fotoUnidad(u), despachos: suyos.map(fotoDespacho) },
  });
  return u;
}

export type Cambio = 'creado' | 'modificado' | 'sin cambios';

/**
 * The import's act: the unit by that name (ignoring case) made to match `datos` — created if
 * there is none, activated or deactivated as `activo` says (absent: left as it is). Says what
 * it did, so a dry run can list it.
 */
export async function guardarUnidadEn(
  tx: Tx,
  datos: { unineg: string; activo?: boolean },
  actor: Actor,
): Promise<{ unidad: UnidadAdministrada; cambio: Cambio }> {
  const unineg = leerNombre(nombreUnidad, 'unineg', datos.unineg);
  // By name only: a unit called '2' is not unit 2.
  const u = await bloquearUnidad(tx, { nombre: unineg });
  if (!u) {
    let unidad = await crearUnidadEn(tx, { unineg }, actor);
    if (datos.activo === false) unidad = await cambiarActivoUnidadEn(tx, unidad.ctrl, false, actor);
    return { unidad, cambio: 'creado' };
  }
  if (datos.activo === undefined || datos.activo === u.activo) {
    return { unidad: await unidadCompleta(tx, u.ctrl), cambio: 'sin cambios' };
  }
  return {
    unidad: await cambiarActivoUnidadEn(tx, u.ctrl, datos.activo, actor),
    cambio: 'modificado',
  };
}

// Each act in its own transaction, for the screen and the CLI. Units travel in every session:
// the session cache forgets them at the commit.

export const crearUnidad = (db: Db, actor: Actor, datos: { unineg: string }) =>
  transaccionDeSesiones(db, (tx) => crearUnidadEn(tx, datos, actor));
export const renombrarUnidad = (db: Db, actor: Actor, ctrl: number, unineg: string) =>
  transaccionDeSesiones(db, (tx) => renombrarUnidadEn(tx, ctrl, unineg, actor));
export const cambiarActivoUnidad = (db: Db, actor: Actor, ctrl: number, activo: boolean) =>
  transaccionDeSesiones(db, (tx) => cambiarActivoUnidadEn(tx, ctrl, activo, actor));
export const eliminarUnidad = (db: Db, actor: Actor, ctrl: number) =>
  transaccionDeSesiones(db, (tx) => eliminarUnidadEn(tx, ctrl, actor));

// ---------------------------------------------------------------------------------------------
// Dispatch types

const fotoDespacho = (d: DespachoAdministrado) => ({
  coddespacho: d.coddespacho,
  unineg: d.unineg,
  nomdespacho: d.nomdespacho,
  envase: d.envase,
  activo: d.activo,
});

async function despachoExistente(tx: DbOTx, coddespacho: number): Promise<DespachoAdministrado> {
  const d = await bloquearDespacho(tx, { coddespacho });
  if (!d) throw new ErrorHttp(404, T.despachoInexistente(coddespacho));
  return d;
}

function leerEnvase(valor: string): EnvaseDespacho {
  if (valor !== 'S' && valor !== 'N') throw errorDeCampo('envase', T.envaseInvalido(valor));
  return valor;
}

/** A type for a unit: bulk ('N') or in containers ('S'). The unit may be inactive. */
export async function crearDespachoEn(
  tx: Tx,
  datos: { unineg: ReferenciaUnidad; nomdespacho: string; envase: string },
  actor: Actor,
): Promise<DespachoAdministrado> {
  const nomdespacho = leerNombre(nombreDespacho, 'nomdespacho', datos.nomdespacho);
  const envase = leerEnvase(datos.envase);
  const u = await buscarUnidadEn(tx, datos.unineg);
  if (!u) throw errorDeCampo('unineg', T.unidadInexistente(datos.unineg));
  const existente = await otroDespachoConNombre(tx, u.ctrl, nomdespacho, 0);
  if (existente) throw errorDeCampo('nomdespacho', T.despachoExistente(existente, u.unineg));
  const nuevo = await insertarDespacho(tx, { unineg: u.ctrl, nomdespacho, envase });
  if (!nuevo) throw errorDeCampo('nomdespacho', T.despachoExistente(nomdespacho, u.unineg));
  await auditar(tx, {
    ...actor,
    accion: 'crear',
    tabla: 'tipos_despacho',
    filaId: nuevo.coddespacho,
    despues: fotoDespacho(nuevo),
  });
  return nuevo;
}

export async function renombrarDespachoEn(
  tx: Tx,
  coddespacho: number,
  nombre: string,
  actor: Actor,
): Promise<DespachoAdministrado> {
  const nomdespacho = leerNombre(nombreDespacho, 'nomdespacho', nombre);
  const d = await despachoExistente(tx, coddespacho);
  if (d.nomdespacho === nomdespacho) return d;
  const existente = await otroDespachoConNombre(tx, d.unineg, nomdespacho, d.coddespacho);
  if (existente) {
    const [u] = await unidadesPorCodigo(tx, [d.unineg]);
    throw errorDeCampo('nomdespacho', T.despachoExistente(existente, u!.unineg));
  }
  await actualizarDespacho(tx, d.coddespacho, { nomdespacho });
  const despues = { ...d, nomdespacho };
  await auditar(tx, {
    ...actor,
    accion: 'renombrar',
    tabla: 'tipos_despacho',
    filaId: d.coddespacho,
    antes: fotoDespacho(d),
    despues: fotoDespacho(despues),
  });
  return despues;
}

/**
 * Deactivates a type (new quotas no longer offer it; the quotas that have it keep it and still
 * show it) or activates it again.
 */
export async function cambiarActivoDespachoEn(
  tx: Tx,
  coddespacho: number,
  activo: boolean,
  actor: Actor,
): Promise<DespachoAdministrado> {
  const d = await despachoExistente(tx, coddespacho);
  if (d.activo === activo) return d;
  await actualizarDespacho(tx, d.coddespacho, { activo });
  const despues = { ...d, activo };
  await auditar(tx, {
    ...actor,
    accion: activo ? 'activar' : 'desactivar',
    tabla: 'tipos_despacho',
    filaId: d.coddespacho,
    antes: fotoDespacho(d),
    despues: fotoDespacho(despues),
  });
  return despues;
}

/** Deletes a type no quota has (deleted quotas count: they are history); else 409. */
export async function eliminarDespachoEn(
  tx: Tx,
  coddespacho: number,
  actor: Actor,
): Promise<DespachoAdministrado> {
  const d = await despachoExistente(tx, coddespacho);
  if ((await referencias(tx, 'tipos_despacho', d.coddespacho, [])).length > 0) {
    throw conflicto(T.despachoEnUso(d.nomdespacho));
  }
  await borrarDespacho(tx, d.coddespacho);
  await auditar(tx, {
    ...actor,
    accion: 'eliminar',
    tabla: 'tipos_despacho',
    filaId: d.coddespacho,
    antes: fotoDespacho(d),
  });
  return d;
}

/**
 * The import's act: the unit's type by that name (ignoring case) made to match `datos`. Its
 * container flag changes only while no quota has it (a bulk quota has no container, one in
 * containers has one); `activo` absent leaves it as it is.
 */
export async function guardarDespachoEn(
  tx: Tx,
  datos: { unineg: ReferenciaUnidad; nomdespacho: string; envase: string; activo?: boolean },
  actor: Actor,
): Promise<{ despacho: DespachoAdministrado; cambio: Cambio }> {
  const nomdespacho = leerNombre(nombreDespacho, 'nomdespacho', datos.nomdespacho);
  const envase = leerEnvase(datos.envase);
  const u = await buscarUnidadEn(tx, datos.unineg);
  if (!u) throw errorDeCampo('unineg', T.unidadInexistente(datos.unineg));
  const d = await bloquearDespacho(tx, { unineg: u.ctrl, nombre: nomdespacho });
  if (!d) {
    let despacho = await crearDespachoEn(tx, { unineg: u.ctrl, nomdespacho, envase }, actor);
    if (datos.activo === false) {
      despacho = await cambiarActivoDespachoEn(tx, despacho.coddespacho, false, actor);
    }
    return { despacho, cambio: 'creado' };
  }
  const activo = datos.activo ?? d.activo;
  if (d.envase === envase && d.activo === activo) return { despacho: d, cambio: 'sin cambios' };
  if (d.envase !== envase && (await referencias(tx, 'tipos_despacho', d.coddespacho, [])).length) {
    throw errorDeCampo('envase', T.envaseDistinto(d.nomdespacho));
  }
  await actualizarDespacho(tx, d.coddespacho, { envase, activo });
  const despues = { ...d, envase, activo };
  await auditar(tx, {
    ...actor,
    accion: 'modificar',
    tabla: 'tipos_despacho',
    filaId: d.coddespacho,
    antes: fotoDespacho(d),
    despues: fotoDespacho(despues),
  });
  return { despacho: despues, cambio: 'modificado' };
}

// Dispatch types travel in no session: a plain transaction.

export const crearDespacho = (
  db: Db,
  actor: Actor,
  datos: { unineg: ReferenciaUnidad; nomdespacho: string; envase: string },
) => db.transaction((tx) => crearDespachoEn(tx, datos, actor));
export const renombrarDespacho = (db: Db, actor: Actor, coddespacho: number, nombre: string) =>
  db.transaction((tx) => renombrarDespachoEn(tx, coddespacho, nombre, actor));
export const cambiarActivoDespacho = (db: Db, actor: Actor, coddespacho: number, activo: boolean) =>
  db.transaction((tx) => cambiarActivoDespachoEn(tx, coddespacho, activo, actor));
export const eliminarDespacho = (db: Db, actor: Actor, coddespacho: number) =>
  db.transaction((tx) => eliminarDespachoEn(tx, coddespacho, actor));
