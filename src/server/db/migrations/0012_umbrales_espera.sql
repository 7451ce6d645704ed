CREATE TABLE "umbrales_espera" (
	"unineg" integer PRIMARY KEY NOT NULL,
	"sin_orden_aviso" integer NOT NULL,
	"sin_orden_limite" integer NOT NULL,
	"con_orden_aviso" integer NOT NULL,
	"con_orden_limite" integer NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "umbrales_espera_sin_orden_ck" CHECK (0 < "umbrales_espera"."sin_orden_aviso" and "umbrales_espera"."sin_orden_aviso" < "umbrales_espera"."sin_orden_limite"),
	CONSTRAINT "umbrales_espera_con_orden_ck" CHECK (0 < "umbrales_espera"."con_orden_aviso" and "umbrales_espera"."con_orden_aviso" < "umbrales_espera"."con_orden_limite")
);
--> statement-breakpoint
ALTER TABLE "umbrales_espera" ADD CONSTRAINT "umbrales_espera_unineg_unidades_negocio_ctrl_fk" FOREIGN KEY ("unineg") REFERENCES "public"."unidades_negocio"("ctrl") ON DELETE no action ON UPDATE no action;