/** A user of the administration's list for the tests: company 1 with Granos, active, no card. */
import type { UsuarioAdministrado } from '../../../shared/contracts/usuarios';

export const usuarioAdministrado = (u: Partial<UsuarioAdministrado>): UsuarioAdministrado => ({
  id: 10,
  usuario: 'pepe',
  codempre: 1,
  nomempre: 'Agroexportadora del Litoral S.A.',
  unidades: [{ ctrl: 1, unineg: 'Granos' }],
  activo: true,
  bloqueadoHasta: null,
  fallos: 0,
  tarjeta: null,
  ultimoIngreso: null,
  sesionesAbiertas: 0,
  ...u,
});
