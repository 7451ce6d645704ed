import * as tablero from '../features/tablero/servicio';
import { CLI } from './actor';
import { comandoVerificar, type Comando } from './comandos';

/** The dashboard's rollups (issue 16), checked and rebuilt as the stock balances are. */
export const COMANDOS_TABLERO: Comando[] = [
  comandoVerificar({
    nombre: 'tablero verificar',
    resumen:
      'compara los acumulados del tablero con un recálculo desde cero (sale con 1 si alguno difiere)',
    diferencias: tablero.verificar,
    coinciden: 'Los acumulados del tablero coinciden con un recálculo desde cero.',
    noCoinciden: (n) =>
      `${n} fila(s) del tablero no coinciden con el recálculo. Corrija con 'tablero recalcular'.`,
  }),
  {
    nombre: 'tablero recalcular',
    resumen: 'rehace los acumulados del tablero desde camiones, cupos, tickets y stock',
    async ejecutar(c) {
      const { horas, productos, recorridos } = await tablero.recalcular(c.db, CLI);
      c.escribir(
        `Tablero recalculado: ${horas} hora(s) de camiones y cupos, ${productos} de toneladas por producto, ${recorridos} camión(es) finalizado(s).`,
      );
    },
  },
];
