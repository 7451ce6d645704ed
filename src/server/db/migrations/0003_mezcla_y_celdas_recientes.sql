ALTER TABLE "cupos" ADD COLUMN "mezcla" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tarjetas" ADD COLUMN "celdas_recientes" varchar(2)[] DEFAULT '{}' NOT NULL;