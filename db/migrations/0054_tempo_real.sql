-- The realtime rooms still missing (issue #33): the brand's broadcast message templates, which staff send
-- to an auction's auditorium and lot pages (decision 265), and the auction's active broadcast channel, the
-- one its viewers play (decision 266). Written to run again over a copy that has some of it (IF NOT
-- EXISTS), as a restore of an older backup does.
CREATE TABLE IF NOT EXISTS "modelo_mensagem_transmissao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"nome" text NOT NULL,
	"texto" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modelo_mensagem_transmissao_uid_unique" UNIQUE("uid"),
	CONSTRAINT "modelo_mensagem_transmissao_hotsite_id_nome_unique" UNIQUE("hotsite_id", "nome")
);--> statement-breakpoint
ALTER TABLE "canal_transmissao" ADD COLUMN IF NOT EXISTS "ativo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "canal_transmissao_um_ativo_por_leilao" ON "canal_transmissao" ("leilao_id") WHERE "ativo";
