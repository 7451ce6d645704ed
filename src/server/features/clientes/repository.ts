import { asc, eq, ne } from 'drizzle-orm';
import type { Empresa } from '../../../shared/contracts/clientes';
import { CODEMPRE_ADMINISTRADOR } from '../../../shared/estados';
import type { Db } from '../../db/client';
import { empresas } from '../../db/schema';
import type { UsuarioSesion } from '../../plugins/session';

/** Administrators: every client company (not the terminal itself), by name; clients: their own. */
export function empresasVisibles(db: Db, usuario: UsuarioSesion): Promise<Empresa[]> {
  return db
    .select({ codempre: empresas.codempre, nomempre: empresas.nomempre })
    .from(empresas)
    .where(
      usuario.esAdministrador
        ? ne(empresas.codempre, CODEMPRE_ADMINISTRADOR)
        : eq(empresas.codempre, usuario.codempre),
    )
    .orderBy(asc(empresas.nomempre));
}
