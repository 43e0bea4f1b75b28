CREATE TABLE "carteira" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carteira_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"comitente_id" integer NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"prioridade" integer DEFAULT 0 NOT NULL,
	"info_compl" text,
	"endereco" jsonb,
	"status" text DEFAULT 'ATIVA' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unidade_negocio" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unidade_negocio_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"prioridade" integer DEFAULT 0 NOT NULL,
	"uf" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unidade_negocio_hotsiteId_nome_unique" UNIQUE("hotsite_id","nome")
);
--> statement-breakpoint
CREATE TABLE "deposito_bem" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposito_bem_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"veiculo_id" integer NOT NULL,
	"patio_id" integer NOT NULL,
	"data" date NOT NULL,
	"entregue_por" text NOT NULL,
	"entregue_por_documento" text,
	"vaga" text,
	"codigo_chave" text,
	"observacao" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposito_bem_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "remocao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remocao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"veiculo_id" integer NOT NULL,
	"patio_id" integer,
	"situacao" text DEFAULT 'SOLICITADA' NOT NULL,
	"data_solicitacao" timestamp with time zone DEFAULT now() NOT NULL,
	"dia_inicio_previsto" date,
	"dia_fim_previsto" date,
	"dia_fim_real" date,
	"local_remocao" text NOT NULL,
	"transportadora" text,
	"motorista" text,
	"valor_sugerido" bigint,
	"observacao" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remocao_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "veiculo_arquivo" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "veiculo_arquivo_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"veiculo_id" integer NOT NULL,
	"descricao" text NOT NULL,
	"nome_original" text NOT NULL,
	"tipo_mime" text NOT NULL,
	"tamanho" integer NOT NULL,
	"conteudo" "bytea" NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "veiculo_arquivo_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "veiculo" ADD COLUMN "carteira_id" integer;--> statement-breakpoint
ALTER TABLE "veiculo" ADD COLUMN "unidade_negocio_id" integer;--> statement-breakpoint
ALTER TABLE "conta_bancaria" ADD COLUMN "recebe_lote" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "conta_bancaria" ADD COLUMN "recebe_reembolso" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conta_bancaria" ADD COLUMN "carteira_id" integer;--> statement-breakpoint
ALTER TABLE "conta_bancaria" ADD COLUMN "unidade_negocio_id" integer;--> statement-breakpoint
ALTER TABLE "conta_bancaria" ADD COLUMN "tipo_recebimento" text;--> statement-breakpoint
ALTER TABLE "carteira" ADD CONSTRAINT "carteira_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carteira" ADD CONSTRAINT "carteira_comitente_id_comitente_id_fk" FOREIGN KEY ("comitente_id") REFERENCES "comitente"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidade_negocio" ADD CONSTRAINT "unidade_negocio_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposito_bem" ADD CONSTRAINT "deposito_bem_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposito_bem" ADD CONSTRAINT "deposito_bem_veiculo_id_veiculo_id_fk" FOREIGN KEY ("veiculo_id") REFERENCES "veiculo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposito_bem" ADD CONSTRAINT "deposito_bem_patio_id_patio_id_fk" FOREIGN KEY ("patio_id") REFERENCES "patio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposito_bem" ADD CONSTRAINT "deposito_bem_created_by_id_usuario_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remocao" ADD CONSTRAINT "remocao_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remocao" ADD CONSTRAINT "remocao_veiculo_id_veiculo_id_fk" FOREIGN KEY ("veiculo_id") REFERENCES "veiculo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remocao" ADD CONSTRAINT "remocao_patio_id_patio_id_fk" FOREIGN KEY ("patio_id") REFERENCES "patio"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remocao" ADD CONSTRAINT "remocao_created_by_id_usuario_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veiculo_arquivo" ADD CONSTRAINT "veiculo_arquivo_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veiculo_arquivo" ADD CONSTRAINT "veiculo_arquivo_veiculo_id_veiculo_id_fk" FOREIGN KEY ("veiculo_id") REFERENCES "veiculo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veiculo_arquivo" ADD CONSTRAINT "veiculo_arquivo_created_by_id_usuario_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carteira_hotsite_id_comitente_id_index" ON "carteira" USING btree ("hotsite_id","comitente_id");--> statement-breakpoint
CREATE INDEX "deposito_bem_hotsite_id_data_index" ON "deposito_bem" USING btree ("hotsite_id","data");--> statement-breakpoint
CREATE INDEX "deposito_bem_veiculo_id_index" ON "deposito_bem" USING btree ("veiculo_id");--> statement-breakpoint
CREATE INDEX "remocao_hotsite_id_veiculo_id_index" ON "remocao" USING btree ("hotsite_id","veiculo_id");--> statement-breakpoint
CREATE INDEX "veiculo_arquivo_veiculo_id_index" ON "veiculo_arquivo" USING btree ("veiculo_id");--> statement-breakpoint
ALTER TABLE "veiculo" ADD CONSTRAINT "veiculo_carteira_id_carteira_id_fk" FOREIGN KEY ("carteira_id") REFERENCES "carteira"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veiculo" ADD CONSTRAINT "veiculo_unidade_negocio_id_unidade_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "unidade_negocio"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_bancaria" ADD CONSTRAINT "conta_bancaria_carteira_id_carteira_id_fk" FOREIGN KEY ("carteira_id") REFERENCES "carteira"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_bancaria" ADD CONSTRAINT "conta_bancaria_unidade_negocio_id_unidade_negocio_id_fk" FOREIGN KEY ("unidade_negocio_id") REFERENCES "unidade_negocio"("id") ON DELETE set null ON UPDATE no action;