/**
 * The portal's users, for the administration (screens and CLI alike): creating one for a
 * company and the business units it works in, listing them with what the administration needs
 * to see, changing their units, turning one off (its sessions close at once) or on again.
 * Their cards, locks and sessions are the auth feature's acts (features/auth/servicio.ts).
 * Every change is one transaction with one audit row, before and after.
 */
import type { UsuarioAdministrado } from '../../../shared/contracts/usuarios';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import { MENSAJES_ADMINISTRACION as M } from '../../../shared/textos';
import { exigirReautenticacion, type Alcance } from '../../acceso';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db, DbOTx } from '../../db/client';
import { errorDeCampo, ErrorHttp } from '../../errores';
import { cerrarSesionesEn, estadosDeIngreso } from '../auth/servicio';
import {
  asignarUnidades,
  comprobarEmpresaYUnidades,
  insertarUsuario,
  insertarUsuarios,
  marcarActivo,
  unidadesDeLaEmpresa,
  reemplazarUnidadesDeUsuarios,
  unidadesDeEmpresas,
  usuarioParaCambiar,
  usuariosAdministrados,
  usuariosParaCambiar,
} from './repository';
import { transaccionDeSesiones } from '../auth/cache-sesiones';
import { exigirAsignablesEn } from '../unidades/servicio';

/** Lower case only: sign-in compares names case-insensitively by normalising them. */
export const NOMBRE_USUARIO = /^[a-z0-9._-]{3,50}$/;

export interface NuevoUsuario {
  usuario: string;
  codempre: number;
  /** Its units; left out (the CLI without --unidades), all of its company's. */
  unidades?: number[];
}

/**
 * The units a user of `codempre` may hold: existing ones the company works in, active unless the
 * user already held it (`yaTenidas`); none for an administrator, who holds them all. Refused
 * naming the field.
 */
async function validarUnidades(
  db: DbOTx,
  codempre: number,
  unidades: number[],
  yaTenidas: number[] = [],
) {
  const r = await comprobarEmpresaYUnidades(db, codempre, unidades);
  if (!r.empresa) throw errorDeCampo('codempre', M.empresaInexistente(codempre));
  if (r.inexistentes.length > 0) {
    throw errorDeCampo('unidades', M.unidadInexistente(r.inexistentes[0]!));
  }
  if (codempre === CODEMPRE_ADMINISTRADOR) {
    if (unidades.length > 0) throw errorDeCampo('unidades', M.administradorSinUnidades);
  } else if (r.ajenas.length > 0) {
    throw errorDeCampo('unidades', M.unidadAjena(codempre, r.ajenas[0]!));
  }
  await exigirAsignablesEn(db, 'unidades', unidades, yaTenidas);
}

/** A client's user needs a unit: without one it would see nothing, and nobody would be told. */
function exigirUnidad(codempre: number, unidades: number[]) {
  if (codempre !== CODEMPRE_ADMINISTRADOR && unidades.length === 0) {
    throw errorDeCampo('unidades', M.unidadRequerida);
  }
}

const noExiste = (nombre: string) => new ErrorHttp(404, M.usuarioInexistente(nombre));

/**
 * Creates a user without a card (issue one next); returns its id and normalised name. An
 * administrator (company 0) is created only after a fresh step-up.
 */
export async function crear(
  db: DbOTx,
  alcance: Alcance,
  actor: Actor,
  n: NuevoUsuario,
): Promise<{ id: number; usuario: string; unidades: number[] }> {
  const usuario = n.usuario.trim().toLowerCase();
  if (!NOMBRE_USUARIO.test(usuario)) throw errorDeCampo('usuario', M.nombreUsuarioInvalido);
  if (n.codempre === CODEMPRE_ADMINISTRADOR) exigirReautenticacion(alcance);
  return db.transaction(async (tx) => {
    const unidades =
      n.unidades === undefined
        ? n.codempre === CODEMPRE_ADMINISTRADOR
          ? []
          : await unidadesDeLaEmpresa(tx, n.codempre)
        : [...new Set(n.unidades)].sort((a, b) => a - b);
    await validarUnidades(tx, n.codempre, unidades);
    exigirUnidad(n.codempre, unidades);
    const id = await insertarUsuario(tx, usuario, n.codempre, unidades);
    if (id === undefined) throw errorDeCampo('usuario', M.usuarioExistente(usuario));
    await auditar(tx, {
      ...actor,
      accion: 'crear',
      tabla: 'usuarios',
      filaId: id,
      despues: { usuario, codempre: n.codempre, unidades },
    });
    return { id, usuario, unidades };
  });
}

/** Every user as the administration lists it, with whether it may sign in now. */
export async function listar(db: Db, minutosInactividad: number): Promise<UsuarioAdministrado[]> {
  const [usuarios, estados] = await Promise.all([
    usuariosAdministrados(db, minutosInactividad),
    estadosDeIngreso(db),
  ]);
  return usuarios.map((u) => ({
    ...u,
    ...(estados.get(u.usuario) ?? { fallos: 0, bloqueadoHasta: null }),
  }));
}

/** The user's business units, replaced; its sessions see the change at their next request. */
export async function cambiarUnidades(
  db: Db,
  actor: Actor,
  nombre: string,
  nuevas: number[],
): Promise<void> {
  const unidades = [...new Set(nuevas)].sort((a, b) => a - b);
  await transaccionDeSesiones(db, async (tx) => {
    const u = await usuarioParaCambiar(tx, nombre);
    if (!u) throw noExiste(nombre);
    await validarUnidades(tx, u.codempre, unidades, u.unidades);
    await asignarUnidades(tx, u.id, unidades);
    await auditar(tx, {
      ...actor,
      accion: 'cambiar_unidades',
      tabla: 'usuarios',
      filaId: u.id,
      antes: { usuario: u.usuario, unidades: u.unidades },
      despues: { usuario: u.usuario, unidades },
    });
  });
}

/**
 * Turns a user off (no sign-in, every session closed at once) or on again; returns how many
 * sessions closed.
 */
export function cambiarActivo(
  db: Db,
  actor: Actor,
  nombre: string,
  activo: boolean,
): Promise<number> {
  return transaccionDeSesiones(db, async (tx) => {
    const u = await usuarioParaCambiar(tx, nombre);
    if (!u) throw noExiste(nombre);
    await marcarActivo(tx, u.id, activo);
    const cerradas = activo ? 0 : await cerrarSesionesEn(tx, u.id);
    await auditar(tx, {
      ...actor,
      accion: activo ? 'activar' : 'desactivar',
      tabla: 'usuarios',
      filaId: u.id,
      antes: { usuario: u.usuario, activo: u.activo },
      despues: { usuario: u.usuario, activo, sesionesCerradas: cerradas },
    });
    return cerradas;
  });
}

export interface UsuarioASincronizar {
  /** Already normalised (lower case, NOMBRE_USUARIO). */
  usuario: string;
  /** A client company (administrators are not created in bulk: they need a step-up). */
  codempre: number;
  /** Existing units, sorted. */
  unidades: number[];
}

export type UsuarioSincronizado =
  | { estado: 'creada' | 'sinCambios' }
  | { estado: 'cambiada'; antes: { unidades: number[] } }
  | { estado: 'rechazada'; empresaInexistente: true }
  | { estado: 'rechazada'; unidadAjena: number }
  | { estado: 'rechazada'; otraEmpresa: number };

/**
 * Client users in bulk, inside the caller's transaction (the import, issue 21): each one created
 * without a card (issue one next), or its units made the given ones (as `cambiarUnidades`, with
 * its rules: units its company works in), or left as it is; one answer per row, in order. A user
 * never changes company this way. The caller runs it in a `transaccionDeSesiones` (sessions see
 * new units at once) and audits.
 */
export async function sincronizarEn(
  tx: DbOTx,
  filas: UsuarioASincronizar[],
): Promise<UsuarioSincronizado[]> {
  const empresas = new Map(
    (await unidadesDeEmpresas(tx, [...new Set(filas.map((f) => f.codempre))])).map((e) => [
      e.codempre,
      e.unidades,
    ]),
  );
  const existentes = new Map(
    (
      await usuariosParaCambiar(
        tx,
        filas.map((f) => f.usuario),
      )
    ).map((u) => [u.usuario, u]),
  );
  const respuestas: UsuarioSincronizado[] = [];
  const nuevos: UsuarioASincronizar[] = [];
  const cambiados: { id: number; unidades: number[] }[] = [];
  for (const f of filas) {
    const deLaEmpresa = empresas.get(f.codempre);
    if (!deLaEmpresa) {
      respuestas.push({ estado: 'rechazada', empresaInexistente: true });
      continue;
    }
    const ajena = f.unidades.find((u) => !deLaEmpresa.includes(u));
    if (ajena !== undefined) {
      respuestas.push({ estado: 'rechazada', unidadAjena: ajena });
      continue;
    }
    const antes = existentes.get(f.usuario);
    if (!antes) {
      nuevos.push(f);
      respuestas.push({ estado: 'creada' });
    } else if (antes.codempre !== f.codempre) {
      respuestas.push({ estado: 'rechazada', otraEmpresa: antes.codempre });
    } else if (antes.unidades.join(',') !== f.unidades.join(',')) {
      cambiados.push({ id: antes.id, unidades: f.unidades });
      respuestas.push({ estado: 'cambiada', antes: { unidades: antes.unidades } });
    } else respuestas.push({ estado: 'sinCambios' });
  }
  await insertarUsuarios(tx, nuevos);
  await reemplazarUnidadesDeUsuarios(tx, cambiados);
  return respuestas;
}
