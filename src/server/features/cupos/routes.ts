import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { respuestasDeError } from '../../../shared/contracts/comun';
import {
  codordenBody,
  crearCupoBody,
  cuposBody,
  cuposGuardadosRespuesta,
  cuposRespuesta,
  detalleCupoRespuesta,
  editarCupoBody,
  eliminadosRespuesta,
  errorCupo,
  limpiarCuposBody,
} from '../../../shared/contracts/cupos';
import { actorDe } from '../../db/auditoria';
import { noEncontrado } from '../../errores';
import { exigirEmpresaYUnidad, usuarioDe } from '../../plugins/session';
import {
  actualizarCupo,
  auditarCupos,
  bloquearCuposSinAsignar,
  conAuditoria,
  cuposDisponibles,
  detalleCupo,
  eliminarCupos,
  fotosDeCupos,
  insertarCupos,
} from './repository';
import { catalogosCupoRoutes } from './catalogos';
import { exigirCupoModificable, validarOrden } from './rules';

/** Answers of create and edit: 201 with the quotas saved, or 400 with the form's messages. */
const respuestasGuardado = { 201: cuposGuardadosRespuesta, ...respuestasDeError, 400: errorCupo };

/** 400 carries the list the form shows as bullets, and `msj` as every error does. */
function responderGuardado(reply: FastifyReply, r: { errores: string[] } | { cupos: number[] }) {
  if ('errores' in r)
    return reply.code(400).send({ msj: r.errores.join('; '), erroresCupo: r.errores });
  // 201 for an edit too: the form saves both and the spec calls a save successful on 201.
  return reply.code(201).send(r);
}

const esquema = (summary: string) => ({ tags: ['cupos'], summary });

export const cuposRoutes: FastifyPluginAsyncZod = async (app) => {
  // The form's catalogues (envases/…, productos/…) come with the quotas: see catalogos.ts.
  await app.register(catalogosCupoRoutes);

  app.post(
    '/cupos',
    {
      config: { acceso: 'sesion' },
      schema: {
        ...esquema('Cupos sin asignar de un cliente y unidad de negocio, los más nuevos primero'),
        body: cuposBody,
        response: { 200: cuposRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      const { codEmpre, uniNeg } = request.body;
      exigirEmpresaYUnidad(usuarioDe(request), codEmpre, uniNeg);
      return { resultado: await cuposDisponibles(app.db, codEmpre, uniNeg) };
    },
  );

  app.post(
    '/cupo/detalle',
    {
      config: { acceso: 'sesion' },
      schema: {
        ...esquema('Un cupo con su mezcla y sus envases vacíos (detalle y formulario de edición)'),
        body: codordenBody,
        response: { 200: detalleCupoRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      const detalle = await detalleCupo(app.db, usuarioDe(request), request.body.codorden);
      if (!detalle) throw noEncontrado();
      const { cabecera, productos, envasesVacios } = detalle;
      return { detalleCupo: { cupo: [cabecera], productos, envasesVacios } };
    },
  );

  app.post(
    '/cupos/crear',
    {
      config: { acceso: 'sesion' },
      schema: {
        ...esquema('Crea cantCuposIguales cupos idénticos (hasta 100), todos o ninguno'),
        body: crearCupoBody,
        response: respuestasGuardado,
      },
    },
    async (request, reply) => {
      const usuario = usuarioDe(request);
      const resultado = await app.db.transaction(async (tx) => {
        const orden = await validarOrden(tx, usuario, request.body.mergedCupo, true);
        if ('errores' in orden) return orden;
        const ctrls = await insertarCupos(tx, orden.datos, orden.cantidad, usuario.id);
        const despues = await fotosDeCupos(tx, ctrls);
        await auditarCupos(tx, { ...actorDe(request), accion: 'crear' }, ctrls, new Map(), despues);
        return { cupos: ctrls };
      });
      return responderGuardado(reply, resultado);
    },
  );

  app.post(
    '/cupos/editar',
    {
      config: { acceso: 'sesion' },
      schema: {
        ...esquema('Modifica un cupo sin asignar: todos sus valores, mezcla y envases'),
        body: editarCupoBody,
        response: respuestasGuardado,
      },
    },
    async (request, reply) => {
      const usuario = usuarioDe(request);
      const { mergedCupo } = request.body;
      const ctrl = mergedCupo.cupo.ctrl;
      const resultado = await app.db.transaction(async (tx) => {
        await exigirCupoModificable(tx, usuario, ctrl);
        const orden = await validarOrden(tx, usuario, mergedCupo, false);
        if ('errores' in orden) return orden;
        await conAuditoria(tx, { ...actorDe(request), accion: 'modificar' }, [ctrl], () =>
          actualizarCupo(tx, ctrl, orden.datos, usuario.id),
        );
        return { cupos: [ctrl] };
      });
      return responderGuardado(reply, resultado);
    },
  );

  app.post(
    '/cupos/eliminar',
    {
      config: { acceso: 'sesion' },
      schema: {
        ...esquema(
          'Elimina un cupo sin asignar (queda en la base como eliminado, con quién y cuándo)',
        ),
        body: codordenBody,
        response: { 200: eliminadosRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      const usuario = usuarioDe(request);
      const ctrl = request.body.codorden;
      await app.db.transaction(async (tx) => {
        await exigirCupoModificable(tx, usuario, ctrl);
        await conAuditoria(tx, { ...actorDe(request), accion: 'eliminar' }, [ctrl], () =>
          eliminarCupos(tx, [ctrl], usuario.id),
        );
      });
      return { eliminados: 1 };
    },
  );

  app.post(
    '/cupos/limpiar',
    {
      config: { acceso: 'sesion' },
      schema: {
        ...esquema('Limpiar Cupos: elimina todos los cupos sin asignar de un cliente y unidad'),
        body: limpiarCuposBody,
        response: { 200: eliminadosRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      const usuario = usuarioDe(request);
      const { codEmpre, uniNeg } = request.body;
      exigirEmpresaYUnidad(usuario, codEmpre, uniNeg);
      const eliminados = await app.db.transaction(async (tx) => {
        const ctrls = await bloquearCuposSinAsignar(tx, codEmpre, uniNeg);
        await conAuditoria(tx, { ...actorDe(request), accion: 'limpiar' }, ctrls, () =>
          eliminarCupos(tx, ctrls, usuario.id),
        );
        return ctrls.length;
      });
      return { eliminados };
    },
  );
};
