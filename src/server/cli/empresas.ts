import * as empresas from '../features/empresas/servicio';
import { CLI } from './actor';
import { entero, listaDeEnteros, mostrar, OPCION_JSON, type Comando } from './comandos';

const UNIDADES = {
  nombre: 'unidades',
  valor: '<lista>',
  descripcion: 'las unidades de negocio en que trabaja, separadas por comas: 1,2',
};

export const COMANDOS_EMPRESAS: Comando[] = [
  {
    nombre: 'empresas listar',
    resumen: 'las empresas: la terminal (0) y sus clientes, con sus unidades y usuarios',
    opciones: [OPCION_JSON],
    async ejecutar(c) {
      const lista = await empresas.listarAdministradas(c.db);
      mostrar(
        c,
        c.opciones.json
          ? lista
          : lista.map((e) => ({
              codempre: e.codempre,
              nomempre: e.nomempre,
              unidades: e.codempre === 0 ? 'todas' : e.unidades.map((u) => u.ctrl).join(', '),
              usuarios: e.usuarios,
            })),
        'No hay empresas.',
      );
    },
  },
  {
    nombre: 'empresas crear',
    resumen: 'agrega una empresa cliente',
    argumentos: [
      { nombre: 'codempre', descripcion: 'su código, un entero positivo' },
      { nombre: 'nombre', descripcion: 'su razón social (puede tener espacios)', resto: true },
    ],
    opciones: [UNIDADES, OPCION_JSON],
    async ejecutar(c) {
      const codempre = entero(c.args.codempre, '<codempre>', 1);
      const unidades = listaDeEnteros(c.opciones.unidades as string | undefined, '--unidades');
      const creada = await empresas.crear(c.db, CLI, {
        codempre,
        nomempre: c.args.nombre!,
        unidades,
      });
      c.escribir(
        c.opciones.json
          ? JSON.stringify(creada)
          : `Empresa ${creada.codempre} '${creada.nomempre}' creada.`,
      );
    },
  },
  {
    nombre: 'empresas unidades',
    resumen:
      'cambia las unidades de negocio en que trabaja una empresa (no quita una que tengan sus usuarios)',
    argumentos: [{ nombre: 'codempre', descripcion: 'el código de la empresa' }],
    opciones: [{ ...UNIDADES, obligatoria: true }],
    async ejecutar(c) {
      const codempre = entero(c.args.codempre, '<codempre>', 1);
      const unidades = listaDeEnteros(c.opciones.unidades as string | undefined, '--unidades');
      await empresas.cambiarUnidades(c.db, CLI, codempre, unidades);
      c.escribir(`Empresa ${codempre}: unidades ${unidades.join(', ') || 'ninguna'}.`);
    },
  },
];
