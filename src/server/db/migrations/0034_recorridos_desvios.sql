-- The deviations' list (issue 23) reads the plate and the last ticket with a gross weight from
-- the truck's row of tablero_recorridos, not from camiones and tickets for each of the up to 500
-- trucks it shows (~7 ms of SQL per call over two years of history, most of the list's cost).
-- They are facts of the finished truck like its net weight: the view that computes the row
-- (`verificar` compares, `recalcular` copies) gains them at its end (CREATE OR REPLACE keeps the
-- columns before), the triggers that rewrite the row on a ticket's or the truck's change keep
-- them, and a plate changed on a finished truck rewrites its row (below). The unit's index by
-- finish becomes tablero_recorridos_lectura_idx, with every column the dashboard reads, built at
-- the end, after the fill.
DROP INDEX "tablero_recorridos_unidad_idx";--> statement-breakpoint
ALTER TABLE "tablero_recorridos" ADD COLUMN "patcha" varchar(10);--> statement-breakpoint
ALTER TABLE "tablero_recorridos" ADD COLUMN "ticket" integer;--> statement-breakpoint
ALTER TABLE "tablero_recorridos" ADD COLUMN "tara" integer;--> statement-breakpoint
ALTER TABLE "tablero_recorridos" ADD COLUMN "bruto" integer;
--> statement-breakpoint
CREATE OR REPLACE VIEW tablero_recorridos_calculo AS
SELECT c.ctrl AS camion_ctrl, c.codempre, c.unineg, c.finalizado_en,
       round(extract(epoch FROM c.finalizado_en - c.ingplaya))::int AS total_s,
       e.sin_orden_s, e.con_orden_s, e.operando_s, t.neto_kg, q.maximo_kg,
       c.patcha, k.ctrl AS ticket, k.tara, k.bruto
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
-- The ticket the list shows: the truck's last one with a gross weight (none: all null).
LEFT JOIN LATERAL (
  SELECT k.ctrl, k.tara, k.bruto FROM tickets k
  WHERE k.camion_ctrl = c.ctrl AND k.bruto IS NOT NULL ORDER BY k.ctrl DESC LIMIT 1
) k ON true
WHERE c.codestado = 4;
--> statement-breakpoint
-- The plate is the truck's only fact here that its own trigger does not follow (it compares
-- what the hours count): a plate corrected on a finished truck rewrites its row. Rare, so a
-- row trigger, which does not even run unless the statement sets patcha.
CREATE FUNCTION acopio_tablero_patente() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM acopio_tablero_recorridos(array[NEW.ctrl]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER camiones_tablero_patente AFTER UPDATE OF patcha ON camiones
  FOR EACH ROW WHEN (OLD.patcha IS DISTINCT FROM NEW.patcha AND NEW.codestado = 4)
  EXECUTE FUNCTION acopio_tablero_patente();
--> statement-breakpoint
-- The rows already there, filled as the view fills them. The day rollups do not read these
-- columns: their triggers stay off for this statement (as `recalcular` does), else each day of
-- every row would be recomputed.
SELECT set_config('acopio.tablero_sin_dias', 'si', true);
--> statement-breakpoint
UPDATE tablero_recorridos r SET patcha = c.patcha, ticket = k.ctrl, tara = k.tara, bruto = k.bruto
FROM camiones c
LEFT JOIN LATERAL (
  SELECT k.ctrl, k.tara, k.bruto FROM tickets k
  WHERE k.camion_ctrl = c.ctrl AND k.bruto IS NOT NULL ORDER BY k.ctrl DESC LIMIT 1
) k ON true
WHERE c.ctrl = r.camion_ctrl;
--> statement-breakpoint
SELECT set_config('acopio.tablero_sin_dias', '', true);
--> statement-breakpoint
CREATE INDEX "tablero_recorridos_lectura_idx" ON "tablero_recorridos" USING btree ("unineg","finalizado_en","camion_ctrl","codempre","total_s","sin_orden_s","con_orden_s","operando_s","neto_kg","maximo_kg","patcha","ticket","tara","bruto");
