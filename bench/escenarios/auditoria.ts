import { sql } from 'drizzle-orm';
import {
  consultaAuditoria,
  type FiltrosAuditoria,
} from '../../src/server/features/auditoria/repository';
import { segunEscala } from '../modo';
import { medirSqlPlano } from '../sql-plano';
import type { ContextoBench, Escenario } from '../tipos';

/** Rows of audit the trail holds for these scenarios (issue 14: a year of a busy terminal). */
const FILAS = segunEscala({ cosecha: 1_000_000, chica: 1_000_000, humo: 2_000 });
/** How many rows the page deep in the history leaves newer than its cursor. */
const PROFUNDIDAD = FILAS - FILAS / 100;
/** What the screen asks for. */
const LIMITE = 100;
/** The first id this file wrote: `limpiar` of the last scenario deletes from it on. */
let primerId: number | null = null;

/**
 * A million audit rows, in id order with their instants (one every 30 s: almost a year back),
 * written with set-based SQL like the rest of the harvest-peak data set. Done once, on the
 * first scenario of this file; the rows stay until the last one cleans them up.
 */
async function llenarAuditoria(ctx: ContextoBench): Promise<void> {
  if (primerId !== null) return;
  const inicio = Date.now();
  const { rows } = await ctx.db.execute<{ id: number }>(
    sql`select coalesce(max(id), 0) + 1 as id from auditoria`,
  );
  primerId = rows[0]!.id;
  await ctx.db.execute(sql`
    insert into auditoria (fecha, actor, accion, tabla, fila_id, antes, despues, ip, frase)
    select now() - make_interval(secs => (${FILAS} - i) * 30),
           'usuario' || lpad((1 + i % 2000)::text, 5, '0'),
           (array['crear', 'modificar', 'eliminar', 'asignar', 'ingresar'])[1 + i % 5],
           (array['cupos', 'camiones', 'usuarios', 'stock_movimientos', 'encuestas'])[1 + i / 5 % 5],
           (i % 200000)::text,
           case when i % 5 = 0 then null
                else jsonb_build_object('estado', i % 4, 'kilos', 27000 + i % 6000,
                                        'obs', 'Cupo ' || i) end,
           jsonb_build_object('estado', 1 + i % 4, 'kilos', 27000 + i % 6000,
                              'obs', 'Cupo ' || i, 'patente', 'AB' || lpad((i % 1000)::text, 3, '0') || 'CD'),
           '10.0.' || (i % 250) || '.' || (i % 200),
           -- A sentence as auditar() writes them (src/shared/auditoria.ts), for the text filter.
           'usuario' || lpad((1 + i % 2000)::text, 5, '0') || ' ' ||
           (array['creó', 'modificó', 'eliminó', 'asignó', 'registró el ingreso de'])[1 + i % 5] || ' ' ||
           (array['el cupo N° ', 'el camión AB', 'el usuario u', 'el movimiento N° ', 'la encuesta N° '])[1 + i / 5 % 5] ||
           (i % 200000) || ' de la empresa ' || (i % 997) || ' en Granos: ' || (27000 + i % 6000) || ' kg'
    from generate_series(1, ${FILAS}) i`);
  await ctx.db.execute(sql`analyze auditoria`);
  console.log(
    `auditoria: ${FILAS} filas escritas en ${((Date.now() - inicio) / 1000).toFixed(1)} s`,
  );
}

/** The id that leaves PROFUNDIDAD rows newer than it: the cursor of a page far back. */
async function cursorProfundo(ctx: ContextoBench): Promise<number> {
  const { rows } = await ctx.db.execute<{ id: number }>(
    sql`select id from auditoria order by id desc offset ${PROFUNDIDAD} limit 1`,
  );
  return rows[0]!.id;
}

/** A page of the trail as the administrator, with the same query timed in PostgreSQL alone. */
function escenario(
  nombre: string,
  descripcion: string,
  filtros: (ctx: ContextoBench) => Promise<Omit<FiltrosAuditoria, 'limite'>>,
  ultimo = false,
): Escenario {
  let cuerpo: FiltrosAuditoria | null = null;
  return {
    nombre,
    descripcion,
    conexiones: 20,
    duracion: 10,
    preparar: async (ctx) => {
      await llenarAuditoria(ctx);
      cuerpo = { ...(await filtros(ctx)), limite: LIMITE };
      return {
        method: 'POST',
        path: '/api/administracion/auditoria',
        body: cuerpo,
        cookie: ctx.cookies.admin,
      };
    },
    sqlPlano: (ctx) => medirSqlPlano(ctx.db, consultaAuditoria(cuerpo!)),
    ...(ultimo
      ? {
          limpiar: async (ctx: ContextoBench) => {
            if (primerId === null) return;
            await ctx.db.execute(sql`delete from auditoria where id >= ${primerId}`);
            primerId = null;
          },
        }
      : {}),
  };
}

export const ESCENARIOS_AUDITORIA: Escenario[] = [
  escenario(
    'auditoria (primera página)',
    'POST /api/administracion/auditoria: las 100 filas más nuevas de 1.000.000, sin filtros',
    () => Promise.resolve({}),
  ),
  escenario(
    'auditoria (página profunda)',
    'POST /api/administracion/auditoria: 100 filas con un cursor (antesDe) que deja 990.000 más nuevas',
    async (ctx) => ({ antesDe: await cursorProfundo(ctx) }),
  ),
  escenario(
    'auditoria (texto)',
    'POST /api/administracion/auditoria: las palabras "usuario00042 movimiento" (500 filas de 1.000.000), 100 filas',
    () => Promise.resolve({ texto: 'usuario00042 movimiento' }),
  ),
  escenario(
    'auditoria (filtrada, profunda)',
    'POST /api/administracion/auditoria: tabla "cupos" y acción "modificar", 100 filas con el cursor de 990.000 filas atrás',
    async (ctx) => ({ tabla: 'cupos', accion: 'modificar', antesDe: await cursorProfundo(ctx) }),
    true,
  ),
];
