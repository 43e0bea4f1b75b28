-- A judicial lot's accepted written proposal becomes its sale (CPC 895, decision 250): the down payment and
-- each monthly instalment of the lot's price, with its due day and value in centavos, kept beside the sale;
-- number 0 is the down payment. Written to run again over a copy that has some of it (IF NOT EXISTS).
CREATE TABLE IF NOT EXISTS "venda_parcela" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"venda_id" integer NOT NULL REFERENCES "venda"("id") ON DELETE cascade,
	"lote_id" integer NOT NULL REFERENCES "lote"("id") ON DELETE cascade,
	"proposta_id" integer NOT NULL REFERENCES "proposta"("id") ON DELETE cascade,
	"numero" smallint NOT NULL,
	"vencimento" date NOT NULL,
	"valor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venda_parcela_proposta_id_numero_unique" UNIQUE("proposta_id", "numero"),
	CONSTRAINT "venda_parcela_numero_check" CHECK ("numero" BETWEEN 0 AND 30),
	CONSTRAINT "venda_parcela_valor_check" CHECK ("valor" >= 0)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "venda_parcela_hotsite_id_venda_id_index" ON "venda_parcela" ("hotsite_id", "venda_id");--> statement-breakpoint
-- At most one accepted proposal per lot: a second acceptance, whatever instance runs it, cannot commit.
CREATE UNIQUE INDEX IF NOT EXISTS "proposta_aceita_por_lote_unq" ON "proposta" ("lote_id") WHERE situacao = 'Aceita';
