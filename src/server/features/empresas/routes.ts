import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientesEmpresasBody,
  clientesEmpresasRespuesta,
  empresa,
} from '../../../shared/contracts/empresas';
import {
  crearEmpresaBody,
  listaEmpresasAdministradas,
  unidadesEmpresaBody,
} from '../../../shared/contracts/empresas';
import { hechoRespuesta } from '../../../shared/contracts/comun';
import { respuestasDeError } from '../../../shared/contracts/comun';
import { usuarioDe } from '../../acceso';
import { actorDe } from '../../db/auditoria';
import * as empresas from './servicio';

export const empresasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/clientes/clientes-empresas',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['clientes'],
        summary: 'Empresas que el usuario puede elegir como cliente',
        body: clientesEmpresasBody,
        response: { 200: clientesEmpresasRespuesta, ...respuestasDeError },
      },
    },
    (request) => empresas.visibles(app.db, usuarioDe(request), request.body.codempre),
  );
};

/**
 * The administration of companies and the units they work in (issue 14): administrators only.
 * The units themselves are the unidades feature's.
 */
export const empresasAdministracionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['administración'];
  const config = { acceso: 'administrador' } as const;

  app.get(
    '/administracion/empresas',
    {
      config,
      schema: {
        tags,
        summary:
          'Las empresas con las unidades de negocio en que trabajan y cuántos usuarios tienen',
        response: { 200: listaEmpresasAdministradas, ...respuestasDeError },
      },
    },
    () => empresas.listarAdministradas(app.db),
  );

  app.post(
    '/administracion/empresas/crear',
    {
      config,
      schema: {
        tags,
        summary: 'Crea una empresa cliente con las unidades de negocio en que trabaja',
        body: crearEmpresaBody,
        response: { 201: empresa, ...respuestasDeError },
      },
    },
    async (request, reply) => {
      const creada = await empresas.crear(app.db, actorDe(request), request.body);
      return reply.code(201).send(creada);
    },
  );

  app.post(
    '/administracion/empresas/unidades',
    {
      config,
      schema: {
        tags,
        summary:
          'Cambia las unidades de negocio en que trabaja una empresa (no quita una que tengan sus usuarios)',
        body: unidadesEmpresaBody,
        response: { 200: hechoRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      const { codempre, unidades } = request.body;
      await empresas.cambiarUnidades(app.db, actorDe(request), codempre, unidades);
      return { ok: true as const };
    },
  );
};
