-- Each month's histogram of tablero_minutos_meses kept also as the text the dashboard reads
-- (issue 23). A range wider than a month reads its months' histograms, about a hundred rows for
-- two years and 30,000 integers, and array_to_string wrote each as text on every call: 2.7 of
-- that call's 3.7 ms of SQL on the embedded PostgreSQL, whose integer output costs ~90 ns each
-- (docs/rendimiento.md). Now the call reads the stored text. The column is generated from its
-- row's histogram, so the fold and `tablero recalcular` keep it without knowing it and it cannot
-- disagree with it; `tablero verificar` checks the histogram. The days are not: a range reads at
-- most half a month of them at each end, and every finished truck writes two day rows per stage.
--
-- IMMUTABLE, as a generated column requires: array_to_string is only STABLE because some
-- element types write themselves by settings (dates by DateStyle); integers never do.
CREATE FUNCTION acopio_tablero_histograma_texto(camiones integer[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_string(camiones, ',')
$$;
--> statement-breakpoint
ALTER TABLE "tablero_minutos_meses" ADD COLUMN "camiones_texto" text GENERATED ALWAYS AS (acopio_tablero_histograma_texto(camiones)) STORED;
