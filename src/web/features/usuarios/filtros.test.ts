import { describe, expect, it } from 'vitest';
import { filtrarUsuarios, SIN_FILTROS } from './filtros';
import { usuarioAdministrado } from './datos-de-prueba';

const usuario = usuarioAdministrado;

const lista = [
  usuario({ id: 1, usuario: 'admin', codempre: 0 }),
  usuario({ id: 2, usuario: 'josé.pérez', codempre: 1, activo: false }),
  usuario({ id: 3, usuario: 'cliente2', codempre: 2, bloqueadoHasta: '2026-11-25T10:00:00' }),
];
const nombres = (f: Partial<typeof SIN_FILTROS>) =>
  filtrarUsuarios(lista, { ...SIN_FILTROS, ...f }).map((u) => u.usuario);

describe('filtrarUsuarios', () => {
  it('sin filtros, todos', () => {
    expect(nombres({})).toEqual(['admin', 'josé.pérez', 'cliente2']);
  });
  it('busca por nombre sin mayúsculas ni acentos', () => {
    expect(nombres({ texto: ' JOSE ' })).toEqual(['josé.pérez']);
  });
  it('por empresa (0 es la terminal), activo y bloqueo', () => {
    expect(nombres({ codempre: '0' })).toEqual(['admin']);
    expect(nombres({ activo: 'no' })).toEqual(['josé.pérez']);
    expect(nombres({ activo: 'si' })).toEqual(['admin', 'cliente2']);
    expect(nombres({ bloqueado: 'si' })).toEqual(['cliente2']);
    expect(nombres({ bloqueado: 'no', activo: 'si' })).toEqual(['admin']);
  });
});
