/**
 * Wait thresholds per business unit (issue 15): how long a truck may wait in 'Playa sin orden'
 * and 'Playa con orden' before the trucks screen marks it late (aviso) or over the limit (límite).
 */
import type {
  GuardarUmbralEsperaBody,
  UmbralEspera,
  UmbralesEsperaRespuesta,
} from '../../../../shared/contracts/camiones';
import { MENSAJES_UMBRALES as M } from '../../../../shared/textos';
import type { Alcance } from '../../../acceso';
import { auditar, type Actor } from '../../../db/auditoria';
import type { Db } from '../../../db/client';
import { errorDeCampo, ErrorHttp } from '../../../errores';
import { ahora, bloquearUmbral, existeUnidad, guardarUmbral, umbrales } from './repository';

/** The thresholds of the units the caller works in (every unit for the terminal and administrators). */
export async function deUnidades(db: Db, alcance: Alcance): Promise<UmbralesEsperaRespuesta> {
  const todas = alcance === 'terminal' || alcance.esAdministrador;
  const [lista, reloj] = await Promise.all([
    umbrales(db, todas ? undefined : alcance.uniNegs.map((u) => u.ctrl)),
    ahora(db),
  ]);
  return { ahora: reloj, umbrales: lista };
}

/** Each limit above its warning, or a 400 naming the limit's field. */
export function validar(u: UmbralEspera): void {
  if (u.sinOrdenLimite <= u.sinOrdenAviso) {
    throw errorDeCampo('sinOrdenLimite', M.limiteNoMayor(u.sinOrdenAviso));
  }
  if (u.conOrdenLimite <= u.conOrdenAviso) {
    throw errorDeCampo('conOrdenLimite', M.limiteNoMayor(u.conOrdenAviso));
  }
}

/** A unit's four thresholds, replaced (or set the first time), audited with before and after. */
export async function guardar(
  db: Db,
  actor: Actor,
  cuerpo: GuardarUmbralEsperaBody,
): Promise<void> {
  const u: UmbralEspera = {
    unineg: Number(cuerpo.unineg),
    sinOrdenAviso: Number(cuerpo.sinOrdenAviso),
    sinOrdenLimite: Number(cuerpo.sinOrdenLimite),
    conOrdenAviso: Number(cuerpo.conOrdenAviso),
    conOrdenLimite: Number(cuerpo.conOrdenLimite),
  };
  validar(u);
  await db.transaction(async (tx) => {
    if (!(await existeUnidad(tx, u.unineg)))
      throw new ErrorHttp(404, M.unidadInexistente(u.unineg));
    const antes = await bloquearUmbral(tx, u.unineg);
    await guardarUmbral(tx, u);
    await auditar(tx, {
      ...actor,
      accion: 'cambiar_umbrales_espera',
      tabla: 'umbrales_espera',
      filaId: u.unineg,
      antes: antes ?? null,
      despues: u,
    });
  });
}
