-- The seller's page (#30): one-tap answers to conditional offers from the e-mail, the documents a sold
-- vehicle still waits for, and the index that reads a seller's lots by auction.
CREATE TABLE "resposta_condicional_link" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"hotsite_id" integer NOT NULL,
	"lote_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"resposta" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resposta_condicional_link_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "resposta_condicional_link" ADD CONSTRAINT "resposta_condicional_link_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resposta_condicional_link" ADD CONSTRAINT "resposta_condicional_link_lote_id_lote_id_fk" FOREIGN KEY ("lote_id") REFERENCES "lote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resposta_condicional_link" ADD CONSTRAINT "resposta_condicional_link_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resposta_condicional_link_lote_id_usuario_id_index" ON "resposta_condicional_link" USING btree ("lote_id","usuario_id");--> statement-breakpoint
ALTER TABLE "veiculo" ADD COLUMN "documentos_recebidos_em" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "lote_hotsite_id_comitente_id_leilao_id_index" ON "lote" USING btree ("hotsite_id","comitente_id","leilao_id");
