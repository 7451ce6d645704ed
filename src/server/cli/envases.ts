import * as envases from '../features/envases/servicio';
import { CLI } from './actor';
import { entero, ErrorUso, mostrar, OPCION_JSON, type Comando } from './comandos';

const CTRL = {
  nombre: 'ctrl',
  descripcion: 'el número del envase (columna ctrl de envases listar)',
};

/** '25', '25,5' or '1000.125' kilograms. */
function kilos(texto: string | undefined): number {
  const m = /^(\d{1,7})(?:[.,](\d{1,3}))?$/.exec((texto ?? '').trim());
  if (!m || Number(`${m[1]}.${m[2] ?? 0}`) <= 0) {
    throw new ErrorUso(
      `--peso debe ser un peso en kg mayor que 0, con hasta 3 decimales: '${texto ?? ''}'.`,
    );
  }
  return Number(`${m[1]}.${m[2] ?? 0}`);
}

/** One container as a line of text: "Envase 12 'Bolsa 50 kg' de 50 kg (activo)". */
const enTexto = (e: { ctrl: number; nombre: string; peso: number; activo: boolean }) =>
  `Envase ${e.ctrl} '${e.nombre}' de ${String(e.peso).replace('.', ',')} kg (${e.activo ? 'activo' : 'desactivado'})`;

export const COMANDOS_ENVASES: Comando[] = [
  {
    nombre: 'envases listar',
    resumen: 'los envases de una empresa cliente, activos o no',
    argumentos: [{ nombre: 'codempre', descripcion: 'la empresa cliente' }],
    opciones: [OPCION_JSON],
    async ejecutar(c) {
      const codempre = entero(c.args.codempre, '<codempre>', 1);
      const lista = await envases.listar(c.db, codempre);
      mostrar(
        c,
        c.opciones.json
          ? lista
          : lista.map((e) => ({
              ctrl: e.ctrl,
              nombre: e.nombre,
              kg: e.peso,
              activo: e.activo ? 'sí' : 'no',
            })),
        `La empresa ${codempre} no tiene envases.`,
      );
    },
  },
  {
    nombre: 'envases crear',
    resumen: 'agrega un envase a una empresa cliente (nombre único en ella)',
    argumentos: [
      { nombre: 'codempre', descripcion: 'la empresa cliente' },
      { nombre: 'nombre', descripcion: 'su nombre (puede tener espacios)', resto: true },
    ],
    opciones: [
      {
        nombre: 'peso',
        valor: '<kg>',
        obligatoria: true,
        descripcion: 'los kilos que lleva un envase: 50 o 25,5',
      },
      OPCION_JSON,
    ],
    async ejecutar(c) {
      const e = await envases.crear(c.db, CLI, {
        codempre: entero(c.args.codempre, '<codempre>', 1),
        nombre: c.args.nombre!,
        peso: kilos(c.opciones.peso as string),
      });
      c.escribir(c.opciones.json ? JSON.stringify(e) : `${enTexto(e)} creado.`);
    },
  },
  {
    nombre: 'envases desactivar',
    resumen: 'deja de ofrecer un envase para cupos nuevos; los cupos que lo tienen lo conservan',
    argumentos: [CTRL],
    async ejecutar(c) {
      const e = await envases.cambiarActivo(c.db, CLI, {
        ctrl: entero(c.args.ctrl, '<ctrl>', 1),
        activo: false,
      });
      c.escribir(`${enTexto(e)}.`);
    },
  },
  {
    nombre: 'envases activar',
    resumen: 'vuelve a ofrecer un envase desactivado',
    argumentos: [CTRL],
    async ejecutar(c) {
      const e = await envases.cambiarActivo(c.db, CLI, {
        ctrl: entero(c.args.ctrl, '<ctrl>', 1),
        activo: true,
      });
      c.escribir(`${enTexto(e)}.`);
    },
  },
  {
    nombre: 'envases eliminar',
    resumen: 'elimina un envase que ningún cupo usó (si alguno lo usó, desactívelo)',
    argumentos: [CTRL],
    async ejecutar(c) {
      const ctrl = entero(c.args.ctrl, '<ctrl>', 1);
      await envases.eliminar(c.db, CLI, ctrl);
      c.escribir(`Envase ${ctrl} eliminado.`);
    },
  },
];
