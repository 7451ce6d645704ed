-- Every portal process keeps the sessions it has read in memory (features/auth/cache-sesiones.ts)
-- and forgets a user's when `acopio_sesiones` names that user. Closing sessions already
-- announces it (0011); these triggers announce the rest of what a session's answer depends on,
-- whoever changes it (a screen, the CLI, another process, SQL by hand): the user's units, the
-- user's row (active, company, name), a step-up. A change to the business units themselves
-- (an administrator holds them all, and their names travel with the session) says '*': forget all.
CREATE FUNCTION acopio_sesiones_usuario_cambiado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'usuarios' THEN
    PERFORM pg_notify('acopio_sesiones', coalesce(NEW.id, OLD.id)::text);
  ELSE
    PERFORM pg_notify('acopio_sesiones', coalesce(NEW.usuario_id, OLD.usuario_id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER usuario_unidades_sesiones AFTER INSERT OR UPDATE OR DELETE ON usuario_unidades
  FOR EACH ROW EXECUTE FUNCTION acopio_sesiones_usuario_cambiado();
--> statement-breakpoint
CREATE TRIGGER usuarios_sesiones AFTER UPDATE OF activo, codempre, usuario OR DELETE ON usuarios
  FOR EACH ROW EXECUTE FUNCTION acopio_sesiones_usuario_cambiado();
--> statement-breakpoint
CREATE TRIGGER sesiones_reautenticadas AFTER UPDATE OF reautenticada_en, expira_en ON sesiones
  FOR EACH ROW EXECUTE FUNCTION acopio_sesiones_usuario_cambiado();
--> statement-breakpoint
CREATE FUNCTION acopio_sesiones_todas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('acopio_sesiones', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER unidades_negocio_sesiones AFTER INSERT OR UPDATE OR DELETE ON unidades_negocio
  FOR EACH STATEMENT EXECUTE FUNCTION acopio_sesiones_todas();
