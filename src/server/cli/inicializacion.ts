import * as inicializacion from '../features/inicializacion/servicio';
import { PROGRAMA, type Comando } from './comandos';
import { mostrarTarjeta, OPCION_JSON_TARJETA } from './tarjeta';
import { CUIT, DIRECCION, NOMBRE, texto } from './terminal';

export const COMANDOS_INICIALIZACION: Comando[] = [
  {
    nombre: 'inicializar',
    resumen:
      'pone en marcha la terminal en una base sin administradores: sus datos, el primer administrador y su tarjeta, que se muestra una sola vez',
    opciones: [
      { ...NOMBRE, obligatoria: true },
      { ...CUIT, obligatoria: true },
      { ...DIRECCION, obligatoria: true },
      {
        nombre: 'admin',
        valor: '<usuario>',
        obligatoria: true,
        descripcion: 'el nombre de ingreso del primer administrador (minúsculas)',
      },
      OPCION_JSON_TARJETA,
    ],
    async ejecutar(c) {
      // The CLI runs on the server: whoever has its shell needs no code from the log.
      const t = await inicializacion.inicializar(
        c.db,
        c.entorno.config.cardSecret,
        {
          nombre: texto(c, 'nombre')!,
          cuit: texto(c, 'cuit')!,
          direccion: texto(c, 'direccion')!,
          usuario: texto(c, 'admin')!,
        },
        'cli',
      );
      if (!c.opciones.json) c.escribir(`Terminal inicializada; administrador '${t.usuario}'.\n`);
      mostrarTarjeta(
        c,
        t,
        `\nGuárdela: no se vuelve a mostrar. Con ella ${t.usuario} ingresa al portal; si se pierde, ${PROGRAMA} tarjeta emitir ${t.usuario}.`,
      );
    },
  },
];
