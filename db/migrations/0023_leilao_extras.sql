CREATE TABLE "carimbo_foto" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carimbo_foto_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"texto" text,
	"imagem" "bytea",
	"posicao" text DEFAULT 'inferior-direita' NOT NULL,
	"opacidade" integer DEFAULT 60 NOT NULL,
	"largura" integer DEFAULT 25 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carimbo_foto_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "leilao_documento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leilao_documento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"leilao_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"descricao" text NOT NULL,
	"nome_arquivo" text NOT NULL,
	"tamanho" integer NOT NULL,
	"conteudo" "bytea" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leilao_documento_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "leilao" ADD COLUMN "aprovar_fotos" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lote_foto" ADD COLUMN "aprovada" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "carimbo_foto" ADD CONSTRAINT "carimbo_foto_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leilao_documento" ADD CONSTRAINT "leilao_documento_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leilao_documento" ADD CONSTRAINT "leilao_documento_leilao_id_leilao_id_fk" FOREIGN KEY ("leilao_id") REFERENCES "leilao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leilao_documento" ADD CONSTRAINT "leilao_documento_created_by_usuario_id_fk" FOREIGN KEY ("created_by") REFERENCES "usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carimbo_foto_hotsite_id_index" ON "carimbo_foto" USING btree ("hotsite_id");--> statement-breakpoint
CREATE INDEX "leilao_documento_hotsite_id_leilao_id_index" ON "leilao_documento" USING btree ("hotsite_id","leilao_id");--> statement-breakpoint
-- Cards show approved photos only: approving or refusing one changes its lot's card (0020).
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
$$;
