CREATE TABLE "empresa_unidades" (
	"codempre" integer NOT NULL,
	"unineg" integer NOT NULL,
	CONSTRAINT "empresa_unidades_codempre_unineg_pk" PRIMARY KEY("codempre","unineg")
);
--> statement-breakpoint
ALTER TABLE "sesiones" ADD COLUMN "reautenticada_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "ultimo_ingreso_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "empresa_unidades" ADD CONSTRAINT "empresa_unidades_codempre_empresas_codempre_fk" FOREIGN KEY ("codempre") REFERENCES "public"."empresas"("codempre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresa_unidades" ADD CONSTRAINT "empresa_unidades_unineg_unidades_negocio_ctrl_fk" FOREIGN KEY ("unineg") REFERENCES "public"."unidades_negocio"("ctrl") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_actor_idx" ON "auditoria" USING btree ("actor","id");--> statement-breakpoint
CREATE INDEX "auditoria_accion_idx" ON "auditoria" USING btree ("accion","id");--> statement-breakpoint
CREATE INDEX "auditoria_tabla_idx" ON "auditoria" USING btree ("tabla","id");