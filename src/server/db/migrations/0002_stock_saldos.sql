CREATE TABLE "stock_saldos" (
	"codempre" integer NOT NULL,
	"unineg" integer NOT NULL,
	"codpro" integer NOT NULL,
	"toneladas" numeric(14, 3) NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_saldos_codempre_unineg_codpro_pk" PRIMARY KEY("codempre","unineg","codpro")
);
--> statement-breakpoint
ALTER TABLE "operaciones_idempotencia" ADD COLUMN "huella" char(64) NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_saldos" ADD CONSTRAINT "stock_saldos_codempre_empresas_codempre_fk" FOREIGN KEY ("codempre") REFERENCES "public"."empresas"("codempre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_saldos" ADD CONSTRAINT "stock_saldos_unineg_unidades_negocio_ctrl_fk" FOREIGN KEY ("unineg") REFERENCES "public"."unidades_negocio"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_saldos" ADD CONSTRAINT "stock_saldos_codpro_productos_codpro_fk" FOREIGN KEY ("codpro") REFERENCES "public"."productos"("codpro") ON DELETE no action ON UPDATE no action;