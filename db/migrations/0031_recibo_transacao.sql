-- Commit receipts (decision 113): a bid's transaction writes one under an id chosen before it began, so a lost COMMIT answer is resolved by reading what committed.
CREATE TABLE "recibo_transacao" (
	"id" uuid PRIMARY KEY NOT NULL,
	"hotsite_id" integer NOT NULL,
	"resposta" jsonb,
	"anulada" boolean DEFAULT false NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recibo_transacao" ADD CONSTRAINT "recibo_transacao_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recibo_transacao_criado_em_index" ON "recibo_transacao" USING btree ("criado_em");