-- A page view (visualizacoes + 1) is not a change of the lot: it keeps updated_at, so the search
-- indexes do not re-read the row, their facet counts stay valid and the sitemap's lastmod does not
-- move with the traffic. Any other change still stamps the moment of the change. The row comparison
-- runs only on updates that touch visualizacoes, never on a bid's. valor_atual is left out of it: a
-- generated column reads NULL in NEW before the row is written (it follows ultimo_lance_valor/minimo,
-- which are compared).
CREATE OR REPLACE FUNCTION lote_tocar_atualizado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.visualizacoes IS DISTINCT FROM OLD.visualizacoes
     AND (to_jsonb(NEW) - 'visualizacoes' - 'updated_at' - 'valor_atual') = (to_jsonb(OLD) - 'visualizacoes' - 'updated_at' - 'valor_atual') THEN
    NEW.updated_at := OLD.updated_at;
    RETURN NEW;
  END IF;
  NEW.updated_at := clock_timestamp();
  RETURN NEW;
END
$$;
