-- The tamper-evident bid record (#34, decision 196): each accepted bid carries the SHA-256 of its canonical
-- fields chained to the hash of the lot's previous bid, computed by a BEFORE INSERT trigger, so every writer
-- (the engine's batches, the fast path lance_manual_lote, the auctioneer's floor bids, buy-now, the seed) is
-- chained in the bid's own statement and transaction without a change of its own. Every writer holds the
-- lot's row lock (FOR UPDATE) before it inserts, so the previous bid is the lot's highest id; rows of one
-- multi-row INSERT see the ones before them (a BEFORE ROW trigger sees the rows its statement already wrote).
-- Canonical line (v1): id|uid|hotsite_id|lote_id|usuario_id|valor|tipo|ordem|data in epoch ms|previous hash,
-- the first bid's previous hash being 64 zeros. app/modules/dominio/cadeia-de-lances.ts rebuilds the same line.
ALTER TABLE lance ADD COLUMN hash_anterior text;
--> statement-breakpoint
ALTER TABLE lance ADD COLUMN hash text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lance_linha_canonica(p_id int, p_uid uuid, p_hotsite int, p_lote int, p_usuario int, p_valor bigint,
                                                p_tipo text, p_ordem int, p_data timestamptz, p_anterior text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'v1|' || p_id || '|' || p_uid || '|' || p_hotsite || '|' || p_lote || '|' || p_usuario || '|' || p_valor || '|' || p_tipo
         || '|' || p_ordem || '|' || floor(extract(epoch FROM p_data) * 1000)::bigint || '|' || p_anterior
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lance_encadear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT x.hash INTO NEW.hash_anterior FROM lance x WHERE x.lote_id = NEW.lote_id ORDER BY x.id DESC LIMIT 1;
  NEW.hash_anterior := coalesce(NEW.hash_anterior, repeat('0', 64));
  NEW.hash := encode(sha256(convert_to(lance_linha_canonica(NEW.id, NEW.uid, NEW.hotsite_id, NEW.lote_id, NEW.usuario_id,
                NEW.valor, NEW.tipo, NEW.ordem, NEW.data, NEW.hash_anterior), 'UTF8')), 'hex');
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- The bids already stored, chained lot by lot in id order (the trigger is not there yet).
DO $$
DECLARE
  r record;
  lote_atual int := NULL;
  anterior text;
  h text;
BEGIN
  FOR r IN SELECT id, uid, hotsite_id, lote_id, usuario_id, valor, tipo, ordem, data FROM lance ORDER BY lote_id, id LOOP
    IF lote_atual IS DISTINCT FROM r.lote_id THEN
      lote_atual := r.lote_id;
      anterior := repeat('0', 64);
    END IF;
    h := encode(sha256(convert_to(lance_linha_canonica(r.id, r.uid, r.hotsite_id, r.lote_id, r.usuario_id, r.valor, r.tipo,
           r.ordem, r.data, anterior), 'UTF8')), 'hex');
    UPDATE lance SET hash_anterior = anterior, hash = h WHERE id = r.id;
    anterior := h;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lance_encadear BEFORE INSERT ON lance FOR EACH ROW EXECUTE FUNCTION lance_encadear();
--> statement-breakpoint
-- The brand seal (#34, decision 197): a sale's header keeps a copy of the account it is paid into; every reader
-- of the header takes it through this function, which rebuilds the account from the brand's listed accounts
-- (conta_bancaria taking lot payments: the accounts the signed seal publishes) and drops it when it is not
-- listed, so no TED, boleto, PIX payload or statement names an account the seal does not. A PIX key is kept
-- only when it is the listed account's own.
CREATE OR REPLACE FUNCTION cabecalho_selado(p_cab jsonb, p_hotsite int) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p_cab IS NULL OR jsonb_typeof(p_cab -> 'conta') IS DISTINCT FROM 'object' THEN p_cab
    ELSE jsonb_set(p_cab, '{conta}', coalesce((
      SELECT jsonb_build_object('banco', cb.banco, 'codigoBanco', cb.codigo_banco, 'agencia', cb.agencia, 'conta', cb.conta,
                                'digito', cb.digito, 'titular', cb.titular, 'cpfCnpj', cb.cpf_cnpj,
                                'chavePix', CASE WHEN cb.chave_pix = p_cab -> 'conta' ->> 'chavePix' THEN cb.chave_pix END,
                                'carteira', cb.carteira, 'permiteBoleto', cb.permite_boleto)
        FROM conta_bancaria cb
       WHERE cb.hotsite_id = p_hotsite AND cb.recebe_lote
         AND cb.codigo_banco = p_cab -> 'conta' ->> 'codigoBanco' AND cb.agencia = p_cab -> 'conta' ->> 'agencia'
         AND cb.conta = p_cab -> 'conta' ->> 'conta' AND cb.digito = p_cab -> 'conta' ->> 'digito'
       ORDER BY (cb.chave_pix = p_cab -> 'conta' ->> 'chavePix') DESC NULLS LAST, cb.id
       LIMIT 1), 'null'::jsonb))
  END
$$;
