-- Saved searches read the lots released in a window (decision 214): by creation time, without scanning the lots.
CREATE INDEX lote_criado_idx ON lote (created_at);
--> statement-breakpoint
-- The referral credit (decision 188) deducted from the referrer's next commission (decision 215): the part of the
-- credit a sale took, shown as its own line and taken off the sale's total. Never more than the sale's commission.
ALTER TABLE venda ADD COLUMN valor_credito_indicacao bigint NOT NULL DEFAULT 0 CHECK (valor_credito_indicacao >= 0);
--> statement-breakpoint
-- A client's credit left: rewards earned as a referrer less what their live sales (not cancelled, not given up) took.
CREATE FUNCTION saldo_credito_indicacao(p_hotsite_id int, p_usuario_id int) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT sum(i.recompensa) FROM indicacao i
                    WHERE i.hotsite_id = p_hotsite_id AND i.indicador_id = p_usuario_id AND i.recompensada_em IS NOT NULL), 0)
       - coalesce((SELECT sum(v.valor_credito_indicacao) FROM venda v
                    WHERE v.hotsite_id = p_hotsite_id AND v.usuario_id = p_usuario_id
                      AND v.situacao NOT IN ('Cancelada', 'ClienteDesistiu')), 0)
$$;
--> statement-breakpoint
-- Every way a sale is opened (a lot's close, buy-now batches, conditional sales) holds the client's advisory lock, so
-- the credit a new sale takes here is read and written by one transaction at a time: it is taken once. A client with no
-- reward costs one probe of indicacao_indicador_idx.
CREATE FUNCTION venda_toma_credito_indicacao() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  credito bigint;
BEGIN
  IF NEW.situacao NOT IN ('AguardandoPagamento', 'AguardandoValidacao') OR NEW.valor_comissao <= 0
     OR NOT EXISTS (SELECT 1 FROM indicacao i WHERE i.hotsite_id = NEW.hotsite_id AND i.indicador_id = NEW.usuario_id
                                               AND i.recompensada_em IS NOT NULL) THEN
    RETURN NEW;
  END IF;
  credito := least(saldo_credito_indicacao(NEW.hotsite_id, NEW.usuario_id), NEW.valor_comissao);
  IF credito > 0 THEN
    NEW.valor_credito_indicacao := credito;
    NEW.total := NEW.total - credito;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER venda_toma_credito_indicacao BEFORE INSERT ON venda FOR EACH ROW EXECUTE FUNCTION venda_toma_credito_indicacao();
