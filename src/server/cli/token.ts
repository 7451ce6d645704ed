import * as tokens from '../features/tokens/servicio';
import { CLI } from './actor';
import { mostrar, OPCION_JSON, type Comando } from './comandos';

const NOMBRE = { nombre: 'nombre', descripcion: 'de la máquina: balanza-norte, porteria-1…' };

export const COMANDOS_TOKEN: Comando[] = [
  {
    nombre: 'token crear',
    resumen:
      'token de servicio para una máquina (portería, balanza): vale solo para /api/operaciones y se muestra una sola vez',
    argumentos: [NOMBRE],
    opciones: [
      {
        nombre: 'vence',
        valor: '<AAAA-MM-DD>',
        descripcion: 'último día en que vale (hora de la terminal); sin ella, hasta revocarlo',
      },
      OPCION_JSON,
    ],
    async ejecutar(c) {
      const nombre = c.args.nombre!.toLowerCase();
      const vence = c.opciones.vence as string | undefined;
      const token = await tokens.crearToken(c.db, 'terminal', nombre, CLI, vence);
      if (c.opciones.json) {
        c.escribir(JSON.stringify({ nombre, token }));
        return;
      }
      c.escribir(
        `Token de servicio '${nombre}'${vence ? `, vale hasta el ${vence} inclusive` : ''}:\n\n  ${token}\n`,
      );
      c.escribir(
        'Configúrelo en la máquina (Authorization: Bearer …): no se vuelve a mostrar. ' +
          'Vale solo para /api/operaciones/*.',
      );
    },
  },
  {
    nombre: 'token listar',
    resumen: 'los tokens: creación, último uso, vencimiento y revocación',
    opciones: [OPCION_JSON],
    async ejecutar(c) {
      const lista = await tokens.listarTokens(c.db);
      mostrar(
        c,
        c.opciones.json
          ? lista
          : lista.map((t) => ({
              nombre: t.nombre,
              creado: t.creado.replace('T', ' '),
              ultimoUso: t.ultimoUso?.replace('T', ' ') ?? 'nunca',
              vence: t.vence ?? 'no vence',
              revocado: t.revocado?.replace('T', ' ') ?? '',
            })),
        'No hay tokens de servicio.',
      );
    },
  },
  {
    nombre: 'token revocar',
    resumen: 'el token deja de valer en el acto',
    argumentos: [NOMBRE],
    async ejecutar(c) {
      const nombre = c.args.nombre!.toLowerCase();
      await tokens.revocarToken(c.db, nombre, CLI);
      c.escribir(`Token '${nombre}' revocado.`);
    },
  },
];
