-- Lot badges (spec 001 search result `carimbos`; decision 086): the brand's badge list and each lot's copy
-- of the badges picked for it (a lot column, so a change reaches the cards through the lot's change feed).
CREATE TABLE "carimbo_lote" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carimbo_lote_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"nome" text NOT NULL,
	"url_card" text,
	"url_lote" text,
	"link" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carimbo_lote_uid_unique" UNIQUE("uid"),
	CONSTRAINT "carimbo_lote_hotsite_id_nome_unique" UNIQUE("hotsite_id","nome")
);--> statement-breakpoint
ALTER TABLE "carimbo_lote" ADD CONSTRAINT "carimbo_lote_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lote" ADD COLUMN "carimbos" jsonb DEFAULT '[]'::jsonb NOT NULL;
