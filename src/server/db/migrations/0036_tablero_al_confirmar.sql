-- The dashboard's rollups are added to at commit, not at the change (issue 25). Every truck's
-- entry, status and finish adds to its unit's hour for 'all clients' (codempre 0): one row that
-- every gate call of the unit writes. Taken by the trigger at the first statement of the call
-- and held to its commit, that row lined the gate's calls up one behind the other, and whatever
-- the call did after it (the audit, the notices' outbox, a slow round trip under load) made the
-- others wait: those queues were the gate's p99 (docs/rendimiento.md).
--
-- Now the triggers still compute each change's delta at the statement (reading the rows as they
-- are then, so nothing is counted twice or missed), but write it to a pending table of their
-- own; a constraint trigger deferred to the commit folds the transaction's deltas into the
-- rollups, in a fixed order of tables and keys. The hot rows are then held only from the fold to
-- the commit. Reads are unchanged: pending rows are never seen by anyone else (uncommitted) and
-- are gone at every commit. The pending tables are UNLOGGED (always empty after a commit, so
-- nothing to recover) and carry the transaction's id so the fold reads only its own.
CREATE UNLOGGED TABLE tablero_horas_pendientes (
  txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  codempre integer NOT NULL,
  unineg integer NOT NULL,
  hora timestamptz NOT NULL,
  ingresados integer NOT NULL DEFAULT 0,
  finalizados integer NOT NULL DEFAULT 0,
  cupos_pedidos integer NOT NULL DEFAULT 0,
  cupos_usados integer NOT NULL DEFAULT 0,
  cupos_eliminados integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE INDEX tablero_horas_pendientes_txid_idx ON tablero_horas_pendientes (txid);
--> statement-breakpoint
CREATE UNLOGGED TABLE tablero_productos_pendientes (
  txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  codempre integer NOT NULL,
  unineg integer NOT NULL,
  codpro integer NOT NULL,
  hora timestamptz NOT NULL,
  despachadas numeric(14, 3) NOT NULL
);
--> statement-breakpoint
CREATE INDEX tablero_productos_pendientes_txid_idx ON tablero_productos_pendientes (txid);
--> statement-breakpoint
CREATE UNLOGGED TABLE tablero_recorridos_pendientes (
  txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  cambios acopio_tablero_recorrido[] NOT NULL
);
--> statement-breakpoint
CREATE INDEX tablero_recorridos_pendientes_txid_idx ON tablero_recorridos_pendientes (txid);
--> statement-breakpoint
-- One row per transaction with something to fold: its deferred trigger fires once, at commit.
CREATE UNLOGGED TABLE tablero_pliegues (txid xid8 PRIMARY KEY DEFAULT pg_current_xact_id());
--> statement-breakpoint
-- Called by every trigger that wrote a pending delta: the transaction's marker row, once. A
-- savepoint rolled back takes the row back with its deltas; the fold deletes it, so a change after
-- an early fold (SET CONSTRAINTS ... IMMEDIATE) gets its own. A row already there inserts nothing,
-- and no insert, no second firing.
CREATE FUNCTION acopio_tablero_por_plegar() RETURNS void LANGUAGE sql AS $$
  INSERT INTO tablero_pliegues DEFAULT VALUES ON CONFLICT (txid) DO NOTHING;
$$;
--> statement-breakpoint
-- The trucks' route rollups of a set of changed route rows (was the body of
-- acopio_tablero_recorridos_dias): the minutes' histograms by day and month, and the day's
-- counts recounted from tablero_recorridos as they are at the fold.
CREATE FUNCTION acopio_tablero_recorridos_sumar(v acopio_tablero_recorrido[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  k acopio_tablero_dia[];
BEGIN
  SELECT array_agg(DISTINCT ROW(t.codempre, c.unineg, c.dia)::acopio_tablero_dia) INTO k
  FROM unnest(v) c CROSS JOIN LATERAL (VALUES (c.codempre), (0)) t(codempre);

  INSERT INTO tablero_minutos_dias AS m (codempre, unineg, dia, etapa, camiones)
  SELECT * FROM (
    SELECT codempre, unineg, dia, etapa,
           acopio_tablero_histograma(array_agg(minuto), array_agg(signo)) AS camiones
    FROM acopio_tablero_minutos(v) GROUP BY 1, 2, 3, 4
  ) d
  WHERE d.camiones IS NOT NULL ORDER BY 1, 2, 3, 4
  ON CONFLICT (codempre, unineg, dia, etapa)
  DO UPDATE SET camiones = acopio_tablero_histograma_mas(m.camiones, excluded.camiones);

  INSERT INTO tablero_minutos_meses AS m (codempre, unineg, mes, etapa, camiones)
  SELECT * FROM (
    SELECT codempre, unineg, date_trunc('month', dia)::date AS mes, etapa,
           acopio_tablero_histograma(array_agg(minuto), array_agg(signo)) AS camiones
    FROM acopio_tablero_minutos(v) GROUP BY 1, 2, 3, 4
  ) d
  WHERE d.camiones IS NOT NULL ORDER BY 1, 2, 3, 4
  ON CONFLICT (codempre, unineg, mes, etapa)
  DO UPDATE SET camiones = acopio_tablero_histograma_mas(m.camiones, excluded.camiones);

  PERFORM acopio_tablero_recorridos_recontar(k);
END $$;
--> statement-breakpoint
-- The fold, at commit: hours, then products, then routes, each in key order, so two folds take
-- the hot rows in the same order and cannot deadlock on them. Deltas that cancel out within the
-- transaction (a truck entered and deleted) write nothing; a ledger movement's hour is written
-- even at 0 t (see acopio_tablero_despachos).
CREATE FUNCTION acopio_tablero_plegar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v acopio_tablero_recorrido[];
BEGIN
  DELETE FROM tablero_pliegues WHERE txid = NEW.txid;

  WITH d AS (DELETE FROM tablero_horas_pendientes WHERE txid = NEW.txid RETURNING *)
  INSERT INTO tablero_horas AS h (codempre, unineg, hora, ingresados, finalizados, cupos_pedidos,
                                  cupos_usados, cupos_eliminados)
  SELECT codempre, unineg, hora, sum(ingresados), sum(finalizados), sum(cupos_pedidos),
         sum(cupos_usados), sum(cupos_eliminados)
  FROM d GROUP BY 1, 2, 3
  HAVING sum(ingresados) <> 0 OR sum(finalizados) <> 0 OR sum(cupos_pedidos) <> 0
      OR sum(cupos_usados) <> 0 OR sum(cupos_eliminados) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (codempre, unineg, hora) DO UPDATE SET
    ingresados = h.ingresados + excluded.ingresados,
    finalizados = h.finalizados + excluded.finalizados,
    cupos_pedidos = h.cupos_pedidos + excluded.cupos_pedidos,
    cupos_usados = h.cupos_usados + excluded.cupos_usados,
    cupos_eliminados = h.cupos_eliminados + excluded.cupos_eliminados;

  WITH d AS (DELETE FROM tablero_productos_pendientes WHERE txid = NEW.txid RETURNING *)
  INSERT INTO tablero_productos_horas AS h (codempre, unineg, codpro, hora, despachadas)
  SELECT codempre, unineg, codpro, hora, sum(despachadas)
  FROM d GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (codempre, unineg, codpro, hora)
  DO UPDATE SET despachadas = h.despachadas + excluded.despachadas;

  WITH d AS (DELETE FROM tablero_recorridos_pendientes WHERE txid = NEW.txid RETURNING cambios)
  SELECT array_agg(c) INTO v FROM d CROSS JOIN LATERAL unnest(d.cambios) c;
  IF v IS NOT NULL THEN PERFORM acopio_tablero_recorridos_sumar(v); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER tablero_pliegues_al_confirmar AFTER INSERT ON tablero_pliegues
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION acopio_tablero_plegar();
--> statement-breakpoint
-- The triggers below are the ones of 0015, 0024 and 0031 with their rollup writes turned into
-- pending deltas; what each one computes, and when, is unchanged.
CREATE OR REPLACE FUNCTION acopio_tablero_camiones() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v acopio_tablero_camion[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(1, n.ctrl, n.codempre, n.unineg, n.ingplaya, n.codestado,
                         n.finalizado_en)::acopio_tablero_camion) INTO v FROM nuevos n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(-1, o.ctrl, o.codempre, o.unineg, o.ingplaya, o.codestado,
                         o.finalizado_en)::acopio_tablero_camion) INTO v FROM viejos o;
  ELSE
    -- Only what the dashboard counts: an update of actualizado_en or egreso_en moves nothing.
    -- A row whose counted columns did not change shows up twice (old and new, equal) and goes.
    -- No join of the two transition tables: PostgreSQL plans them as one row each, and a
    -- nested loop over a bulk update (a product renamed rewrites every quota's blend) would be
    -- quadratic.
    SELECT array_agg(ROW(signo, ctrl, codempre, unineg, ingplaya, codestado,
                         finalizado_en)::acopio_tablero_camion) INTO v
    FROM (
      SELECT u.*, count(*) OVER (PARTITION BY ctrl, codempre, unineg, ingplaya, codestado,
                                              finalizado_en) AS veces
      FROM (
        SELECT 1 AS signo, ctrl, codempre, unineg, ingplaya, codestado, finalizado_en FROM nuevos
        UNION ALL
        SELECT -1, ctrl, codempre, unineg, ingplaya, codestado, finalizado_en FROM viejos
      ) u
    ) w
    WHERE veces = 1;
  END IF;
  IF v IS NULL THEN RETURN NULL; END IF;

  INSERT INTO tablero_horas_pendientes (codempre, unineg, hora, ingresados, finalizados, cupos_usados)
  SELECT t.codempre, unineg, hora, sum(ingresados), sum(finalizados), sum(cupos_usados)
  FROM (
    SELECT c.codempre, c.unineg, date_trunc('hour', c.ingplaya) AS hora, c.signo AS ingresados,
           0 AS finalizados, 0 AS cupos_usados
    FROM unnest(v) c
    UNION ALL
    SELECT c.codempre, c.unineg, date_trunc('hour', c.finalizado_en), 0, c.signo, 0
    FROM unnest(v) c WHERE c.codestado = 4
    UNION ALL
    SELECT q.codempre, q.unineg, date_trunc('hour', c.finalizado_en), 0, 0, c.signo
    FROM unnest(v) c JOIN cupos q ON q.camion_ctrl = c.ctrl WHERE c.codestado = 4
  ) d
  -- Each change counts for its client and for 'all clients' (codempre 0).
  CROSS JOIN LATERAL (VALUES (d.codempre), (0)) t(codempre)
  WHERE d.codempre <> 0
  GROUP BY t.codempre, unineg, hora
  HAVING sum(ingresados) <> 0 OR sum(finalizados) <> 0 OR sum(cupos_usados) <> 0;
  IF FOUND THEN PERFORM acopio_tablero_por_plegar(); END IF;

  PERFORM acopio_tablero_recorridos(array(SELECT DISTINCT c.ctrl FROM unnest(v) c));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION acopio_tablero_cupos() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v acopio_tablero_cupo[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(1, n.ctrl, n.codempre, n.unineg, n.fechagen, n.eliminado_en, n.camion_ctrl,
                         n.cantidad_asignada, n.peso_envase)::acopio_tablero_cupo) INTO v FROM nuevos n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(-1, o.ctrl, o.codempre, o.unineg, o.fechagen, o.eliminado_en, o.camion_ctrl,
                         o.cantidad_asignada, o.peso_envase)::acopio_tablero_cupo) INTO v FROM viejos o;
  ELSE
    -- The blend's text (cupos.mezcla, kept by triggers) and who edited move nothing here: an
    -- unchanged row shows up twice (old and new, equal) and goes; no join of the transition
    -- tables (see acopio_tablero_camiones).
    SELECT array_agg(ROW(signo, ctrl, codempre, unineg, fechagen, eliminado_en, camion_ctrl,
                         cantidad_asignada, peso_envase)::acopio_tablero_cupo) INTO v
    FROM (
      SELECT u.*, count(*) OVER (PARTITION BY ctrl, codempre, unineg, fechagen, eliminado_en,
                                              camion_ctrl, cantidad_asignada, peso_envase) AS veces
      FROM (
        SELECT 1 AS signo, ctrl, codempre, unineg, fechagen, eliminado_en, camion_ctrl,
               cantidad_asignada, peso_envase FROM nuevos
        UNION ALL
        SELECT -1, ctrl, codempre, unineg, fechagen, eliminado_en, camion_ctrl, cantidad_asignada,
               peso_envase FROM viejos
      ) u
    ) w
    WHERE veces = 1;
  END IF;
  IF v IS NULL THEN RETURN NULL; END IF;

  INSERT INTO tablero_horas_pendientes (codempre, unineg, hora, cupos_pedidos, cupos_usados,
                                        cupos_eliminados)
  SELECT t.codempre, unineg, hora, sum(pedidos), sum(usados), sum(eliminados)
  FROM (
    SELECT q.codempre, q.unineg, date_trunc('hour', q.fechagen) AS hora, q.signo AS pedidos,
           0 AS usados, 0 AS eliminados
    FROM unnest(v) q
    UNION ALL
    SELECT q.codempre, q.unineg, date_trunc('hour', c.finalizado_en), 0, q.signo, 0
    FROM unnest(v) q JOIN camiones c ON c.ctrl = q.camion_ctrl WHERE c.codestado = 4
    UNION ALL
    SELECT q.codempre, q.unineg, date_trunc('hour', q.eliminado_en), 0, 0, q.signo
    FROM unnest(v) q WHERE q.eliminado_en IS NOT NULL
  ) d
  CROSS JOIN LATERAL (VALUES (d.codempre), (0)) t(codempre)
  WHERE d.codempre <> 0
  GROUP BY t.codempre, unineg, hora
  HAVING sum(pedidos) <> 0 OR sum(usados) <> 0 OR sum(eliminados) <> 0;
  IF FOUND THEN PERFORM acopio_tablero_por_plegar(); END IF;

  PERFORM acopio_tablero_recorridos(array(
    SELECT DISTINCT q.camion_ctrl FROM unnest(v) q JOIN camiones c ON c.ctrl = q.camion_ctrl
    WHERE c.codestado = 4));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates and deletes of the ledger are corrections outside the portal: rare, so simply the old
-- rows out and the new ones in.
CREATE OR REPLACE FUNCTION acopio_tablero_despachos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new movement makes its hour's row even at 0 t, as the view that checks it does.
    INSERT INTO tablero_productos_pendientes (codempre, unineg, codpro, hora, despachadas)
    SELECT t.codempre, d.unineg, d.codpro, date_trunc('hour', d.fecha), -sum(d.toneladas)
    FROM nuevos d CROSS JOIN LATERAL (VALUES (d.codempre), (0)) t(codempre)
    WHERE d.tipo = 'despacho' AND d.codempre <> 0
    GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO tablero_productos_pendientes (codempre, unineg, codpro, hora, despachadas)
    SELECT t.codempre, d.unineg, d.codpro, date_trunc('hour', d.fecha), sum(d.toneladas)
    FROM viejos d CROSS JOIN LATERAL (VALUES (d.codempre), (0)) t(codempre)
    WHERE d.tipo = 'despacho' AND d.codempre <> 0
    GROUP BY 1, 2, 3, 4 HAVING sum(d.toneladas) <> 0;
  ELSE
    INSERT INTO tablero_productos_pendientes (codempre, unineg, codpro, hora, despachadas)
    SELECT t.codempre, d.unineg, d.codpro, d.hora, sum(d.despachadas)
    FROM (
      SELECT codempre, unineg, codpro, date_trunc('hour', fecha) AS hora, toneladas AS despachadas
      FROM viejos WHERE tipo = 'despacho'
      UNION ALL
      SELECT codempre, unineg, codpro, date_trunc('hour', fecha), -toneladas
      FROM nuevos WHERE tipo = 'despacho'
    ) d
    CROSS JOIN LATERAL (VALUES (d.codempre), (0)) t(codempre)
    WHERE d.codempre <> 0
    GROUP BY 1, 2, 3, 4 HAVING sum(d.despachadas) <> 0;
  END IF;
  IF FOUND THEN PERFORM acopio_tablero_por_plegar(); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION acopio_tablero_recorridos_dias() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v acopio_tablero_recorrido[];
BEGIN
  IF acopio_tablero_sin_dias() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(1, codempre, unineg, finalizado_en::date, total_s, sin_orden_s,
                         con_orden_s, operando_s)::acopio_tablero_recorrido) INTO v FROM nuevos;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(-1, codempre, unineg, finalizado_en::date, total_s, sin_orden_s,
                         con_orden_s, operando_s)::acopio_tablero_recorrido) INTO v FROM viejos;
  ELSE
    SELECT array_agg(x) INTO v FROM (
      SELECT ROW(1, codempre, unineg, finalizado_en::date, total_s, sin_orden_s, con_orden_s,
                 operando_s)::acopio_tablero_recorrido AS x FROM nuevos
      UNION ALL
      SELECT ROW(-1, codempre, unineg, finalizado_en::date, total_s, sin_orden_s, con_orden_s,
                 operando_s)::acopio_tablero_recorrido FROM viejos
    ) u;
  END IF;
  IF v IS NULL THEN RETURN NULL; END IF;
  INSERT INTO tablero_recorridos_pendientes (cambios) VALUES (v);
  PERFORM acopio_tablero_por_plegar();
  RETURN NULL;
END $$;
