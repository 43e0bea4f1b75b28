-- Exclusive events and referral (issue #32). A private auction (leilao.privado) is seen and bid in only by
-- its guests: one row per invitation (by e-mail or CPF) with its hash, answer, date and who invited; the
-- answer binds it to the login that accepted it (decision 186).
ALTER TABLE "leilao" ADD COLUMN "privado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "leilao_convidado" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "uid" uuid DEFAULT gen_random_uuid() NOT NULL UNIQUE,
  "hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE CASCADE,
  "leilao_id" integer NOT NULL REFERENCES "leilao"("id") ON DELETE CASCADE,
  "tipo" text NOT NULL CHECK ("tipo" IN ('email', 'cpf')),
  "email" text,
  "cpf" text,
  "hash" text NOT NULL UNIQUE,
  "resposta" text DEFAULT 'Pendente' NOT NULL CHECK ("resposta" IN ('Pendente', 'Aceito', 'Recusado')),
  "respondido_em" timestamp with time zone,
  "usuario_id" integer REFERENCES "usuario"("id") ON DELETE SET NULL,
  "convidado_em" timestamp with time zone DEFAULT now() NOT NULL,
  "convidado_por_id" integer REFERENCES "usuario"("id") ON DELETE SET NULL,
  "convidado_por" text NOT NULL,
  CONSTRAINT "leilao_convidado_email_unq" UNIQUE ("leilao_id", "email"),
  CONSTRAINT "leilao_convidado_cpf_unq" UNIQUE ("leilao_id", "cpf")
);--> statement-breakpoint
CREATE INDEX "leilao_convidado_hotsite_leilao_idx" ON "leilao_convidado" ("hotsite_id", "leilao_id");--> statement-breakpoint
CREATE INDEX "leilao_convidado_usuario_idx" ON "leilao_convidado" ("usuario_id", "leilao_id") WHERE "resposta" = 'Aceito';--> statement-breakpoint
-- Referral: the brand's reward (centavos credited to whoever referred, on the friend's first paid purchase),
-- each client's code, and one row per referred friend; the reward is written once, by the sale that
-- closed first (recompensada_em IS NULL guards it under the row's lock; decision 188).
ALTER TABLE "hotsite" ADD COLUMN "indicacao_recompensa" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "indicacao_codigo" (
  "usuario_id" integer PRIMARY KEY REFERENCES "usuario"("id") ON DELETE CASCADE,
  "hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE CASCADE,
  "codigo" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "indicacao_codigo_unq" UNIQUE ("hotsite_id", "codigo")
);--> statement-breakpoint
CREATE TABLE "indicacao" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE CASCADE,
  "indicador_id" integer NOT NULL REFERENCES "usuario"("id") ON DELETE CASCADE,
  "indicado_id" integer NOT NULL UNIQUE REFERENCES "usuario"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "venda_id" integer REFERENCES "venda"("id") ON DELETE SET NULL,
  "recompensa" integer,
  "recompensada_em" timestamp with time zone,
  CONSTRAINT "indicacao_sem_autoindicacao" CHECK ("indicador_id" <> "indicado_id")
);--> statement-breakpoint
CREATE INDEX "indicacao_indicador_idx" ON "indicacao" ("hotsite_id", "indicador_id");--> statement-breakpoint
-- A lot's auction turning private (or public) names its lots in the change feed (0020), so the search index
-- drops (or takes back) them at once. The function is 0023's with privado added to the auction's columns.
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
         WHERE (n.lote_id, n.ordem, n.url, n.aprovada) IS DISTINCT FROM (o.lote_id, o.ordem, o.url, o.aprovada)
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
     WHERE (n.uid, n.nome, n.data, n.situacao, n.modalidade, n.privado) IS DISTINCT FROM (o.uid, o.nome, o.data, o.situacao, o.modalidade, o.privado);
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
$$;
