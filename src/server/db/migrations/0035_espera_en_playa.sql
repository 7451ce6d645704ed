-- The dashboard's waiting trucks (issue 23) of every client of a unit read through
-- camiones_estado_idx, which starts with the company: 2-4 ms per recorridos call over the yard.
-- This one holds only the yard (statuses 1 and 2) by unit, status and since when, so the query
-- reads from the oldest wait up to its warning's instant.
CREATE INDEX "camiones_espera_idx" ON "camiones" USING btree ("unineg","codestado","estado_desde") WHERE "camiones"."codestado" in (1, 2);
