/**
 * 'Mi cuenta' (ASVS 7.5.2): every signed-in user sees their own sessions, sign-ins and card, and
 * may close any of their sessions. Only the user's own rows, whatever id is sent.
 */
import type { MiCuenta } from '../../../shared/contracts/cuenta';
import { MENSAJES_ADMINISTRACION as M } from '../../../shared/textos';
import { hashToken, type UsuarioSesion } from '../../acceso';
import { auditar, type Actor } from '../../db/auditoria';
import type { Db } from '../../db/client';
import { ErrorHttp } from '../../errores';
import { tarjetaDe } from '../auth/servicio';
import { nombreDe } from '../empresas/servicio';
import { borrarOtrasSesiones, borrarSesionPropia, ingresosDe, sesionesDe } from './repository';
import { transaccionDeSesiones } from '../auth/cache-sesiones';

const INGRESOS_MOSTRADOS = 20;

export async function miCuenta(
  db: Db,
  usuario: UsuarioSesion,
  token: string,
  minutosInactividad: number,
): Promise<MiCuenta> {
  return {
    usuario: usuario.usuario,
    codempre: usuario.codempre,
    nomempre: await nombreDe(db, usuario.codempre),
    tarjeta: await tarjetaDe(db, usuario.id),
    sesiones: await sesionesDe(db, usuario.id, hashToken(token), minutosInactividad),
    ingresos: await ingresosDe(db, usuario.usuario, INGRESOS_MOSTRADOS),
  };
}

/** Closes one of the user's own sessions (this one too: that is signing out). */
export async function cerrarSesion(
  db: Db,
  usuario: UsuarioSesion,
  actor: Actor,
  id: string,
): Promise<number> {
  return transaccionDeSesiones(db, async (tx) => {
    const cerradas = await borrarSesionPropia(tx, usuario.id, id);
    if (cerradas === 0) throw new ErrorHttp(404, M.sesionPropiaInexistente);
    await auditar(tx, {
      ...actor,
      accion: 'cerrar_sesion_propia',
      tabla: 'sesiones',
      filaId: id,
      antes: { sesion: id },
      despues: { cerradas },
    });
    return cerradas;
  });
}

/** Closes every session of the user but the one this request comes with. */
export async function cerrarOtras(
  db: Db,
  usuario: UsuarioSesion,
  actor: Actor,
  token: string,
): Promise<number> {
  return transaccionDeSesiones(db, async (tx) => {
    const cerradas = await borrarOtrasSesiones(tx, usuario.id, hashToken(token));
    await auditar(tx, {
      ...actor,
      accion: 'cerrar_otras_sesiones',
      tabla: 'sesiones',
      filaId: usuario.id,
      antes: { otras: cerradas },
      despues: { otras: 0 },
    });
    return cerradas;
  });
}
