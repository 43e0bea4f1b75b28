-- LGPD self-service (issue #34 part 4): the client's consents per purpose and the requests staff answer within
-- 15 days (decisions 234-236). Access records are the login attempts already kept (tentativa_login); an
-- index on their time serves the job that purges them after six months. Written to run again over a copy
-- that has some of it (IF NOT EXISTS), as a restore of an older backup does.
CREATE TABLE IF NOT EXISTS "consentimento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"usuario_id" integer NOT NULL REFERENCES "usuario"("id") ON DELETE cascade,
	"finalidade" text NOT NULL,
	"concedido" boolean NOT NULL,
	"alterado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consentimento_hotsite_id_usuario_id_finalidade_unique" UNIQUE("hotsite_id", "usuario_id", "finalidade"),
	CONSTRAINT "consentimento_finalidade_check" CHECK ("finalidade" IN ('marketing', 'compartilhamento'))
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "solicitacao_titular" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"usuario_id" integer NOT NULL REFERENCES "usuario"("id") ON DELETE cascade,
	"tipo" text NOT NULL,
	"situacao" text DEFAULT 'Pendente' NOT NULL,
	"motivo" text,
	"prazo" timestamp with time zone NOT NULL,
	"resposta" text,
	"respondida_em" timestamp with time zone,
	"respondida_por_id" integer REFERENCES "usuario"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "solicitacao_titular_uid_unique" UNIQUE("uid"),
	CONSTRAINT "solicitacao_titular_situacao_check" CHECK ("situacao" IN ('Pendente', 'Atendida', 'Recusada')),
	CONSTRAINT "solicitacao_titular_tipo_check" CHECK ("tipo" IN ('exclusao'))
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "solicitacao_titular_pendente_unq" ON "solicitacao_titular" ("hotsite_id", "usuario_id", "tipo") WHERE situacao = 'Pendente';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "solicitacao_titular_hotsite_id_situacao_prazo_index" ON "solicitacao_titular" ("hotsite_id", "situacao", "prazo");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tentativa_login_created_at_index" ON "tentativa_login" ("created_at");
