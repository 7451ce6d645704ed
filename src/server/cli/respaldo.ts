import path from 'node:path';
import { auditar } from '../db/auditoria';
import { respaldar, restaurar } from '../db/respaldo';
import { CLI } from './actor';
import type { Comando } from './comandos';

const ARCHIVO = { nombre: 'archivo', descripcion: 'ruta del archivo de respaldo' };

export const COMANDOS_RESPALDO: Comando[] = [
  {
    nombre: 'respaldo',
    resumen: 'copia consistente de toda la base, con el portal andando',
    argumentos: [ARCHIVO],
    async ejecutar(c) {
      const archivo = path.resolve(c.args.archivo!);
      const r = await respaldar(c.entorno.urlDirecta, archivo);
      const filas = r.tablas.reduce((n, t) => n + t.filas, 0);
      c.escribir(`Respaldo escrito en ${archivo}: ${r.tablas.length} tablas, ${filas} filas.`);
      c.escribir(
        'Guárdelo junto con el secreto de tarjetas (CARD_SECRET o DATA_DIR/tarjetas.secreto).',
      );
    },
  },
  {
    nombre: 'restaurar',
    resumen: 'reemplaza todo el contenido de la base por el del respaldo',
    argumentos: [ARCHIVO],
    async ejecutar(c) {
      const archivo = path.resolve(c.args.archivo!);
      const r = await restaurar(c.entorno.urlDirecta, archivo);
      const filas = r.tablas.reduce((n, t) => n + t.filas, 0);
      // The restored database's own trail gets the restore as its newest row.
      await auditar(c.db, {
        ...CLI,
        accion: 'restaurar',
        tabla: 'base',
        despues: { archivo, filas },
      });
      c.escribir(`Base restaurada desde ${archivo}: ${r.tablas.length} tablas, ${filas} filas.`);
    },
  },
];
