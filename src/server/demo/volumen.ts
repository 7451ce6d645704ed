/**
 * The harvest-peak data set of the benchmarks (`npm run bench`): on top of the demo data, 200
 * client companies, a 5,000-truck yard, 200,000 quotas, a 1,000,000-movement stock ledger. A
 * million rows one service call at a time would take an hour, so this is set-based SQL
 * (generate_series); the balances are then rebuilt from the ledger by the stock service.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { recalcular } from '../features/stock/servicio';

/** Sizes of a generated data set (benchmarks). */
export interface TamanosVolumen {
  empresas: number;
  /** Trucks in the yard (statuses 1-3 and recently finished) for the first client and unit. */
  camionesEnPlaya: number;
  cupos: number;
  movimientos: number;
  usuarios: number;
  encuestas: number;
}

export const TAMANOS_COSECHA: TamanosVolumen = {
  empresas: 200,
  camionesEnPlaya: 5_000,
  cupos: 200_000,
  movimientos: 1_000_000,
  usuarios: 2_000,
  encuestas: 50,
};

/**
 * Adds a harvest-peak data set on top of the demo data, with set-based SQL (generate_series):
 * a million rows take seconds, not minutes. Reproducible: setseed() fixes random().
 * Companies get codes from 1000 on, so they never collide with the demo's.
 */
export async function generarVolumen(db: Db, n: TamanosVolumen): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.2026)`);
    await tx.execute(sql`
      insert into empresas (codempre, nomempre)
      select 1000 + i, 'Cliente de cosecha ' || lpad(i::text, 4, '0') || ' S.A.'
      from generate_series(1, ${n.empresas}) i`);
    await tx.execute(sql`
      insert into productos_clientes (codempre, unineg, codpro)
      select e.codempre, p.unineg, p.codpro
      from empresas e
      cross join (values (1, 1), (1, 2), (1, 3), (2, 10), (2, 11)) as p(unineg, codpro)
      where e.codempre >= 1000`);
    await tx.execute(sql`
      insert into empresa_unidades (codempre, unineg)
      select codempre, un.ctrl from empresas, (values (1), (2)) un(ctrl) where codempre >= 1000`);
    await tx.execute(sql`
      insert into envases (codempre, nombre, peso)
      select codempre, 'Bolsa 50 kg', 50 from empresas where codempre >= 1000`);
    await tx.execute(sql`
      insert into usuarios (usuario, codempre)
      select 'usuario' || lpad(i::text, 5, '0'), 1000 + ((i - 1) % ${n.empresas}) + 1
      from generate_series(1, ${n.usuarios}) i`);
    await tx.execute(sql`
      insert into usuario_unidades (usuario_id, unineg)
      select id, un.ctrl from usuarios, (values (1), (2)) un(ctrl) where usuario like 'usuario%'`);

    // The harvest-peak yard: every truck of one client and unit, most still in the yard.
    await tx.execute(sql`
      insert into camiones (codempre, unineg, patcha, pataco, cargateorica, nomchofer, dni,
                            ingplaya, codestado, finalizado_en)
      select 1001, 1,
             chr(65 + (i % 23)) || chr(65 + (i / 23 % 23)) || lpad((i % 1000)::text, 3, '0') || 'AB',
             chr(66 + (i % 21)) || chr(67 + (i / 21 % 21)) || lpad(((i * 7) % 1000)::text, 3, '0') || 'CD',
             27000 + (i % 6) * 1000,
             (array['Juan','Carlos','Miguel','Héctor','Rubén','Diego','Walter'])[1 + i % 7] || ' ' ||
             (array['González','Rodríguez','Fernández','López','Sosa','Romero','Acosta'])[1 + i / 7 % 7],
             (20000000 + i * 4099 % 24000000)::text,
             now() - make_interval(secs => i * 20),
             e.codestado,
             case when e.codestado = 4 then now() - make_interval(secs => i * 10) end
      from generate_series(1, ${n.camionesEnPlaya}) i
      cross join lateral (select (array[1, 1, 2, 2, 3, 4])[1 + i % 6]::smallint as codestado) e`);

    await tx.execute(sql`
      insert into cupos (codempre, unineg, tipo, coddespacho, cantidad, couting, obs, fechagen, eliminado_en)
      select 1000 + 1 + (i % ${n.empresas}), 1 + (i % 2),
             case when random() < 0.6 then 'D' else 'R' end,
             case when i % 2 = 0 then 1 else 3 end,
             (26 + (i % 7)) * 1000, false,
             case when i % 5 = 0 then 'Contrato ' || i end,
             now() - make_interval(hours => i % 8760),
             case when i % 3 = 0 then now() - make_interval(hours => i % 4000) end
      from generate_series(1, ${n.cupos}) i`);
    await tx.execute(sql`
      insert into cupo_productos (cupo_ctrl, codpro, porcentaje)
      select ctrl, case when unineg = 1 then 1 + ctrl % 3 else 10 + ctrl % 2 end, 100
      from cupos where codempre >= 1000`);

    // Half the ledger in the harvest-peak client's Granos (the worst case for reading stock), the
    // other half spread over every company; then the balances and daily closings, summed from it.
    await tx.execute(sql`
      insert into stock_movimientos (codempre, unineg, codpro, fecha, tipo, toneladas)
      select case when i % 2 = 0 then 1001 else 1000 + 1 + ((i / 2) % ${n.empresas}) end,
             1, 1 + (i % 3), now() - make_interval(mins => i % 525600),
             case when i % 10 = 0 then 'apertura' else 'ajuste' end,
             round((random() * 60 - 20)::numeric, 3)
      from generate_series(1, ${n.movimientos}) i`);
    await recalcular(tx, { actor: 'volumen' });

    await tx.execute(sql`
      insert into encuestas (titulo, descripcion, fecha_creacion)
      select 'Encuesta de cosecha ' || i, 'Opinión sobre la campaña, ronda ' || i,
             now() - make_interval(days => i)
      from generate_series(1, ${n.encuestas}) i`);
    await tx.execute(sql`
      insert into encuesta_preguntas (encuesta_id, texto, obligatoria, es_texto)
      select e.id, q.texto, q.obligatoria, q.es_texto
      from encuestas e
      cross join (values ('¿Cómo califica la atención?', true, false),
                         ('¿Cómo califica los tiempos de espera?', false, false),
                         ('Comentarios', false, true)) q(texto, obligatoria, es_texto)
      where e.titulo like 'Encuesta de cosecha %'`);
  });
  await db.execute(sql`analyze`);
}
