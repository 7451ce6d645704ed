import { sql } from 'drizzle-orm';
import { ordenDePrueba } from '../../src/server/features/cupos/datos-prueba';
import type { ContextoBench, Escenario, Peticion } from '../tipos';

/** The harvest-peak client (usuario00001, company 1001) in Granos. */
const CLIENTE = 1001;

/** Deletes the quotas a benchmark created (their products and containers go with them). */
export async function borrarCuposCreados(ctx: ContextoBench, obs: string): Promise<number> {
  const { rowCount } = await ctx.db.execute(
    sql`delete from cupos where codempre = ${CLIENTE} and obs = ${obs}`,
  );
  return rowCount ?? 0;
}

/** A POST as the harvest-peak client's user. */
const comoCosecha = (ctx: ContextoBench, path: string, body: unknown): Peticion => ({
  method: 'POST',
  path,
  body,
  cookie: ctx.cookies.cosecha,
});

export const ESCENARIOS_CUPOS: Escenario[] = [
  {
    nombre: 'cupos (lista)',
    descripcion: 'POST /api/cupos: los cupos sin asignar de un cliente de cosecha (667 filas)',
    conexiones: 20,
    duracion: 10,
    preparar: (ctx) => comoCosecha(ctx, '/api/cupos', { codEmpre: CLIENTE, uniNeg: 1 }),
  },
  {
    nombre: 'cupo/detalle',
    descripcion: 'POST /api/cupo/detalle: cabecera, mezcla y envases vacíos de un cupo',
    conexiones: 20,
    duracion: 10,
    preparar: async (ctx) => {
      const { rows } = await ctx.db.execute<{ ctrl: number }>(sql`
        select min(ctrl) as ctrl from cupos where codempre = ${CLIENTE} and eliminado_en is null`);
      return comoCosecha(ctx, '/api/cupo/detalle', { codorden: rows[0]!.ctrl });
    },
  },
  {
    nombre: 'cupos/crear',
    descripcion:
      'POST /api/cupos/crear: un cupo a granel con dos productos (validación, pertenencia, transacción y auditoría)',
    conexiones: 10,
    duracion: 10,
    preparar: (ctx) =>
      comoCosecha(
        ctx,
        '/api/cupos/crear',
        ordenDePrueba({ cliente: CLIENTE, observaciones: 'Benchmark' }, [
          { producto: 1, porcentaje: 60 },
          { producto: 2, porcentaje: 40 },
        ]),
      ),
    // Thousands of new quotas would otherwise swell the list the mixed load reads afterwards.
    limpiar: async (ctx) => {
      await borrarCuposCreados(ctx, 'Benchmark');
    },
  },
  {
    nombre: 'productos-clientes',
    descripcion: 'POST /api/productos/productos-clientes: el catálogo del formulario de cupos',
    conexiones: 20,
    duracion: 10,
    preparar: (ctx) =>
      comoCosecha(ctx, '/api/productos/productos-clientes', { cliente: CLIENTE, unineg: 1 }),
  },
];
