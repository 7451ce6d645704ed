/** The list's filters: pure, tested without a browser. */
import type { UsuarioAdministrado } from '../../../shared/contracts/usuarios';

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
