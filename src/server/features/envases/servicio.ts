/**
 * Containers per client (issue 21): name and weight in kilograms. The administration's screen,
 * the CLI and the import call these functions; the order form reads the active ones
 * (`ofrecidos`) and the quota service checks a quota's container here (`paraCupoEn`).
 *
 * A client's containers are told apart by name, whatever its case (a unique index holds it):
 * that is the natural key `guardarEnvaseEn` matches by, and the import's rows too
 * (`sincronizarEn`, in bulk inside the import's transaction). A container some quota used is
 * deactivated, never deleted. Every change is one transaction with one audit row, before and
 * after (the import's: one for the whole file).
 */
import type { EnvaseAdministrado, EnvaseCliente } from '../../../shared/contracts/envases';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import { MENSAJES_ADMINISTRACION as MA, MENSAJES_ENVASES as M } from '../../../shared/textos';
import { exigirEmpresa, type Alcance } from '../../acceso';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db, DbOTx } from '../../db/client';
import { conflicto, errorDeCampo, ErrorHttp } from '../../errores';
import {
  actualizarEnvase,
  bloquearEnvase,
  bloquearEnvasePorNombre,
  borrarEnvase,
  cuposConEnvase,
  envasePorId,
  envasesActuales,
  envasesAdministrados,
  envasesOfrecidos,
  existeEmpresa,
  guardarEnvases,
  insertarEnvase,
} from './repository';
import { nombreDeEnvase, pesoDeEnvase } from './rules';

const noExiste = (ctrl: number) => new ErrorHttp(404, M.envaseInexistente(ctrl));

/** Containers belong to client companies: the terminal (0) orders no quotas. */
async function exigirCliente(db: DbOTx, codempre: number) {
  if (!Number.isInteger(codempre) || codempre <= CODEMPRE_ADMINISTRADOR) {
    throw errorDeCampo('codempre', MA.codempreInvalido);
  }
  if (!(await existeEmpresa(db, codempre))) {
    throw new ErrorHttp(404, MA.empresaInexistente(codempre));
  }
}

export async function listar(db: Db, codempre: number): Promise<EnvaseAdministrado[]> {
  await exigirCliente(db, codempre);
  return envasesAdministrados(db, codempre);
}

/** A container as plain data. */
export interface DatosEnvase {
  codempre: number;
  nombre: string;
  /** Kilograms one container holds. */
  peso: number;
  /** Absent: a new container is active and an existing one keeps its state. */
  activo?: boolean;
}

export type Resultado = 'creado' | 'modificado' | 'sin cambios';

const foto = ({ ctrl: _c, ...e }: EnvaseAdministrado) => e;

/**
 * Creates the client's container of that name, or brings the existing one (matched by name,
 * whatever its case) to these values. Refused naming the field.
 */
export async function guardarEnvaseEn(
  tx: DbOTx,
  datos: DatosEnvase,
  actor: Actor,
): Promise<{ resultado: Resultado; envase: EnvaseAdministrado }> {
  const nombre = nombreDeEnvase(datos.nombre);
  const peso = pesoDeEnvase(datos.peso);
  await exigirCliente(tx, datos.codempre);
  const antes = await bloquearEnvasePorNombre(tx, datos.codempre, nombre);
  if (!antes) {
    const envase = await insertarEnvase(tx, {
      codempre: datos.codempre,
      nombre,
      peso,
      activo: datos.activo ?? true,
    });
    await auditar(tx, {
      ...actor,
      accion: 'crear',
      tabla: 'envases',
      filaId: envase.ctrl,
      despues: foto(envase),
    });
    return { resultado: 'creado', envase };
  }
  const activo = datos.activo ?? antes.activo;
  if (antes.nombre === nombre && antes.peso === peso && antes.activo === activo) {
    return { resultado: 'sin cambios', envase: antes };
  }
  const envase = await actualizarEnvase(tx, antes.ctrl, { nombre, peso, activo });
  await auditar(tx, {
    ...actor,
    accion: 'modificar',
    tabla: 'envases',
    filaId: antes.ctrl,
    antes: foto(antes),
    despues: foto(envase),
  });
  return { resultado: 'modificado', envase };
}

/** A new container of a client; a name it already has is refused. */
export function crear(
  db: Db,
  actor: Actor,
  e: { codempre: number; nombre: string; peso: number },
): Promise<EnvaseAdministrado> {
  const nombre = nombreDeEnvase(e.nombre);
  pesoDeEnvase(e.peso);
  return db.transaction(async (tx) => {
    await exigirCliente(tx, e.codempre);
    const existente = await bloquearEnvasePorNombre(tx, e.codempre, nombre);
    if (existente) {
      throw errorDeCampo(
        'nombre',
        M.envaseExistente(e.codempre, existente.nombre, existente.activo),
      );
    }
    const { envase } = await guardarEnvaseEn(tx, { ...e, nombre, activo: true }, actor);
    return envase;
  });
}

/** One change of an existing container, audited under `accion`; nothing written if nothing changes. */
function cambiar(
  db: Db,
  actor: Actor,
  ctrl: number,
  accion: string,
  cambio: (antes: EnvaseAdministrado) => Omit<EnvaseAdministrado, 'ctrl' | 'codempre'>,
): Promise<EnvaseAdministrado> {
  return db.transaction(async (tx) => {
    const antes = await bloquearEnvase(tx, ctrl);
    if (!antes) throw noExiste(ctrl);
    const nuevo = cambio(antes);
    if (nuevo.nombre.toLowerCase() !== antes.nombre.toLowerCase()) {
      const otro = await bloquearEnvasePorNombre(tx, antes.codempre, nuevo.nombre);
      if (otro) {
        throw errorDeCampo('nombre', M.envaseExistente(antes.codempre, otro.nombre, otro.activo));
      }
    }
    if (
      nuevo.nombre === antes.nombre &&
      nuevo.peso === antes.peso &&
      nuevo.activo === antes.activo
    ) {
      return antes;
    }
    const envase = await actualizarEnvase(tx, ctrl, nuevo);
    await auditar(tx, {
      ...actor,
      accion,
      tabla: 'envases',
      filaId: ctrl,
      antes: foto(antes),
      despues: foto(envase),
    });
    return envase;
  });
}

/** Name and weight; quotas already ordered keep the weight they were ordered with. */
export function editar(
  db: Db,
  actor: Actor,
  e: { ctrl: number; nombre: string; peso: number },
): Promise<EnvaseAdministrado> {
  const nombre = nombreDeEnvase(e.nombre);
  const peso = pesoDeEnvase(e.peso);
  return cambiar(db, actor, e.ctrl, 'modificar', (antes) => ({ ...antes, nombre, peso }));
}

/** Deactivated, the order form no longer offers it; the quotas that have it keep it. */
export function cambiarActivo(
  db: Db,
  actor: Actor,
  e: { ctrl: number; activo: boolean },
): Promise<EnvaseAdministrado> {
  return cambiar(db, actor, e.ctrl, e.activo ? 'activar' : 'desactivar', (antes) => ({
    ...antes,
    activo: e.activo,
  }));
}

/** Deletes a container no quota used; otherwise refuses saying how many do. */
export async function eliminar(db: Db, actor: Actor, ctrl: number): Promise<void> {
  await db.transaction(async (tx) => {
    const antes = await bloquearEnvase(tx, ctrl);
    if (!antes) throw noExiste(ctrl);
    const cupos = await cuposConEnvase(tx, antes.codempre, ctrl);
    if (cupos > 0) throw conflicto(M.noSeElimina(ctrl, antes.nombre, cupos));
    await borrarEnvase(tx, ctrl);
    await auditar(tx, {
      ...actor,
      accion: 'eliminar',
      tabla: 'envases',
      filaId: ctrl,
      antes: foto(antes),
    });
  });
}

// ---------------------------------------------------------------------------------------------
// In bulk: the import's rows (issue 21), a batch at a time inside its transaction

/** What a bulk save did with one row; a refusal is an answer, so the import goes on. */
export type EnvaseSincronizado =
  | { estado: 'creada' | 'sinCambios' }
  | { estado: 'cambiada'; antes: { nombre: string; peso: number } }
  | { estado: 'rechazada'; empresaInexistente: true };

/**
 * A client's container by name (case aside): created (active), given the row's weight and
 * spelling, or left as it is; its state is kept (the import has no column for it). The rows come
 * checked (name, weight) and each container once; the caller audits.
 */
export async function sincronizarEn(
  tx: DbOTx,
  filas: { codempre: number; nombre: string; peso: number }[],
): Promise<EnvaseSincronizado[]> {
  const actuales = await envasesActuales(tx, filas);
  const nuevos: typeof filas = [];
  const cambiados: { ctrl: number; nombre: string; peso: number }[] = [];
  const respuestas = filas.map((f, i): EnvaseSincronizado => {
    const a = actuales[i]!;
    if (!a.empresa) return { estado: 'rechazada', empresaInexistente: true };
    if (a.ctrl === null || a.nombre === null || a.peso === null) {
      nuevos.push(f);
      return { estado: 'creada' };
    }
    if (a.nombre === f.nombre && a.peso === f.peso) return { estado: 'sinCambios' };
    cambiados.push({ ctrl: a.ctrl, nombre: f.nombre, peso: f.peso });
    return { estado: 'cambiada', antes: { nombre: a.nombre, peso: a.peso } };
  });
  await guardarEnvases(tx, nuevos, cambiados);
  return respuestas;
}

// ---------------------------------------------------------------------------------------------
// The order form

/** `envases/envases-clientes`: the client's active containers (whatever the unit). */
export function ofrecidos(db: Db, alcance: Alcance, codempre: number): Promise<EnvaseCliente[]> {
  exigirEmpresa(alcance, codempre);
  return envasesOfrecidos(db, codempre);
}

/** A quota's container as its checks see it, inside the quota's transaction. */
export const paraCupoEn = (tx: DbOTx, ctrl: number) => envasePorId(tx, ctrl);
