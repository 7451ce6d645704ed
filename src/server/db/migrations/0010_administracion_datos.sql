-- The units each client company works in, from what it already does: the products it handles
-- in a unit, its users' units, its trucks and quotas. From now on the administration keeps them.
INSERT INTO empresa_unidades (codempre, unineg)
SELECT codempre, unineg FROM productos_clientes WHERE codempre <> 0
UNION SELECT u.codempre, uu.unineg FROM usuario_unidades uu JOIN usuarios u ON u.id = uu.usuario_id
      WHERE u.codempre <> 0
UNION SELECT codempre, unineg FROM camiones WHERE codempre <> 0
UNION SELECT codempre, unineg FROM cupos WHERE codempre <> 0;
--> statement-breakpoint
-- Each user's last sign-in, from the audit trail.
UPDATE usuarios u SET ultimo_ingreso_en = a.fecha
FROM (SELECT usuario_id, max(fecha) AS fecha FROM auditoria
      WHERE accion = 'ingreso' AND usuario_id IS NOT NULL GROUP BY usuario_id) a
WHERE a.usuario_id = u.id;
