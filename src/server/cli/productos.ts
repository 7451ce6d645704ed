import * as productos from '../features/productos/servicio';
import { CLI } from './actor';
import { entero, listaDeEnteros, mostrar, OPCION_JSON, type Comando } from './comandos';

const CODPRO = { nombre: 'codpro', descripcion: 'el código del producto, un entero positivo' };
const NOMBRE = { nombre: 'nombre', descripcion: 'su nombre (puede tener espacios)', resto: true };

const codproDe = (texto: string | undefined) => entero(texto, '<codpro>', 1);

/** One product as a line of text: "Producto 7 'Soja' (activo)". */
const enTexto = (p: { codpro: number; nompro: string; activo: boolean }) =>
  `Producto ${p.codpro} '${p.nompro}' (${p.activo ? 'activo' : 'desactivado'})`;

export const COMANDOS_PRODUCTOS: Comando[] = [
  {
    nombre: 'productos listar',
    resumen: 'los productos, activos o no, con cuántos clientes pueden pedir cada uno',
    opciones: [OPCION_JSON],
    async ejecutar(c) {
      const lista = await productos.listar(c.db);
      mostrar(
        c,
        c.opciones.json
          ? lista
          : lista.map((p) => ({
              codpro: p.codpro,
              nompro: p.nompro,
              activo: p.activo ? 'sí' : 'no',
              clientes: p.clientes,
            })),
        'No hay productos.',
      );
    },
  },
  {
    nombre: 'productos crear',
    resumen: 'agrega un producto (código y nombre únicos)',
    argumentos: [CODPRO, NOMBRE],
    opciones: [OPCION_JSON],
    async ejecutar(c) {
      const p = await productos.crear(c.db, CLI, {
        codpro: codproDe(c.args.codpro),
        nompro: c.args.nombre!,
      });
      c.escribir(c.opciones.json ? JSON.stringify(p) : `${enTexto(p)} creado.`);
    },
  },
  {
    nombre: 'productos renombrar',
    resumen: 'cambia el nombre de un producto (cupos, stock y tablero lo muestran desde ya)',
    argumentos: [CODPRO, NOMBRE],
    async ejecutar(c) {
      const p = await productos.renombrar(c.db, CLI, {
        codpro: codproDe(c.args.codpro),
        nompro: c.args.nombre!,
      });
      c.escribir(`${enTexto(p)} renombrado.`);
    },
  },
  {
    nombre: 'productos desactivar',
    resumen:
      'deja de ofrecer un producto para cupos nuevos y a clientes; su historia, stock y cupos abiertos lo conservan',
    argumentos: [CODPRO],
    async ejecutar(c) {
      const p = await productos.cambiarActivo(c.db, CLI, {
        codpro: codproDe(c.args.codpro),
        activo: false,
      });
      c.escribir(`${enTexto(p)}.`);
    },
  },
  {
    nombre: 'productos activar',
    resumen: 'vuelve a ofrecer un producto desactivado',
    argumentos: [CODPRO],
    async ejecutar(c) {
      const p = await productos.cambiarActivo(c.db, CLI, {
        codpro: codproDe(c.args.codpro),
        activo: true,
      });
      c.escribir(`${enTexto(p)}.`);
    },
  },
  {
    nombre: 'productos eliminar',
    resumen:
      'elimina un producto al que nada se refiere (si lo usan cupos, tickets, stock o clientes, dice cuáles: desactívelo)',
    argumentos: [CODPRO],
    async ejecutar(c) {
      const codpro = codproDe(c.args.codpro);
      await productos.eliminar(c.db, CLI, codpro);
      c.escribir(`Producto ${codpro} eliminado.`);
    },
  },
  {
    nombre: 'productos cliente',
    resumen:
      'muestra los productos que una empresa cliente puede pedir en una unidad; con --productos, los fija',
    argumentos: [
      { nombre: 'codempre', descripcion: 'la empresa cliente' },
      { nombre: 'unidad', descripcion: 'la unidad de negocio (su código)' },
    ],
    opciones: [
      {
        nombre: 'productos',
        valor: '<lista>',
        descripcion:
          'la lista completa de códigos, separados por comas: 1,2,3 ("" los quita todos); no quita uno de sus cupos abiertos',
      },
      OPCION_JSON,
    ],
    async ejecutar(c) {
      const codempre = entero(c.args.codempre, '<codempre>', 1);
      const unineg = entero(c.args.unidad, '<unidad>', 1);
      const pedido = c.opciones.productos as string | undefined;
      const lista =
        pedido === undefined
          ? await productos.productosDeCliente(c.db, { codempre, unineg })
          : await productos.guardarProductosDeCliente(c.db, CLI, {
              codempre,
              unineg,
              productos: listaDeEnteros(pedido, '--productos'),
            });
      const habilitados = lista.filter((p) => p.habilitado);
      if (c.opciones.json) {
        c.escribir(JSON.stringify(habilitados));
        return;
      }
      if (pedido !== undefined) {
        c.escribir(
          `Empresa ${codempre}, unidad ${unineg}: ${habilitados.length} producto(s) habilitado(s).`,
        );
      }
      mostrar(
        c,
        habilitados.map((p) => ({
          codpro: p.codpro,
          nompro: p.nompro,
          activo: p.activo ? 'sí' : 'no',
          cuposAbiertos: p.cuposAbiertos,
        })),
        `La empresa ${codempre} no tiene productos habilitados en la unidad ${unineg}.`,
      );
    },
  },
];
