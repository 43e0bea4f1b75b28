CREATE TABLE "autorizacao_retirada" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autorizacao_retirada_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"venda_id" integer NOT NULL,
	"hash" text NOT NULL,
	"nome" text NOT NULL,
	"cpf" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autorizacao_retirada_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "oferta_segundo_colocado" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oferta_segundo_colocado_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"lote_id" integer NOT NULL,
	"venda_origem_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"valor" bigint NOT NULL,
	"prazo" timestamp with time zone NOT NULL,
	"situacao" text DEFAULT 'Pendente' NOT NULL,
	"venda_id" integer,
	"respondida_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oferta_segundo_colocado_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
DROP INDEX "venda_item_lote_unq";--> statement-breakpoint
ALTER TABLE "venda_item" ADD COLUMN "ativo" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "autorizacao_retirada" ADD CONSTRAINT "autorizacao_retirada_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacao_retirada" ADD CONSTRAINT "autorizacao_retirada_venda_id_venda_id_fk" FOREIGN KEY ("venda_id") REFERENCES "venda"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oferta_segundo_colocado" ADD CONSTRAINT "oferta_segundo_colocado_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oferta_segundo_colocado" ADD CONSTRAINT "oferta_segundo_colocado_lote_id_lote_id_fk" FOREIGN KEY ("lote_id") REFERENCES "lote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oferta_segundo_colocado" ADD CONSTRAINT "oferta_segundo_colocado_venda_origem_id_venda_id_fk" FOREIGN KEY ("venda_origem_id") REFERENCES "venda"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oferta_segundo_colocado" ADD CONSTRAINT "oferta_segundo_colocado_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oferta_segundo_colocado" ADD CONSTRAINT "oferta_segundo_colocado_venda_id_venda_id_fk" FOREIGN KEY ("venda_id") REFERENCES "venda"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autorizacao_retirada_venda_id_index" ON "autorizacao_retirada" USING btree ("venda_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oferta_segundo_colocado_lote_unq" ON "oferta_segundo_colocado" USING btree ("lote_id");--> statement-breakpoint
CREATE INDEX "oferta_segundo_colocado_hotsite_id_usuario_id_index" ON "oferta_segundo_colocado" USING btree ("hotsite_id","usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "venda_item_lote_unq" ON "venda_item" USING btree ("lote_id") WHERE ativo;