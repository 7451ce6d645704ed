import type { DespachoAdministrado } from '../../shared/contracts/unidades';
import { TEXTOS_UNIDADES as T } from '../../shared/textos';
import * as unidades from '../features/unidades/servicio';
import { CLI } from './actor';
import { entero, ErrorUso, mostrar, OPCION_JSON, type Comando } from './comandos';

const CTRL = { nombre: 'ctrl', descripcion: 'el código de la unidad (unidades listar)' };
const NOMBRE = { nombre: 'nombre', descripcion: 'su nombre (puede tener espacios)', resto: true };
const CODDESPACHO = {
  nombre: 'coddespacho',
  descripcion: 'el código del tipo de despacho (despachos listar)',
};
const UNIDAD = { nombre: 'unidad', descripcion: 'la unidad de negocio: su código o su nombre' };

const envaseEnTexto = (envase: 'S' | 'N') => (envase === 'N' ? T.aGranel : T.enEnvases);
const nombresDe = (despachos: DespachoAdministrado[]) =>
  despachos.map((d) => T.nombreDespacho(d)).join(', ');

/** --envase S|N, or --a-granel (the same as --envase N); one of them, not both. */
function envaseDe(opciones: Record<string, string | boolean | undefined>): string {
  const envase = opciones.envase as string | undefined;
  if (opciones['a-granel']) {
    if (envase !== undefined && envase.toUpperCase() !== 'N') {
      throw new ErrorUso(`--a-granel y --envase ${envase} se contradicen: use uno solo.`);
    }
    return 'N';
  }
  if (envase === undefined) throw new ErrorUso('Falta --envase S|N (o --a-granel).');
  const valor = envase.trim().toUpperCase();
  if (valor !== 'S' && valor !== 'N') throw new ErrorUso(T.envaseInvalido(envase));
  return valor;
}

export const COMANDOS_UNIDADES: Comando[] = [
  {
    nombre: 'unidades listar',
    resumen: 'las unidades de negocio de la terminal, activas o no, con sus tipos de despacho',
    opciones: [OPCION_JSON],
    async ejecutar(c) {
      const lista = await unidades.listar(c.db);
      mostrar(
        c,
        c.opciones.json
          ? lista
          : lista.map((u) => ({
              ctrl: u.ctrl,
              unineg: u.unineg,
              estado: u.activo ? T.activa : T.inactiva,
              despachos: nombresDe(u.despachos),
            })),
        T.sinUnidades,
      );
    },
  },
  {
    nombre: 'unidades crear',
    resumen: 'agrega una unidad de negocio (nombre único, sin distinguir mayúsculas)',
    argumentos: [NOMBRE],
    opciones: [OPCION_JSON],
    async ejecutar(c) {
      const u = await unidades.crearUnidad(c.db, CLI, { unineg: c.args.nombre! });
      c.escribir(c.opciones.json ? JSON.stringify(u) : `${T.creada(u.unineg)} Código ${u.ctrl}.`);
    },
  },
  {
    nombre: 'unidades renombrar',
    resumen: 'cambia el nombre de una unidad de negocio',
    argumentos: [CTRL, NOMBRE],
    async ejecutar(c) {
      const ctrl = entero(c.args.ctrl, '<ctrl>', 1);
      const u = await unidades.renombrarUnidad(c.db, CLI, ctrl, c.args.nombre!);
      c.escribir(`Unidad ${u.ctrl}: ${T.renombrada(u.unineg)}`);
    },
  },
  {
    nombre: 'unidades desactivar',
    resumen:
      'deja de ofrecer una unidad para cupos, usuarios y empresas nuevos; su historia queda y se sigue viendo',
    argumentos: [CTRL],
    async ejecutar(c) {
      const ctrl = entero(c.args.ctrl, '<ctrl>', 1);
      const u = await unidades.cambiarActivoUnidad(c.db, CLI, ctrl, false);
      c.escribir(T.desactivada(u.unineg));
    },
  },
  {
    nombre: 'unidades activar',
    resumen: 'vuelve a ofrecer una unidad desactivada',
    argumentos: [CTRL],
    async ejecutar(c) {
      const ctrl = entero(c.args.ctrl, '<ctrl>', 1);
      const u = await unidades.cambiarActivoUnidad(c.db, CLI, ctrl, true);
      c.escribir(T.activada(u.unineg));
    },
  },
  {
    nombre: 'unidades eliminar',
    resumen:
      'borra una unidad que nada usa, con sus tipos de despacho; si algo la usa, dice qué (desactívela)',
    argumentos: [CTRL],
    async ejecutar(c) {
      const ctrl = entero(c.args.ctrl, '<ctrl>', 1);
      const u = await unidades.eliminarUnidad(c.db, CLI, ctrl);
      c.escribir(T.eliminada(u.unineg));
    },
  },
  {
    nombre: 'despachos listar',
    resumen: 'los tipos de despacho de una unidad de negocio, activos o no',
    argumentos: [UNIDAD],
    opciones: [OPCION_JSON],
    async ejecutar(c) {
      const lista = await unidades.despachos(c.db, c.args.unidad!);
      mostrar(
        c,
        c.opciones.json
          ? lista
          : lista.map((d) => ({
              coddespacho: d.coddespacho,
              nomdespacho: d.nomdespacho,
              envase: envaseEnTexto(d.envase),
              estado: d.activo ? T.activo : T.inactivo,
            })),
        'La unidad no tiene tipos de despacho.',
      );
    },
  },
  {
    nombre: 'despachos crear',
    resumen: 'agrega un tipo de despacho a una unidad: a granel o en envases',
    argumentos: [UNIDAD, NOMBRE],
    opciones: [
      {
        nombre: 'envase',
        valor: '<S|N>',
        descripcion: 'S: en envases (bolsas, big bags); N: a granel, sin envase',
      },
      { nombre: 'a-granel', descripcion: 'lo mismo que --envase N' },
      OPCION_JSON,
    ],
    async ejecutar(c) {
      const envase = envaseDe(c.opciones);
      const d = await unidades.crearDespacho(c.db, CLI, {
        unineg: c.args.unidad!,
        nomdespacho: c.args.nombre!,
        envase,
      });
      c.escribir(
        c.opciones.json
          ? JSON.stringify(d)
          : `${T.despachoCreado(d.nomdespacho)} Código ${d.coddespacho}, ${envaseEnTexto(d.envase).toLowerCase()}.`,
      );
    },
  },
  {
    nombre: 'despachos renombrar',
    resumen: 'cambia el nombre de un tipo de despacho',
    argumentos: [CODDESPACHO, NOMBRE],
    async ejecutar(c) {
      const cod = entero(c.args.coddespacho, '<coddespacho>', 1);
      const d = await unidades.renombrarDespacho(c.db, CLI, cod, c.args.nombre!);
      c.escribir(`Tipo de despacho ${d.coddespacho}: ${T.despachoRenombrado(d.nomdespacho)}`);
    },
  },
  {
    nombre: 'despachos desactivar',
    resumen:
      'deja de ofrecer un tipo de despacho para cupos nuevos; los cupos que lo tienen lo conservan',
    argumentos: [CODDESPACHO],
    async ejecutar(c) {
      const cod = entero(c.args.coddespacho, '<coddespacho>', 1);
      const d = await unidades.cambiarActivoDespacho(c.db, CLI, cod, false);
      c.escribir(T.despachoDesactivado(d.nomdespacho));
    },
  },
  {
    nombre: 'despachos activar',
    resumen: 'vuelve a ofrecer un tipo de despacho desactivado',
    argumentos: [CODDESPACHO],
    async ejecutar(c) {
      const cod = entero(c.args.coddespacho, '<coddespacho>', 1);
      const d = await unidades.cambiarActivoDespacho(c.db, CLI, cod, true);
      c.escribir(T.despachoActivado(d.nomdespacho));
    },
  },
  {
    nombre: 'despachos eliminar',
    resumen: 'borra un tipo de despacho que ningún cupo tiene (si alguno lo tiene, desactívelo)',
    argumentos: [CODDESPACHO],
    async ejecutar(c) {
      const cod = entero(c.args.coddespacho, '<coddespacho>', 1);
      const d = await unidades.eliminarDespacho(c.db, CLI, cod);
      c.escribir(T.despachoEliminado(d.nomdespacho));
    },
  },
];
