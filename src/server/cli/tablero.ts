import * as tablero from '../features/tablero/servicio';
import { CLI } from './actor';
import { mostrar, OPCION_JSON, type Comando } from './comandos';

/** The dashboard's rollups (issue 16), checked and rebuilt as the stock balances are. */
export const COMANDOS_TABLERO: Comando[] = [
  {
    nombre: 'tablero verificar',
    resumen:
      'compara los acumulados del tablero con un recálculo desde cero (sale con 1 si alguno difiere)',
    opciones: [OPCION_JSON],
    async ejecutar(c) {
      const diferencias = await tablero.verificar(c.db);
      if (c.opciones.json) c.escribir(JSON.stringify(diferencias));
      else if (diferencias.length === 0) {
        c.escribir('Los acumulados del tablero coinciden con un recálculo desde cero.');
      } else mostrar(c, diferencias, '');
      if (diferencias.length > 0) {
        throw new Error(
          `${diferencias.length} fila(s) del tablero no coinciden con el recálculo. Corrija con 'tablero recalcular'.`,
        );
      }
    },
  },
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
