ALTER TABLE "unidades_negocio" DROP CONSTRAINT "unidades_negocio_unineg_unique";--> statement-breakpoint
DROP INDEX "tipos_despacho_unineg_idx";--> statement-breakpoint
ALTER TABLE "tipos_despacho" ADD COLUMN "activo" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "unidades_negocio" ADD COLUMN "activo" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tipos_despacho_nombre_idx" ON "tipos_despacho" USING btree ("unineg",lower("nomdespacho"));--> statement-breakpoint
CREATE UNIQUE INDEX "unidades_negocio_unineg_idx" ON "unidades_negocio" USING btree (lower("unineg"));--> statement-breakpoint
ALTER TABLE "tipos_despacho" ADD CONSTRAINT "tipos_despacho_nomdespacho_ck" CHECK (length(trim("tipos_despacho"."nomdespacho")) > 0);--> statement-breakpoint
ALTER TABLE "unidades_negocio" ADD CONSTRAINT "unidades_negocio_unineg_ck" CHECK (length(trim("unidades_negocio"."unineg")) > 0);