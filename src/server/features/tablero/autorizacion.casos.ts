import { deAdministrador } from '../../test/administracion';
import type { CasoAutorizacion } from '../../test/autorizacion';

/**
 * A client user's `codempre` is ignored (they always see their own company), so client B asking
 * for unit 1 gets its own figures (200); a unit the user does not hold is a 403, as stock.
 */
const TABLERO = ['camiones', 'recorridos', 'toneladas', 'cupos', 'desvios', 'turnos'].map(
  (figura): CasoAutorizacion => ({
    ruta: `POST /api/tablero/${figura}`,
    cuerpo: { unineg: 1, codempre: 1, desde: '2026-11-01', hasta: '2026-11-30' },
    esperado: { anonimo: 401, clienteA: 200, clienteB: 200, sinUnidad: 403, admin: 200 },
  }),
);

export const CASOS_TABLERO: CasoAutorizacion[] = [
  ...TABLERO,
  {
    ruta: 'POST /api/administracion/tablero-parametros',
    cuerpo: { unineg: 2, capacidadHora: 12, toleranciaFaltante: 5 },
    esperado: deAdministrador(200),
  },
];
