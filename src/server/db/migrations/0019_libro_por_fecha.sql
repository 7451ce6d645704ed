DROP INDEX "stock_movimientos_historial_idx";--> statement-breakpoint
CREATE INDEX "stock_movimientos_fecha_idx" ON "stock_movimientos" USING btree ("codempre","unineg","codpro","fecha","id");--> statement-breakpoint
ALTER TABLE "stock_cierres" DROP COLUMN "movimiento";--> statement-breakpoint
ALTER TABLE "stock_movimientos" DROP COLUMN "saldo_posterior";--> statement-breakpoint
-- Issue 20: a day's closing is everything dated up to it, not the balance the day's last
-- recorded movement left. Rebuilt in the terminal's default zone (a migration's connection does
-- not carry TZ), as 0016 did: a terminal on another zone runs `npm run cli -- stock recalcular`.
DELETE FROM "stock_cierres";--> statement-breakpoint
INSERT INTO "stock_cierres" ("codempre", "unineg", "codpro", "dia", "saldo")
SELECT codempre, unineg, codpro, dia,
       sum(toneladas) OVER (PARTITION BY codempre, unineg, codpro ORDER BY dia)
FROM (
  SELECT codempre, unineg, codpro,
         (fecha AT TIME ZONE 'America/Argentina/Buenos_Aires')::date AS dia, sum(toneladas) AS toneladas
  FROM stock_movimientos
  GROUP BY 1, 2, 3, 4
) d;
