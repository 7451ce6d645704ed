/**
 * Companies (the terminal is company 0; the rest are its clients): what a user may choose as
 * client, and the administration's list, creation and the units each works in. The units
 * themselves are the unidades feature's (features/unidades/servicio.ts).
 */
import type { Empresa } from '../../../shared/contracts/empresas';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import { MENSAJES_ADMINISTRACION as M } from '../../../shared/textos';
import { exigirEmpresa, type Alcance } from '../../acceso';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db, DbOTx } from '../../db/client';
import { conflicto, errorDeCampo, ErrorHttp } from '../../errores';
import {
  asignarUnidadesAEmpresa,
  empresasAdministradas,
  empresasCliente,
  empresasParaCambiar,
  insertarEmpresa,
  insertarEmpresas,
  paresConUsuarios,
  reemplazarUnidadesDeEmpresas,
  renombrarEmpresas,
  unidadesDeEmpresa,
  usuariosConUnidades,
} from './repository';
import { transaccionDeSesiones } from '../auth/cache-sesiones';
import { exigirAsignablesEn } from '../unidades/servicio';

/**
 * The companies a user may pick as client: administrators every client company (not the
 * terminal), by name; a client user its own. `codempre` is the one the screen asks as.
 */
export function visibles(db: Db, alcance: Alcance, codempre: number): Promise<Empresa[]> {
  exigirEmpresa(alcance, codempre);
  const soloLaPropia = alcance !== 'terminal' && !alcance.esAdministrador;
  return empresasCliente(db, soloLaPropia ? alcance.codempre : undefined);
}

/** A client company, with the business units it works in. */
export async function crear(
  db: Db,
  actor: Actor,
  e: { codempre: number; nomempre: string; unidades?: number[] },
): Promise<Empresa> {
  if (!Number.isInteger(e.codempre) || e.codempre <= 0) {
    throw errorDeCampo('codempre', M.codempreInvalido);
  }
  const nomempre = e.nomempre.trim();
  if (!nomempre) throw errorDeCampo('nomempre', M.nombreEmpresaVacio);
  const unidades = [...new Set(e.unidades ?? [])].sort((a, b) => a - b);
  return transaccionDeSesiones(db, async (tx) => {
    // An inactive unit is not given to a new company.
    await exigirAsignablesEn(tx, 'unidades', unidades);
    const fila = await insertarEmpresa(tx, e.codempre, nomempre);
    if (!fila) throw errorDeCampo('codempre', M.empresaExistente(e.codempre));
    await asignarUnidadesAEmpresa(tx, fila.codempre, unidades);
    await auditar(tx, {
      ...actor,
      accion: 'crear',
      tabla: 'empresas',
      filaId: fila.codempre,
      despues: { codempre: fila.codempre, nomempre: fila.nomempre, unidades },
    });
    return { codempre: fila.codempre, nomempre: fila.nomempre };
  });
}

/** Every company as the administration lists it. */
export const listarAdministradas = (db: Db) => empresasAdministradas(db);

/**
 * The business units a client company works in, replaced. A unit some of its users still hold
 * cannot go: take it from them first.
 */
export async function cambiarUnidades(
  db: Db,
  actor: Actor,
  codempre: number,
  nuevas: number[],
): Promise<void> {
  if (codempre === CODEMPRE_ADMINISTRADOR) {
    throw errorDeCampo('codempre', M.administradorSinUnidades);
  }
  const unidades = [...new Set(nuevas)].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    const antes = await unidadesDeEmpresa(tx, codempre);
    if (!antes) throw new ErrorHttp(404, M.empresaInexistente(codempre));
    // One it already works in stays even if inactive; an inactive one is not added.
    await exigirAsignablesEn(tx, 'unidades', unidades, antes);
    const quitadas = antes.filter((u) => !unidades.includes(u));
    const conUsuarios = await usuariosConUnidades(tx, codempre, quitadas);
    if (conUsuarios.length > 0) {
      const { unineg, usuarios } = conUsuarios[0]!;
      throw conflicto(M.unidadConUsuarios(unineg, usuarios));
    }
    await asignarUnidadesAEmpresa(tx, codempre, unidades);
    await auditar(tx, {
      ...actor,
      accion: 'cambiar_unidades',
      tabla: 'empresas',
      filaId: codempre,
      antes: { unidades: antes },
      despues: { unidades },
    });
  });
}

/** A company's name (the terminal's too); '' if there is none. */
export async function nombreDe(db: Db, codempre: number): Promise<string> {
  const [empresa] = await empresasCliente(db, codempre);
  return empresa?.nomempre ?? '';
}

export interface EmpresaASincronizar {
  /** A client company's code (> 0). */
  codempre: number;
  nomempre: string;
  /** The units it works in, existing ones, sorted. */
  unidades: number[];
}

export type EmpresaSincronizada =
  | { estado: 'creada' | 'sinCambios' }
  | { estado: 'cambiada'; antes: { nomempre: string; unidades: number[] } }
  /** A unit it would lose is held by some of its users (as `cambiarUnidades` refuses it). */
  | { estado: 'rechazada'; unidadConUsuarios: { unineg: number; usuarios: number } };

/**
 * Client companies in bulk, inside the caller's transaction (the import, issue 21): each one
 * created, or its name and units made the given ones, or left as it is; one answer per row, in
 * order. A company's units are replaced as `cambiarUnidades` does, with its rule: a unit its
 * users hold is not taken away. A few statements per batch, whatever its size. The rows name
 * each company once and exist-check their units beforehand; the caller audits.
 */
export async function sincronizarEn(
  tx: DbOTx,
  filas: EmpresaASincronizar[],
): Promise<EmpresaSincronizada[]> {
  const existentes = new Map(
    (
      await empresasParaCambiar(
        tx,
        filas.map((f) => f.codempre),
      )
    ).map((e) => [e.codempre, e]),
  );
  const quitadas = filas.flatMap((f) => {
    const antes = existentes.get(f.codempre);
    return (antes?.unidades ?? [])
      .filter((u) => !f.unidades.includes(u))
      .map((unineg) => ({ codempre: f.codempre, unineg }));
  });
  const conUsuarios = new Map(
    (await paresConUsuarios(tx, quitadas)).map((p) => [`${p.codempre}|${p.unineg}`, p]),
  );

  const respuestas: EmpresaSincronizada[] = [];
  const nuevas: EmpresaASincronizar[] = [];
  const renombradas: EmpresaASincronizar[] = [];
  const conOtrasUnidades: EmpresaASincronizar[] = [];
  for (const f of filas) {
    const antes = existentes.get(f.codempre);
    if (!antes) {
      nuevas.push(f);
      respuestas.push({ estado: 'creada' });
      continue;
    }
    const retenida = antes.unidades
      .filter((u) => !f.unidades.includes(u))
      .map((u) => conUsuarios.get(`${f.codempre}|${u}`))
      .find((p) => p !== undefined);
    if (retenida) {
      respuestas.push({ estado: 'rechazada', unidadConUsuarios: retenida });
      continue;
    }
    const otroNombre = antes.nomempre !== f.nomempre;
    const otrasUnidades = antes.unidades.join(',') !== f.unidades.join(',');
    if (otroNombre) renombradas.push(f);
    if (otrasUnidades) conOtrasUnidades.push(f);
    respuestas.push(
      otroNombre || otrasUnidades
        ? { estado: 'cambiada', antes: { nomempre: antes.nomempre, unidades: antes.unidades } }
        : { estado: 'sinCambios' },
    );
  }
  await insertarEmpresas(tx, nuevas);
  await renombrarEmpresas(tx, renombradas);
  await reemplazarUnidadesDeEmpresas(tx, [
    ...nuevas.filter((f) => f.unidades.length > 0),
    ...conOtrasUnidades,
  ]);
  return respuestas;
}
