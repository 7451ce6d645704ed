import { hashToken } from '../../src/server/acceso';
import { consultaEmpresasCliente } from '../../src/server/features/empresas/repository';
import { consultaSesion } from '../../src/server/features/auth/sesiones/repository';
import { medirPlanificacion, medirSqlPlano } from '../sql-plano';
import type { Escenario } from '../tipos';

/** The session token in a `name=value` cookie. */
export const tokenDe = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1).split(';')[0]!;

/** The one query verifyuser makes; 120 is SESSION_IDLE_MINUTES' default, the bench's portal's. */
export const consultaSesionDelBench = (hash: string) => consultaSesion(hash, 120);

export const ESCENARIOS_PLATAFORMA: Escenario[] = [
  {
    nombre: 'health',
    descripcion: 'GET /api/health (vida: el proceso responde, sin la base)',
    conexiones: 20,
    duracion: 10,
    preparar: () => ({ method: 'GET', path: '/api/health' }),
  },
  {
    nombre: 'health-ready',
    descripcion: 'GET /api/health/ready (base, migraciones y conexión que escucha)',
    conexiones: 20,
    duracion: 10,
    preparar: () => ({ method: 'GET', path: '/api/health/ready' }),
  },
  {
    nombre: 'verifyuser',
    descripcion: 'GET /api/auth/verifyuser con sesión (carga de sesión + unidades)',
    conexiones: 20,
    duracion: 10,
    consultaPiso: (ctx) => ({
      sql: consultaSesionDelBench(hashToken(tokenDe(ctx.cookies.cliente1))),
      jsonDeLaBase: false,
    }),
    sqlPlano: async (ctx) => {
      const consulta = consultaSesionDelBench(hashToken(tokenDe(ctx.cookies.cliente1)));
      const plan = await medirPlanificacion(ctx.db, consulta);
      console.log(`verifyuser: planificar la consulta de sesión (Planning Time) ${plan} ms`);
      return medirSqlPlano(ctx.db, consulta);
    },
    preparar: (ctx) => ({
      method: 'GET',
      path: '/api/auth/verifyuser',
      cookie: ctx.cookies.cliente1,
    }),
  },
  {
    // The lightest call with a query of its own: a client's company, one row by primary key.
    nombre: 'clientes-empresas (cliente)',
    descripcion: 'POST /api/clientes/clientes-empresas como cliente1: su empresa, una fila',
    conexiones: 20,
    duracion: 10,
    consultaPiso: () => ({
      // The same SQL as empresasCliente(db, 1); measured unprepared and prepared.
      sql: consultaEmpresasCliente(1),
      jsonDeLaBase: false,
      preparada: true,
    }),
    preparar: (ctx) => ({
      method: 'POST',
      path: '/api/clientes/clientes-empresas',
      body: { codempre: 1 },
      cookie: ctx.cookies.cliente1,
    }),
  },
  {
    nombre: 'clientes-empresas (admin)',
    descripcion: 'POST /api/clientes/clientes-empresas como administrador',
    conexiones: 20,
    duracion: 10,
    preparar: (ctx) => ({
      method: 'POST',
      path: '/api/clientes/clientes-empresas',
      body: { codempre: 0 },
      cookie: ctx.cookies.admin,
    }),
  },
];
