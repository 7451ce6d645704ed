CREATE TABLE "codigos_inicializacion" (
	"hash" char(64) PRIMARY KEY NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_en" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "direccion" varchar(200);--> statement-breakpoint
-- CUITs as 'XX-XXXXXXXX-X' from now on: one written otherwise with its 11 digits is rewritten so;
-- anything else is no CUIT (none had a use until now) and is cleared.
UPDATE "empresas" SET "cuit" = CASE
    WHEN regexp_replace("cuit", '[^0-9]', '', 'g') ~ '^[0-9]{11}$' THEN
      regexp_replace(regexp_replace("cuit", '[^0-9]', '', 'g'), '^([0-9]{2})([0-9]{8})([0-9])$', '\1-\2-\3')
    ELSE NULL END
  WHERE "cuit" IS NOT NULL AND "cuit" !~ '^[0-9]{2}-[0-9]{8}-[0-9]$';--> statement-breakpoint
ALTER TABLE "empresas" ADD CONSTRAINT "empresas_cuit_ck" CHECK ("empresas"."cuit" ~ '^[0-9]{2}-[0-9]{8}-[0-9]$');