/**
 * The outbox (issue 25): notices written in the transaction of the change that causes them
 * (`encolar`), delivered by a worker every portal process runs (trabajador.ts), listed and
 * re-sent by the administrator (Administración → Avisos), purged with the rest of the retention.
 */
import type {
  AvisoCorreo,
  AvisosBody,
  CambiarCorreoBody,
  CanalAviso,
  ConfirmarCorreoBody,
  CorreoUsuarioBody,
  GuardarAvisosBody,
  PaginaAvisos,
  PreferenciasCorreo,
  ReenviarAvisoBody,
} from '../../../shared/contracts/avisos';
import { avisosBody, correoUsuarioBody, direccionCorreo } from '../../../shared/contracts/avisos';
import { MENSAJES_AVISOS as M } from '../../../shared/textos';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db, DbOTx } from '../../db/client';
import { conflicto, errorDeCampo, noEncontrado, solicitudInvalida } from '../../errores';
import { hashToken } from './correo';
import * as repo from './repository';
import * as repoCorreo from './repository-correo';

export type { NuevoAviso } from './repository';
export type { AvisoPorEntregar, Canal } from './canal';
export { ErrorDefinitivo } from './canal';
export { ESPERA_ANOTAR_MS } from './trabajador';

/**
 * Writes notices to the outbox with the caller's transaction `tx`: they exist exactly when the
 * change that causes them commits. Answers their ids. Nothing is delivered here.
 */
export function encolar(tx: DbOTx, avisos: readonly repo.NuevoAviso[]): Promise<number[]> {
  return repo.insertar(tx, avisos);
}

/** A page of the outbox, newest first, with the counts by state. */
export async function listar(
  db: Db,
  cuerpo: AvisosBody,
  correoActivo: boolean,
): Promise<PaginaAvisos> {
  const filtro = avisosBody.parse(cuerpo);
  const [filas, cuentas] = await Promise.all([repo.pagina(db, filtro), repo.cuentas(db)]);
  return {
    filas,
    siguiente: filas.length === filtro.limite ? filas[filas.length - 1]!.id : null,
    cuentas,
    correoActivo,
  };
}

/** 'Reenviar': a failed notice goes back to the queue, due now, with its tries anew. */
export async function reenviar(db: Db, actor: Actor, { id }: ReenviarAvisoBody): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.reencolar(tx, Number(id)))) {
      if (!(await repo.existe(tx, Number(id)))) throw noEncontrado();
      throw conflicto(M.soloFallidos);
    }
    await auditar(tx, { ...actor, accion: 'reenviar_aviso', tabla: 'avisos', filaId: id });
  });
}

/** Delivered and failed notices older than the retention (`mantenimiento.ts`). */
export function purgarAvisos(db: DbOTx, dias: number): Promise<number> {
  return repo.borrarViejos(db, dias);
}

/** Pending notices by channel, for the metrics. */
export function pendientesPorCanal(db: DbOTx): Promise<{ canal: CanalAviso; cantidad: number }[]> {
  return repo.pendientesPorCanal(db);
}

// ---------------------------------------------------------------------------------------------
// E-mail notices: who gets them (opt-in), and the hooks other features call in their transaction

/**
 * E-mail notices of `evento` for every active user with an address who chose it: the users of
 * company `codempre` (holding `unineg`, when given) and the terminal's. Call it in the
 * transaction of the change; it answers how many were enqueued (0 when nobody opted in).
 */
export async function notificarPorCorreo(
  tx: DbOTx,
  evento: AvisoCorreo,
  a: { codempre: number; unineg?: number; grupo?: string },
  datos: unknown,
): Promise<number> {
  const usuarios = await repoCorreo.destinatarios(tx, evento, a.codempre, a.unineg);
  const ids = await encolar(
    tx,
    usuarios.map((destino) => ({ canal: 'correo', destino, evento, datos, grupo: a.grupo })),
  );
  return ids.length;
}

/** A truck just finished (its gross weighing): the e-mail carries its ticket as a PDF. */
export function avisarCamionFinalizado(
  tx: DbOTx,
  camion: { ctrl: number; codempre: number; unineg: number },
): Promise<number> {
  return notificarPorCorreo(
    tx,
    'camion.finalizado',
    { codempre: camion.codempre, unineg: camion.unineg, grupo: `camion:${camion.ctrl}` },
    { camion: camion.ctrl },
  );
}

/** What a turn's e-mail says about it (its state when the change happened). */
export interface TurnoAvisado {
  id: number;
  codigo: string;
  codempre: number;
  unineg: number;
  fecha: string;
  hora: number;
  /** The band it had before a change. */
  antes?: { fecha: string; hora: number };
}

/**
 * A turn was booked, changed or marked 'No se presentó' (the no-show's job calls it with
 * 'turno.ausente', in the transaction that marks it).
 */
export async function avisarTurno(
  tx: DbOTx,
  evento: 'turno.reservado' | 'turno.cambiado' | 'turno.ausente',
  t: TurnoAvisado,
): Promise<number> {
  const datos = {
    codigo: t.codigo,
    fecha: t.fecha,
    hora: t.hora,
    antes: t.antes,
    unidad: await repoCorreo.nombreDeUnidad(tx, t.unineg),
  };
  return notificarPorCorreo(
    tx,
    evento,
    { codempre: t.codempre, unineg: t.unineg, grupo: `turno:${t.id}` },
    datos,
  );
}

/** Bands of a unit paused by the terminal: every company working in the unit hears it. */
export async function avisarFranjaPausada(
  tx: DbOTx,
  p: { unineg: number; fecha: string; horas: number[]; motivo: string },
): Promise<number> {
  const unidad = await repoCorreo.nombreDeUnidad(tx, p.unineg);
  const usuarios = await repoCorreo.destinatariosDeUnidad(tx, 'franja.pausada', p.unineg);
  const ids = await encolar(
    tx,
    usuarios.map((destino) => ({
      canal: 'correo' as const,
      destino,
      evento: 'franja.pausada',
      datos: { unidad, fecha: p.fecha, horas: p.horas, motivo: p.motivo },
    })),
  );
  return ids.length;
}

// ---------------------------------------------------------------------------------------------
// A user's address and choices

export async function preferencias(
  db: DbOTx,
  usuarioId: number,
  correoActivo: boolean,
): Promise<PreferenciasCorreo> {
  const p = await repoCorreo.preferencias(db, usuarioId);
  return { correo: p.correo, correoPendiente: p.pendiente, avisos: p.avisos, correoActivo };
}

/** 'Mi cuenta': the notices the user wants by e-mail (none unless chosen). */
export async function guardarAvisos(
  db: Db,
  usuarioId: number,
  actor: Actor,
  cuerpo: GuardarAvisosBody,
  correoActivo: boolean,
): Promise<PreferenciasCorreo> {
  const avisos = [...new Set(cuerpo.avisos)].sort();
  await db.transaction(async (tx) => {
    const antes = await repoCorreo.preferencias(tx, usuarioId);
    await repoCorreo.guardarAvisos(tx, usuarioId, avisos);
    await auditar(tx, {
      ...actor,
      accion: 'cambiar_avisos_correo',
      tabla: 'usuarios',
      filaId: usuarioId,
      antes: { avisos: antes.avisos },
      despues: { avisos },
    });
  });
  return preferencias(db, usuarioId, correoActivo);
}

/**
 * 'Mi cuenta': a new address, confirmed by a link the outbox sends to it (the token is made
 * when the e-mail goes out; only its hash is kept). The current address stays until then.
 */
export async function pedirCambioCorreo(
  db: Db,
  usuarioId: number,
  actor: Actor,
  { correo }: CambiarCorreoBody,
  correoActivo: boolean,
): Promise<PreferenciasCorreo> {
  if (!correoActivo) throw conflicto(M.correoDesactivado);
  const direccion = direccionCorreo.parse(correo);
  await db.transaction(async (tx) => {
    await repoCorreo.pedirConfirmacion(tx, usuarioId, direccion);
    await encolar(tx, [
      { canal: 'correo', destino: usuarioId, evento: 'correo.confirmar', datos: {} },
    ]);
    await auditar(tx, {
      ...actor,
      accion: 'cambiar_correo',
      tabla: 'usuarios',
      filaId: usuarioId,
      despues: { pendiente: direccion },
    });
  });
  return preferencias(db, usuarioId, correoActivo);
}

/** The link of the confirmation e-mail: the address becomes the user's. */
export async function confirmarCorreo(
  db: Db,
  ahora: string,
  { token }: ConfirmarCorreoBody,
): Promise<{ correo: string }> {
  return db
    .transaction(async (tx) => {
      const c = await repoCorreo.tomarConfirmacion(tx, hashToken(token), ahora);
      if (!c) throw solicitudInvalida(M.enlaceInvalido);
      if (c.vencida) {
        // Deleted all the same: an expired link is asked for anew.
        return { vencida: true as const };
      }
      const r = await repoCorreo.fijarCorreo(tx, { id: c.usuarioId }, c.correo);
      await auditar(tx, {
        actor: 'enlace de confirmación',
        usuarioId: c.usuarioId,
        accion: 'cambiar_correo',
        tabla: 'usuarios',
        filaId: c.usuarioId,
        antes: { correo: r?.antes ?? null },
        despues: { correo: c.correo },
      });
      return { correo: c.correo };
    })
    .then((r) => {
      if ('vencida' in r) throw conflicto(M.enlaceVencido);
      return r;
    });
}

/** The administration (screen and CLI) sets or clears a user's address, without a link. */
export async function fijarCorreoDeUsuario(
  db: Db,
  actor: Actor,
  cuerpo: CorreoUsuarioBody,
): Promise<void> {
  const leido = correoUsuarioBody.safeParse(cuerpo);
  if (!leido.success) throw errorDeCampo('correo', M.correoInvalido);
  const { usuario, correo } = leido.data;
  await db.transaction(async (tx) => {
    const r = await repoCorreo.fijarCorreo(tx, { nombre: usuario }, correo);
    if (!r) throw noEncontrado();
    await auditar(tx, {
      ...actor,
      accion: 'cambiar_correo',
      tabla: 'usuarios',
      filaId: r.id,
      antes: { correo: r.antes },
      despues: { correo },
    });
  });
}
