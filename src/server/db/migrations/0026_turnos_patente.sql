ALTER TABLE "turnos" ADD COLUMN "patente" varchar(7);--> statement-breakpoint
CREATE INDEX "turnos_patente_idx" ON "turnos" USING btree ("fecha","patente") WHERE "turnos"."patente" is not null;--> statement-breakpoint
CREATE INDEX "turnos_reservados_idx" ON "turnos" USING btree ("fecha","hora") WHERE "turnos"."estado" = 'reservado';--> statement-breakpoint
ALTER TABLE "turnos" ADD CONSTRAINT "turnos_patente_ck" CHECK ("turnos"."patente" is null or "turnos"."patente" ~ '^([A-Z]{3}[0-9]{3}|[A-Z]{2}[0-9]{3}[A-Z]{2})$');