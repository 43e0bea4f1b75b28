CREATE TABLE "comprovante" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comprovante_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"venda_id" integer NOT NULL,
	"pagamento_id" integer,
	"nome_arquivo" text NOT NULL,
	"tipo" text NOT NULL,
	"tamanho" integer NOT NULL,
	"arquivo" "bytea" NOT NULL,
	"situacao" text DEFAULT 'AG_COMPENSACAO' NOT NULL,
	"motivo" text,
	"enviado_por" text,
	"respondido_por" text,
	"respondido_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comprovante_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "conta_bancaria" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conta_bancaria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"comitente_id" integer,
	"banco" text NOT NULL,
	"codigo_banco" text NOT NULL,
	"agencia" text NOT NULL,
	"conta" text NOT NULL,
	"digito" text NOT NULL,
	"titular" text NOT NULL,
	"cpf_cnpj" text NOT NULL,
	"chave_pix" text,
	"carteira" text,
	"permite_boleto" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pagamento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pagamento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"venda_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"valor" bigint NOT NULL,
	"situacao" text DEFAULT 'aguardandoValidacao' NOT NULL,
	"motivo" text,
	"data_pagamento" timestamp with time zone,
	"registrado_por" text,
	"respondido_por" text,
	"respondido_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagamento_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "venda" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "venda_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"leilao_id" integer,
	"comitente_id" integer,
	"situacao" text DEFAULT 'AguardandoPagamento' NOT NULL,
	"hash_qrcode" text NOT NULL,
	"data_pagamento" timestamp with time zone NOT NULL,
	"cabecalho" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"valor_taxa_adm" bigint DEFAULT 0 NOT NULL,
	"valor_comissao" bigint DEFAULT 0 NOT NULL,
	"valor_despachante" bigint DEFAULT 0 NOT NULL,
	"valor_remocao" bigint DEFAULT 0 NOT NULL,
	"valor_vistoria" bigint DEFAULT 0 NOT NULL,
	"valor_outros" bigint DEFAULT 0 NOT NULL,
	"valor_desconto" bigint DEFAULT 0 NOT NULL,
	"valor_sedex" bigint DEFAULT 0 NOT NULL,
	"arremate" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"metodo_entrega" text,
	"patio_id" integer,
	"agendado_horario" timestamp with time zone,
	"situacao_entrega" text DEFAULT 'aguardando_pagamento' NOT NULL,
	"motivo_cancelada" text,
	"cancelada_at" timestamp with time zone,
	"cancelada_por" text,
	"fechada_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venda_uid_unique" UNIQUE("uid"),
	CONSTRAINT "venda_hashQrcode_unique" UNIQUE("hash_qrcode")
);
--> statement-breakpoint
CREATE TABLE "venda_evento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "venda_evento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"venda_id" integer NOT NULL,
	"texto" text NOT NULL,
	"autor" text,
	"data" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venda_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "venda_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"venda_id" integer NOT NULL,
	"lote_id" integer NOT NULL,
	"valor" bigint NOT NULL,
	"comissao" bigint NOT NULL,
	"despachante" bigint DEFAULT 0 NOT NULL,
	"outros" bigint DEFAULT 0 NOT NULL,
	"remocao" bigint DEFAULT 0 NOT NULL,
	"deposito_de_bens" bigint DEFAULT 0 NOT NULL,
	"vistoria" bigint DEFAULT 0 NOT NULL,
	"valor_recibo" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comprovante" ADD CONSTRAINT "comprovante_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comprovante" ADD CONSTRAINT "comprovante_venda_id_venda_id_fk" FOREIGN KEY ("venda_id") REFERENCES "venda"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comprovante" ADD CONSTRAINT "comprovante_pagamento_id_pagamento_id_fk" FOREIGN KEY ("pagamento_id") REFERENCES "pagamento"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_bancaria" ADD CONSTRAINT "conta_bancaria_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_bancaria" ADD CONSTRAINT "conta_bancaria_comitente_id_comitente_id_fk" FOREIGN KEY ("comitente_id") REFERENCES "comitente"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamento" ADD CONSTRAINT "pagamento_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamento" ADD CONSTRAINT "pagamento_venda_id_venda_id_fk" FOREIGN KEY ("venda_id") REFERENCES "venda"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda" ADD CONSTRAINT "venda_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda" ADD CONSTRAINT "venda_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda" ADD CONSTRAINT "venda_leilao_id_leilao_id_fk" FOREIGN KEY ("leilao_id") REFERENCES "leilao"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda" ADD CONSTRAINT "venda_comitente_id_comitente_id_fk" FOREIGN KEY ("comitente_id") REFERENCES "comitente"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda" ADD CONSTRAINT "venda_patio_id_patio_id_fk" FOREIGN KEY ("patio_id") REFERENCES "patio"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_evento" ADD CONSTRAINT "venda_evento_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_evento" ADD CONSTRAINT "venda_evento_venda_id_venda_id_fk" FOREIGN KEY ("venda_id") REFERENCES "venda"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_item" ADD CONSTRAINT "venda_item_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_item" ADD CONSTRAINT "venda_item_venda_id_venda_id_fk" FOREIGN KEY ("venda_id") REFERENCES "venda"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_item" ADD CONSTRAINT "venda_item_lote_id_lote_id_fk" FOREIGN KEY ("lote_id") REFERENCES "lote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comprovante_venda_id_index" ON "comprovante" USING btree ("venda_id");--> statement-breakpoint
CREATE INDEX "conta_bancaria_hotsite_id_comitente_id_index" ON "conta_bancaria" USING btree ("hotsite_id","comitente_id");--> statement-breakpoint
CREATE INDEX "pagamento_venda_id_index" ON "pagamento" USING btree ("venda_id");--> statement-breakpoint
CREATE INDEX "venda_hotsite_id_usuario_id_id_index" ON "venda" USING btree ("hotsite_id","usuario_id","id");--> statement-breakpoint
CREATE INDEX "venda_hotsite_id_situacao_id_index" ON "venda" USING btree ("hotsite_id","situacao","id");--> statement-breakpoint
CREATE INDEX "venda_evento_venda_id_id_index" ON "venda_evento" USING btree ("venda_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "venda_item_lote_unq" ON "venda_item" USING btree ("lote_id");--> statement-breakpoint
CREATE INDEX "venda_item_venda_id_index" ON "venda_item" USING btree ("venda_id");