/**
 * The file's rows set aside on disk while it is read, one file per kind (JSON lines), then read
 * back kind by kind in dependency order. The upload is read to its end before the transaction
 * opens, so a slow client never holds a transaction, a sheet may come in any order, and the
 * total is known when the rows are checked (the progress bar). Memory holds a line at a time.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { Clase } from '../../../shared/contracts/importacion';
import type { Celdas, FilaArchivo } from './lectura';

interface Apartado {
  hoja: string;
  filas: number;
  archivo: string;
  salida: fs.WriteStream;
}

export class Derrame {
  private readonly apartados = new Map<Clase, Apartado>();
  private error: Error | undefined;
  total = 0;

  private constructor(private readonly carpeta: string) {}

  static async crear(): Promise<Derrame> {
    return new Derrame(await fsp.mkdtemp(path.join(os.tmpdir(), 'acopio-importacion-')));
  }

  async agregar(f: FilaArchivo): Promise<void> {
    if (this.error) throw this.error;
    let a = this.apartados.get(f.clase);
    if (!a) {
      const archivo = path.join(this.carpeta, `${f.clase}.ndjson`);
      const salida = fs.createWriteStream(archivo);
      // A full disk: the next row (or the close) throws it.
      salida.on('error', (e) => (this.error ??= e));
      a = { hoja: f.hoja, filas: 0, archivo, salida };
      this.apartados.set(f.clase, a);
    }
    a.filas++;
    this.total++;
    if (!a.salida.write(`${JSON.stringify([f.fila, f.celdas])}\n`)) await once(a.salida, 'drain');
  }

  /** Every row written down; call it before reading any back. */
  async cerrar(): Promise<void> {
    for (const a of this.apartados.values()) {
      if (!a.salida.writableFinished) {
        a.salida.end();
        await once(a.salida, 'finish');
      }
    }
    if (this.error) throw this.error;
  }

  /** The sheet a kind came from and how many rows it had; undefined when the file had none. */
  hoja(clase: Clase): { hoja: string; filas: number } | undefined {
    const a = this.apartados.get(clase);
    return a && { hoja: a.hoja, filas: a.filas };
  }

  async *filas(clase: Clase): AsyncGenerator<{ fila: number; celdas: Celdas }> {
    const a = this.apartados.get(clase);
    if (!a) return;
    const lineas = readline.createInterface({
      input: fs.createReadStream(a.archivo),
      crlfDelay: Infinity,
    });
    for await (const linea of lineas) {
      const [fila, celdas] = JSON.parse(linea) as [number, Celdas];
      yield { fila, celdas };
    }
  }

  async borrar(): Promise<void> {
    for (const a of this.apartados.values()) a.salida.destroy();
    await fsp.rm(this.carpeta, { recursive: true, force: true });
  }
}
