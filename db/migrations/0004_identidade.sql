CREATE TABLE "cliente" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cliente_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"apelido" text,
	"data_nascimento" date,
	"situacao" text DEFAULT 'Ativo' NOT NULL,
	"documento_situacao" text DEFAULT 'Cadastrado' NOT NULL,
	"documentos_enviados_at" timestamp with time zone,
	"documentos_aprovados_at" timestamp with time zone,
	"documentos_pendentes_at" timestamp with time zone,
	"telefone" text,
	"telefone2" text,
	"telefone3" text,
	"email" text NOT NULL,
	"nome" text NOT NULL,
	"rg" text,
	"cpf" text,
	"cnpj" text,
	"razao_social" text,
	"nome_fantasia" text,
	"nome_fazenda" text,
	"inscricao_estadual" text,
	"orgao_expeditor" text,
	"ocupacao_profissional" text,
	"ramo_atividade" text,
	"renda_mensal" integer,
	"como_conheceu" text,
	"carros" boolean DEFAULT false NOT NULL,
	"motos" boolean DEFAULT false NOT NULL,
	"onibus" boolean DEFAULT false NOT NULL,
	"caminhoes" boolean DEFAULT false NOT NULL,
	"imoveis" boolean DEFAULT false NOT NULL,
	"equipamento" boolean DEFAULT false NOT NULL,
	"telefone_confirmado_at" timestamp with time zone,
	"email_confirmado_at" timestamp with time zone,
	"referer" text,
	"carteira_id" integer,
	"observacao_interna" text,
	"motivo_bloqueio" text,
	"convite_hash" text,
	"convite_tipo" text,
	"convite_resposta" text,
	"convite_data" timestamp with time zone,
	"convite_por" text,
	"habilitacao_sucata" boolean DEFAULT false NOT NULL,
	"permitir_acesso_sistema_legado" boolean DEFAULT false NOT NULL,
	"redirecionar_para_legado_apos_login" boolean DEFAULT false NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cliente_uid_unique" UNIQUE("uid"),
	CONSTRAINT "cliente_usuarioId_unique" UNIQUE("usuario_id"),
	CONSTRAINT "cliente_hotsite_cpf_unq" UNIQUE("hotsite_id","cpf"),
	CONSTRAINT "cliente_hotsite_cnpj_unq" UNIQUE("hotsite_id","cnpj")
);
--> statement-breakpoint
CREATE TABLE "cliente_documento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cliente_documento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"nome_original" text NOT NULL,
	"content_type" text NOT NULL,
	"tamanho" integer NOT NULL,
	"sha256" text NOT NULL,
	"conteudo" "bytea" NOT NULL,
	"situacao" text DEFAULT 'Aguardando Validação' NOT NULL,
	"motivo" text,
	"respondido_at" timestamp with time zone,
	"respondido_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cliente_documento_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "cliente_socio" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cliente_socio_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"nome" text NOT NULL,
	"cpf" text NOT NULL,
	"email" text,
	"telefone" text,
	"data_nascimento" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cliente_socio_clienteId_cpf_unique" UNIQUE("cliente_id","cpf")
);
--> statement-breakpoint
CREATE TABLE "endereco" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "endereco_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"tipo_logradouro" text,
	"logradouro" text NOT NULL,
	"numero" text NOT NULL,
	"bairro" text NOT NULL,
	"complemento" text,
	"referencia" text,
	"cep" text NOT NULL,
	"cidade" text NOT NULL,
	"estado" text,
	"estado_sigla" text NOT NULL,
	"regiao" text,
	"latitude" double precision,
	"longitude" double precision,
	"loc_id" integer,
	"uf_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "endereco_clienteId_unique" UNIQUE("cliente_id")
);
--> statement-breakpoint
CREATE TABLE "codigo_confirmacao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "codigo_confirmacao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"destino" text NOT NULL,
	"codigo_hash" text NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mensagem_saida" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mensagem_saida_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"canal" text NOT NULL,
	"para" text NOT NULL,
	"assunto" text,
	"texto" text NOT NULL,
	"html" text,
	"situacao" text DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"erro" text,
	"enviado_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mensagem_saida_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refresh_token_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"sessao_id" integer,
	"familia" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"manter_logado" boolean DEFAULT false NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"revogado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_token_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "tentativa_login" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tentativa_login_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"usuario_id" integer,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text,
	"sucesso" boolean NOT NULL,
	"motivo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_uso_unico" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "token_uso_unico_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"token_hash" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"criado_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_uso_unico_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "sessao" ADD COLUMN "familia" uuid;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "two_factor_ultimo_passo" integer;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "telefone" text;--> statement-breakpoint
ALTER TABLE "cliente" ADD CONSTRAINT "cliente_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente" ADD CONSTRAINT "cliente_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_documento" ADD CONSTRAINT "cliente_documento_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_documento" ADD CONSTRAINT "cliente_documento_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "cliente"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_documento" ADD CONSTRAINT "cliente_documento_respondido_por_usuario_id_fk" FOREIGN KEY ("respondido_por") REFERENCES "usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_socio" ADD CONSTRAINT "cliente_socio_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_socio" ADD CONSTRAINT "cliente_socio_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "cliente"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endereco" ADD CONSTRAINT "endereco_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endereco" ADD CONSTRAINT "endereco_cliente_id_cliente_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "cliente"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codigo_confirmacao" ADD CONSTRAINT "codigo_confirmacao_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codigo_confirmacao" ADD CONSTRAINT "codigo_confirmacao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagem_saida" ADD CONSTRAINT "mensagem_saida_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_sessao_id_sessao_id_fk" FOREIGN KEY ("sessao_id") REFERENCES "sessao"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tentativa_login" ADD CONSTRAINT "tentativa_login_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tentativa_login" ADD CONSTRAINT "tentativa_login_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_uso_unico" ADD CONSTRAINT "token_uso_unico_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_uso_unico" ADD CONSTRAINT "token_uso_unico_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_uso_unico" ADD CONSTRAINT "token_uso_unico_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cliente_hotsite_id_nome_index" ON "cliente" USING btree ("hotsite_id","nome");--> statement-breakpoint
CREATE INDEX "cliente_documento_hotsite_id_cliente_id_index" ON "cliente_documento" USING btree ("hotsite_id","cliente_id");--> statement-breakpoint
CREATE INDEX "codigo_confirmacao_usuario_id_tipo_index" ON "codigo_confirmacao" USING btree ("usuario_id","tipo");--> statement-breakpoint
CREATE INDEX "mensagem_saida_situacao_created_at_index" ON "mensagem_saida" USING btree ("situacao","created_at");--> statement-breakpoint
CREATE INDEX "mensagem_saida_hotsite_id_created_at_index" ON "mensagem_saida" USING btree ("hotsite_id","created_at");--> statement-breakpoint
CREATE INDEX "refresh_token_familia_index" ON "refresh_token" USING btree ("familia");--> statement-breakpoint
CREATE INDEX "tentativa_login_ip_created_at_index" ON "tentativa_login" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "tentativa_login_email_created_at_index" ON "tentativa_login" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "tentativa_login_usuario_id_created_at_index" ON "tentativa_login" USING btree ("usuario_id","created_at");