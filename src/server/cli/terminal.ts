import * as terminal from '../features/terminal/servicio';
import { CLI } from './actor';
import { ErrorUso, OPCION_JSON, PROGRAMA, type Comando, type Contexto } from './comandos';

export const NOMBRE = {
  nombre: 'nombre',
  valor: '<nombre>',
  descripcion: 'la razón social de la terminal',
};
export const CUIT = {
  nombre: 'cuit',
  valor: '<cuit>',
  descripcion: 'su CUIT, con o sin guiones: 30-71234567-1 (se verifica el dígito)',
};
export const DIRECCION = {
  nombre: 'direccion',
  valor: '<dirección>',
  descripcion: 'su domicilio, como va en los tickets',
};

export const texto = (c: Contexto, opcion: string) => c.opciones[opcion] as string | undefined;

export const COMANDOS_TERMINAL: Comando[] = [
  {
    nombre: 'terminal mostrar',
    resumen: 'el nombre, el CUIT y la dirección de la terminal',
    opciones: [OPCION_JSON],
    async ejecutar(c) {
      const d = await terminal.datos(c.db);
      if (c.opciones.json) {
        c.escribir(JSON.stringify(d));
        return;
      }
      c.escribir(`Nombre:    ${d.nombre}`);
      c.escribir(`CUIT:      ${d.cuit ?? '(sin cargar)'}`);
      c.escribir(`Dirección: ${d.direccion ?? '(sin cargar)'}`);
    },
  },
  {
    nombre: 'terminal modificar',
    resumen: 'cambia el nombre, el CUIT o la dirección de la terminal (los que se indiquen)',
    opciones: [NOMBRE, CUIT, DIRECCION, OPCION_JSON],
    async ejecutar(c) {
      const cambios = {
        nombre: texto(c, 'nombre'),
        cuit: texto(c, 'cuit'),
        direccion: texto(c, 'direccion'),
      };
      if (Object.values(cambios).every((v) => v === undefined)) {
        throw new ErrorUso(
          `Indique qué cambiar: --nombre, --cuit o --direccion. Vea '${PROGRAMA} terminal modificar --help'.`,
        );
      }
      const d = await terminal.modificar(c.db, CLI, cambios);
      c.escribir(
        c.opciones.json
          ? JSON.stringify(d)
          : `Terminal: ${d.nombre} · CUIT ${d.cuit ?? '(sin cargar)'} · ${d.direccion ?? '(sin dirección)'}.`,
      );
    },
  },
];
