CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" varchar(2000) NOT NULL,
	"eventos" text[] NOT NULL,
	"codempre" integer,
	"secreto" varchar(100) NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"motivo_inactivo" text,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_intentos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"aviso_id" bigint NOT NULL,
	"http" smallint,
	"error" text,
	"ms" integer NOT NULL,
	"en" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_codempre_empresas_codempre_fk" FOREIGN KEY ("codempre") REFERENCES "public"."empresas"("codempre") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_intentos" ADD CONSTRAINT "webhook_intentos_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_activos_idx" ON "webhook_endpoints" USING btree ("codempre") WHERE "webhook_endpoints"."activo";--> statement-breakpoint
CREATE INDEX "webhook_intentos_endpoint_idx" ON "webhook_intentos" USING btree ("endpoint_id","aviso_id");--> statement-breakpoint
CREATE INDEX "webhook_intentos_aviso_idx" ON "webhook_intentos" USING btree ("aviso_id");