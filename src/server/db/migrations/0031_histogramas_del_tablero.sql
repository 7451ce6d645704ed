-- The minute counts of the dashboard's wide ranges (issue 23) as one histogram per stage and
-- day or month, not one row per minute: two years of every client read 24 months and the days
-- at the ends, about a hundred rows, instead of ~30,000 (17.5 ms of SQL per call, and as many
-- rows decoded in Node). A histogram is int[] pairs [minute, trucks, minute, trucks, …] ordered
-- by minute, only minutes with trucks; null once the day or month has none (as a row of zeros
-- was before: `verificar` takes both as missing). Emptied here and rebuilt from the views at
-- the end, like migration 0024 filled them.
TRUNCATE "tablero_minutos_dias", "tablero_minutos_meses";
--> statement-breakpoint
DROP VIEW "tablero_minutos_meses_calculo";
--> statement-breakpoint
DROP VIEW "tablero_minutos_dias_calculo";
--> statement-breakpoint
ALTER TABLE "tablero_minutos_dias" DROP CONSTRAINT "tablero_minutos_dias_codempre_unineg_dia_etapa_minuto_pk";--> statement-breakpoint
ALTER TABLE "tablero_minutos_meses" DROP CONSTRAINT "tablero_minutos_meses_codempre_unineg_mes_etapa_minuto_pk";--> statement-breakpoint
ALTER TABLE "tablero_minutos_dias" ALTER COLUMN "camiones" SET DATA TYPE integer[] USING NULL;--> statement-breakpoint
ALTER TABLE "tablero_minutos_dias" ALTER COLUMN "camiones" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tablero_minutos_meses" ALTER COLUMN "camiones" SET DATA TYPE integer[] USING NULL;--> statement-breakpoint
ALTER TABLE "tablero_minutos_meses" ALTER COLUMN "camiones" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tablero_minutos_dias" ADD CONSTRAINT "tablero_minutos_dias_codempre_unineg_dia_etapa_pk" PRIMARY KEY("codempre","unineg","dia","etapa");--> statement-breakpoint
ALTER TABLE "tablero_minutos_meses" ADD CONSTRAINT "tablero_minutos_meses_codempre_unineg_mes_etapa_pk" PRIMARY KEY("codempre","unineg","mes","etapa");--> statement-breakpoint
ALTER TABLE "tablero_minutos_dias" DROP COLUMN "minuto";--> statement-breakpoint
ALTER TABLE "tablero_minutos_meses" DROP COLUMN "minuto";
--> statement-breakpoint
-- Trucks per minute (counts that may repeat a minute, or be negative: a change's differences)
-- as a histogram: summed per minute, minutes that sum to zero left out, null when none is left.
-- What the triggers write (the views make the same pairs from positive counts, one per minute).
CREATE FUNCTION acopio_tablero_histograma(minutos int[], camiones int[]) RETURNS int[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(x ORDER BY s.minuto, v.k)
  FROM (
    SELECT u.minuto, sum(u.camiones)::int AS camiones
    FROM unnest(minutos, camiones) u(minuto, camiones)
    GROUP BY u.minuto HAVING sum(u.camiones) <> 0
  ) s
  CROSS JOIN LATERAL (VALUES (1, s.minuto), (2, s.camiones)) v(k, x)
$$;
--> statement-breakpoint
-- Two histograms added (either may be null), as the triggers add a change's few minutes to a
-- stored histogram: each pair of b found by binary search in a and added in place (a truck
-- finishing adds one minute per stage). Adding them as sets (unnest both, group by minute) cost
-- ~3 ms for a month of all clients' 833 minutes, 16 times per finish.
CREATE FUNCTION acopio_tablero_histograma_mas(a int[], b int[]) RETURNS int[]
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  h int[] := coalesce(a, '{}');
  j int;
  bajo int;
  alto int;
  medio int;
  m int;
  c int;
BEGIN
  FOR j IN 1 .. coalesce(array_length(b, 1), 0) BY 2 LOOP
    m := b[j];
    c := b[j + 1];
    CONTINUE WHEN c = 0;
    -- The first pair (k: minute at 2k - 1, trucks at 2k) whose minute is not below m.
    bajo := 1;
    alto := coalesce(array_length(h, 1), 0) / 2;
    WHILE bajo <= alto LOOP
      medio := (bajo + alto) / 2;
      IF h[2 * medio - 1] < m THEN bajo := medio + 1; ELSE alto := medio - 1; END IF;
    END LOOP;
    IF h[2 * bajo - 1] IS NOT DISTINCT FROM m THEN
      IF h[2 * bajo] + c = 0 THEN
        h := h[:2 * bajo - 2] || h[2 * bajo + 1:];
      ELSE
        h[2 * bajo] := h[2 * bajo] + c;
      END IF;
    ELSE
      h := h[:2 * bajo - 2] || array[m, c] || h[2 * bajo - 1:];
    END IF;
  END LOOP;
  RETURN CASE WHEN array_length(h, 1) > 0 THEN h END;
END $$;
--> statement-breakpoint
-- Per client and for all clients (0), per day, stage and minute: the trucks finished that day
-- (stage 0 is the total, 1–3 the stages; minutes rounded to the nearest), as migration 0024's
-- rows were. The two views below make their histograms from these.
CREATE VIEW tablero_minutos_conteos_calculo AS
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
-- The counts are positive and one per minute, so the histogram is their pairs by minute (what
-- acopio_tablero_histograma makes, without running it once per day and stage in `recalcular`).
CREATE VIEW tablero_minutos_dias_calculo AS
SELECT m.codempre, m.unineg, m.dia, m.etapa, array_agg(v.x ORDER BY m.minuto, v.k) AS camiones
FROM tablero_minutos_conteos_calculo m
CROSS JOIN LATERAL (VALUES (1, m.minuto), (2, m.camiones)) v(k, x)
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE VIEW tablero_minutos_meses_calculo AS
SELECT m.codempre, m.unineg, m.mes, m.etapa, array_agg(v.x ORDER BY m.minuto, v.k) AS camiones
FROM (
  SELECT codempre, unineg, date_trunc('month', dia)::date AS mes, etapa, minuto,
         sum(camiones)::int AS camiones
  FROM tablero_minutos_conteos_calculo
  GROUP BY 1, 2, 3, 4, 5
) m
CROSS JOIN LATERAL (VALUES (1, m.minuto), (2, m.camiones)) v(k, x)
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- As in migration 0024, but each changed day's and month's histograms get the change's
-- differences added (one row per stage instead of one per minute).
CREATE OR REPLACE FUNCTION acopio_tablero_recorridos_dias() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO tablero_minutos_dias SELECT * FROM tablero_minutos_dias_calculo;
--> statement-breakpoint
INSERT INTO tablero_minutos_meses SELECT * FROM tablero_minutos_meses_calculo;
--> statement-breakpoint
-- Toneladas of a wide range from the index alone: all clients' rows (codempre 0) lie between
-- every client's in the table, one page each.
CREATE INDEX "tablero_productos_dias_lectura_idx" ON "tablero_productos_dias" USING btree ("codempre","unineg","dia","codpro","despachadas");
