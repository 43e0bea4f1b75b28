-- Notifications, the staff's side (#32): per brand, which events exist, their templates in both wordings and
-- their default channels (notificacao_modelo, decision 209); the brand's e-mail signature, appended to every
-- e-mail it sends (assinatura_email, decision 210); the calls' notification-options (decision 211); and the
-- remaining events, each written by a trigger in its own transaction (decision 212).
CREATE TABLE notificacao_modelo (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  hotsite_id integer NOT NULL REFERENCES hotsite(id) ON DELETE CASCADE,
  evento text NOT NULL,
  ativo boolean NOT NULL DEFAULT true,
  titulo_leilao text,
  texto_leilao text,
  titulo_loja text,
  texto_loja text,
  -- The channels on until a client chooses; null = the event's built-in default.
  canais text[],
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_por text,
  UNIQUE (hotsite_id, evento)
);
--> statement-breakpoint
CREATE TABLE assinatura_email (
  hotsite_id integer PRIMARY KEY REFERENCES hotsite(id) ON DELETE CASCADE,
  texto text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_por text
);
--> statement-breakpoint
-- Every e-mail of a brand carries its signature, whoever writes it (the outbox's helper, the bid engine's SQL):
-- appended as the e-mail enters the outbox. The signature is plain text, kept sanitised by its screen; the HTML
-- part gets it escaped.
CREATE FUNCTION assinar_email() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a text;
BEGIN
  SELECT texto INTO a FROM assinatura_email WHERE hotsite_id = NEW.hotsite_id;
  IF a IS NOT NULL AND a <> '' THEN
    NEW.texto := NEW.texto || E'\n\n-- \n' || a;
    IF NEW.html IS NOT NULL THEN
      NEW.html := NEW.html || '<p>-- <br>' ||
        replace(replace(replace(replace(a, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), E'\n', '<br>') || '</p>';
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER mensagem_assinada BEFORE INSERT ON mensagem_saida FOR EACH ROW
  WHEN (NEW.canal = 'email') EXECUTE FUNCTION assinar_email();
--> statement-breakpoint
-- A call's notification-options (decision 211): its use case sets `martelo.canais_notificacao` for its own
-- transaction; every notice queued in it keeps those channels, which narrow (never widen) the person's own.
CREATE FUNCTION notificacao_opcoes_da_chamada() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c text := current_setting('martelo.canais_notificacao', true);
BEGIN
  -- '-' = the bell alone (no channel).
  NEW.dados := NEW.dados || jsonb_build_object('canais', CASE WHEN c = '-' THEN '[]'::jsonb ELSE to_jsonb(string_to_array(c, ',')) END);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The WHEN keeps the trigger's call off every other insert (an outbid reaching thousands of watchers).
CREATE TRIGGER notificacao_opcoes BEFORE INSERT ON notificacao FOR EACH ROW
  WHEN (coalesce(current_setting('martelo.canais_notificacao', true), '') <> '') EXECUTE FUNCTION notificacao_opcoes_da_chamada();
--> statement-breakpoint
-- Staff events go to every active staff account holding a role of the screen where the work is done
-- (app/modules/dominio/acessos.ts: /admin/habilitacoes and /admin/compras), on the brand of the work.
CREATE FUNCTION notificar_equipe(p_hotsite integer, p_evento text, p_papeis text[], p_chave text, p_dados jsonb)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO notificacao (hotsite_id, usuario_id, evento, chave, dados)
  SELECT DISTINCT p_hotsite, u.id, p_evento, p_chave, p_dados
    FROM usuario u JOIN usuario_papel p ON p.usuario_id = u.id
   WHERE u.hotsite_id IS NULL AND NOT u.bloqueado AND p.papel = ANY (p_papeis)
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
-- A habilitation waiting for approval (a first request, or a refused one asked again).
CREATE FUNCTION notificar_habilitacao_pendente() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notificar_equipe(NEW.hotsite_id, 'habilitacao-a-aprovar',
    ARRAY['Interno - ADM', 'Interno - SAC', 'Interno - GerenteSAC'],
    NEW.id::text || ':' || now()::text,
    jsonb_build_object('habilitacaoId', NEW.id, 'leilaoId', NEW.leilao_id, 'clienteId', NEW.usuario_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER habilitacao_pendente_criada AFTER INSERT ON habilitacao FOR EACH ROW
  WHEN (NEW.situacao = 'Pendente') EXECUTE FUNCTION notificar_habilitacao_pendente();
--> statement-breakpoint
CREATE TRIGGER habilitacao_pendente_de_novo AFTER UPDATE OF situacao ON habilitacao FOR EACH ROW
  WHEN (NEW.situacao = 'Pendente' AND OLD.situacao IS DISTINCT FROM 'Pendente') EXECUTE FUNCTION notificar_habilitacao_pendente();
--> statement-breakpoint
-- A proof sent by a client, to validate; then its answer, to the buyer.
CREATE FUNCTION notificar_comprovante_enviado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notificar_equipe(NEW.hotsite_id, 'comprovante-a-validar',
    ARRAY['Interno - ADM', 'Interno - SAC', 'Interno - Acerto'],
    NEW.id::text, jsonb_build_object('vendaId', NEW.venda_id, 'comprovanteUid', NEW.uid));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER comprovante_enviado AFTER INSERT ON comprovante FOR EACH ROW
  WHEN (NEW.situacao = 'AG_COMPENSACAO') EXECUTE FUNCTION notificar_comprovante_enviado();
--> statement-breakpoint
CREATE FUNCTION notificar_comprovante_respondido() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notificacao (hotsite_id, usuario_id, evento, chave, dados)
  SELECT NEW.hotsite_id, v.usuario_id,
         CASE NEW.situacao WHEN 'PAGO' THEN 'comprovante-aprovado' ELSE 'comprovante-divergente' END,
         NEW.id::text, jsonb_build_object('vendaId', NEW.venda_id, 'motivo', NEW.motivo)
    FROM venda v WHERE v.id = NEW.venda_id AND v.hotsite_id = NEW.hotsite_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER comprovante_respondido AFTER UPDATE OF situacao ON comprovante FOR EACH ROW
  WHEN (NEW.situacao IN ('PAGO', 'DIVERGENTE') AND OLD.situacao IS DISTINCT FROM NEW.situacao)
  EXECUTE FUNCTION notificar_comprovante_respondido();
--> statement-breakpoint
-- Pickup confirmed: staff mark the sale delivered.
CREATE FUNCTION notificar_retirada_confirmada() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notificacao (hotsite_id, usuario_id, evento, chave, dados)
  VALUES (NEW.hotsite_id, NEW.usuario_id, 'retirada-confirmada', NEW.id::text, jsonb_build_object('vendaId', NEW.id))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER venda_retirada_confirmada AFTER UPDATE OF situacao_entrega ON venda FOR EACH ROW
  WHEN (NEW.situacao_entrega = 'entregue' AND OLD.situacao_entrega IS DISTINCT FROM 'entregue')
  EXECUTE FUNCTION notificar_retirada_confirmada();
--> statement-breakpoint
-- The deadline reminders' scan (vigiarPrazos) starts from the sales still waiting.
CREATE INDEX venda_prazo_pagamento ON venda (data_pagamento) WHERE situacao = 'AguardandoPagamento';
--> statement-breakpoint
CREATE INDEX venda_prazo_retirada ON venda (agendado_horario) WHERE situacao_entrega = 'aguardando_retirada';
--> statement-breakpoint
-- Documents ready: a file added to a sold lot reaches its buyer (once a day per lot, however many files come).
CREATE FUNCTION notificar_documentos_prontos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notificacao (hotsite_id, usuario_id, evento, lote_id, chave, dados)
  SELECT NEW.hotsite_id, v.usuario_id, 'documentos-prontos', NEW.lote_id,
         to_char(now() AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD'), jsonb_build_object('vendaId', v.id)
    FROM venda_item i JOIN venda v ON v.id = i.venda_id AND v.hotsite_id = NEW.hotsite_id
   WHERE i.lote_id = NEW.lote_id AND i.ativo AND v.situacao NOT IN ('Cancelada', 'ClienteDesistiu')
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lote_documento_pronto AFTER INSERT ON lote_arquivo FOR EACH ROW EXECUTE FUNCTION notificar_documentos_prontos();
