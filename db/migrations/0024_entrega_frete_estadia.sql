CREATE TABLE "estadia" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "estadia_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"patio_id" integer NOT NULL,
	"veiculo_id" integer NOT NULL,
	"situacao" text DEFAULT 'ATIVA' NOT NULL,
	"dia_inicio" date NOT NULL,
	"dia_fim" date,
	"vaga" text,
	"codigo_chave" text,
	"observacao" text,
	"finalizado_por" text,
	"finalizado_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estadia_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "estadia_servico" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "estadia_servico_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"estadia_id" integer NOT NULL,
	"venda_id" integer,
	"usuario_id" integer,
	"tipo" text NOT NULL,
	"situacao" text DEFAULT 'SOLICITADO' NOT NULL,
	"agendado_para" timestamp with time zone,
	"observacao" text,
	"agendado_por" text,
	"cancelado_por" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estadia_servico_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "lote_cliente_validacao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lote_cliente_validacao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"lote_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"resultado" text DEFAULT 'Aguardando' NOT NULL,
	"observacao" text,
	"respondido_por" text,
	"respondido_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tabela_frete" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tabela_frete_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"uf" text NOT NULL,
	"modalidade" text NOT NULL,
	"valor" bigint NOT NULL,
	"prazo_dias" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tabela_frete_hotsiteId_uf_modalidade_unique" UNIQUE("hotsite_id","uf","modalidade")
);
--> statement-breakpoint
CREATE TABLE "venda_lote_condicional" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "venda_lote_condicional_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"venda_id" integer NOT NULL,
	"lote_id" integer NOT NULL,
	"valor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venda_lote_condicional_loteId_unique" UNIQUE("lote_id")
);
--> statement-breakpoint
ALTER TABLE "patio" ADD COLUMN "hora_abertura" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "patio" ADD COLUMN "hora_fechamento" integer DEFAULT 17 NOT NULL;--> statement-breakpoint
ALTER TABLE "patio" ADD COLUMN "dias_atendimento" text DEFAULT '12345' NOT NULL;--> statement-breakpoint
ALTER TABLE "patio" ADD COLUMN "valor_diaria" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "venda" ADD COLUMN "entrega_veiculo" text;--> statement-breakpoint
ALTER TABLE "venda" ADD COLUMN "valor_frete" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "venda" ADD COLUMN "uf_frete" text;--> statement-breakpoint
ALTER TABLE "estadia" ADD CONSTRAINT "estadia_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estadia" ADD CONSTRAINT "estadia_patio_id_patio_id_fk" FOREIGN KEY ("patio_id") REFERENCES "patio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estadia" ADD CONSTRAINT "estadia_veiculo_id_veiculo_id_fk" FOREIGN KEY ("veiculo_id") REFERENCES "veiculo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estadia_servico" ADD CONSTRAINT "estadia_servico_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estadia_servico" ADD CONSTRAINT "estadia_servico_estadia_id_estadia_id_fk" FOREIGN KEY ("estadia_id") REFERENCES "estadia"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estadia_servico" ADD CONSTRAINT "estadia_servico_venda_id_venda_id_fk" FOREIGN KEY ("venda_id") REFERENCES "venda"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estadia_servico" ADD CONSTRAINT "estadia_servico_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lote_cliente_validacao" ADD CONSTRAINT "lote_cliente_validacao_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lote_cliente_validacao" ADD CONSTRAINT "lote_cliente_validacao_lote_id_lote_id_fk" FOREIGN KEY ("lote_id") REFERENCES "lote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lote_cliente_validacao" ADD CONSTRAINT "lote_cliente_validacao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabela_frete" ADD CONSTRAINT "tabela_frete_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_lote_condicional" ADD CONSTRAINT "venda_lote_condicional_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_lote_condicional" ADD CONSTRAINT "venda_lote_condicional_venda_id_venda_id_fk" FOREIGN KEY ("venda_id") REFERENCES "venda"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_lote_condicional" ADD CONSTRAINT "venda_lote_condicional_lote_id_lote_id_fk" FOREIGN KEY ("lote_id") REFERENCES "lote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estadia_hotsite_id_veiculo_id_index" ON "estadia" USING btree ("hotsite_id","veiculo_id");--> statement-breakpoint
CREATE INDEX "estadia_hotsite_id_patio_id_situacao_index" ON "estadia" USING btree ("hotsite_id","patio_id","situacao");--> statement-breakpoint
CREATE INDEX "estadia_servico_hotsite_id_usuario_id_index" ON "estadia_servico" USING btree ("hotsite_id","usuario_id");--> statement-breakpoint
CREATE INDEX "estadia_servico_estadia_id_index" ON "estadia_servico" USING btree ("estadia_id");--> statement-breakpoint
CREATE INDEX "lote_cliente_validacao_hotsite_id_lote_id_index" ON "lote_cliente_validacao" USING btree ("hotsite_id","lote_id");--> statement-breakpoint
CREATE INDEX "venda_lote_condicional_venda_id_index" ON "venda_lote_condicional" USING btree ("venda_id");