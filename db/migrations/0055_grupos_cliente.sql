-- Client groups (issue #31; spec 001 §7 the four group calls, the lot's gruposCliente; decision 269): staff
-- gather a brand's clients in groups, and a lot tied to groups takes bids only from their members. Written
-- to run again over a copy that has some of it (IF NOT EXISTS), as a restore of an older backup does.
CREATE TABLE IF NOT EXISTS "grupo_cliente" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"nome" text NOT NULL,
	"descricao" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grupo_cliente_uid_unique" UNIQUE("uid"),
	CONSTRAINT "grupo_cliente_hotsite_id_nome_unique" UNIQUE("hotsite_id", "nome")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "grupo_cliente_membro" (
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"grupo_id" integer NOT NULL REFERENCES "grupo_cliente"("id") ON DELETE cascade,
	"usuario_id" integer NOT NULL REFERENCES "usuario"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grupo_cliente_membro_grupo_id_usuario_id_pk" PRIMARY KEY("grupo_id", "usuario_id")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "grupo_cliente_membro_hotsite_id_usuario_id_index" ON "grupo_cliente_membro" ("hotsite_id", "usuario_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "lote_grupo_cliente" (
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"lote_id" integer NOT NULL REFERENCES "lote"("id") ON DELETE cascade,
	"grupo_id" integer NOT NULL REFERENCES "grupo_cliente"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lote_grupo_cliente_lote_id_grupo_id_pk" PRIMARY KEY("lote_id", "grupo_id")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lote_grupo_cliente_grupo_id_index" ON "lote_grupo_cliente" ("grupo_id");
