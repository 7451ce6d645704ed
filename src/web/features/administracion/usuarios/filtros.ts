/** The list's filters and the form's field errors: pure, tested without a browser. */
import type { UsuarioAdministrado } from '../../../../shared/contracts/administracion';

export interface FiltrosUsuarios {
  texto: string;
  /** '' for every company. */
  codempre: string;
  activo: '' | 'si' | 'no';
  bloqueado: '' | 'si' | 'no';
}

export const SIN_FILTROS: FiltrosUsuarios = { texto: '', codempre: '', activo: '', bloqueado: '' };

/** Case and accents do not matter: 'jose' finds 'José'. */
const normalizar = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

export function filtrarUsuarios(
  usuarios: readonly UsuarioAdministrado[],
  f: FiltrosUsuarios,
): UsuarioAdministrado[] {
  const texto = normalizar(f.texto);
  return usuarios.filter(
    (u) =>
      (texto === '' || normalizar(u.usuario).includes(texto)) &&
      (f.codempre === '' || String(u.codempre) === f.codempre) &&
      (f.activo === '' || u.activo === (f.activo === 'si')) &&
      (f.bloqueado === '' || (u.bloqueadoHasta !== null) === (f.bloqueado === 'si')),
  );
}

export type CampoUsuario = 'usuario' | 'codempre' | 'unidades';
const CAMPOS: readonly string[] = ['usuario', 'codempre', 'unidades'];

/**
 * A 400 names the field it is about ('usuario: Ya existe…', or the contract's 'Los datos
 * enviados no son válidos. unidades.0: …; usuario: …'): each message goes under its field. Null
 * when no part of it names one of the form's fields (the form shows it as a whole).
 */
export function erroresPorCampo(msj: string): Partial<Record<CampoUsuario, string>> | null {
  const errores: Partial<Record<CampoUsuario, string>> = {};
  const detalle =
    msj.includes('. ') && !/^\w+(\.\d+)?: /.test(msj) ? msj.slice(msj.indexOf('. ') + 2) : msj;
  for (const parte of detalle.split('; ')) {
    const m = /^(\w+)(?:\.\d+)?: (.+)$/s.exec(parte.trim());
    if (m && CAMPOS.includes(m[1]!)) {
      const campo = m[1] as CampoUsuario;
      errores[campo] ??= m[2]!;
    }
  }
  return Object.keys(errores).length > 0 ? errores : null;
}
