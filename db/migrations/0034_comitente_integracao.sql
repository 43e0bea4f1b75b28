-- Seller integration (issue #30; decisions 166-170): consignor groups as records (spec 001 §3 "Consignor group":
-- id, uid, cogSigla, nome), integration tags (uid, nome, chave, integradora) and the classification of vehicles
-- by them, the vehicle's link to its integrator (external id and situations), and the sellers' API keys for
-- the client-credentials login: the secret and the access tokens are stored as SHA-256 digests only.
CREATE TABLE "comitente_grupo" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL UNIQUE,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"cog_sigla" text NOT NULL,
	"nome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comitente_grupo_hotsite_id_cog_sigla_unique" UNIQUE("hotsite_id","cog_sigla")
);--> statement-breakpoint
-- The groups the sellers already name become records (their name is the sigla until staff rename it).
INSERT INTO "comitente_grupo" ("hotsite_id", "cog_sigla", "nome")
  SELECT DISTINCT "hotsite_id", "grupo", initcap(lower("grupo")) FROM "comitente" WHERE "grupo" IS NOT NULL AND btrim("grupo") <> '';--> statement-breakpoint
CREATE TABLE "comitente_integracao_tag" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL UNIQUE,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"nome" text NOT NULL,
	"chave" text NOT NULL,
	"integradora" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comitente_integracao_tag_hotsite_id_integradora_chave_unique" UNIQUE("hotsite_id","integradora","chave")
);--> statement-breakpoint
CREATE TABLE "comitente_integracao_veiculo_tag" (
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"veiculo_id" integer NOT NULL REFERENCES "veiculo"("id") ON DELETE cascade,
	"tag_id" integer NOT NULL REFERENCES "comitente_integracao_tag"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comitente_integracao_veiculo_tag_pk" PRIMARY KEY("veiculo_id","tag_id")
);--> statement-breakpoint
CREATE INDEX "comitente_integracao_veiculo_tag_hotsite_id_tag_id_index" ON "comitente_integracao_veiculo_tag" USING btree ("hotsite_id","tag_id");--> statement-breakpoint
CREATE TABLE "comitente_integracao_veiculo" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"veiculo_id" integer NOT NULL UNIQUE REFERENCES "veiculo"("id") ON DELETE cascade,
	"integradora" text NOT NULL,
	"externo_veiculo_id" text NOT NULL,
	"externo_vei_situacao" text,
	"externo_vei_despachante_situacao" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "comitente_integracao_veiculo_hotsite_id_integradora_index" ON "comitente_integracao_veiculo" USING btree ("hotsite_id","integradora");--> statement-breakpoint
CREATE INDEX "comitente_integracao_log_hotsite_id_created_at_index" ON "comitente_integracao_log" USING btree ("hotsite_id","created_at");--> statement-breakpoint
CREATE TABLE "comitente_credencial" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL UNIQUE,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"comitente_id" integer NOT NULL REFERENCES "comitente"("id") ON DELETE cascade,
	"descricao" text NOT NULL,
	"client_id" text NOT NULL UNIQUE,
	"segredo_hash" text NOT NULL,
	"permissoes" text[] NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"criado_por" integer REFERENCES "usuario"("id") ON DELETE set null,
	"rotacionada_em" timestamp with time zone,
	"revogada_em" timestamp with time zone,
	"ultimo_uso_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "comitente_credencial_hotsite_id_comitente_id_index" ON "comitente_credencial" USING btree ("hotsite_id","comitente_id");--> statement-breakpoint
CREATE TABLE "comitente_credencial_token" (
	"token_hash" text PRIMARY KEY,
	"credencial_id" integer NOT NULL REFERENCES "comitente_credencial"("id") ON DELETE cascade,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"expira_em" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "comitente_credencial_token_credencial_id_index" ON "comitente_credencial_token" USING btree ("credencial_id");
