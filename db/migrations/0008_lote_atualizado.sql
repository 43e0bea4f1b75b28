CREATE INDEX "lote_atualizado_idx" ON "lote" USING btree ("updated_at");--> statement-breakpoint
-- Every change to a lot bumps updated_at to the moment of the change, so the search index of each
-- server instance can read what changed since its last look (with an overlap for slow commits).
CREATE OR REPLACE FUNCTION lote_tocar_atualizado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := clock_timestamp();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER lote_tocar_atualizado BEFORE UPDATE ON "lote" FOR EACH ROW EXECUTE FUNCTION lote_tocar_atualizado();
