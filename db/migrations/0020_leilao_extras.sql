CREATE TABLE "carimbo_foto" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carimbo_foto_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"texto" text,
	"imagem" "bytea",
	"posicao" text DEFAULT 'inferior-direita' NOT NULL,
	"opacidade" integer DEFAULT 60 NOT NULL,
	"largura" integer DEFAULT 25 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carimbo_foto_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "leilao_documento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leilao_documento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"leilao_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"descricao" text NOT NULL,
	"nome_arquivo" text NOT NULL,
	"tamanho" integer NOT NULL,
	"conteudo" "bytea" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leilao_documento_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "leilao" ADD COLUMN "aprovar_fotos" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lote_foto" ADD COLUMN "aprovada" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "carimbo_foto" ADD CONSTRAINT "carimbo_foto_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leilao_documento" ADD CONSTRAINT "leilao_documento_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leilao_documento" ADD CONSTRAINT "leilao_documento_leilao_id_leilao_id_fk" FOREIGN KEY ("leilao_id") REFERENCES "leilao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leilao_documento" ADD CONSTRAINT "leilao_documento_created_by_usuario_id_fk" FOREIGN KEY ("created_by") REFERENCES "usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carimbo_foto_hotsite_id_index" ON "carimbo_foto" USING btree ("hotsite_id");--> statement-breakpoint
CREATE INDEX "leilao_documento_hotsite_id_leilao_id_index" ON "leilao_documento" USING btree ("hotsite_id","leilao_id");