CREATE TABLE "parametros_tablero" (
	"unineg" integer PRIMARY KEY NOT NULL,
	"capacidad_hora" integer,
	"tolerancia_faltante" numeric(5, 2),
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parametros_tablero_capacidad_ck" CHECK ("parametros_tablero"."capacidad_hora" > 0),
	CONSTRAINT "parametros_tablero_tolerancia_ck" CHECK ("parametros_tablero"."tolerancia_faltante" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "tablero_horas" (
	"codempre" integer NOT NULL,
	"unineg" integer NOT NULL,
	"hora" timestamp with time zone NOT NULL,
	"ingresados" integer DEFAULT 0 NOT NULL,
	"finalizados" integer DEFAULT 0 NOT NULL,
	"cupos_pedidos" integer DEFAULT 0 NOT NULL,
	"cupos_usados" integer DEFAULT 0 NOT NULL,
	"cupos_eliminados" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tablero_horas_codempre_unineg_hora_pk" PRIMARY KEY("codempre","unineg","hora")
);
--> statement-breakpoint
CREATE TABLE "tablero_productos_horas" (
	"codempre" integer NOT NULL,
	"unineg" integer NOT NULL,
	"codpro" integer NOT NULL,
	"hora" timestamp with time zone NOT NULL,
	"despachadas" numeric(14, 3) NOT NULL,
	CONSTRAINT "tablero_productos_horas_codempre_unineg_codpro_hora_pk" PRIMARY KEY("codempre","unineg","codpro","hora")
);
--> statement-breakpoint
CREATE TABLE "tablero_recorridos" (
	"camion_ctrl" integer PRIMARY KEY NOT NULL,
	"codempre" integer NOT NULL,
	"unineg" integer NOT NULL,
	"finalizado_en" timestamp with time zone NOT NULL,
	"total_s" integer NOT NULL,
	"sin_orden_s" integer,
	"con_orden_s" integer,
	"operando_s" integer,
	"neto_kg" integer,
	"maximo_kg" numeric(16, 3)
);
--> statement-breakpoint
ALTER TABLE "parametros_tablero" ADD CONSTRAINT "parametros_tablero_unineg_unidades_negocio_ctrl_fk" FOREIGN KEY ("unineg") REFERENCES "public"."unidades_negocio"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tablero_recorridos" ADD CONSTRAINT "tablero_recorridos_camion_ctrl_camiones_ctrl_fk" FOREIGN KEY ("camion_ctrl") REFERENCES "public"."camiones"("ctrl") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tablero_horas_unidad_idx" ON "tablero_horas" USING btree ("unineg","hora");--> statement-breakpoint
CREATE INDEX "tablero_productos_horas_unidad_idx" ON "tablero_productos_horas" USING btree ("unineg","hora");--> statement-breakpoint
CREATE INDEX "tablero_recorridos_unidad_idx" ON "tablero_recorridos" USING btree ("unineg","finalizado_en");--> statement-breakpoint
CREATE INDEX "tablero_recorridos_empresa_idx" ON "tablero_recorridos" USING btree ("codempre","unineg","finalizado_en");--> statement-breakpoint
-- The dashboard's rollups (issue 16), kept by statement triggers on the tables they come from,
-- in the same transaction as each change: whatever writes (the screens, the gate API, the CLI,
-- the simulator, the demo, bulk SQL) keeps them right. The three views below are what each
-- rollup must equal, computed from scratch: `tablero verificar` compares, `tablero recalcular`
-- and this migration's backfill copy them. Hours are date_trunc('hour', …) in the session's
-- time zone (every connection runs in the terminal's, db/client.ts), stored as timestamptz.
--
-- A finished truck's stages: each status row of camion_estados lasts until the next one (or
-- the finish), up to the finish. Trucks whose history has no tare (status 3) — inserted already
-- finished, as bulk data is — have no stages (null), only their total.
CREATE VIEW tablero_recorridos_calculo AS
SELECT c.ctrl AS camion_ctrl, c.codempre, c.unineg, c.finalizado_en,
       round(extract(epoch FROM c.finalizado_en - c.ingplaya))::int AS total_s,
       e.sin_orden_s, e.con_orden_s, e.operando_s, t.neto_kg, q.maximo_kg
FROM camiones c
CROSS JOIN LATERAL (
  SELECT CASE WHEN bool_or(s.codestado = 3) THEN
           round(coalesce(sum(s.segundos) FILTER (WHERE s.codestado = 1), 0))::int END AS sin_orden_s,
         CASE WHEN bool_or(s.codestado = 3) THEN
           round(coalesce(sum(s.segundos) FILTER (WHERE s.codestado = 2), 0))::int END AS con_orden_s,
         CASE WHEN bool_or(s.codestado = 3) THEN
           round(coalesce(sum(s.segundos) FILTER (WHERE s.codestado = 3), 0))::int END AS operando_s
  FROM (
    SELECT x.codestado,
           extract(epoch FROM coalesce(lead(x.desde) OVER (ORDER BY x.desde, x.id), c.finalizado_en)
                              - x.desde) AS segundos
    FROM camion_estados x
    WHERE x.camion_ctrl = c.ctrl AND x.desde <= c.finalizado_en
  ) s
) e
CROSS JOIN LATERAL (
  SELECT sum(k.bruto - k.tara)::int AS neto_kg
  FROM tickets k WHERE k.camion_ctrl = c.ctrl AND k.bruto IS NOT NULL
) t
CROSS JOIN LATERAL (
  SELECT sum(p.cantidad_asignada * coalesce(p.peso_envase, 1))::numeric(16, 3) AS maximo_kg
  FROM cupos p WHERE p.camion_ctrl = c.ctrl
) q
WHERE c.codestado = 4;
--> statement-breakpoint
-- Each client's hours, and under codempre 0 (the terminal itself, which has no trucks or
-- quotas of its own) the unit's hours summed over every client: the administrator's 'all
-- clients' reads a row per hour instead of summing hundreds of clients.
CREATE VIEW tablero_horas_calculo AS
SELECT coalesce(codempre, 0) AS codempre, unineg, hora,
       sum(ingresados)::int AS ingresados, sum(finalizados)::int AS finalizados,
       sum(cupos_pedidos)::int AS cupos_pedidos, sum(cupos_usados)::int AS cupos_usados,
       sum(cupos_eliminados)::int AS cupos_eliminados
FROM (
  SELECT codempre, unineg, date_trunc('hour', ingplaya) AS hora,
         1 AS ingresados, 0 AS finalizados, 0 AS cupos_pedidos, 0 AS cupos_usados, 0 AS cupos_eliminados
  FROM camiones
  UNION ALL
  SELECT codempre, unineg, date_trunc('hour', finalizado_en), 0, 1, 0, 0, 0
  FROM camiones WHERE codestado = 4
  UNION ALL
  SELECT codempre, unineg, date_trunc('hour', fechagen), 0, 0, 1, 0, 0 FROM cupos
  UNION ALL
  SELECT q.codempre, q.unineg, date_trunc('hour', c.finalizado_en), 0, 0, 0, 1, 0
  FROM cupos q JOIN camiones c ON c.ctrl = q.camion_ctrl WHERE c.codestado = 4
  UNION ALL
  SELECT codempre, unineg, date_trunc('hour', eliminado_en), 0, 0, 0, 0, 1
  FROM cupos WHERE eliminado_en IS NOT NULL
) x
WHERE codempre <> 0
GROUP BY GROUPING SETS ((codempre, unineg, hora), (unineg, hora));
--> statement-breakpoint
CREATE VIEW tablero_productos_horas_calculo AS
SELECT coalesce(codempre, 0) AS codempre, unineg, codpro, hora, -sum(toneladas) AS despachadas
FROM (
  SELECT codempre, unineg, codpro, date_trunc('hour', fecha) AS hora, toneladas
  FROM stock_movimientos WHERE tipo = 'despacho' AND codempre <> 0
) x
GROUP BY GROUPING SETS ((codempre, unineg, codpro, hora), (unineg, codpro, hora));
--> statement-breakpoint
-- What a changed row contributed (signo -1, its old version) or contributes (+1, the new one).
-- Statement triggers gather them from the transition tables into an array of these, so each
-- trigger's SQL is static (planned once) whatever the operation.
CREATE TYPE acopio_tablero_camion AS (
  signo int, ctrl int, codempre int, unineg int, ingplaya timestamptz, codestado smallint,
  finalizado_en timestamptz);
--> statement-breakpoint
CREATE TYPE acopio_tablero_cupo AS (
  signo int, ctrl int, codempre int, unineg int, fechagen timestamptz, eliminado_en timestamptz,
  camion_ctrl int, cantidad_asignada numeric, peso_envase numeric);
--> statement-breakpoint
-- A finished truck's row of tablero_recorridos, rebuilt from its sources; a truck no longer
-- finished (or gone) loses it.
CREATE FUNCTION acopio_tablero_recorridos(p_ctrls int[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM tablero_recorridos r USING unnest(p_ctrls) u(ctrl) WHERE r.camion_ctrl = u.ctrl;
  INSERT INTO tablero_recorridos
  SELECT v.* FROM (SELECT DISTINCT ctrl FROM unnest(p_ctrls) u(ctrl)) u
  CROSS JOIN LATERAL (SELECT * FROM tablero_recorridos_calculo WHERE camion_ctrl = u.ctrl) v;
$$;
--> statement-breakpoint
-- Trucks: entered and finished per hour, the quotas they hold used at their finish, and the
-- finished truck's facts.
CREATE FUNCTION acopio_tablero_camiones() RETURNS trigger LANGUAGE plpgsql AS $$
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

  INSERT INTO tablero_horas AS h (codempre, unineg, hora, ingresados, finalizados, cupos_usados)
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
  HAVING sum(ingresados) <> 0 OR sum(finalizados) <> 0 OR sum(cupos_usados) <> 0
  ORDER BY t.codempre, unineg, hora
  ON CONFLICT (codempre, unineg, hora) DO UPDATE SET
    ingresados = h.ingresados + excluded.ingresados,
    finalizados = h.finalizados + excluded.finalizados,
    cupos_usados = h.cupos_usados + excluded.cupos_usados;

  PERFORM acopio_tablero_recorridos(array(SELECT DISTINCT c.ctrl FROM unnest(v) c));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Quotas: ordered (fechagen), deleted unused (eliminado_en), used (their truck finished); and
-- the facts of a finished truck whose quotas changed (its maximum load).
CREATE FUNCTION acopio_tablero_cupos() RETURNS trigger LANGUAGE plpgsql AS $$
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

  INSERT INTO tablero_horas AS h (codempre, unineg, hora, cupos_pedidos, cupos_usados, cupos_eliminados)
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
  HAVING sum(pedidos) <> 0 OR sum(usados) <> 0 OR sum(eliminados) <> 0
  ORDER BY t.codempre, unineg, hora
  ON CONFLICT (codempre, unineg, hora) DO UPDATE SET
    cupos_pedidos = h.cupos_pedidos + excluded.cupos_pedidos,
    cupos_usados = h.cupos_usados + excluded.cupos_usados,
    cupos_eliminados = h.cupos_eliminados + excluded.cupos_eliminados;

  PERFORM acopio_tablero_recorridos(array(
    SELECT DISTINCT q.camion_ctrl FROM unnest(v) q JOIN camiones c ON c.ctrl = q.camion_ctrl
    WHERE c.codestado = 4));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A finished truck's status history or tickets changed (a correction, dates set back): its
-- facts again. While the truck is in the yard this only looks at its status.
CREATE FUNCTION acopio_tablero_hechos() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.camion_ctrl) INTO v FROM nuevos n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o.camion_ctrl) INTO v FROM viejos o;
  ELSE
    SELECT array_agg(DISTINCT x.ctrl) INTO v
    FROM (SELECT camion_ctrl FROM nuevos UNION SELECT camion_ctrl FROM viejos) x(ctrl);
  END IF;
  PERFORM acopio_tablero_recorridos(array(
    SELECT c.ctrl FROM camiones c WHERE c.ctrl = ANY(v) AND c.codestado = 4));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Dispatches of the stock ledger: tons per product and hour, positive.
CREATE FUNCTION acopio_tablero_despachos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tablero_productos_horas AS h (codempre, unineg, codpro, hora, despachadas)
    SELECT t.codempre, d.unineg, d.codpro, date_trunc('hour', d.fecha), -sum(d.toneladas)
    FROM nuevos d CROSS JOIN LATERAL (VALUES (d.codempre), (0)) t(codempre)
    WHERE d.tipo = 'despacho' AND d.codempre <> 0
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (codempre, unineg, codpro, hora)
    DO UPDATE SET despachadas = h.despachadas + excluded.despachadas;
  ELSIF TG_OP = 'DELETE' THEN
    -- Updates and deletes of the ledger are corrections outside the portal: rare, so simply
    -- the old rows out and (on an update) the new ones in.
    INSERT INTO tablero_productos_horas AS h (codempre, unineg, codpro, hora, despachadas)
    SELECT t.codempre, d.unineg, d.codpro, date_trunc('hour', d.fecha), sum(d.toneladas)
    FROM viejos d CROSS JOIN LATERAL (VALUES (d.codempre), (0)) t(codempre)
    WHERE d.tipo = 'despacho' AND d.codempre <> 0
    GROUP BY 1, 2, 3, 4 HAVING sum(d.toneladas) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (codempre, unineg, codpro, hora)
    DO UPDATE SET despachadas = h.despachadas + excluded.despachadas;
  ELSE
    INSERT INTO tablero_productos_horas AS h (codempre, unineg, codpro, hora, despachadas)
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
    GROUP BY 1, 2, 3, 4 HAVING sum(d.despachadas) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (codempre, unineg, codpro, hora)
    DO UPDATE SET despachadas = h.despachadas + excluded.despachadas;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- One trigger per event: PostgreSQL allows transition tables only on single-event triggers.
CREATE TRIGGER camiones_tablero_alta AFTER INSERT ON camiones
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_camiones();
--> statement-breakpoint
CREATE TRIGGER camiones_tablero_cambio AFTER UPDATE ON camiones
  REFERENCING NEW TABLE AS nuevos OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_camiones();
--> statement-breakpoint
CREATE TRIGGER camiones_tablero_baja AFTER DELETE ON camiones
  REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_camiones();
--> statement-breakpoint
CREATE TRIGGER cupos_tablero_alta AFTER INSERT ON cupos
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_cupos();
--> statement-breakpoint
CREATE TRIGGER cupos_tablero_cambio AFTER UPDATE ON cupos
  REFERENCING NEW TABLE AS nuevos OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_cupos();
--> statement-breakpoint
CREATE TRIGGER cupos_tablero_baja AFTER DELETE ON cupos
  REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_cupos();
--> statement-breakpoint
CREATE TRIGGER camion_estados_tablero_alta AFTER INSERT ON camion_estados
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_hechos();
--> statement-breakpoint
CREATE TRIGGER camion_estados_tablero_cambio AFTER UPDATE ON camion_estados
  REFERENCING NEW TABLE AS nuevos OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_hechos();
--> statement-breakpoint
CREATE TRIGGER camion_estados_tablero_baja AFTER DELETE ON camion_estados
  REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_hechos();
--> statement-breakpoint
CREATE TRIGGER tickets_tablero_alta AFTER INSERT ON tickets
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_hechos();
--> statement-breakpoint
CREATE TRIGGER tickets_tablero_cambio AFTER UPDATE ON tickets
  REFERENCING NEW TABLE AS nuevos OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_hechos();
--> statement-breakpoint
CREATE TRIGGER tickets_tablero_baja AFTER DELETE ON tickets
  REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_hechos();
--> statement-breakpoint
CREATE TRIGGER stock_movimientos_tablero_alta AFTER INSERT ON stock_movimientos
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_despachos();
--> statement-breakpoint
CREATE TRIGGER stock_movimientos_tablero_cambio AFTER UPDATE ON stock_movimientos
  REFERENCING NEW TABLE AS nuevos OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_despachos();
--> statement-breakpoint
CREATE TRIGGER stock_movimientos_tablero_baja AFTER DELETE ON stock_movimientos
  REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_despachos();
--> statement-breakpoint
-- What the data already recorded, from the same views the CLI checks against.
INSERT INTO tablero_horas SELECT * FROM tablero_horas_calculo;
--> statement-breakpoint
INSERT INTO tablero_productos_horas SELECT * FROM tablero_productos_horas_calculo;
--> statement-breakpoint
INSERT INTO tablero_recorridos SELECT * FROM tablero_recorridos_calculo;
