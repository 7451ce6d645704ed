-- Each day of tablero_recorridos_dias kept also as the dashboard's answer writes it (issue 23):
-- the contract's JSON object of the day, as json_agg wrote it from the row on every call. Two
-- years are 730 days of four stages each; building those objects (a record per stage, the
-- floats written as text) was about half of a two-year call's SQL (docs/rendimiento.md). Now the
-- call joins the stored texts. The column is generated from the row's own columns, so every
-- writer (the fold's recount, the tolerance's recount, `tablero recalcular`) keeps it without
-- knowing it, and it cannot disagree with them; `tablero verificar` checks those columns.
--
-- IMMUTABLE, as a generated column requires: what it writes depends only on its arguments. A
-- date in JSON is ISO 8601 whatever DateStyle says, and the figures are minutes rounded to one
-- decimal (acopio_tablero_en_minutos), which float8 writes the same under any
-- extra_float_digits. The fields and their order are the contract's (dias of
-- tableroRecorridosRespuesta); tablero.test.ts compares the answer with the one json_agg builds
-- from the contract.
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
ALTER TABLE "tablero_recorridos_dias" ADD COLUMN "json" text GENERATED ALWAYS AS (acopio_tablero_recorrido_dia_json(dia, camiones, total, sin_orden, con_orden, operando)) STORED NOT NULL;
--> statement-breakpoint
-- Read from the index alone (see schema.ts). In exchange a day's update is no longer HOT: it
-- writes this index too (two rows per finished truck, as tablero_productos_dias per dispatch).
CREATE INDEX "tablero_recorridos_dias_lectura_idx" ON "tablero_recorridos_dias" USING btree ("codempre","unineg","dia","json");
