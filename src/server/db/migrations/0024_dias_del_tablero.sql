CREATE TABLE "tablero_dias" (
	"codempre" integer NOT NULL,
	"unineg" integer NOT NULL,
	"dia" date NOT NULL,
	"ingresados" integer DEFAULT 0 NOT NULL,
	"finalizados" integer DEFAULT 0 NOT NULL,
	"maximo_hora" integer DEFAULT 0 NOT NULL,
	"cupos_pedidos" integer DEFAULT 0 NOT NULL,
	"cupos_usados" integer DEFAULT 0 NOT NULL,
	"cupos_eliminados" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tablero_dias_codempre_unineg_dia_pk" PRIMARY KEY("codempre","unineg","dia")
);
--> statement-breakpoint
CREATE TABLE "tablero_minutos_dias" (
	"codempre" integer NOT NULL,
	"unineg" integer NOT NULL,
	"dia" date NOT NULL,
	"etapa" smallint NOT NULL,
	"minuto" integer NOT NULL,
	"camiones" integer NOT NULL,
	CONSTRAINT "tablero_minutos_dias_codempre_unineg_dia_etapa_minuto_pk" PRIMARY KEY("codempre","unineg","dia","etapa","minuto")
);
--> statement-breakpoint
CREATE TABLE "tablero_minutos_meses" (
	"codempre" integer NOT NULL,
	"unineg" integer NOT NULL,
	"mes" date NOT NULL,
	"etapa" smallint NOT NULL,
	"minuto" integer NOT NULL,
	"camiones" integer NOT NULL,
	CONSTRAINT "tablero_minutos_meses_codempre_unineg_mes_etapa_minuto_pk" PRIMARY KEY("codempre","unineg","mes","etapa","minuto")
);
--> statement-breakpoint
CREATE TABLE "tablero_productos_dias" (
	"codempre" integer NOT NULL,
	"unineg" integer NOT NULL,
	"dia" date NOT NULL,
	"codpro" integer NOT NULL,
	"despachadas" numeric(14, 3) NOT NULL,
	CONSTRAINT "tablero_productos_dias_codempre_unineg_dia_codpro_pk" PRIMARY KEY("codempre","unineg","dia","codpro")
);
--> statement-breakpoint
CREATE TABLE "tablero_recorridos_dias" (
	"codempre" integer NOT NULL,
	"unineg" integer NOT NULL,
	"dia" date NOT NULL,
	"camiones" integer DEFAULT 0 NOT NULL,
	"total" double precision[],
	"sin_orden" double precision[],
	"con_orden" double precision[],
	"operando" double precision[],
	"desvios" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tablero_recorridos_dias_codempre_unineg_dia_pk" PRIMARY KEY("codempre","unineg","dia")
);
--> statement-breakpoint
-- Day rollups of the dashboard (issue 23): a range of years read one row per hour (camiones,
-- cupos, toneladas) or one per finished truck (recorridos' percentiles, desvíos' count). They
-- are kept by statement triggers on the hour and truck rollups of migration 0015, in the same
-- transaction, so whatever keeps those keeps these. The views *_calculo below are each table
-- computed from the rollup it comes from (which `tablero verificar` checks against its sources
-- in turn): `verificar` compares them, `recalcular` and this migration copy them.
--
-- Concurrency: sums of counts are deltas applied by INSERT … ON CONFLICT (as the hours are);
-- what cannot be summed (a day's busiest hour, its percentiles, its deviations under the
-- current tolerance) is recomputed by a second statement after the first has locked the day's
-- rows: in a trigger each statement takes a fresh snapshot, so it sees what a transaction that
-- held those rows committed. Every client day row is locked after its unit's 'all clients' row
-- (codempre 0), in key order, so two changes of one day never wait on each other in a circle.

-- A finished truck whose net weight is over its quotas' maximum, or under it by more than the
-- unit's tolerance (a percentage; null: shortfalls are not listed). One definition for the
-- list, the daily count and its recomputation.
CREATE FUNCTION acopio_tablero_desvio(neto_kg int, maximo_kg numeric, tolerancia numeric)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT neto_kg > maximo_kg
      OR (tolerancia IS NOT NULL AND neto_kg < maximo_kg * (1 - tolerancia / 100))
$$;
--> statement-breakpoint
CREATE VIEW tablero_dias_calculo AS
SELECT codempre, unineg, hora::date AS dia, sum(ingresados)::int AS ingresados,
       sum(finalizados)::int AS finalizados, max(finalizados)::int AS maximo_hora,
       sum(cupos_pedidos)::int AS cupos_pedidos, sum(cupos_usados)::int AS cupos_usados,
       sum(cupos_eliminados)::int AS cupos_eliminados
FROM tablero_horas
GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE VIEW tablero_productos_dias_calculo AS
SELECT codempre, unineg, hora::date AS dia, codpro, sum(despachadas) AS despachadas
FROM tablero_productos_horas
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- A finished truck's row is rewritten only when its facts changed (0015 deleted and inserted it
-- every time): each write now sets off the day rollups' triggers, and a finish reaches here
-- twice (the truck's update, then its status history).
CREATE OR REPLACE FUNCTION acopio_tablero_recorridos(p_ctrls int[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM tablero_recorridos r USING (SELECT DISTINCT ctrl FROM unnest(p_ctrls) u(ctrl)) u
  WHERE r.camion_ctrl = u.ctrl
    AND NOT EXISTS (SELECT 1 FROM tablero_recorridos_calculo v
                    WHERE v.camion_ctrl = r.camion_ctrl AND row(v.*) IS NOT DISTINCT FROM row(r.*));
  INSERT INTO tablero_recorridos
  SELECT v.* FROM (SELECT DISTINCT ctrl FROM unnest(p_ctrls) u(ctrl)) u
  CROSS JOIN LATERAL (SELECT * FROM tablero_recorridos_calculo WHERE camion_ctrl = u.ctrl) v
  ON CONFLICT (camion_ctrl) DO NOTHING;
$$;
--> statement-breakpoint
-- [p50, p90] of seconds as the chart shows them: minutes with one decimal. The day rollup keeps
-- them so, and the range's exact figures go through it too.
CREATE FUNCTION acopio_tablero_en_minutos(segundos float8[]) RETURNS float8[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(round((m / 60)::numeric, 1)::float8 ORDER BY n)
  FROM unnest(segundos) WITH ORDINALITY u(m, n)
$$;
--> statement-breakpoint
-- Per client and for all clients (0): trucks finished that day, the exact [median, p90] of
-- each stage's minutes (exact, then rounded as shown), and deviations under the unit's tolerance now.
CREATE VIEW tablero_recorridos_dias_calculo AS
SELECT coalesce(r.codempre, 0) AS codempre, r.unineg, r.dia, count(*)::int AS camiones,
       acopio_tablero_en_minutos(percentile_cont(array[0.5, 0.9]) WITHIN GROUP (ORDER BY r.total_s)) AS total,
       acopio_tablero_en_minutos(percentile_cont(array[0.5, 0.9]) WITHIN GROUP (ORDER BY r.sin_orden_s)) AS sin_orden,
       acopio_tablero_en_minutos(percentile_cont(array[0.5, 0.9]) WITHIN GROUP (ORDER BY r.con_orden_s)) AS con_orden,
       acopio_tablero_en_minutos(percentile_cont(array[0.5, 0.9]) WITHIN GROUP (ORDER BY r.operando_s)) AS operando,
       (count(*) FILTER (WHERE acopio_tablero_desvio(r.neto_kg, r.maximo_kg,
                                                     p.tolerancia_faltante)))::int AS desvios
FROM (SELECT *, finalizado_en::date AS dia FROM tablero_recorridos) r
LEFT JOIN parametros_tablero p ON p.unineg = r.unineg
GROUP BY GROUPING SETS ((r.codempre, r.unineg, r.dia), (r.unineg, r.dia));
--> statement-breakpoint
-- Stage 0 is the total, 1–3 the stages; minutes rounded to the nearest.
CREATE VIEW tablero_minutos_dias_calculo AS
SELECT coalesce(codempre, 0) AS codempre, unineg, dia, etapa, minuto, count(*)::int AS camiones
FROM (
  SELECT r.codempre, r.unineg, r.finalizado_en::date AS dia, e.etapa, e.minuto
  FROM tablero_recorridos r
  CROSS JOIN LATERAL (VALUES (0::smallint, round(r.total_s / 60.0)::int),
                             (1::smallint, round(r.sin_orden_s / 60.0)::int),
                             (2::smallint, round(r.con_orden_s / 60.0)::int),
                             (3::smallint, round(r.operando_s / 60.0)::int)) e(etapa, minuto)
  WHERE e.minuto IS NOT NULL
) x
GROUP BY GROUPING SETS ((codempre, unineg, dia, etapa, minuto), (unineg, dia, etapa, minuto));
--> statement-breakpoint
CREATE VIEW tablero_minutos_meses_calculo AS
SELECT codempre, unineg, date_trunc('month', dia)::date AS mes, etapa, minuto,
       sum(camiones)::int AS camiones
FROM tablero_minutos_dias_calculo
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
CREATE TYPE acopio_tablero_dia AS (codempre int, unineg int, dia date);
--> statement-breakpoint
-- `tablero recalcular` rebuilds every table from its view with these triggers off for its
-- transaction (SET LOCAL acopio.tablero_sin_dias = 'si'), instead of recomputing day by day.
CREATE FUNCTION acopio_tablero_sin_dias() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('acopio.tablero_sin_dias', true), '') = 'si'
$$;
--> statement-breakpoint
-- Hours changed: their days' sums and busiest hour again, from tablero_horas.
CREATE FUNCTION acopio_tablero_dias() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k acopio_tablero_dia[];
BEGIN
  IF acopio_tablero_sin_dias() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT ROW(t.codempre, n.unineg, n.hora::date)::acopio_tablero_dia) INTO k
    FROM nuevos n CROSS JOIN LATERAL (VALUES (n.codempre), (0)) t(codempre);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT ROW(t.codempre, o.unineg, o.hora::date)::acopio_tablero_dia) INTO k
    FROM viejos o CROSS JOIN LATERAL (VALUES (o.codempre), (0)) t(codempre);
  ELSE
    SELECT array_agg(DISTINCT ROW(t.codempre, x.unineg, x.hora::date)::acopio_tablero_dia) INTO k
    FROM (SELECT codempre, unineg, hora FROM nuevos UNION SELECT codempre, unineg, hora FROM viejos) x
    CROSS JOIN LATERAL (VALUES (x.codempre), (0)) t(codempre);
  END IF;
  IF k IS NULL THEN RETURN NULL; END IF;

  INSERT INTO tablero_dias AS d (codempre, unineg, dia)
  SELECT codempre, unineg, dia FROM unnest(k) ORDER BY 1, 2, 3
  ON CONFLICT (codempre, unineg, dia) DO UPDATE SET ingresados = d.ingresados;

  UPDATE tablero_dias d SET
    ingresados = c.ingresados, finalizados = c.finalizados, maximo_hora = c.maximo_hora,
    cupos_pedidos = c.cupos_pedidos, cupos_usados = c.cupos_usados,
    cupos_eliminados = c.cupos_eliminados
  FROM (
    SELECT k.codempre, k.unineg, k.dia, coalesce(sum(h.ingresados), 0)::int AS ingresados,
           coalesce(sum(h.finalizados), 0)::int AS finalizados,
           coalesce(max(h.finalizados), 0)::int AS maximo_hora,
           coalesce(sum(h.cupos_pedidos), 0)::int AS cupos_pedidos,
           coalesce(sum(h.cupos_usados), 0)::int AS cupos_usados,
           coalesce(sum(h.cupos_eliminados), 0)::int AS cupos_eliminados
    FROM unnest(k) k
    LEFT JOIN tablero_horas h ON h.codempre = k.codempre AND h.unineg = k.unineg
      AND h.hora >= k.dia::timestamptz AND h.hora < (k.dia + 1)::timestamptz
    GROUP BY 1, 2, 3
  ) c
  WHERE d.codempre = c.codempre AND d.unineg = c.unineg AND d.dia = c.dia;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Tons per product and hour changed: the difference, per day.
CREATE FUNCTION acopio_tablero_productos_dias() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v tablero_productos_horas[];
BEGIN
  IF acopio_tablero_sin_dias() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(n.codempre, n.unineg, n.codpro, n.hora, n.despachadas)::tablero_productos_horas)
    INTO v FROM nuevos n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(o.codempre, o.unineg, o.codpro, o.hora, -o.despachadas)::tablero_productos_horas)
    INTO v FROM viejos o;
  ELSE
    SELECT array_agg(x) INTO v FROM (
      SELECT ROW(n.codempre, n.unineg, n.codpro, n.hora, n.despachadas)::tablero_productos_horas AS x
      FROM nuevos n
      UNION ALL
      SELECT ROW(o.codempre, o.unineg, o.codpro, o.hora, -o.despachadas)::tablero_productos_horas
      FROM viejos o
    ) u;
  END IF;
  INSERT INTO tablero_productos_dias AS d (codempre, unineg, dia, codpro, despachadas)
  SELECT codempre, unineg, hora::date, codpro, sum(despachadas)
  FROM unnest(v)
  GROUP BY 1, 2, 3, 4 HAVING sum(despachadas) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (codempre, unineg, dia, codpro)
  DO UPDATE SET despachadas = d.despachadas + excluded.despachadas;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A truck's facts in or out of tablero_recorridos: +1 for its new row, -1 for its old one.
CREATE TYPE acopio_tablero_recorrido AS (
  signo int, codempre int, unineg int, dia date, total_s int, sin_orden_s int, con_orden_s int,
  operando_s int);
--> statement-breakpoint
-- Days' trucks, percentiles and deviations again from tablero_recorridos (a client's day, or
-- with codempre 0 the unit's): first their rows locked (made if missing), then recomputed.
CREATE FUNCTION acopio_tablero_recorridos_recontar(k acopio_tablero_dia[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tablero_recorridos_dias AS d (codempre, unineg, dia)
  SELECT codempre, unineg, dia FROM unnest(k) ORDER BY 1, 2, 3
  ON CONFLICT (codempre, unineg, dia) DO UPDATE SET camiones = d.camiones;

  UPDATE tablero_recorridos_dias d SET
    camiones = c.camiones, total = c.total, sin_orden = c.sin_orden, con_orden = c.con_orden,
    operando = c.operando, desvios = c.desvios
  FROM (
    SELECT k.codempre, k.unineg, k.dia, count(r.camion_ctrl)::int AS camiones,
           acopio_tablero_en_minutos(percentile_cont(array[0.5, 0.9]) WITHIN GROUP (ORDER BY r.total_s)) AS total,
           acopio_tablero_en_minutos(percentile_cont(array[0.5, 0.9]) WITHIN GROUP (ORDER BY r.sin_orden_s)) AS sin_orden,
           acopio_tablero_en_minutos(percentile_cont(array[0.5, 0.9]) WITHIN GROUP (ORDER BY r.con_orden_s)) AS con_orden,
           acopio_tablero_en_minutos(percentile_cont(array[0.5, 0.9]) WITHIN GROUP (ORDER BY r.operando_s)) AS operando,
           (count(*) FILTER (WHERE acopio_tablero_desvio(r.neto_kg, r.maximo_kg,
                                                         p.tolerancia_faltante)))::int AS desvios
    FROM unnest(k) k
    LEFT JOIN parametros_tablero p ON p.unineg = k.unineg
    -- Two branches so each uses its index: a client's trucks, or the unit's.
    LEFT JOIN LATERAL (
      SELECT * FROM tablero_recorridos r
      WHERE k.codempre <> 0 AND r.codempre = k.codempre AND r.unineg = k.unineg
        AND r.finalizado_en >= k.dia::timestamptz AND r.finalizado_en < (k.dia + 1)::timestamptz
      UNION ALL
      SELECT * FROM tablero_recorridos r
      WHERE k.codempre = 0 AND r.unineg = k.unineg
        AND r.finalizado_en >= k.dia::timestamptz AND r.finalizado_en < (k.dia + 1)::timestamptz
    ) r ON true
    GROUP BY 1, 2, 3
  ) c
  WHERE d.codempre = c.codempre AND d.unineg = c.unineg AND d.dia = c.dia;
END $$;
--> statement-breakpoint
-- Each changed truck's stages as (stage, rounded minute), for its client and for all (0).
CREATE FUNCTION acopio_tablero_minutos(v acopio_tablero_recorrido[])
RETURNS TABLE (codempre int, unineg int, dia date, etapa smallint, minuto int, signo int)
LANGUAGE sql IMMUTABLE AS $$
  SELECT t.codempre, c.unineg, c.dia, e.etapa, e.minuto, c.signo
  FROM unnest(v) c
  CROSS JOIN LATERAL (VALUES (0::smallint, round(c.total_s / 60.0)::int),
                             (1::smallint, round(c.sin_orden_s / 60.0)::int),
                             (2::smallint, round(c.con_orden_s / 60.0)::int),
                             (3::smallint, round(c.operando_s / 60.0)::int)) e(etapa, minuto)
  CROSS JOIN LATERAL (VALUES (c.codempre), (0)) t(codempre)
  WHERE e.minuto IS NOT NULL;
$$;
--> statement-breakpoint
-- A finished truck's facts changed (rows of tablero_recorridos in or out): the minute counts
-- of its day and month by difference, then its days' percentiles and deviations again.
CREATE FUNCTION acopio_tablero_recorridos_dias() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v acopio_tablero_recorrido[];
  k acopio_tablero_dia[];
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

  SELECT array_agg(DISTINCT ROW(t.codempre, c.unineg, c.dia)::acopio_tablero_dia) INTO k
  FROM unnest(v) c CROSS JOIN LATERAL (VALUES (c.codempre), (0)) t(codempre);

  INSERT INTO tablero_minutos_dias AS m (codempre, unineg, dia, etapa, minuto, camiones)
  SELECT codempre, unineg, dia, etapa, minuto, sum(signo) FROM acopio_tablero_minutos(v)
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(signo) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (codempre, unineg, dia, etapa, minuto)
  DO UPDATE SET camiones = m.camiones + excluded.camiones;

  INSERT INTO tablero_minutos_meses AS m (codempre, unineg, mes, etapa, minuto, camiones)
  SELECT codempre, unineg, date_trunc('month', dia)::date, etapa, minuto, sum(signo)
  FROM acopio_tablero_minutos(v)
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(signo) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (codempre, unineg, mes, etapa, minuto)
  DO UPDATE SET camiones = m.camiones + excluded.camiones;

  PERFORM acopio_tablero_recorridos_recontar(k);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The unit's tolerance changed: every day's deviations counted again under the new one (an
-- administrator's action, rare). Its day rows are locked first, in key order, then counted in
-- a second statement that sees every truck committed meanwhile.
CREATE FUNCTION acopio_tablero_tolerancia() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  u int := coalesce(NEW.unineg, OLD.unineg);
BEGIN
  IF acopio_tablero_sin_dias() THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' AND NEW.tolerancia_faltante IS NOT DISTINCT FROM OLD.tolerancia_faltante
  THEN RETURN NULL; END IF;
  PERFORM 1 FROM tablero_recorridos_dias WHERE unineg = u ORDER BY codempre, unineg, dia FOR UPDATE;
  UPDATE tablero_recorridos_dias d SET desvios = c.desvios
  FROM (
    SELECT coalesce(r.codempre, 0) AS codempre, r.dia,
           (count(*) FILTER (WHERE acopio_tablero_desvio(r.neto_kg, r.maximo_kg,
                                                         p.tolerancia_faltante)))::int AS desvios
    FROM (SELECT *, finalizado_en::date AS dia FROM tablero_recorridos WHERE unineg = u) r
    LEFT JOIN parametros_tablero p ON p.unineg = r.unineg
    GROUP BY GROUPING SETS ((r.codempre, r.dia), (r.dia))
  ) c
  WHERE d.unineg = u AND d.codempre = c.codempre AND d.dia = c.dia AND d.desvios <> c.desvios;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tablero_horas_dias_alta AFTER INSERT ON tablero_horas
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_dias();
--> statement-breakpoint
CREATE TRIGGER tablero_horas_dias_cambio AFTER UPDATE ON tablero_horas
  REFERENCING NEW TABLE AS nuevos OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_dias();
--> statement-breakpoint
CREATE TRIGGER tablero_horas_dias_baja AFTER DELETE ON tablero_horas
  REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_dias();
--> statement-breakpoint
CREATE TRIGGER tablero_productos_horas_dias_alta AFTER INSERT ON tablero_productos_horas
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_productos_dias();
--> statement-breakpoint
CREATE TRIGGER tablero_productos_horas_dias_cambio AFTER UPDATE ON tablero_productos_horas
  REFERENCING NEW TABLE AS nuevos OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_productos_dias();
--> statement-breakpoint
CREATE TRIGGER tablero_productos_horas_dias_baja AFTER DELETE ON tablero_productos_horas
  REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_productos_dias();
--> statement-breakpoint
CREATE TRIGGER tablero_recorridos_dias_alta AFTER INSERT ON tablero_recorridos
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_recorridos_dias();
--> statement-breakpoint
CREATE TRIGGER tablero_recorridos_dias_cambio AFTER UPDATE ON tablero_recorridos
  REFERENCING NEW TABLE AS nuevos OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_recorridos_dias();
--> statement-breakpoint
CREATE TRIGGER tablero_recorridos_dias_baja AFTER DELETE ON tablero_recorridos
  REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION acopio_tablero_recorridos_dias();
--> statement-breakpoint
CREATE TRIGGER parametros_tablero_desvios AFTER INSERT OR UPDATE OR DELETE ON parametros_tablero
  FOR EACH ROW EXECUTE FUNCTION acopio_tablero_tolerancia();
--> statement-breakpoint
-- What the hour and truck rollups already hold, from the same views `verificar` checks against.
INSERT INTO tablero_dias SELECT * FROM tablero_dias_calculo;
--> statement-breakpoint
INSERT INTO tablero_productos_dias SELECT * FROM tablero_productos_dias_calculo;
--> statement-breakpoint
INSERT INTO tablero_recorridos_dias SELECT * FROM tablero_recorridos_dias_calculo;
--> statement-breakpoint
INSERT INTO tablero_minutos_dias SELECT * FROM tablero_minutos_dias_calculo;
--> statement-breakpoint
INSERT INTO tablero_minutos_meses SELECT * FROM tablero_minutos_meses_calculo;
