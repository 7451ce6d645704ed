CREATE TABLE "eventos_playa" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"codempre" integer NOT NULL,
	"unineg" integer NOT NULL,
	"camion_ctrl" integer NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "eventos_playa_creado_idx" ON "eventos_playa" USING btree ("creado_en");--> statement-breakpoint
-- An event of the live yard for a truck: its row in eventos_playa, and a NOTIFY with only the
-- event's id (NOTIFY caps payloads at 8,000 bytes). PostgreSQL delivers the NOTIFY when the
-- transaction commits, and never if it rolls back, so a screen never sees a change that did
-- not happen.
CREATE FUNCTION acopio_evento_playa(p_ctrl integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  INSERT INTO eventos_playa (codempre, unineg, camion_ctrl)
  SELECT c.codempre, c.unineg, c.ctrl FROM camiones c WHERE c.ctrl = p_ctrl
  RETURNING id INTO v_id;
  IF v_id IS NOT NULL THEN
    PERFORM pg_notify('acopio_playa', v_id::text);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION acopio_evento_camion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM acopio_evento_playa(NEW.ctrl);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER camiones_evento_playa AFTER INSERT OR UPDATE ON camiones
  FOR EACH ROW EXECUTE FUNCTION acopio_evento_camion();
--> statement-breakpoint
-- A quota linked to or unlinked from a truck changes the truck's row on screen (its 'Cupo').
CREATE FUNCTION acopio_evento_cupo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.camion_ctrl IS NOT NULL THEN
    PERFORM acopio_evento_playa(OLD.camion_ctrl);
  END IF;
  IF NEW.camion_ctrl IS NOT NULL THEN
    PERFORM acopio_evento_playa(NEW.camion_ctrl);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cupos_evento_playa_alta AFTER INSERT ON cupos
  FOR EACH ROW WHEN (NEW.camion_ctrl IS NOT NULL) EXECUTE FUNCTION acopio_evento_cupo();
--> statement-breakpoint
CREATE TRIGGER cupos_evento_playa AFTER UPDATE OF camion_ctrl ON cupos
  FOR EACH ROW WHEN (OLD.camion_ctrl IS DISTINCT FROM NEW.camion_ctrl)
  EXECUTE FUNCTION acopio_evento_cupo();
--> statement-breakpoint
-- Sessions closed (sign-out, 'Cerrar sesiones', a new card, a deactivated user, the purge):
-- every portal process ends the live streams of those sessions at once.
CREATE FUNCTION acopio_sesiones_cerradas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('acopio_sesiones', u.usuario_id::text)
  FROM (SELECT DISTINCT usuario_id FROM cerradas) u;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sesiones_cerradas AFTER DELETE ON sesiones
  REFERENCING OLD TABLE AS cerradas FOR EACH STATEMENT EXECUTE FUNCTION acopio_sesiones_cerradas();
