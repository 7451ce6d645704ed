import * as auth from '../features/auth/servicio';
import { CLI } from './actor';
import { ErrorUso, OPCION_JSON, PROGRAMA, type Comando } from './comandos';

export const COMANDOS_SESIONES: Comando[] = [
  {
    nombre: 'sesiones cerrar',
    resumen: 'cierra las sesiones abiertas de un usuario, o de todos con --todas',
    argumentos: [{ nombre: 'usuario', descripcion: 'nombre de ingreso', opcional: true }],
    opciones: [{ nombre: 'todas', descripcion: 'las de todos los usuarios' }, OPCION_JSON],
    async ejecutar(c) {
      const nombre = c.args.usuario?.toLowerCase();
      if (!nombre && !c.opciones.todas) {
        throw new ErrorUso(
          `Indique <usuario> o --todas. Vea '${PROGRAMA} sesiones cerrar --help'.`,
        );
      }
      if (nombre && c.opciones.todas) throw new ErrorUso('Indique <usuario> o --todas, no ambos.');
      const cerradas = await auth.cerrarSesiones(c.db, nombre ? { usuario: nombre } : 'todos', CLI);
      c.escribir(
        c.opciones.json ? JSON.stringify({ cerradas }) : `${cerradas} sesión(es) cerrada(s).`,
      );
    },
  },
];
