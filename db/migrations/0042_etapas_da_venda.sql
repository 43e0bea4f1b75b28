-- Issue #31, decisions 204-206: the sale stages reach the insurer by themselves, and the insurer's questions
-- (S14) are kept to be answered (S15).
--
-- The stages the lot, the sale and the vehicle move (S10 released, S11 sold, S12 paid, S13 transfer documents,
-- S17 picked up) are written here by triggers in the lot's, sale's or vehicle's own transaction, so the bid engine, the closing
-- and the sales module know nothing of insurers; the insurers' sender (modules/seguradoras) reports each one,
-- in order, once: (remocao_id, codigo) is unique.
CREATE TABLE "remocao_etapa_automatica" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"remocao_id" integer NOT NULL REFERENCES "remocao"("id") ON DELETE cascade,
	"codigo" text NOT NULL,
	"lote_id" integer REFERENCES "lote"("id") ON DELETE set null,
	"origem" text NOT NULL,
	"situacao" text DEFAULT 'pendente' NOT NULL,
	"motivo" text,
	"proxima_em" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remocao_etapa_automatica_unica" UNIQUE("remocao_id","codigo")
);--> statement-breakpoint
CREATE INDEX "remocao_etapa_automatica_pendentes_index" ON "remocao_etapa_automatica" USING btree ("proxima_em") WHERE "situacao" = 'pendente';--> statement-breakpoint
CREATE INDEX "remocao_etapa_automatica_hotsite_id_remocao_id_index" ON "remocao_etapa_automatica" USING btree ("hotsite_id","remocao_id");--> statement-breakpoint
-- The insurer's removal of the vehicle: the newest one that reached the yard and came with a processId.
CREATE FUNCTION remocao_etapa_anotar(p_hotsite integer, p_veiculo integer, p_codigo text, p_lote integer, p_origem text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO remocao_etapa_automatica (hotsite_id, remocao_id, codigo, lote_id, origem)
  SELECT r.hotsite_id, r.id, p_codigo, p_lote, p_origem FROM remocao r
   WHERE r.hotsite_id = p_hotsite AND r.veiculo_id = p_veiculo AND r.process_id IS NOT NULL AND r.situacao = 'CONCLUIDA'
   ORDER BY r.id DESC LIMIT 1
  ON CONFLICT ON CONSTRAINT remocao_etapa_automatica_unica DO NOTHING;
END $$;
--> statement-breakpoint
CREATE FUNCTION remocao_etapa_do_lote() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM remocao_etapa_anotar(NEW.hotsite_id, NEW.veiculo_id,
    CASE WHEN NEW.situacao = 'LIBERADO_LEILAO' THEN 'S10'
         WHEN NEW.situacao IN ('AG_PAGAMENTO', 'BOLETO', 'PARCIAL_CARTAO', 'BUY_NOW') THEN 'S11'
         WHEN NEW.situacao IN ('PAGO', 'PAGO_CARTAO') THEN 'S12'
         ELSE 'S17' END,
    NEW.id, 'lote ' || NEW.situacao);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only a change of situation into one of these: a bid rewrites the situation with the same value, and the WHEN
-- keeps the trigger off that path.
CREATE TRIGGER lote_etapa_da_seguradora AFTER UPDATE OF situacao ON lote FOR EACH ROW
  WHEN (OLD.situacao IS DISTINCT FROM NEW.situacao
        AND NEW.situacao IN ('LIBERADO_LEILAO', 'AG_PAGAMENTO', 'BOLETO', 'PARCIAL_CARTAO', 'BUY_NOW', 'PAGO', 'PAGO_CARTAO', 'RETIRADO'))
  EXECUTE FUNCTION remocao_etapa_do_lote();
--> statement-breakpoint
CREATE TRIGGER lote_criado_etapa_da_seguradora AFTER INSERT ON lote FOR EACH ROW
  WHEN (NEW.situacao = 'LIBERADO_LEILAO')
  EXECUTE FUNCTION remocao_etapa_do_lote();
--> statement-breakpoint
CREATE FUNCTION remocao_etapa_dos_documentos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM remocao_etapa_anotar(NEW.hotsite_id, NEW.id, 'S13', NULL, 'documentos recebidos');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER veiculo_documentos_etapa_da_seguradora AFTER UPDATE OF documentos_recebidos_em ON veiculo FOR EACH ROW
  WHEN (OLD.documentos_recebidos_em IS NULL AND NEW.documentos_recebidos_em IS NOT NULL)
  EXECUTE FUNCTION remocao_etapa_dos_documentos();
--> statement-breakpoint
-- The sale paid (Fechada: S12) and the vehicle handed over (entregue: S17), for each of the sale's lots.
CREATE FUNCTION remocao_etapa_da_venda() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  l record;
BEGIN
  FOR l IN SELECT lo.id, lo.veiculo_id FROM venda_item i JOIN lote lo ON lo.id = i.lote_id
            WHERE i.venda_id = NEW.id AND lo.hotsite_id = NEW.hotsite_id ORDER BY lo.id LOOP
    IF NEW.situacao = 'Fechada' AND OLD.situacao IS DISTINCT FROM 'Fechada' THEN
      PERFORM remocao_etapa_anotar(NEW.hotsite_id, l.veiculo_id, 'S12', l.id, 'venda Fechada');
    END IF;
    IF NEW.situacao_entrega = 'entregue' AND OLD.situacao_entrega IS DISTINCT FROM 'entregue' THEN
      PERFORM remocao_etapa_anotar(NEW.hotsite_id, l.veiculo_id, 'S17', l.id, 'venda entregue');
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER venda_etapa_da_seguradora AFTER UPDATE OF situacao, situacao_entrega ON venda FOR EACH ROW
  WHEN ((NEW.situacao = 'Fechada' AND OLD.situacao IS DISTINCT FROM 'Fechada')
        OR (NEW.situacao_entrega = 'entregue' AND OLD.situacao_entrega IS DISTINCT FROM 'entregue'))
  EXECUTE FUNCTION remocao_etapa_da_venda();
--> statement-breakpoint
-- An insurer's question (S14, communication_request) and our answer (S15): one row per question code.
CREATE TABLE "seguradora_comunicacao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL UNIQUE,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"remocao_id" integer NOT NULL REFERENCES "remocao"("id") ON DELETE cascade,
	"codigo" text NOT NULL,
	"tipo" text,
	"protocolo" text,
	"texto" text NOT NULL,
	"usuario" text,
	"recebida_em" timestamp with time zone NOT NULL,
	"resposta" text,
	"respondida_em" timestamp with time zone,
	"respondida_por_id" integer REFERENCES "usuario"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seguradora_comunicacao_unica" UNIQUE("remocao_id","codigo")
);--> statement-breakpoint
CREATE INDEX "seguradora_comunicacao_hotsite_id_remocao_id_index" ON "seguradora_comunicacao" USING btree ("hotsite_id","remocao_id");
