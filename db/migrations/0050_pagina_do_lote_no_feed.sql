-- The lot page is kept rendered per instance for visitors (decision 244) and dropped when the change feed
-- (lote_alteracao, 0012/0020) names its lot. So every row the page shows must log its lot there, not only
-- the columns a card shows: the whole vehicle, yard and seller rows (their update time aside), the auction's
-- row but for its live pointer, and the rows of the tables the card never read (the lot's files, the
-- auction's documents and auctioneer, the vehicle's make, condition, inspections and checked history, who
-- pays what). The function is 0038's with those columns; the new tables go through their own function.
-- Written to run again over a copy that has some of it, as a restore of an older backup does.
CREATE OR REPLACE FUNCTION card_registrar_alteracao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'lote_foto' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO lote_alteracao (hotsite_id, lote_id) SELECT DISTINCT n.hotsite_id, n.lote_id FROM novas n;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO lote_alteracao (hotsite_id, lote_id) SELECT DISTINCT o.hotsite_id, o.lote_id FROM antigas o;
    ELSE
      INSERT INTO lote_alteracao (hotsite_id, lote_id)
      SELECT DISTINCT x.hotsite_id, x.lote_id FROM (
        SELECT n.hotsite_id, n.lote_id FROM novas n JOIN antigas o ON o.id = n.id
         WHERE (n.lote_id, n.ordem, n.url, n.aprovada, n.descricao) IS DISTINCT FROM (o.lote_id, o.ordem, o.url, o.aprovada, o.descricao)
        UNION ALL
        SELECT o.hotsite_id, o.lote_id FROM novas n JOIN antigas o ON o.id = n.id WHERE n.lote_id IS DISTINCT FROM o.lote_id
      ) x;
    END IF;
  ELSIF TG_TABLE_NAME = 'veiculo' THEN
    INSERT INTO lote_alteracao (hotsite_id, lote_id)
    SELECT l.hotsite_id, l.id FROM novas n JOIN antigas o ON o.id = n.id JOIN lote l ON l.veiculo_id = n.id
     WHERE to_jsonb(n) - 'updated_at' IS DISTINCT FROM to_jsonb(o) - 'updated_at';
  ELSIF TG_TABLE_NAME = 'leilao' THEN
    INSERT INTO lote_alteracao (hotsite_id, lote_id)
    SELECT l.hotsite_id, l.id FROM novas n JOIN antigas o ON o.id = n.id JOIN lote l ON l.hotsite_id = n.hotsite_id AND l.leilao_id = n.id
     WHERE to_jsonb(n) - 'updated_at' - 'lote_atual_id' IS DISTINCT FROM to_jsonb(o) - 'updated_at' - 'lote_atual_id';
  ELSIF TG_TABLE_NAME = 'patio' THEN
    INSERT INTO lote_alteracao (hotsite_id, lote_id)
    SELECT l.hotsite_id, l.id FROM novas n JOIN antigas o ON o.id = n.id JOIN lote l ON l.hotsite_id = n.hotsite_id AND l.patio_id = n.id
     WHERE to_jsonb(n) - 'updated_at' IS DISTINCT FROM to_jsonb(o) - 'updated_at';
  ELSIF TG_TABLE_NAME = 'comitente' THEN
    INSERT INTO lote_alteracao (hotsite_id, lote_id)
    SELECT l.hotsite_id, l.id FROM novas n JOIN antigas o ON o.id = n.id JOIN lote l ON l.hotsite_id = n.hotsite_id AND l.comitente_id = n.id
     WHERE to_jsonb(n) - 'updated_at' IS DISTINCT FROM to_jsonb(o) - 'updated_at';
  ELSIF TG_TABLE_NAME = 'veiculo_tipo' THEN
    INSERT INTO lote_alteracao (hotsite_id, lote_id)
    SELECT l.hotsite_id, l.id FROM novas n JOIN antigas o ON o.id = n.id JOIN lote l ON l.veiculo_tipo_id = n.id
     WHERE n.nome IS DISTINCT FROM o.nome;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The rows of the statement (inserted, deleted, or both sides of an update) name the lots they belong to.
CREATE OR REPLACE FUNCTION pagina_lote_registrar_alteracao() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fonte text := CASE TG_OP WHEN 'INSERT' THEN 'SELECT * FROM novas' WHEN 'DELETE' THEN 'SELECT * FROM antigas'
                ELSE 'SELECT * FROM novas UNION ALL SELECT * FROM antigas' END;
  ligacao text := CASE TG_TABLE_NAME
    WHEN 'lote_arquivo' THEN 'JOIN lote l ON l.hotsite_id = x.hotsite_id AND l.id = x.lote_id'
    WHEN 'leilao_documento' THEN 'JOIN lote l ON l.hotsite_id = x.hotsite_id AND l.leilao_id = x.leilao_id'
    WHEN 'leilao_quem_paga' THEN 'JOIN lote l ON l.hotsite_id = x.hotsite_id AND l.leilao_id = x.leilao_id'
    WHEN 'vistoria' THEN 'JOIN lote l ON l.hotsite_id = x.hotsite_id AND l.veiculo_id = x.veiculo_id'
    WHEN 'consulta_veiculo' THEN 'JOIN lote l ON l.hotsite_id = x.hotsite_id AND l.veiculo_id = x.veiculo_id'
    WHEN 'leiloeiro' THEN 'JOIN leilao e ON e.leiloeiro_id = x.id JOIN lote l ON l.hotsite_id = e.hotsite_id AND l.leilao_id = e.id'
    WHEN 'marca' THEN 'JOIN veiculo v ON v.marca_id = x.id JOIN lote l ON l.veiculo_id = v.id'
    WHEN 'estado_conservacao' THEN 'JOIN veiculo v ON v.estado_conservacao_id = x.id JOIN lote l ON l.veiculo_id = v.id'
  END;
BEGIN
  EXECUTE format('INSERT INTO lote_alteracao (hotsite_id, lote_id) SELECT DISTINCT l.hotsite_id, l.id FROM (%s) x %s', fonte, ligacao);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS lote_arquivo_alteracao_insert ON "lote_arquivo";--> statement-breakpoint
DROP TRIGGER IF EXISTS lote_arquivo_alteracao_update ON "lote_arquivo";--> statement-breakpoint
DROP TRIGGER IF EXISTS lote_arquivo_alteracao_delete ON "lote_arquivo";--> statement-breakpoint
CREATE TRIGGER lote_arquivo_alteracao_insert AFTER INSERT ON "lote_arquivo" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION pagina_lote_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER lote_arquivo_alteracao_update AFTER UPDATE ON "lote_arquivo" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION pagina_lote_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER lote_arquivo_alteracao_delete AFTER DELETE ON "lote_arquivo" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION pagina_lote_registrar_alteracao();--> statement-breakpoint
DROP TRIGGER IF EXISTS leilao_documento_alteracao_insert ON "leilao_documento";--> statement-breakpoint
DROP TRIGGER IF EXISTS leilao_documento_alteracao_update ON "leilao_documento";--> statement-breakpoint
DROP TRIGGER IF EXISTS leilao_documento_alteracao_delete ON "leilao_documento";--> statement-breakpoint
CREATE TRIGGER leilao_documento_alteracao_insert AFTER INSERT ON "leilao_documento" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION pagina_lote_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER leilao_documento_alteracao_update AFTER UPDATE ON "leilao_documento" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION pagina_lote_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER leilao_documento_alteracao_delete AFTER DELETE ON "leilao_documento" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION pagina_lote_registrar_alteracao();--> statement-breakpoint
DROP TRIGGER IF EXISTS leilao_quem_paga_alteracao_insert ON "leilao_quem_paga";--> statement-breakpoint
DROP TRIGGER IF EXISTS leilao_quem_paga_alteracao_update ON "leilao_quem_paga";--> statement-breakpoint
DROP TRIGGER IF EXISTS leilao_quem_paga_alteracao_delete ON "leilao_quem_paga";--> statement-breakpoint
CREATE TRIGGER leilao_quem_paga_alteracao_insert AFTER INSERT ON "leilao_quem_paga" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION pagina_lote_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER leilao_quem_paga_alteracao_update AFTER UPDATE ON "leilao_quem_paga" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION pagina_lote_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER leilao_quem_paga_alteracao_delete AFTER DELETE ON "leilao_quem_paga" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION pagina_lote_registrar_alteracao();--> statement-breakpoint
DROP TRIGGER IF EXISTS vistoria_alteracao_insert ON "vistoria";--> statement-breakpoint
DROP TRIGGER IF EXISTS vistoria_alteracao_update ON "vistoria";--> statement-breakpoint
DROP TRIGGER IF EXISTS vistoria_alteracao_delete ON "vistoria";--> statement-breakpoint
CREATE TRIGGER vistoria_alteracao_insert AFTER INSERT ON "vistoria" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION pagina_lote_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER vistoria_alteracao_update AFTER UPDATE ON "vistoria" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION pagina_lote_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER vistoria_alteracao_delete AFTER DELETE ON "vistoria" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION pagina_lote_registrar_alteracao();--> statement-breakpoint
DROP TRIGGER IF EXISTS consulta_veiculo_alteracao_insert ON "consulta_veiculo";--> statement-breakpoint
DROP TRIGGER IF EXISTS consulta_veiculo_alteracao_update ON "consulta_veiculo";--> statement-breakpoint
DROP TRIGGER IF EXISTS consulta_veiculo_alteracao_delete ON "consulta_veiculo";--> statement-breakpoint
CREATE TRIGGER consulta_veiculo_alteracao_insert AFTER INSERT ON "consulta_veiculo" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION pagina_lote_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER consulta_veiculo_alteracao_update AFTER UPDATE ON "consulta_veiculo" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION pagina_lote_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER consulta_veiculo_alteracao_delete AFTER DELETE ON "consulta_veiculo" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION pagina_lote_registrar_alteracao();--> statement-breakpoint
DROP TRIGGER IF EXISTS leiloeiro_alteracao_update ON "leiloeiro";--> statement-breakpoint
DROP TRIGGER IF EXISTS marca_alteracao_update ON "marca";--> statement-breakpoint
DROP TRIGGER IF EXISTS estado_conservacao_alteracao_update ON "estado_conservacao";--> statement-breakpoint
CREATE TRIGGER leiloeiro_alteracao_update AFTER UPDATE ON "leiloeiro" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION pagina_lote_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER marca_alteracao_update AFTER UPDATE ON "marca" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION pagina_lote_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER estado_conservacao_alteracao_update AFTER UPDATE ON "estado_conservacao" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION pagina_lote_registrar_alteracao();
