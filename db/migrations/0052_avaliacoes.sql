-- Evaluations and the sell-your-car requests for staff (issue #33, decisions 254-256). The auctioneer's
-- appraisal of a lot (one per lot); the conditional vehicle evaluation of a lot whose winning bid fell below
-- the seller's value (checklist, the lot's photos with notes, values and a recommendation that informs the
-- seller's answer); and the staff's handling of "Vender seu carro" requests (status, who handles it, the lot
-- it became, comments). Money in centavos. Written to run again over a copy that has some of it
-- (IF NOT EXISTS), as a restore of an older backup does.
CREATE TABLE IF NOT EXISTS "avaliacao_leiloeiro" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"lote_id" integer NOT NULL REFERENCES "lote"("id") ON DELETE cascade,
	"valor_avaliacao" bigint NOT NULL,
	"minimo_sugerido" bigint,
	"estado_geral" text NOT NULL,
	"observacao" text,
	"avaliador_id" integer REFERENCES "usuario"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avaliacao_leiloeiro_uid_unique" UNIQUE("uid"),
	CONSTRAINT "avaliacao_leiloeiro_lote_id_unique" UNIQUE("lote_id"),
	CONSTRAINT "avaliacao_leiloeiro_valores_check" CHECK ("valor_avaliacao" > 0 AND ("minimo_sugerido" IS NULL OR "minimo_sugerido" > 0)),
	CONSTRAINT "avaliacao_leiloeiro_estado_geral_check" CHECK ("estado_geral" IN ('Ótimo', 'Bom', 'Regular', 'Ruim', 'Sucata'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "avaliacao_leiloeiro_hotsite_id_updated_at_index" ON "avaliacao_leiloeiro" ("hotsite_id", "updated_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "avaliacao_condicional" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"lote_id" integer NOT NULL REFERENCES "lote"("id") ON DELETE cascade,
	"itens" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fotos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"observacao" text,
	"valor_mercado" bigint,
	"custo_reparos" bigint,
	"valor_sugerido" bigint,
	"recomendacao" text,
	"situacao" text DEFAULT 'Em andamento' NOT NULL,
	"avaliador_id" integer REFERENCES "usuario"("id") ON DELETE set null,
	"concluida_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avaliacao_condicional_uid_unique" UNIQUE("uid"),
	CONSTRAINT "avaliacao_condicional_lote_id_unique" UNIQUE("lote_id"),
	CONSTRAINT "avaliacao_condicional_listas_check" CHECK (jsonb_typeof("itens") = 'array' AND jsonb_typeof("fotos") = 'array'),
	CONSTRAINT "avaliacao_condicional_recomendacao_check" CHECK ("recomendacao" IN ('Liberada', 'Recusada', 'Novo valor')),
	CONSTRAINT "avaliacao_condicional_situacao_check" CHECK ("situacao" IN ('Em andamento', 'Concluída'))
);--> statement-breakpoint
ALTER TABLE "pedido_venda_veiculo" ADD COLUMN IF NOT EXISTS "uid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "pedido_venda_veiculo" ADD COLUMN IF NOT EXISTS "situacao" text DEFAULT 'Novo' NOT NULL;--> statement-breakpoint
ALTER TABLE "pedido_venda_veiculo" ADD COLUMN IF NOT EXISTS "responsavel_id" integer REFERENCES "usuario"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "pedido_venda_veiculo" ADD COLUMN IF NOT EXISTS "lote_id" integer REFERENCES "lote"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "pedido_venda_veiculo" ADD COLUMN IF NOT EXISTS "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pedido_venda_veiculo" DROP CONSTRAINT IF EXISTS "pedido_venda_veiculo_uid_unique";--> statement-breakpoint
ALTER TABLE "pedido_venda_veiculo" ADD CONSTRAINT "pedido_venda_veiculo_uid_unique" UNIQUE("uid");--> statement-breakpoint
ALTER TABLE "pedido_venda_veiculo" DROP CONSTRAINT IF EXISTS "pedido_venda_veiculo_situacao_check";--> statement-breakpoint
ALTER TABLE "pedido_venda_veiculo" ADD CONSTRAINT "pedido_venda_veiculo_situacao_check" CHECK ("situacao" IN ('Novo', 'Contatado', 'Virou lote', 'Recusado'));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pedido_venda_veiculo_hotsite_id_situacao_index" ON "pedido_venda_veiculo" ("hotsite_id", "situacao", "created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "pedido_venda_comentario" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"pedido_id" integer NOT NULL REFERENCES "pedido_venda_veiculo"("id") ON DELETE cascade,
	"usuario_id" integer REFERENCES "usuario"("id") ON DELETE set null,
	"texto" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pedido_venda_comentario_pedido_id_index" ON "pedido_venda_comentario" ("pedido_id");
