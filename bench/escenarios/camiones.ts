import { consultaCamionesEnPlaya } from '../../src/server/features/camiones/repository';
import { medirSqlPlano } from '../sql-plano';
import type { ContextoBench, Escenario } from '../tipos';

/** The harvest-peak yard: generarVolumen puts its 5,000 trucks in company 1001, Granos. */
const FILTROS = { codempre: 1001, unineg: 1, estado: 0 };

/** The same query as the route, in PostgreSQL alone. */
export const sqlPlanoCamionesPlaya = (ctx: ContextoBench) =>
  medirSqlPlano(ctx.db, consultaCamionesEnPlaya({ ...FILTROS, horasFinalizados: 48 }).sql);

/** The route's SQL for the Fastify + pg floor: its JSON is built by PostgreSQL, sent as it comes. */
const pisoCamionesPlaya = () => ({
  sql: consultaCamionesEnPlaya({ ...FILTROS, horasFinalizados: 48 }).sql,
  jsonDeLaBase: true,
});

const peticion = (ctx: ContextoBench) => ({
  method: 'POST' as const,
  path: '/api/camiones/camiones-playa',
  body: { filtros: FILTROS },
  cookie: ctx.cookies.cosecha,
});

export const ESCENARIOS_CAMIONES: Escenario[] = [
  {
    nombre: 'camiones-playa',
    descripcion:
      'POST /api/camiones/camiones-playa del cliente de cosecha: 5.000 camiones en playa (empresa 1001, Granos)',
    conexiones: 20,
    duracion: 10,
    sqlPlano: sqlPlanoCamionesPlaya,
    consultaPiso: pisoCamionesPlaya,
    preparar: async (ctx) => {
      const res = await fetch(`${ctx.url}/api/camiones/camiones-playa`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: ctx.cookies.cosecha },
        body: JSON.stringify({ filtros: FILTROS }),
      });
      const filas = ((await res.json()) as unknown[]).length;
      console.log(`camiones-playa: ${filas} camiones por respuesta`);
      return peticion(ctx);
    },
  },
  {
    // One operator alone: the latency a person sees when the portal is not saturated.
    nombre: 'camiones-playa (1 conexión)',
    descripcion: 'La misma consulta de a una por vez',
    conexiones: 1,
    duracion: 10,
    consultaPiso: pisoCamionesPlaya,
    preparar: peticion,
  },
];
