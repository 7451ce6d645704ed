-- Issue 20, point 4: failures are counted per user name and client address, under a ceiling per
-- name across all addresses, and the step-up apart. A count in force before this migration was
-- of the name from everywhere: it becomes the name's 'usuario' row, its lock kept as it was.
ALTER TABLE "login_fallos" DROP CONSTRAINT "login_fallos_pkey";--> statement-breakpoint
ALTER TABLE "login_fallos" ADD COLUMN "ambito" varchar(15) DEFAULT 'usuario' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_fallos" ALTER COLUMN "ambito" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "login_fallos" ADD COLUMN "ip" varchar(45) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_fallos" ADD COLUMN "primer_fallo_en" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "login_fallos" SET "primer_fallo_en" = "ultimo_fallo_en";--> statement-breakpoint
ALTER TABLE "login_fallos" ADD CONSTRAINT "login_fallos_usuario_ambito_ip_pk" PRIMARY KEY("usuario","ambito","ip");--> statement-breakpoint
ALTER TABLE "login_fallos" ADD CONSTRAINT "login_fallos_ambito_ck" CHECK ("login_fallos"."ambito" in ('direccion', 'usuario', 'reautenticacion'));--> statement-breakpoint
ALTER TABLE "login_fallos" ADD CONSTRAINT "login_fallos_ip_ck" CHECK (("login_fallos"."ambito" = 'direccion') = ("login_fallos"."ip" <> ''));
