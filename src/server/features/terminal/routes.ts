import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { respuestasDeError } from '../../../shared/contracts/comun';
import { datosTerminal, modificarTerminalBody } from '../../../shared/contracts/terminal';
import { actorDe } from '../../db/auditoria';
import * as terminal from './servicio';

/** The terminal's own data (issue 21): everyone signed in reads them, administrators change them. */
export const terminalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/terminal',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['terminal'],
        summary: 'El nombre, el CUIT y la dirección de la terminal (van en el ticket de balanza)',
        response: { 200: datosTerminal, ...respuestasDeError },
      },
    },
    () => terminal.datos(app.db),
  );

  app.post(
    '/administracion/terminal',
    {
      config: { acceso: 'administrador' },
      schema: {
        tags: ['administración'],
        summary:
          'Cambia el nombre, el CUIT o la dirección de la terminal (los campos que se envíen)',
        body: modificarTerminalBody,
        response: { 200: datosTerminal, ...respuestasDeError },
      },
    },
    (request) => terminal.modificar(app.db, actorDe(request), request.body),
  );
};
