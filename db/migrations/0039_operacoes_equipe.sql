-- The staff's daily work (issue #33): incidents with their comments, address and device blocks with the
-- attempts they refused, and scheduled maintenance windows. Every row carries its brand; a window "for all
-- brands" is one row per brand sharing a `grupo` (decision 193). Written to run again over a copy that has some of
-- it (IF NOT EXISTS), as a restore of an older backup does.
CREATE TABLE IF NOT EXISTS "incidente" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"titulo" text NOT NULL,
	"descricao" text NOT NULL,
	"situacao" text DEFAULT 'Aberto' NOT NULL,
	"cliente_usuario_id" integer REFERENCES "usuario"("id") ON DELETE set null,
	"lote_id" integer REFERENCES "lote"("id") ON DELETE set null,
	"venda_id" integer REFERENCES "venda"("id") ON DELETE set null,
	"responsavel_id" integer REFERENCES "usuario"("id") ON DELETE set null,
	"aberto_por_id" integer REFERENCES "usuario"("id") ON DELETE set null,
	"fechado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incidente_uid_unique" UNIQUE("uid"),
	CONSTRAINT "incidente_situacao_check" CHECK ("situacao" IN ('Aberto', 'Em atendimento', 'Fechado'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "incidente_hotsite_id_situacao_index" ON "incidente" ("hotsite_id", "situacao", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "incidente_hotsite_id_cliente_usuario_id_index" ON "incidente" ("hotsite_id", "cliente_usuario_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "incidente_hotsite_id_lote_id_index" ON "incidente" ("hotsite_id", "lote_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "incidente_comentario" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"incidente_id" integer NOT NULL REFERENCES "incidente"("id") ON DELETE cascade,
	"usuario_id" integer REFERENCES "usuario"("id") ON DELETE set null,
	"texto" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "incidente_comentario_incidente_id_index" ON "incidente_comentario" ("incidente_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "bloqueio_acesso" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"tipo" text NOT NULL,
	"valor" text NOT NULL,
	"motivo" text NOT NULL,
	"expira_em" timestamp with time zone,
	"criado_por_id" integer REFERENCES "usuario"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bloqueio_acesso_tipo_check" CHECK ("tipo" IN ('ip', 'faixa', 'dispositivo')),
	CONSTRAINT "bloqueio_acesso_hotsite_id_tipo_valor_unique" UNIQUE("hotsite_id", "tipo", "valor")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "bloqueio_tentativa" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"bloqueio_id" integer REFERENCES "bloqueio_acesso"("id") ON DELETE set null,
	"acao" text NOT NULL,
	"ip" text NOT NULL,
	"dispositivo" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bloqueio_tentativa_hotsite_id_created_at_index" ON "bloqueio_tentativa" ("hotsite_id", "created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "manutencao_plataforma" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"grupo" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"inicio" timestamp with time zone NOT NULL,
	"fim" timestamp with time zone NOT NULL,
	"mensagem" text NOT NULL,
	"lotes_movidos" integer DEFAULT 0 NOT NULL,
	"criado_por_id" integer REFERENCES "usuario"("id") ON DELETE set null,
	"cancelada_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manutencao_plataforma_periodo_check" CHECK ("fim" > "inicio")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "manutencao_plataforma_hotsite_id_fim_index" ON "manutencao_plataforma" ("hotsite_id", "fim");
