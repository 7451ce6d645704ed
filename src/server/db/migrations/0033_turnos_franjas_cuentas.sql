DROP INDEX "turnos_cuenta_idx";--> statement-breakpoint
ALTER TABLE "turnos_franjas" ADD COLUMN "reservados" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "turnos_franjas" ADD COLUMN "presentes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "turnos_franjas" ADD COLUMN "ausentes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each band's counts (issue 24's bench: availability counted 20,000 bookings on every request).
-- The same counts computed from the bookings: what `turnos verificar` compares and what the
-- rows are filled from.
CREATE VIEW turnos_franjas_calculo AS
  SELECT calendario_id, fecha, hora,
    (count(*) FILTER (WHERE estado IN ('reservado', 'presente')))::int AS reservados,
    (count(*) FILTER (WHERE estado = 'presente'))::int AS presentes,
    (count(*) FILTER (WHERE estado = 'ausente'))::int AS ausentes
  FROM turnos
  WHERE estado <> 'cancelado'
  GROUP BY calendario_id, fecha, hora;
--> statement-breakpoint
-- Kept by statement triggers with transition tables, in the transaction that writes the
-- bookings (as the dashboard's rollups, migration 0015): every path keeps them — the service's
-- booking, change, cancel, check-in, the no-show marking, a quota's deletion, the CLI, the
-- volume generator's set-based insert, a hand-written update. Each statement subtracts what the
-- old rows counted and adds what the new ones count, per band; bands whose counts do not move
-- (a plate changed) are not touched, so they are not locked. The rows are written in key order:
-- two statements that touch the same bands never wait on each other in a cycle.
CREATE FUNCTION acopio_turnos_franjas() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v turnos_franjas[];
BEGIN
  -- Each booking as +1 (new) or -1 (old) in its band, by state; a transition table exists only
  -- for its own event, hence the three branches.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(calendario_id, fecha, hora, (estado IN ('reservado', 'presente'))::int,
                         (estado = 'presente')::int, (estado = 'ausente')::int)::turnos_franjas)
    INTO v FROM nuevos WHERE estado <> 'cancelado';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(calendario_id, fecha, hora, -(estado IN ('reservado', 'presente'))::int,
                         -(estado = 'presente')::int, -(estado = 'ausente')::int)::turnos_franjas)
    INTO v FROM viejos WHERE estado <> 'cancelado';
  ELSE
    SELECT array_agg(x) INTO v FROM (
      SELECT ROW(calendario_id, fecha, hora, (estado IN ('reservado', 'presente'))::int,
                 (estado = 'presente')::int, (estado = 'ausente')::int)::turnos_franjas
      FROM nuevos WHERE estado <> 'cancelado'
      UNION ALL
      SELECT ROW(calendario_id, fecha, hora, -(estado IN ('reservado', 'presente'))::int,
                 -(estado = 'presente')::int, -(estado = 'ausente')::int)::turnos_franjas
      FROM viejos WHERE estado <> 'cancelado'
    ) u(x);
  END IF;
  IF v IS NULL THEN RETURN NULL; END IF;

  INSERT INTO turnos_franjas AS f (calendario_id, fecha, hora, reservados, presentes, ausentes)
  SELECT calendario_id, fecha, hora, sum(reservados), sum(presentes), sum(ausentes)
  FROM unnest(v)
  GROUP BY calendario_id, fecha, hora
  HAVING sum(reservados) <> 0 OR sum(presentes) <> 0 OR sum(ausentes) <> 0
  ORDER BY calendario_id, fecha, hora
  ON CONFLICT (calendario_id, fecha, hora) DO UPDATE SET
    reservados = f.reservados + excluded.reservados,
    presentes = f.presentes + excluded.presentes,
    ausentes = f.ausentes + excluded.ausentes;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER turnos_franjas_alta AFTER INSERT ON turnos
  REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION acopio_turnos_franjas();
--> statement-breakpoint
CREATE TRIGGER turnos_franjas_cambio AFTER UPDATE ON turnos
  REFERENCING NEW TABLE AS nuevos OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION acopio_turnos_franjas();
--> statement-breakpoint
CREATE TRIGGER turnos_franjas_baja AFTER DELETE ON turnos
  REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION acopio_turnos_franjas();
--> statement-breakpoint
-- The bookings made before this migration.
INSERT INTO turnos_franjas AS f (calendario_id, fecha, hora, reservados, presentes, ausentes)
SELECT calendario_id, fecha, hora, reservados, presentes, ausentes FROM turnos_franjas_calculo
ON CONFLICT (calendario_id, fecha, hora) DO UPDATE SET
  reservados = excluded.reservados, presentes = excluded.presentes, ausentes = excluded.ausentes;
