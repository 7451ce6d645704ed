CREATE TABLE "stock_cierres" (
	"codempre" integer NOT NULL,
	"unineg" integer NOT NULL,
	"codpro" integer NOT NULL,
	"dia" date NOT NULL,
	"movimiento" bigint NOT NULL,
	"saldo" numeric(14, 3) NOT NULL,
	CONSTRAINT "stock_cierres_codempre_unineg_codpro_dia_pk" PRIMARY KEY("codempre","unineg","codpro","dia")
);
--> statement-breakpoint
CREATE INDEX "cupos_asignados_idx" ON "cupos" USING btree ("codempre","unineg") WHERE "cupos"."camion_ctrl" is not null and "cupos"."eliminado_en" is null;
--> statement-breakpoint
-- The ledger so far, day by day in the terminal's default zone (a migration's connection does
-- not carry TZ): a terminal on another zone rebuilds them with `npm run cli -- stock recalcular`.
INSERT INTO "stock_cierres" ("codempre", "unineg", "codpro", "dia", "movimiento", "saldo")
SELECT DISTINCT ON (codempre, unineg, codpro, (fecha AT TIME ZONE 'America/Argentina/Buenos_Aires')::date)
       codempre, unineg, codpro, (fecha AT TIME ZONE 'America/Argentina/Buenos_Aires')::date, id,
       saldo_posterior
FROM stock_movimientos
ORDER BY codempre, unineg, codpro, (fecha AT TIME ZONE 'America/Argentina/Buenos_Aires')::date, id DESC;
