-- The lot cards are cached per instance (docs/search-index.md, "Cards"): a card joins its lot with the
-- vehicle, the vehicle type, the auction, the yard, the seller and the first photos, so a change to any
-- of these must reach the change feed that the index already reads (0012), as a row per affected lot.
-- Only the columns a card shows count; a change elsewhere (an auction's live pointer, a vehicle's
-- internal notes) logs nothing. One INSERT per statement, as for lots.
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
         WHERE (n.lote_id, n.ordem, n.url) IS DISTINCT FROM (o.lote_id, o.ordem, o.url)
        UNION ALL
        SELECT o.hotsite_id, o.lote_id FROM novas n JOIN antigas o ON o.id = n.id WHERE n.lote_id IS DISTINCT FROM o.lote_id
      ) x;
    END IF;
  ELSIF TG_TABLE_NAME = 'veiculo' THEN
    INSERT INTO lote_alteracao (hotsite_id, lote_id)
    SELECT l.hotsite_id, l.id FROM novas n JOIN antigas o ON o.id = n.id JOIN lote l ON l.veiculo_id = n.id
     WHERE (n.uid, n.ano_fabricacao, n.cambio, n.direcao, n.possui_chave, n.valor_mercado, n.prazo_documento)
           IS DISTINCT FROM (o.uid, o.ano_fabricacao, o.cambio, o.direcao, o.possui_chave, o.valor_mercado, o.prazo_documento);
  ELSIF TG_TABLE_NAME = 'leilao' THEN
    INSERT INTO lote_alteracao (hotsite_id, lote_id)
    SELECT l.hotsite_id, l.id FROM novas n JOIN antigas o ON o.id = n.id JOIN lote l ON l.hotsite_id = n.hotsite_id AND l.leilao_id = n.id
     WHERE (n.uid, n.nome, n.data, n.situacao, n.modalidade) IS DISTINCT FROM (o.uid, o.nome, o.data, o.situacao, o.modalidade);
  ELSIF TG_TABLE_NAME = 'patio' THEN
    INSERT INTO lote_alteracao (hotsite_id, lote_id)
    SELECT l.hotsite_id, l.id FROM novas n JOIN antigas o ON o.id = n.id JOIN lote l ON l.hotsite_id = n.hotsite_id AND l.patio_id = n.id
     WHERE (n.uid, n.nome, n.slug, n.cidade, n.estado_uf) IS DISTINCT FROM (o.uid, o.nome, o.slug, o.cidade, o.estado_uf);
  ELSIF TG_TABLE_NAME = 'comitente' THEN
    INSERT INTO lote_alteracao (hotsite_id, lote_id)
    SELECT l.hotsite_id, l.id FROM novas n JOIN antigas o ON o.id = n.id JOIN lote l ON l.hotsite_id = n.hotsite_id AND l.comitente_id = n.id
     WHERE n.nome_site IS DISTINCT FROM o.nome_site;
  ELSIF TG_TABLE_NAME = 'veiculo_tipo' THEN
    INSERT INTO lote_alteracao (hotsite_id, lote_id)
    SELECT l.hotsite_id, l.id FROM novas n JOIN antigas o ON o.id = n.id JOIN lote l ON l.veiculo_tipo_id = n.id
     WHERE n.nome IS DISTINCT FROM o.nome;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lote_foto_alteracao_insert AFTER INSERT ON "lote_foto" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION card_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER lote_foto_alteracao_update AFTER UPDATE ON "lote_foto" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION card_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER lote_foto_alteracao_delete AFTER DELETE ON "lote_foto" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION card_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER veiculo_alteracao_card AFTER UPDATE ON "veiculo" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION card_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER leilao_alteracao_card AFTER UPDATE ON "leilao" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION card_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER patio_alteracao_card AFTER UPDATE ON "patio" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION card_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER comitente_alteracao_card AFTER UPDATE ON "comitente" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION card_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER veiculo_tipo_alteracao_card AFTER UPDATE ON "veiculo_tipo" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION card_registrar_alteracao();
