CREATE TABLE "camion_estados" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"camion_ctrl" integer NOT NULL,
	"codestado" smallint NOT NULL,
	"desde" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camiones" ADD COLUMN "estado_desde" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "camion_estados" ADD CONSTRAINT "camion_estados_camion_ctrl_camiones_ctrl_fk" FOREIGN KEY ("camion_ctrl") REFERENCES "public"."camiones"("ctrl") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camion_estados_camion_idx" ON "camion_estados" USING btree ("camion_ctrl","desde");