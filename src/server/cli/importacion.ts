import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { CLASES, type Clase, type ResultadoImportacion } from '../../shared/contracts/importacion';
import { ErrorHttp } from '../errores';
import * as importacion from '../features/importacion/servicio';
import { CLI } from './actor';
import { ErrorUso, OPCION_JSON, type Comando, type Contexto } from './comandos';

const OPCION_CLASE = {
  nombre: 'clase',
  valor: '<clase>',
  descripcion: `qué contiene un CSV (${CLASES.join(', ')}); por defecto, el nombre del archivo`,
};

function claseDe(c: Contexto): Clase | undefined {
  const clase = c.opciones.clase as string | undefined;
  if (clase === undefined) return undefined;
  if (!(CLASES as readonly string[]).includes(clase)) {
    throw new ErrorUso(`--clase debe ser una de ${CLASES.join(', ')}: '${clase}'.`);
  }
  return clase as Clase;
}

const total = (
  r: ResultadoImportacion,
  campo: 'creadas' | 'cambiadas' | 'sinCambios' | 'rechazadas',
) => r.conteos.reduce((s, c) => s + c[campo], 0);

function resumen(r: ResultadoImportacion): string {
  return `${total(r, 'creadas')} se crean, ${total(r, 'cambiadas')} cambian, ${total(r, 'sinCambios')} sin cambios, ${total(r, 'rechazadas')} rechazadas`;
}

export const COMANDOS_IMPORTACION: Comando[] = [
  {
    nombre: 'importar plantilla',
    resumen:
      'escribe la plantilla de importación: un .xlsx con una hoja por clase, o el .csv de una clase (--clase)',
    argumentos: [{ nombre: 'destino', descripcion: 'el archivo a escribir (.xlsx o .csv)' }],
    opciones: [OPCION_CLASE],
    async ejecutar(c) {
      const destino = c.args.destino!;
      const clase = claseDe(c);
      if (destino.toLowerCase().endsWith('.xlsx')) {
        await fsp.writeFile(destino, await importacion.plantillaXlsx());
      } else {
        if (!clase) throw new ErrorUso('Para una plantilla CSV diga su --clase.');
        await fsp.writeFile(destino, importacion.plantillaCsv(clase).contenido);
      }
      c.escribir(`Plantilla escrita en ${destino}.`);
    },
  },
  {
    nombre: 'importar',
    resumen:
      'revisa un .xlsx (una hoja por clase) o un .csv (una clase) y, con --aplicar, lo importa en una sola transacción',
    argumentos: [{ nombre: 'archivo', descripcion: 'el .xlsx o .csv a importar' }],
    opciones: [
      {
        nombre: 'aplicar',
        descripcion: 'importa de verdad (sin esto solo revisa); si alguna fila se rechaza, nada',
      },
      OPCION_CLASE,
      OPCION_JSON,
    ],
    async ejecutar(c) {
      const archivo = c.args.archivo!;
      const clase = claseDe(c);
      try {
        if (!(await fsp.stat(archivo)).isFile()) throw new Error();
      } catch {
        throw new ErrorUso(`No existe el archivo '${archivo}'.`);
      }
      const aplicar = c.opciones.aplicar === true;
      const progreso = process.stderr.isTTY && !c.opciones.json;
      const r = await importacion.importar(
        c.db,
        CLI,
        fs.createReadStream(archivo),
        { archivo: path.basename(archivo), clase, aplicar },
        (p) => {
          if (!progreso) return;
          process.stderr.write(
            'leidas' in p
              ? `\rLeídas ${p.leidas} filas…`
              : `\rRevisadas ${p.procesadas} de ${p.total} filas…`,
          );
        },
      );
      if (progreso) process.stderr.write('\r\x1b[K');
      if (c.opciones.json) c.escribir(JSON.stringify(r));
      else {
        console.table(
          r.conteos.map((x) => ({
            hoja: x.hoja,
            'se crean': x.creadas,
            cambian: x.cambiadas,
            'sin cambios': x.sinCambios,
            rechazadas: x.rechazadas,
          })),
        );
        if (r.filas.length > 0) {
          console.table(
            r.filas.map((f) => ({
              hoja: f.hoja,
              fila: f.fila,
              estado: f.estado,
              clave: f.clave,
              detalle: f.detalle,
            })),
          );
        }
        if (r.filasNoListadas > 0) c.escribir(`(y ${r.filasNoListadas} filas más sin listar)`);
      }
      // A refused row makes the request invalid (exit 2), a review's too: a script can stop there.
      if (total(r, 'rechazadas') > 0) {
        throw new ErrorHttp(400, importacion.motivoDeRechazo(r, aplicar));
      }
      if (!c.opciones.json) {
        c.escribir(
          aplicar
            ? `Importado '${r.archivo}': ${resumen(r)}.`
            : `Revisión de '${r.archivo}': ${resumen(r)}. No se guardó nada: importe con --aplicar.`,
        );
      }
    },
  },
];
