CREATE TABLE "canal_transmissao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "canal_transmissao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"leilao_id" integer NOT NULL,
	"nome" text NOT NULL,
	"disponivel" boolean NOT NULL,
	"template_uid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "canal_transmissao_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "transmissao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transmissao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"leilao_id" integer NOT NULL,
	"canal_transmissao_id" integer,
	"url_rmtp" text NOT NULL,
	"video_ativo" boolean NOT NULL,
	"audio_ativo" boolean NOT NULL,
	"posicao_template" integer NOT NULL,
	"video_filename" text,
	"video_loop" boolean DEFAULT false NOT NULL,
	"video_voltar_no_segundo" integer,
	"local" text,
	"ultima_checagem" timestamp with time zone,
	"iniciada_por" integer,
	"data_inicio" timestamp with time zone DEFAULT now() NOT NULL,
	"data_publicacao" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transmissao_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "canal_transmissao" ADD CONSTRAINT "canal_transmissao_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canal_transmissao" ADD CONSTRAINT "canal_transmissao_leilao_id_leilao_id_fk" FOREIGN KEY ("leilao_id") REFERENCES "leilao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transmissao" ADD CONSTRAINT "transmissao_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transmissao" ADD CONSTRAINT "transmissao_leilao_id_leilao_id_fk" FOREIGN KEY ("leilao_id") REFERENCES "leilao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transmissao" ADD CONSTRAINT "transmissao_canal_transmissao_id_canal_transmissao_id_fk" FOREIGN KEY ("canal_transmissao_id") REFERENCES "canal_transmissao"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transmissao" ADD CONSTRAINT "transmissao_iniciada_por_usuario_id_fk" FOREIGN KEY ("iniciada_por") REFERENCES "usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "canal_transmissao_hotsite_id_leilao_id_index" ON "canal_transmissao" USING btree ("hotsite_id","leilao_id");--> statement-breakpoint
CREATE INDEX "transmissao_hotsite_id_leilao_id_id_index" ON "transmissao" USING btree ("hotsite_id","leilao_id","id");