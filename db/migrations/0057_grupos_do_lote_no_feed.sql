-- A lot's client groups (0055, decisions 269 and 278) show on its card, in the search API's rows and on its
-- kept lot page, all of them dropped when the change feed (lote_alteracao, 0012) names the lot. So tying a lot
-- to a group or untying it (also by a deleted group's cascade) and renaming a group name its lots there.
-- Written to run again over a copy that has some of it, as a restore of an older backup does.
CREATE OR REPLACE FUNCTION grupo_do_lote_registrar_alteracao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'lote_grupo_cliente' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO lote_alteracao (hotsite_id, lote_id) SELECT DISTINCT n.hotsite_id, n.lote_id FROM novas n;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO lote_alteracao (hotsite_id, lote_id) SELECT DISTINCT o.hotsite_id, o.lote_id FROM antigas o;
    ELSE
      INSERT INTO lote_alteracao (hotsite_id, lote_id)
      SELECT DISTINCT x.hotsite_id, x.lote_id FROM (SELECT hotsite_id, lote_id FROM novas UNION ALL SELECT hotsite_id, lote_id FROM antigas) x;
    END IF;
  ELSIF TG_TABLE_NAME = 'grupo_cliente' THEN
    INSERT INTO lote_alteracao (hotsite_id, lote_id)
    SELECT DISTINCT lg.hotsite_id, lg.lote_id FROM novas n JOIN antigas o ON o.id = n.id JOIN lote_grupo_cliente lg ON lg.grupo_id = n.id
     WHERE (n.nome, n.uid) IS DISTINCT FROM (o.nome, o.uid);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS lote_grupo_cliente_alteracao_insert ON "lote_grupo_cliente";--> statement-breakpoint
DROP TRIGGER IF EXISTS lote_grupo_cliente_alteracao_update ON "lote_grupo_cliente";--> statement-breakpoint
DROP TRIGGER IF EXISTS lote_grupo_cliente_alteracao_delete ON "lote_grupo_cliente";--> statement-breakpoint
DROP TRIGGER IF EXISTS grupo_cliente_alteracao_update ON "grupo_cliente";--> statement-breakpoint
CREATE TRIGGER lote_grupo_cliente_alteracao_insert AFTER INSERT ON "lote_grupo_cliente" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION grupo_do_lote_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER lote_grupo_cliente_alteracao_update AFTER UPDATE ON "lote_grupo_cliente" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION grupo_do_lote_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER lote_grupo_cliente_alteracao_delete AFTER DELETE ON "lote_grupo_cliente" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION grupo_do_lote_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER grupo_cliente_alteracao_update AFTER UPDATE ON "grupo_cliente" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION grupo_do_lote_registrar_alteracao();
