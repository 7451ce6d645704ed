-- The blend text of a quota ('Soja 70% / Maíz 30%': products by descending percentage, a single
-- product at 100% is just its name, decimals with a comma), kept in cupos.mezcla by triggers so
-- that lists read a column instead of aggregating the products of every row. Whatever writes the
-- blend (the order form, the yard operations, the demo, a restore), the text follows.
CREATE FUNCTION acopio_mezcla_texto(p_cupo integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_agg(
           CASE WHEN cp.porcentaje = 100 THEN p.nompro
                ELSE p.nompro || ' ' || replace(trim_scale(cp.porcentaje)::text, '.', ',') || '%' END,
           ' / ' ORDER BY cp.porcentaje DESC, p.nompro), '')
  FROM cupo_productos cp JOIN productos p ON p.codpro = cp.codpro
  WHERE cp.cupo_ctrl = p_cupo
$$;
--> statement-breakpoint
-- One statement-level trigger per event (each sees only its own transition tables): a bulk
-- insert of a thousand blends recomputes each quota once, not once per product row.
CREATE FUNCTION acopio_mezcla_tras_insertar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cupos SET mezcla = acopio_mezcla_texto(ctrl) WHERE ctrl IN (SELECT cupo_ctrl FROM nuevas);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION acopio_mezcla_tras_borrar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cupos SET mezcla = acopio_mezcla_texto(ctrl) WHERE ctrl IN (SELECT cupo_ctrl FROM viejas);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION acopio_mezcla_tras_modificar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cupos SET mezcla = acopio_mezcla_texto(ctrl)
  WHERE ctrl IN (SELECT cupo_ctrl FROM nuevas UNION SELECT cupo_ctrl FROM viejas);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION acopio_mezcla_tras_renombrar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cupos SET mezcla = acopio_mezcla_texto(ctrl)
  WHERE ctrl IN (SELECT cp.cupo_ctrl FROM cupo_productos cp JOIN nuevas n ON n.codpro = cp.codpro);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cupo_productos_mezcla_insertar AFTER INSERT ON cupo_productos
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION acopio_mezcla_tras_insertar();
--> statement-breakpoint
CREATE TRIGGER cupo_productos_mezcla_borrar AFTER DELETE ON cupo_productos
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION acopio_mezcla_tras_borrar();
--> statement-breakpoint
CREATE TRIGGER cupo_productos_mezcla_modificar AFTER UPDATE ON cupo_productos
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT
  EXECUTE FUNCTION acopio_mezcla_tras_modificar();
--> statement-breakpoint
CREATE TRIGGER productos_mezcla_renombrar AFTER UPDATE ON productos
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION acopio_mezcla_tras_renombrar();
--> statement-breakpoint
UPDATE cupos SET mezcla = acopio_mezcla_texto(ctrl);
