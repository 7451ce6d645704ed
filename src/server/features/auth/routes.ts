import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import {
  cerrarSesionRespuesta,
  compararCoordenadasBody,
  compararCoordenadasRespuesta,
  pedirCoordenadasBody,
  pedirCoordenadasRespuesta,
  type PedirCoordenadasRespuesta,
  verificarUsuarioRespuesta,
} from '../../../shared/contracts/auth';
import { respuestasDeError, type UnidadNegocio } from '../../../shared/contracts/comun';
import { MENSAJES_API } from '../../../shared/textos';
import { auditar } from '../../db/auditoria';
import { ErrorHttp } from '../../errores';
import { cerrarSesion, crearSesion, unidadesDeUsuarioSql } from '../../plugins/session';
import {
  bloqueadoHasta,
  borrarDesafio,
  borrarFallos,
  buscarDesafio,
  buscarUsuarioConTarjeta,
  desafioVigente,
  hmacsDeCeldas,
  limpiarVencidos,
  MINUTOS_DESAFIO,
  recordarCeldas,
  registrarFallo,
} from './repository';
import {
  aCoordenada,
  deCoordenada,
  elegirDosCeldas,
  hmacCelda,
  mismoHmac,
  numeroTarjetaFalsa,
} from './tarjetas';

const COOKIE_DESAFIO = 'acopio_desafio';
const HMAC_NULO = '0'.repeat(64);

const bloqueado = () => new ErrorHttp(429, MENSAJES_API.usuarioBloqueado);
const vencido = () => new ErrorHttp(401, MENSAJES_API.desafioVencido);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const secreto = app.config.cardSecret;
  const rateLimit = { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' };

  async function unidadesDe(usuarioId: number): Promise<UnidadNegocio[]> {
    const { rows } = await db.execute<{ unidades: UnidadNegocio[] }>(
      sql`select ${unidadesDeUsuarioSql(sql`u`)} as unidades from usuarios u where u.id = ${usuarioId}`,
    );
    return rows[0]?.unidades ?? [];
  }

  app.post(
    '/auth/request-coordenadas',
    {
      config: { acceso: 'publico', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Paso 1 del ingreso: pide dos coordenadas de la tarjeta',
        body: pedirCoordenadasBody,
        response: { 200: pedirCoordenadasRespuesta, ...respuestasDeError },
      },
    },
    async (request, reply) => {
      const usuario = request.body.userName;
      if (await bloqueadoHasta(db, usuario)) throw bloqueado();
      // Unknown names (and users without a card) get a challenge of the same shape and cost,
      // on a stable fake card number: the answer never tells which users exist.
      const encontrado = await buscarUsuarioConTarjeta(db, usuario);
      const tarjeta = encontrado?.tarjeta ?? numeroTarjetaFalsa(secreto, usuario);
      const [celda1, celda2] = elegirDosCeldas(encontrado?.celdas_recientes);
      const desafio = await desafioVigente(db, {
        usuario,
        nonce: randomBytes(16).toString('hex'),
        tarjeta_ctrl: tarjeta,
        celda1,
        celda2,
      });
      reply.setCookie(COOKIE_DESAFIO, `${desafio.nonce}:${usuario}`, {
        httpOnly: true,
        sameSite: 'strict',
        secure: app.config.cookieSecure,
        path: '/api/auth',
        maxAge: MINUTOS_DESAFIO * 60,
      });
      const respuesta: PedirCoordenadasRespuesta = [
        [{ ctrltarjeta: desafio.tarjeta_ctrl }],
        [aCoordenada(desafio.celda1), aCoordenada(desafio.celda2)],
      ];
      return respuesta;
    },
  );

  app.post(
    '/auth/comparar-coordenadas',
    {
      config: { acceso: 'publico', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Paso 2 del ingreso: verifica las coordenadas y abre la sesión',
        body: compararCoordenadasBody,
        response: { 200: compararCoordenadasRespuesta, ...respuestasDeError },
      },
    },
    async (request, reply) => {
      const cookie = request.cookies[COOKIE_DESAFIO] ?? '';
      const separador = cookie.indexOf(':');
      if (separador < 0) throw vencido();
      const nonce = cookie.slice(0, separador);
      const usuario = cookie.slice(separador + 1);
      if (await bloqueadoHasta(db, usuario)) throw bloqueado();
      const desafio = await buscarDesafio(db, usuario, nonce);
      if (!desafio) throw vencido();

      const { solicitadas, ingresadas, tarjeta } = request.body;
      const pedidas =
        tarjeta === desafio.tarjeta_ctrl &&
        deCoordenada(solicitadas[0]!) === desafio.celda1 &&
        deCoordenada(solicitadas[1]!) === desafio.celda2;
      const encontrado = await buscarUsuarioConTarjeta(db, usuario);
      const real = encontrado !== undefined && encontrado.tarjeta === desafio.tarjeta_ctrl;
      const guardados = await hmacsDeCeldas(db, desafio.tarjeta_ctrl, [
        desafio.celda1,
        desafio.celda2,
      ]);
      // Both cells are always compared, in constant time, whatever failed before.
      const celda1Ok = mismoHmac(
        hmacCelda(secreto, desafio.tarjeta_ctrl, desafio.celda1, ingresadas.coordenada1),
        guardados.get(desafio.celda1) ?? HMAC_NULO,
      );
      const celda2Ok = mismoHmac(
        hmacCelda(secreto, desafio.tarjeta_ctrl, desafio.celda2, ingresadas.coordenada2),
        guardados.get(desafio.celda2) ?? HMAC_NULO,
      );

      if (!(pedidas && real && celda1Ok && celda2Ok)) {
        const fallo = await registrarFallo(db, usuario);
        const base = {
          usuarioId: encontrado?.id ?? null,
          actor: usuario,
          tabla: 'usuarios',
          filaId: encontrado?.id,
          ip: request.ip,
        };
        await auditar(db, {
          ...base,
          accion: 'ingreso_fallido',
          despues: { fallos: fallo.fallos },
        });
        if (fallo.bloqueado) await auditar(db, { ...base, accion: 'usuario_bloqueado' });
        throw new ErrorHttp(401, MENSAJES_API.credencialesIncorrectas);
      }

      await borrarDesafio(db, usuario);
      await recordarCeldas(db, desafio.tarjeta_ctrl, [desafio.celda1, desafio.celda2]);
      await borrarFallos(db, usuario);
      await limpiarVencidos(db, app.config.sessionIdleMinutes);
      await crearSesion(app, request, reply, encontrado.id);
      await auditar(db, {
        usuarioId: encontrado.id,
        actor: usuario,
        accion: 'ingreso',
        tabla: 'usuarios',
        filaId: encontrado.id,
        ip: request.ip,
      });
      reply.clearCookie(COOKIE_DESAFIO, { path: '/api/auth' });
      return {
        codempre: encontrado.codempre,
        uniNegs: await unidadesDe(encontrado.id),
        usuario: encontrado.usuario,
      };
    },
  );

  app.get(
    '/auth/verifyuser',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['auth'],
        summary: 'Estado de la sesión (nunca 401: sin sesión responde loggedIn false)',
        response: { 200: verificarUsuarioRespuesta, ...respuestasDeError },
      },
    },
    async (request) => {
      const u = request.usuario;
      if (!u) return { loggedIn: false as const };
      return {
        loggedIn: true as const,
        usuario: u.usuario,
        codempre: u.codempre,
        uniNegs: u.uniNegs,
        userId: u.id,
      };
    },
  );

  app.post(
    '/user/logout',
    {
      config: { acceso: 'publico' },
      schema: {
        tags: ['auth'],
        summary: 'Cierra la sesión actual',
        response: { 200: cerrarSesionRespuesta, ...respuestasDeError },
      },
    },
    async (request, reply) => {
      const u = request.usuario;
      await cerrarSesion(app, request, reply);
      if (u) {
        await auditar(db, {
          usuarioId: u.id,
          actor: u.usuario,
          accion: 'salida',
          tabla: 'usuarios',
          filaId: u.id,
          ip: request.ip,
        });
      }
      return { cerrada: true as const };
    },
  );
};
