ALTER TABLE "productos" ADD COLUMN "activo" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "envases_codempre_nombre_idx" ON "envases" USING btree ("codempre",lower("nombre"));--> statement-breakpoint
CREATE UNIQUE INDEX "productos_nompro_minusculas_idx" ON "productos" USING btree (lower("nompro"));--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_codpro_ck" CHECK ("productos"."codpro" > 0);--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_nompro_ck" CHECK (length(trim("productos"."nompro")) > 0);