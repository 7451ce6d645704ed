import { sql } from 'drizzle-orm';
import { ordenDePrueba } from '../../src/server/features/cupos/datos-prueba';
import type { Escenario } from '../tipos';

/** The harvest-peak client (usuario00001, company 1001) in Granos. */
const CLIENTE = 1001;

export const ESCENARIOS_CUPOS: Escenario[] = [
  {
    nombre: 'cupos (lista)',
    descripcion: 'POST /api/cupos: los cupos sin asignar de un cliente de cosecha (~300 filas)',
    conexiones: 20,
    duracion: 10,
    preparar: (ctx) => ({
      method: 'POST',
      path: '/api/cupos',
      body: { codEmpre: CLIENTE, uniNeg: 1 },
      cookie: ctx.cookies.cosecha,
    }),
  },
  {
    nombre: 'cupo/detalle',
    descripcion: 'POST /api/cupo/detalle: cabecera, mezcla y envases vacíos de un cupo',
    conexiones: 20,
    duracion: 10,
    preparar: async (ctx) => {
      const { rows } = await ctx.db.execute<{ ctrl: number }>(sql`
        select min(ctrl) as ctrl from cupos where codempre = ${CLIENTE} and eliminado_en is null`);
      return {
        method: 'POST',
        path: '/api/cupo/detalle',
        body: { codorden: rows[0]!.ctrl },
        cookie: ctx.cookies.cosecha,
      };
    },
  },
  {
    nombre: 'cupos/crear',
    descripcion:
      'POST /api/cupos/crear: un cupo a granel con dos productos (validación, pertenencia, transacción y auditoría)',
    conexiones: 10,
    duracion: 10,
    preparar: (ctx) => ({
      method: 'POST',
      path: '/api/cupos/crear',
      body: ordenDePrueba({ cliente: CLIENTE, observaciones: 'Benchmark' }, [
        { producto: 1, porcentaje: 60 },
        { producto: 2, porcentaje: 40 },
      ]),
      cookie: ctx.cookies.cosecha,
    }),
  },
  {
    nombre: 'productos-clientes',
    descripcion: 'POST /api/productos/productos-clientes: el catálogo del formulario de cupos',
    conexiones: 20,
    duracion: 10,
    preparar: (ctx) => ({
      method: 'POST',
      path: '/api/productos/productos-clientes',
      body: { cliente: CLIENTE, unineg: 1 },
      cookie: ctx.cookies.cosecha,
    }),
  },
];
