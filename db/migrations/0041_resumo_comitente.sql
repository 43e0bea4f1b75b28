-- The seller's results summary (#30, decision 199): one row per (seller, auction) with the sums the charts
-- read (lots offered and sold, the sums and counts behind each average, documents pending, money received
-- and to receive), so a seller with 50,000 lots reads about a hundred rows instead of every lot, sale and
-- payment. The rows are computed by app/modules/area-comitente/resumo.server.ts, not here; the triggers
-- below only note which (seller, auction) pairs changed, in an append-only list that a reader empties for
-- its own sellers (under the brand's advisory lock) before it reads the summary. Appending, not upserting,
-- keeps concurrent writers of one auction from waiting on each other's row; a reader deletes only the rows
-- it saw, so a writer still running keeps its row and is summed by the next reader.
CREATE TABLE "resumo_comitente_leilao" (
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE CASCADE,
	"comitente_id" integer NOT NULL REFERENCES "comitente"("id") ON DELETE CASCADE,
	"leilao_id" integer NOT NULL REFERENCES "leilao"("id") ON DELETE CASCADE,
	"ofertados" integer NOT NULL,
	"vendidos" integer NOT NULL,
	"soma_sobre_minimo" numeric NOT NULL,
	"n_sobre_minimo" integer NOT NULL,
	"soma_sobre_fipe" numeric NOT NULL,
	"n_sobre_fipe" integer NOT NULL,
	"documentos_pendentes" integer NOT NULL,
	"recebido" bigint NOT NULL,
	"a_receber" bigint NOT NULL,
	"soma_dias_pagamento" numeric NOT NULL,
	"n_dias_pagamento" integer NOT NULL,
	"soma_dias_retirada" numeric NOT NULL,
	"n_dias_retirada" integer NOT NULL,
	"calculado_em" timestamptz DEFAULT now() NOT NULL,
	PRIMARY KEY ("hotsite_id", "comitente_id", "leilao_id")
);--> statement-breakpoint
CREATE INDEX "resumo_comitente_leilao_leilao_idx" ON "resumo_comitente_leilao" USING btree ("hotsite_id", "leilao_id");--> statement-breakpoint
CREATE TABLE "resumo_comitente_pendente" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"hotsite_id" integer NOT NULL,
	"comitente_id" integer NOT NULL,
	"leilao_id" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "resumo_comitente_pendente_idx" ON "resumo_comitente_pendente" USING btree ("hotsite_id", "comitente_id");--> statement-breakpoint
-- Every pair with lots today waits for its first reader.
INSERT INTO "resumo_comitente_pendente" ("hotsite_id", "comitente_id", "leilao_id")
SELECT DISTINCT hotsite_id, comitente_id, leilao_id FROM lote WHERE comitente_id IS NOT NULL AND leilao_id IS NOT NULL;--> statement-breakpoint
-- The pairs of the lots of some sales (every active item: which lot carries a sale may change).
CREATE OR REPLACE FUNCTION resumo_comitente_sujar_vendas(p_vendas int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO resumo_comitente_pendente (hotsite_id, comitente_id, leilao_id)
  SELECT DISTINCT l.hotsite_id, l.comitente_id, l.leilao_id
    FROM venda_item i JOIN lote l ON l.id = i.lote_id
   WHERE i.venda_id = ANY (p_vendas) AND l.comitente_id IS NOT NULL AND l.leilao_id IS NOT NULL
$$;--> statement-breakpoint
-- One function for the statement triggers (transition tables `novas`/`antigas`): one INSERT per statement.
-- Only the columns the summary reads count.
CREATE OR REPLACE FUNCTION resumo_comitente_sujar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'lote' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO resumo_comitente_pendente (hotsite_id, comitente_id, leilao_id)
      SELECT DISTINCT hotsite_id, comitente_id, leilao_id FROM novas WHERE comitente_id IS NOT NULL AND leilao_id IS NOT NULL;
    ELSE
      INSERT INTO resumo_comitente_pendente (hotsite_id, comitente_id, leilao_id)
      SELECT DISTINCT hotsite_id, comitente_id, leilao_id FROM antigas WHERE comitente_id IS NOT NULL AND leilao_id IS NOT NULL;
    END IF;
  ELSIF TG_TABLE_NAME = 'veiculo' THEN
    INSERT INTO resumo_comitente_pendente (hotsite_id, comitente_id, leilao_id)
    SELECT DISTINCT l.hotsite_id, l.comitente_id, l.leilao_id
      FROM novas n JOIN antigas o ON o.id = n.id JOIN lote l ON l.veiculo_id = n.id
     WHERE (n.fipe_valor, n.documentos_recebidos_em) IS DISTINCT FROM (o.fipe_valor, o.documentos_recebidos_em)
       AND l.comitente_id IS NOT NULL AND l.leilao_id IS NOT NULL;
  ELSIF TG_TABLE_NAME = 'lote_encerramento' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO resumo_comitente_pendente (hotsite_id, comitente_id, leilao_id)
      SELECT DISTINCT l.hotsite_id, l.comitente_id, l.leilao_id FROM novas n JOIN lote l ON l.id = n.lote_id
       WHERE l.comitente_id IS NOT NULL AND l.leilao_id IS NOT NULL;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO resumo_comitente_pendente (hotsite_id, comitente_id, leilao_id)
      SELECT DISTINCT l.hotsite_id, l.comitente_id, l.leilao_id FROM antigas o JOIN lote l ON l.id = o.lote_id
       WHERE l.comitente_id IS NOT NULL AND l.leilao_id IS NOT NULL;
    ELSE
      INSERT INTO resumo_comitente_pendente (hotsite_id, comitente_id, leilao_id)
      SELECT DISTINCT l.hotsite_id, l.comitente_id, l.leilao_id
        FROM novas n JOIN antigas o ON o.lote_id = n.lote_id JOIN lote l ON l.id = n.lote_id
       WHERE n.encerrado_em IS DISTINCT FROM o.encerrado_em AND l.comitente_id IS NOT NULL AND l.leilao_id IS NOT NULL;
    END IF;
  ELSIF TG_TABLE_NAME = 'venda_item' THEN
    -- The item's own lot (it may have just left the sale) and every lot of its sale.
    IF TG_OP = 'INSERT' THEN
      INSERT INTO resumo_comitente_pendente (hotsite_id, comitente_id, leilao_id)
      SELECT DISTINCT l.hotsite_id, l.comitente_id, l.leilao_id FROM novas n JOIN lote l ON l.id = n.lote_id
       WHERE l.comitente_id IS NOT NULL AND l.leilao_id IS NOT NULL;
      PERFORM resumo_comitente_sujar_vendas(ARRAY(SELECT DISTINCT venda_id FROM novas));
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO resumo_comitente_pendente (hotsite_id, comitente_id, leilao_id)
      SELECT DISTINCT l.hotsite_id, l.comitente_id, l.leilao_id FROM antigas o JOIN lote l ON l.id = o.lote_id
       WHERE l.comitente_id IS NOT NULL AND l.leilao_id IS NOT NULL;
      PERFORM resumo_comitente_sujar_vendas(ARRAY(SELECT DISTINCT venda_id FROM antigas));
    ELSE
      INSERT INTO resumo_comitente_pendente (hotsite_id, comitente_id, leilao_id)
      SELECT DISTINCT l.hotsite_id, l.comitente_id, l.leilao_id
        FROM novas n JOIN antigas o ON o.id = n.id JOIN lote l ON l.id IN (n.lote_id, o.lote_id)
       WHERE (n.lote_id, n.venda_id, n.ativo, n.hotsite_id) IS DISTINCT FROM (o.lote_id, o.venda_id, o.ativo, o.hotsite_id)
         AND l.comitente_id IS NOT NULL AND l.leilao_id IS NOT NULL;
      PERFORM resumo_comitente_sujar_vendas(ARRAY(
        SELECT DISTINCT x.v FROM novas n JOIN antigas o ON o.id = n.id, LATERAL (VALUES (n.venda_id), (o.venda_id)) x(v)
         WHERE (n.lote_id, n.venda_id, n.ativo, n.hotsite_id) IS DISTINCT FROM (o.lote_id, o.venda_id, o.ativo, o.hotsite_id)));
    END IF;
  ELSIF TG_TABLE_NAME = 'venda' THEN
    PERFORM resumo_comitente_sujar_vendas(ARRAY(
      SELECT n.id FROM novas n JOIN antigas o ON o.id = n.id
       WHERE (n.situacao, n.total, n.situacao_entrega, n.agendado_horario, n.hotsite_id)
             IS DISTINCT FROM (o.situacao, o.total, o.situacao_entrega, o.agendado_horario, o.hotsite_id)));
  ELSIF TG_TABLE_NAME = 'pagamento' THEN
    IF TG_OP = 'INSERT' THEN
      PERFORM resumo_comitente_sujar_vendas(ARRAY(SELECT DISTINCT venda_id FROM novas));
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM resumo_comitente_sujar_vendas(ARRAY(SELECT DISTINCT venda_id FROM antigas));
    ELSE
      PERFORM resumo_comitente_sujar_vendas(ARRAY(
        SELECT DISTINCT x.v FROM novas n JOIN antigas o ON o.id = n.id, LATERAL (VALUES (n.venda_id), (o.venda_id)) x(v)
         WHERE (n.venda_id, n.situacao, n.valor, n.data_pagamento, n.respondido_at, n.hotsite_id)
               IS DISTINCT FROM (o.venda_id, o.situacao, o.valor, o.data_pagamento, o.respondido_at, o.hotsite_id)));
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A lot's update, row by row with a WHEN the executor checks without calling any function: a bid (new
-- price, a later end) on a lot still in dispute changes nothing the summary reads until the lot closes,
-- and its closing changes the situation. The sold list is SITUACOES_ARREMATADO (app/modules/dominio).
CREATE OR REPLACE FUNCTION resumo_comitente_sujar_lote() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO resumo_comitente_pendente (hotsite_id, comitente_id, leilao_id)
  SELECT DISTINCT x.h, x.c, x.l FROM (VALUES (OLD.hotsite_id, OLD.comitente_id, OLD.leilao_id), (NEW.hotsite_id, NEW.comitente_id, NEW.leilao_id)) x(h, c, l)
   WHERE x.c IS NOT NULL AND x.l IS NOT NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lote_resumo_comitente_update AFTER UPDATE ON "lote" FOR EACH ROW
  WHEN ((OLD.comitente_id IS NOT NULL OR NEW.comitente_id IS NOT NULL)
    AND ((OLD.hotsite_id, OLD.comitente_id, OLD.leilao_id, OLD.situacao) IS DISTINCT FROM (NEW.hotsite_id, NEW.comitente_id, NEW.leilao_id, NEW.situacao)
      OR ((OLD.minimo, OLD.ultimo_lance_valor, OLD.veiculo_id, OLD.data_fim) IS DISTINCT FROM (NEW.minimo, NEW.ultimo_lance_valor, NEW.veiculo_id, NEW.data_fim)
          AND NEW.situacao IN ('AG_PAGAMENTO', 'PAGO', 'BOLETO', 'PAGO_CARTAO', 'PARCIAL_CARTAO', 'RETIRADO', 'BUY_NOW'))))
  EXECUTE FUNCTION resumo_comitente_sujar_lote();--> statement-breakpoint
CREATE TRIGGER lote_resumo_comitente_insert AFTER INSERT ON "lote" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_comitente_sujar();--> statement-breakpoint
CREATE TRIGGER lote_resumo_comitente_delete AFTER DELETE ON "lote" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION resumo_comitente_sujar();--> statement-breakpoint
CREATE TRIGGER veiculo_resumo_comitente AFTER UPDATE ON "veiculo" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_comitente_sujar();--> statement-breakpoint
CREATE TRIGGER lote_encerramento_resumo_comitente_insert AFTER INSERT ON "lote_encerramento" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_comitente_sujar();--> statement-breakpoint
CREATE TRIGGER lote_encerramento_resumo_comitente_update AFTER UPDATE ON "lote_encerramento" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_comitente_sujar();--> statement-breakpoint
CREATE TRIGGER lote_encerramento_resumo_comitente_delete AFTER DELETE ON "lote_encerramento" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION resumo_comitente_sujar();--> statement-breakpoint
CREATE TRIGGER venda_item_resumo_comitente_insert AFTER INSERT ON "venda_item" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_comitente_sujar();--> statement-breakpoint
CREATE TRIGGER venda_item_resumo_comitente_update AFTER UPDATE ON "venda_item" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_comitente_sujar();--> statement-breakpoint
CREATE TRIGGER venda_item_resumo_comitente_delete AFTER DELETE ON "venda_item" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION resumo_comitente_sujar();--> statement-breakpoint
CREATE TRIGGER venda_resumo_comitente AFTER UPDATE ON "venda" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_comitente_sujar();--> statement-breakpoint
CREATE TRIGGER pagamento_resumo_comitente_insert AFTER INSERT ON "pagamento" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_comitente_sujar();--> statement-breakpoint
CREATE TRIGGER pagamento_resumo_comitente_update AFTER UPDATE ON "pagamento" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_comitente_sujar();--> statement-breakpoint
CREATE TRIGGER pagamento_resumo_comitente_delete AFTER DELETE ON "pagamento" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION resumo_comitente_sujar();
--> statement-breakpoint
-- The suggested minimum's history (decision 165) by model: the brand's lots of one model in closed situations
-- straight from the index (a seller asking for a suggestion read every lot of the brand), and the models'
-- hints as one index probe per distinct model (a skip scan, in minimo-sugerido.server.ts).
CREATE INDEX "lote_modelo_historico_idx" ON "lote" USING btree ("hotsite_id", lower("modelo"), "situacao") INCLUDE ("modelo", "minimo", "veiculo_id", "ano_modelo");
