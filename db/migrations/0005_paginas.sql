CREATE TABLE "hotsite_alteracao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hotsite_alteracao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"usuario_id" integer,
	"entidade" text NOT NULL,
	"entidade_id" integer,
	"acao" text NOT NULL,
	"detalhes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mensagem_contato" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mensagem_contato_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"telefone" text,
	"mensagem" text NOT NULL,
	"lida_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_inscricao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "newsletter_inscricao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_inscricao_hotsiteId_email_unique" UNIQUE("hotsite_id","email")
);
--> statement-breakpoint
CREATE TABLE "usuario_hotsite" (
	"usuario_id" integer NOT NULL,
	"hotsite_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuario_hotsite_usuario_id_hotsite_id_pk" PRIMARY KEY("usuario_id","hotsite_id")
);
--> statement-breakpoint
ALTER TABLE "hotsite_alteracao" ADD CONSTRAINT "hotsite_alteracao_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotsite_alteracao" ADD CONSTRAINT "hotsite_alteracao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagem_contato" ADD CONSTRAINT "mensagem_contato_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_inscricao" ADD CONSTRAINT "newsletter_inscricao_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_hotsite" ADD CONSTRAINT "usuario_hotsite_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_hotsite" ADD CONSTRAINT "usuario_hotsite_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hotsite_alteracao_hotsite_id_created_at_index" ON "hotsite_alteracao" USING btree ("hotsite_id","created_at");--> statement-breakpoint
CREATE INDEX "mensagem_contato_hotsite_id_created_at_index" ON "mensagem_contato" USING btree ("hotsite_id","created_at");--> statement-breakpoint
CREATE INDEX "usuario_hotsite_hotsite_id_index" ON "usuario_hotsite" USING btree ("hotsite_id");