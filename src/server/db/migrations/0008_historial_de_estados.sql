-- When each truck entered its current status (camiones.estado_desde) and the history of its
-- statuses (camion_estados), for the yard's wait ('Espera') and the turnaround's stages.
--
-- Older trucks: their history is rebuilt from what the data recorded before this migration —
-- the entry (status 1), the first quota linked (2), the tare (3) and the gross weighing (4). A
-- quota unlinked and linked again before this migration left no trace, so the time between
-- counts as waiting with an order.
UPDATE camiones c SET estado_desde = CASE c.codestado
  WHEN 1 THEN c.ingplaya
  WHEN 2 THEN greatest(c.ingplaya, coalesce(
    (SELECT max(q.asignado_en) FROM cupos q WHERE q.camion_ctrl = c.ctrl), c.ingplaya))
  WHEN 3 THEN coalesce(
    (SELECT max(t.fechatara) FROM tickets t WHERE t.camion_ctrl = c.ctrl), c.ingplaya)
  ELSE c.finalizado_en END;
--> statement-breakpoint
INSERT INTO camion_estados (camion_ctrl, codestado, desde)
SELECT c.ctrl, e.codestado, e.desde
FROM camiones c
CROSS JOIN LATERAL (VALUES
  (1, c.ingplaya),
  (2, CASE WHEN c.codestado >= 2 THEN greatest(c.ingplaya, coalesce(
        (SELECT min(q.asignado_en) FROM cupos q WHERE q.camion_ctrl = c.ctrl), c.ingplaya)) END),
  (3, CASE WHEN c.codestado >= 3 THEN
        (SELECT min(t.fechatara) FROM tickets t WHERE t.camion_ctrl = c.ctrl) END),
  (4, CASE WHEN c.codestado = 4 THEN c.finalizado_en END)
) AS e(codestado, desde)
WHERE e.desde IS NOT NULL
ORDER BY c.ctrl, e.codestado;
--> statement-breakpoint
-- Whoever changes a truck's status sets estado_desde with it (the repositories of the yard do,
-- with the scale's or the gate's instant when there is one). The history follows every change.
CREATE FUNCTION acopio_historial_estado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.codestado IS DISTINCT FROM OLD.codestado THEN
    INSERT INTO camion_estados (camion_ctrl, codestado, desde)
    VALUES (NEW.ctrl, NEW.codestado, NEW.estado_desde);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER camiones_historial_estado AFTER INSERT OR UPDATE OF codestado ON camiones
  FOR EACH ROW EXECUTE FUNCTION acopio_historial_estado();
