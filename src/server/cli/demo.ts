import path from 'node:path';
import { ARCHIVO_TARJETAS_DEMO, escribirTarjetasDemo } from '../arranque';
import { baseVacia, cargarDemo } from '../demo/datos';
import { MENSAJES_ADMINISTRACION as M } from '../../shared/textos';
import { ErrorUso, type Comando } from './comandos';

export const COMANDOS_DEMO: Comando[] = [
  {
    nombre: 'demo',
    resumen: 'carga los datos de demostración en una base vacía y escribe sus tarjetas',
    async ejecutar(c) {
      if (!(await baseVacia(c.db))) throw new ErrorUso(M.baseConDatos);
      const { dataDir, cardSecret } = c.entorno.config;
      await escribirTarjetasDemo(dataDir, await cargarDemo(c.db, cardSecret));
      c.escribir(
        `Datos de demostración cargados. Tarjetas en ${path.join(dataDir, ARCHIVO_TARJETAS_DEMO)}`,
      );
    },
  },
];
