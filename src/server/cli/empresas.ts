import * as empresas from '../features/empresas/servicio';
import { CLI } from './actor';
import { entero, mostrar, OPCION_JSON, type Comando } from './comandos';

export const COMANDOS_EMPRESAS: Comando[] = [
  {
    nombre: 'empresas listar',
    resumen: 'las empresas: la terminal (0) y sus clientes',
    opciones: [OPCION_JSON],
    async ejecutar(c) {
      mostrar(c, await empresas.listar(c.db), 'No hay empresas.');
    },
  },
  {
    nombre: 'empresas crear',
    resumen: 'agrega una empresa cliente',
    argumentos: [
      { nombre: 'codempre', descripcion: 'su código, un entero positivo' },
      { nombre: 'nombre', descripcion: 'su razón social (puede tener espacios)', resto: true },
    ],
    opciones: [OPCION_JSON],
    async ejecutar(c) {
      const codempre = entero(c.args.codempre, '<codempre>', 1);
      const creada = await empresas.crear(c.db, CLI, { codempre, nomempre: c.args.nombre! });
      c.escribir(
        c.opciones.json
          ? JSON.stringify(creada)
          : `Empresa ${creada.codempre} '${creada.nomempre}' creada.`,
      );
    },
  },
  {
    nombre: 'unidades listar',
    resumen: 'las unidades de negocio de la terminal',
    opciones: [OPCION_JSON],
    async ejecutar(c) {
      mostrar(c, await empresas.listarUnidades(c.db), 'No hay unidades de negocio.');
    },
  },
];
