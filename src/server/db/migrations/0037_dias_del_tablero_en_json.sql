-- Each day of tablero_recorridos_dias and tablero_productos_dias kept also as the dashboard's
-- answer writes it (issue 23): the contract's JSON object of the row, as json_agg wrote it on
-- every call. Two years are 730 days of four stages each for recorridos and ~2,200 product-days
-- for toneladas; building those objects (a record per stage, the floats and dates written as
-- text) was about half of a two-year call's SQL (docs/rendimiento.md). Now the calls join the
-- stored texts. The columns are generated from their row's own columns, so every writer (the
-- fold, the tolerance's recount, `tablero recalcular`) keeps them without knowing it, and they
-- cannot disagree with them; `tablero verificar` checks those columns.
--
-- IMMUTABLE, as a generated column requires: what it writes depends only on its arguments. A
-- date in JSON is ISO 8601 whatever DateStyle says, and the figures are minutes rounded to one
-- decimal (acopio_tablero_en_minutos), which float8 writes the same under any
-- extra_float_digits (and tons, three decimals under a trillion, the same). The fields and their
-- order are the contract's (dias of tableroRecorridosRespuesta, tableroToneladasRespuesta);
-- tablero.test.ts compares the answers with the ones json_agg builds from the contract.
CREATE FUNCTION acopio_tablero_recorrido_dia_json(
  dia date, camiones integer, total float8[], sin_orden float8[], con_orden float8[],
  operando float8[]
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT row_to_json(d)::text FROM (
    SELECT camiones,
           (SELECT p FROM (SELECT total[1] AS p50, total[2] AS p90) p) AS total,
           (SELECT p FROM (SELECT sin_orden[1] AS p50, sin_orden[2] AS p90) p) AS "sinOrden",
           (SELECT p FROM (SELECT con_orden[1] AS p50, con_orden[2] AS p90) p) AS "conOrden",
           (SELECT p FROM (SELECT operando[1] AS p50, operando[2] AS p90) p) AS operando,
           dia
  ) d
$$;
--> statement-breakpoint
CREATE FUNCTION acopio_tablero_toneladas_dia_json(dia date, codpro integer, despachadas numeric)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT row_to_json(d)::text FROM (SELECT dia, codpro, despachadas::float8 AS toneladas) d
$$;
--> statement-breakpoint
-- Made again below with the new column (adding a stored column rewrites the table and its indexes).
DROP INDEX "tablero_productos_dias_lectura_idx";
--> statement-breakpoint
ALTER TABLE "tablero_recorridos_dias" ADD COLUMN "json" text GENERATED ALWAYS AS (acopio_tablero_recorrido_dia_json(dia, camiones, total, sin_orden, con_orden, operando)) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "tablero_productos_dias" ADD COLUMN "json" text GENERATED ALWAYS AS (acopio_tablero_toneladas_dia_json(dia, codpro, despachadas)) STORED NOT NULL;
--> statement-breakpoint
-- Read from the indexes alone (see schema.ts), the deviations' count too. In exchange a day's
-- update is no longer HOT in tablero_recorridos_dias: it writes this index too (two rows per
-- finished truck; tablero_productos_dias's updates already wrote theirs).
CREATE INDEX "tablero_recorridos_dias_lectura_idx" ON "tablero_recorridos_dias" USING btree ("codempre","unineg","dia","desvios","json");
--> statement-breakpoint
CREATE INDEX "tablero_productos_dias_lectura_idx" ON "tablero_productos_dias" USING btree ("codempre","unineg","dia","codpro","despachadas","json");
