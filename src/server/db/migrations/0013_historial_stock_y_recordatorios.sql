CREATE TABLE "encuesta_recordatorios" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"encuesta_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"enviado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_por" integer,
	"visto_en" timestamp with time zone
);
--> statement-breakpoint
-- The running balance of each ledger row: older rows get it from the ledger itself, in the
-- order they were recorded (id), product by product.
ALTER TABLE "stock_movimientos" ADD COLUMN "saldo_posterior" numeric(14, 3);--> statement-breakpoint
UPDATE "stock_movimientos" m SET "saldo_posterior" = s.saldo
FROM (
  SELECT id, sum(toneladas) OVER (PARTITION BY codempre, unineg, codpro ORDER BY id) AS saldo
  FROM "stock_movimientos"
) s
WHERE s.id = m.id;--> statement-breakpoint
ALTER TABLE "stock_movimientos" ALTER COLUMN "saldo_posterior" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "encuesta_recordatorios" ADD CONSTRAINT "encuesta_recordatorios_encuesta_id_encuestas_id_fk" FOREIGN KEY ("encuesta_id") REFERENCES "public"."encuestas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encuesta_recordatorios" ADD CONSTRAINT "encuesta_recordatorios_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encuesta_recordatorios" ADD CONSTRAINT "encuesta_recordatorios_enviado_por_usuarios_id_fk" FOREIGN KEY ("enviado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "encuesta_recordatorios_usuario_idx" ON "encuesta_recordatorios" USING btree ("usuario_id") WHERE "encuesta_recordatorios"."visto_en" is null;--> statement-breakpoint
CREATE INDEX "encuesta_recordatorios_ultimo_idx" ON "encuesta_recordatorios" USING btree ("encuesta_id","usuario_id","enviado_en");--> statement-breakpoint
CREATE INDEX "stock_movimientos_historial_idx" ON "stock_movimientos" USING btree ("codempre","unineg","codpro","id");