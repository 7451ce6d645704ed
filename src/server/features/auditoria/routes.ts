/** The audit trail (issue 14): administrators only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditoriaBody,
  opcionesAuditoria,
  paginaAuditoria,
} from '../../../shared/contracts/auditoria';
import { respuestasDeError } from '../../../shared/contracts/comun';
import * as auditoria from './servicio';

const tags = ['administración'];
const config = { acceso: 'administrador' } as const;

export const auditoriaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/administracion/auditoria',
    {
      config,
      schema: {
        tags,
        summary:
          'Una página de la auditoría, la más nueva primero, con filtros (días, actor, acción, tabla, fila). Paginación por clave: pase `siguiente` como `antesDe`',
        body: auditoriaBody,
        response: { 200: paginaAuditoria, ...respuestasDeError },
      },
    },
    (request) => auditoria.pagina(app.db, request.body),
  );

  app.get(
    '/administracion/auditoria/opciones',
    {
      config,
      schema: {
        tags,
        summary: 'Las acciones y tablas que tiene la auditoría, para los filtros',
        response: { 200: opcionesAuditoria, ...respuestasDeError },
      },
    },
    () => auditoria.opciones(app.db),
  );
};
