-- Notifications (#32): a durable queue on PostgreSQL. An event writes one `notificacao` row per person in its own
-- transaction (the triggers below for the bid engine's lot row, the closing and habilitations; a use case's INSERT for
-- the rest); a job on every instance spreads each row into one `notificacao_envio` per channel the person chose and
-- delivers them after commit, with backoff. The unique key (person, event, lot, chave) is the dedupe (decision 181).
CREATE TABLE notificacao (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  uid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  hotsite_id integer NOT NULL REFERENCES hotsite(id) ON DELETE CASCADE,
  usuario_id integer NOT NULL REFERENCES usuario(id) ON DELETE CASCADE,
  evento text NOT NULL,
  lote_id integer REFERENCES lote(id) ON DELETE CASCADE,
  chave text NOT NULL DEFAULT '',
  dados jsonb NOT NULL DEFAULT '{}'::jsonb,
  distribuida boolean NOT NULL DEFAULT false,
  lida_em timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX notificacao_unica ON notificacao (hotsite_id, usuario_id, evento, coalesce(lote_id, 0), chave);
--> statement-breakpoint
CREATE INDEX notificacao_a_distribuir ON notificacao (id) WHERE NOT distribuida;
--> statement-breakpoint
CREATE INDEX notificacao_do_usuario ON notificacao (hotsite_id, usuario_id, id DESC);
--> statement-breakpoint
-- The scan for watched lots (closing in 15 minutes, just opened) starts from the lots and finds their watchers.
CREATE INDEX favorito_vei_uid ON favorito (vei_uid);
--> statement-breakpoint
CREATE TABLE notificacao_envio (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  hotsite_id integer NOT NULL REFERENCES hotsite(id) ON DELETE CASCADE,
  notificacao_id integer NOT NULL REFERENCES notificacao(id) ON DELETE CASCADE,
  canal text NOT NULL CHECK (canal IN ('email', 'push', 'whatsapp', 'sms')),
  situacao text NOT NULL DEFAULT 'pendente' CHECK (situacao IN ('pendente', 'enviando', 'enviado', 'erro')),
  tentativas integer NOT NULL DEFAULT 0,
  proxima_em timestamptz NOT NULL DEFAULT now(),
  enviado_em timestamptz,
  erro text,
  UNIQUE (notificacao_id, canal)
);
--> statement-breakpoint
CREATE INDEX notificacao_envio_a_fazer ON notificacao_envio (proxima_em) WHERE situacao IN ('pendente', 'enviando');
--> statement-breakpoint
-- A person's choice per event and channel; no row = the event's default.
CREATE TABLE notificacao_preferencia (
  hotsite_id integer NOT NULL REFERENCES hotsite(id) ON DELETE CASCADE,
  usuario_id integer NOT NULL REFERENCES usuario(id) ON DELETE CASCADE,
  evento text NOT NULL,
  canal text NOT NULL CHECK (canal IN ('email', 'push', 'whatsapp', 'sms')),
  ativo boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (hotsite_id, usuario_id, evento, canal)
);
--> statement-breakpoint
-- Quiet hours in São Paulo time: push, WhatsApp and SMS wait for their end; the bell and e-mail do not.
CREATE TABLE notificacao_silencio (
  hotsite_id integer NOT NULL REFERENCES hotsite(id) ON DELETE CASCADE,
  usuario_id integer NOT NULL REFERENCES usuario(id) ON DELETE CASCADE,
  inicio smallint NOT NULL CHECK (inicio BETWEEN 0 AND 23),
  fim smallint NOT NULL CHECK (fim BETWEEN 0 AND 23),
  PRIMARY KEY (hotsite_id, usuario_id)
);
--> statement-breakpoint
CREATE TABLE inscricao_push (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  hotsite_id integer NOT NULL REFERENCES hotsite(id) ON DELETE CASCADE,
  usuario_id integer NOT NULL REFERENCES usuario(id) ON DELETE CASCADE,
  endpoint text NOT NULL,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (hotsite_id, endpoint)
);
--> statement-breakpoint
CREATE INDEX inscricao_push_do_usuario ON inscricao_push (hotsite_id, usuario_id);
--> statement-breakpoint
-- The install's VAPID pair when the environment gives none: made once, kept here (decision 183). One row.
CREATE TABLE chave_vapid (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  publica text NOT NULL,
  privada text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Saved searches ("Avise-me"): the list page's filters, and how often their new lots are sent.
CREATE TABLE busca_salva (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  uid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  hotsite_id integer NOT NULL REFERENCES hotsite(id) ON DELETE CASCADE,
  usuario_id integer NOT NULL REFERENCES usuario(id) ON DELETE CASCADE,
  filtros jsonb NOT NULL,
  frequencia text NOT NULL CHECK (frequencia IN ('instantanea', 'diaria', 'semanal')),
  visto_ate timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX busca_salva_do_usuario ON busca_salva (hotsite_id, usuario_id);
--> statement-breakpoint
-- E-mail headers the outbox passes to SMTP (List-Unsubscribe, List-Unsubscribe-Post).
ALTER TABLE mensagem_saida ADD COLUMN cabecalhos jsonb;
--> statement-breakpoint
-- The bid engine's hook: when a lot's leader changes (every writer: the engine, its batched fast path, the live floor),
-- the leader before is told, in the bid's own transaction. Keyed by the value they lost at, so a retried step never
-- queues it twice. An automatic maximum that was passed reads as "máximo atingido".
CREATE FUNCTION notificar_lider_trocado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notificacao (hotsite_id, usuario_id, evento, lote_id, chave, dados)
  VALUES (NEW.hotsite_id, OLD.ultimo_lance_usuario_id,
          CASE WHEN EXISTS (SELECT 1 FROM lance_automatico a
                             WHERE a.lote_id = NEW.id AND a.usuario_id = OLD.ultimo_lance_usuario_id
                               AND a.valor_maximo >= OLD.ultimo_lance_valor)
               THEN 'maximo-atingido' ELSE 'lance-superado' END,
          NEW.id, OLD.ultimo_lance_valor::text,
          jsonb_build_object('valor', NEW.ultimo_lance_valor, 'seuLance', OLD.ultimo_lance_valor))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lote_lider_trocado AFTER UPDATE OF ultimo_lance_usuario_id ON lote FOR EACH ROW
  WHEN (OLD.ultimo_lance_usuario_id IS NOT NULL AND OLD.ultimo_lance_usuario_id IS DISTINCT FROM NEW.ultimo_lance_usuario_id)
  EXECUTE FUNCTION notificar_lider_trocado();
--> statement-breakpoint
-- The closing: the leader learns the result (won, conditional, not sold) in the closing's transaction.
CREATE FUNCTION notificar_encerramento() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notificacao (hotsite_id, usuario_id, evento, lote_id, dados)
  VALUES (NEW.hotsite_id, NEW.usuario_id,
          CASE NEW.situacao WHEN 'AG_PAGAMENTO' THEN 'arrematado' WHEN 'CONDICIONAL' THEN 'condicional' ELSE 'nao-vendido' END,
          NEW.lote_id, jsonb_build_object('valor', NEW.valor))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lote_encerrado AFTER INSERT ON lote_encerramento FOR EACH ROW
  WHEN (NEW.usuario_id IS NOT NULL) EXECUTE FUNCTION notificar_encerramento();
--> statement-breakpoint
-- A conditional answered (the closing row's situacao leaves CONDICIONAL).
CREATE FUNCTION notificar_condicional_respondida() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notificacao (hotsite_id, usuario_id, evento, lote_id, dados)
  VALUES (NEW.hotsite_id, NEW.usuario_id, 'condicional-respondida', NEW.lote_id,
          jsonb_build_object('situacao', NEW.situacao, 'aceita', NEW.situacao = 'AG_PAGAMENTO'))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lote_condicional_respondida AFTER UPDATE OF situacao ON lote_encerramento FOR EACH ROW
  WHEN (NEW.usuario_id IS NOT NULL AND OLD.situacao = 'CONDICIONAL' AND NEW.situacao IS DISTINCT FROM OLD.situacao)
  EXECUTE FUNCTION notificar_condicional_respondida();
--> statement-breakpoint
-- A habilitation decided by staff: approved or refused (keyed by the decision's instant, so a second decision is told too).
CREATE FUNCTION notificar_habilitacao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notificacao (hotsite_id, usuario_id, evento, chave, dados)
  VALUES (NEW.hotsite_id, NEW.usuario_id,
          CASE NEW.situacao WHEN 'Habilitado' THEN 'habilitacao-aprovada' ELSE 'habilitacao-recusada' END,
          coalesce(NEW.leilao_id, 0)::text || ':' || coalesce(NEW.decidido_em, now())::text,
          jsonb_build_object('leilaoId', NEW.leilao_id, 'motivo', NEW.motivo))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER habilitacao_decidida AFTER UPDATE OF situacao ON habilitacao FOR EACH ROW
  WHEN (OLD.situacao = 'Pendente' AND NEW.situacao IN ('Habilitado', 'Recusado'))
  EXECUTE FUNCTION notificar_habilitacao();
