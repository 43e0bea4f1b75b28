CREATE TABLE "email_saida" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_saida_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"para" text NOT NULL,
	"assunto" text NOT NULL,
	"texto" text NOT NULL,
	"enviado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorito" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "favorito_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"vei_uid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorito_usuarioId_veiUid_unique" UNIQUE("usuario_id","vei_uid")
);
--> statement-breakpoint
CREATE TABLE "habilitacao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "habilitacao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"leilao_id" integer,
	"situacao" text DEFAULT 'Habilitado' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "habilitacao_usuarioId_leilaoId_unique" UNIQUE NULLS NOT DISTINCT("usuario_id","leilao_id")
);
--> statement-breakpoint
CREATE TABLE "habilitacao_sucata" (
	"usuario_id" integer PRIMARY KEY NOT NULL,
	"hotsite_id" integer NOT NULL,
	"situacao" text NOT NULL,
	"tipo_autorizacao" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotencia" (
	"hotsite_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"chave" text NOT NULL,
	"hash_corpo" text NOT NULL,
	"status" integer NOT NULL,
	"resposta" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotencia_hotsite_id_usuario_id_chave_pk" PRIMARY KEY("hotsite_id","usuario_id","chave")
);
--> statement-breakpoint
CREATE TABLE "lance" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"lote_id" integer NOT NULL,
	"leilao_id" integer,
	"usuario_id" integer NOT NULL,
	"valor" bigint NOT NULL,
	"tipo" text NOT NULL,
	"situacao" text DEFAULT 'Recebido' NOT NULL,
	"lance_automatico_id" integer,
	"ordem" integer NOT NULL,
	"apelido" text NOT NULL,
	"cidade" text,
	"data" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lance_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "lance_automatico" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lance_automatico_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"lote_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"valor_maximo" bigint NOT NULL,
	"ordem" integer NOT NULL,
	"situacao" text DEFAULT 'Ativo' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lance_automatico_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "lote_encerramento" (
	"lote_id" integer PRIMARY KEY NOT NULL,
	"hotsite_id" integer NOT NULL,
	"situacao" text NOT NULL,
	"valor" bigint,
	"usuario_id" integer,
	"encerrado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposta" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proposta_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"lote_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"valor" bigint NOT NULL,
	"telefone" text NOT NULL,
	"email" text NOT NULL,
	"situacao" text DEFAULT 'Enviada' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposta_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "email_saida" ADD CONSTRAINT "email_saida_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorito" ADD CONSTRAINT "favorito_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorito" ADD CONSTRAINT "favorito_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "habilitacao" ADD CONSTRAINT "habilitacao_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "habilitacao" ADD CONSTRAINT "habilitacao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "habilitacao" ADD CONSTRAINT "habilitacao_leilao_id_leilao_id_fk" FOREIGN KEY ("leilao_id") REFERENCES "leilao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "habilitacao_sucata" ADD CONSTRAINT "habilitacao_sucata_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "habilitacao_sucata" ADD CONSTRAINT "habilitacao_sucata_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotencia" ADD CONSTRAINT "idempotencia_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotencia" ADD CONSTRAINT "idempotencia_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lance" ADD CONSTRAINT "lance_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lance" ADD CONSTRAINT "lance_lote_id_lote_id_fk" FOREIGN KEY ("lote_id") REFERENCES "lote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lance" ADD CONSTRAINT "lance_leilao_id_leilao_id_fk" FOREIGN KEY ("leilao_id") REFERENCES "leilao"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lance" ADD CONSTRAINT "lance_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lance_automatico" ADD CONSTRAINT "lance_automatico_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lance_automatico" ADD CONSTRAINT "lance_automatico_lote_id_lote_id_fk" FOREIGN KEY ("lote_id") REFERENCES "lote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lance_automatico" ADD CONSTRAINT "lance_automatico_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lote_encerramento" ADD CONSTRAINT "lote_encerramento_lote_id_lote_id_fk" FOREIGN KEY ("lote_id") REFERENCES "lote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lote_encerramento" ADD CONSTRAINT "lote_encerramento_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta" ADD CONSTRAINT "proposta_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta" ADD CONSTRAINT "proposta_lote_id_lote_id_fk" FOREIGN KEY ("lote_id") REFERENCES "lote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposta" ADD CONSTRAINT "proposta_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_saida_enviado_em_id_index" ON "email_saida" USING btree ("enviado_em","id");--> statement-breakpoint
CREATE INDEX "favorito_hotsite_id_usuario_id_index" ON "favorito" USING btree ("hotsite_id","usuario_id");--> statement-breakpoint
CREATE INDEX "lance_lote_id_id_index" ON "lance" USING btree ("lote_id","id");--> statement-breakpoint
CREATE INDEX "lance_hotsite_id_usuario_id_lote_id_index" ON "lance" USING btree ("hotsite_id","usuario_id","lote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lance_automatico_ativo_unq" ON "lance_automatico" USING btree ("lote_id","usuario_id") WHERE situacao = 'Ativo';--> statement-breakpoint
CREATE INDEX "lance_automatico_hotsite_id_usuario_id_index" ON "lance_automatico" USING btree ("hotsite_id","usuario_id");--> statement-breakpoint
CREATE INDEX "proposta_hotsite_id_usuario_id_id_index" ON "proposta" USING btree ("hotsite_id","usuario_id","id");