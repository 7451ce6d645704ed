-- The audit as a person reads it (issue 22): each row's sentence and the names it mentions,
-- written with the row. Rows written before this migration get them from completarAuditoria
-- (src/server/db/auditoria.ts), which runs right after the migrations.
ALTER TABLE "auditoria" ADD COLUMN "frase" text;--> statement-breakpoint
ALTER TABLE "auditoria" ADD COLUMN "nombres" jsonb;--> statement-breakpoint
-- The text filter's index needs pg_trgm (in the embedded PostgreSQL and in PostgreSQL's contrib;
-- a trusted extension: the database's owner may create it). Where it cannot be created the
-- portal still starts and the filter still answers, by reading the trail newest first.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX "auditoria_frase_idx" ON "auditoria" USING gin ("frase" gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'auditoria_frase_idx sin crear (pg_trgm): %', SQLERRM;
END
$$;--> statement-breakpoint
CREATE INDEX "auditoria_sin_frase_idx" ON "auditoria" USING btree ("id") WHERE "auditoria"."frase" is null;
