import * as avisos from '../features/avisos/servicio';
import * as usuarios from '../features/usuarios/servicio';
import { CLI } from './actor';
import { entero, listaDeEnteros, mostrar, OPCION_JSON, PROGRAMA, type Comando } from './comandos';

const USUARIO = { nombre: 'usuario', descripcion: 'nombre de ingreso (minúsculas)' };

export const COMANDOS_USUARIOS: Comando[] = [
  {
    nombre: 'usuarios crear',
    resumen: 'crea un usuario de una empresa, sin tarjeta (emítala después)',
    argumentos: [USUARIO],
    opciones: [
      {
        nombre: 'empresa',
        valor: '<codempre>',
        obligatoria: true,
        descripcion: 'su empresa (0 es la terminal: administradores)',
      },
      {
        nombre: 'unidades',
        valor: '<lista>',
        descripcion:
          'sus unidades de negocio, separadas por comas: 1,2 (sin ella, todas las de su empresa)',
      },
      OPCION_JSON,
    ],
    async ejecutar(c) {
      const codempre = entero(c.opciones.empresa as string, '--empresa');
      const lista = c.opciones.unidades as string | undefined;
      const { id, usuario, unidades } = await usuarios.crear(c.db, 'terminal', CLI, {
        usuario: c.args.usuario!,
        codempre,
        unidades: lista === undefined ? undefined : listaDeEnteros(lista, '--unidades'),
      });
      c.escribir(
        c.opciones.json
          ? JSON.stringify({ id, usuario, codempre, unidades })
          : `Usuario '${usuario}' creado (id ${id}, empresa ${codempre}). Emita su tarjeta con: ${PROGRAMA} tarjeta emitir ${usuario}`,
      );
    },
  },
  {
    nombre: 'usuarios listar',
    resumen: 'los usuarios con su empresa, unidades, tarjeta vigente y si están activos',
    opciones: [OPCION_JSON],
    async ejecutar(c) {
      const filas = await usuarios.listar(c.db, c.entorno.config.sessionIdleMinutes);
      mostrar(
        c,
        c.opciones.json
          ? filas
          : filas.map((r) => ({
              usuario: r.usuario,
              empresa: `${r.codempre} ${r.nomempre}`,
              unidades: r.codempre === 0 ? 'todas' : r.unidades.map((u) => u.unineg).join(', '),
              tarjeta: r.tarjeta?.ctrl ?? 'sin tarjeta',
              activo: r.activo ? 'sí' : 'no',
              bloqueado: r.bloqueadoHasta ? `hasta ${r.bloqueadoHasta.replace('T', ' ')}` : '',
              sesiones: r.sesionesAbiertas,
            })),
        'No hay usuarios.',
      );
    },
  },
  {
    nombre: 'usuarios desactivar',
    resumen: 'impide ingresar al usuario y cierra sus sesiones en el acto',
    argumentos: [USUARIO],
    async ejecutar(c) {
      const nombre = c.args.usuario!.toLowerCase();
      const cerradas = await usuarios.cambiarActivo(c.db, CLI, nombre, false);
      c.escribir(`Usuario '${nombre}' desactivado; ${cerradas} sesión(es) cerrada(s).`);
    },
  },
  {
    nombre: 'usuarios activar',
    resumen: 'permite ingresar otra vez a un usuario desactivado',
    argumentos: [USUARIO],
    async ejecutar(c) {
      const nombre = c.args.usuario!.toLowerCase();
      await usuarios.cambiarActivo(c.db, CLI, nombre, true);
      c.escribir(`Usuario '${nombre}' activado.`);
    },
  },
  {
    nombre: 'usuarios correo',
    resumen:
      "fija la dirección de correo de un usuario para sus avisos ('ninguna' la quita); él elige en Mi cuenta qué avisos recibe",
    argumentos: [
      USUARIO,
      { nombre: 'direccion', descripcion: "su correo, o 'ninguna' para quitarlo" },
    ],
    async ejecutar(c) {
      const nombre = c.args.usuario!.toLowerCase();
      const direccion = c.args.direccion!;
      await avisos.fijarCorreoDeUsuario(c.db, CLI, {
        usuario: nombre,
        correo: direccion === 'ninguna' ? null : direccion,
      });
      c.escribir(
        direccion === 'ninguna'
          ? `Usuario '${nombre}' sin dirección de correo.`
          : `Correo de '${nombre}': ${direccion.trim().toLowerCase()}.`,
      );
    },
  },
];
