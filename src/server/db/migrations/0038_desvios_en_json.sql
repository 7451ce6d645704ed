-- A weight deviation of the dashboard (issue 23) as the contract's JSON object, written by
-- joining its texts. json_agg of a 13-field record looks up how to write each field's type on
-- every row; for the 500 deviations of a call that was most of its SQL (docs/rendimiento.md).
--
-- STABLE, as to_json (which escapes the texts) is, and not more: PostgreSQL puts the body of a
-- SQL function in the query only when the body is no less volatile than the declaration, and a
-- call per row that is not inlined cost more than json_agg (4.5 against 2.0 ms for 500 rows;
-- tablero.test.ts checks the plan). The local time comes already as text (to_char in the
-- connection's time zone, db/sql.ts fechaLocal), and the percentage is rounded to one decimal,
-- which float8 writes the same under any extra_float_digits. A null argument is written null,
-- as json_agg wrote it, and does not drop the row (|| with a null is null, which string_agg
-- skips). The fields, their order and their figures are the contract's
-- (desvios of tableroDesviosRespuesta); tablero.test.ts compares the answers with the ones
-- json_agg builds from the contract.
CREATE FUNCTION acopio_tablero_desvio_json(
  camion integer, codempre integer, nomempre text, patcha text, finalizado_en text,
  ticket integer, tara integer, bruto integer, neto integer, maximo numeric
) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT '{"camion":' || coalesce(camion::text, 'null')
    || ',"codempre":' || coalesce(codempre::text, 'null')
    || ',"nomempre":' || coalesce(to_json(nomempre)::text, 'null')
    || ',"patcha":' || coalesce(to_json(patcha)::text, 'null')
    || ',"finalizadoEn":' || coalesce(to_json(finalizado_en)::text, 'null')
    || ',"ticket":' || coalesce(ticket::text, 'null')
    || ',"tara":' || coalesce(tara::text, 'null')
    || ',"bruto":' || coalesce(bruto::text, 'null')
    || ',"neto":' || coalesce(neto::text, 'null')
    || ',"maximo":' || coalesce(round(maximo)::int::text, 'null')
    || ',"diferencia":' || coalesce((neto - round(maximo)::int)::text, 'null')
    || ',"porcentaje":' || coalesce(round((neto - maximo) / maximo * 100, 1)::float8::text, 'null')
    || ',"tipo":' || CASE WHEN neto > maximo THEN '"exceso"' ELSE '"faltante"' END
    || '}'
$$;
