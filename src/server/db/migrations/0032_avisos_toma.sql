ALTER TABLE "avisos" ADD COLUMN "tomado_hasta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "avisos" ADD COLUMN "toma" integer DEFAULT 0 NOT NULL;