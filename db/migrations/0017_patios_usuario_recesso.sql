CREATE TABLE "patio_recesso" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "patio_recesso_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"patio_id" integer NOT NULL,
	"dia" date NOT NULL,
	"descricao" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patio_recesso_patioId_dia_unique" UNIQUE("patio_id","dia")
);
--> statement-breakpoint
CREATE TABLE "patio_usuario" (
	"hotsite_id" integer NOT NULL,
	"patio_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patio_usuario_patio_id_usuario_id_pk" PRIMARY KEY("patio_id","usuario_id")
);
--> statement-breakpoint
ALTER TABLE "patio_recesso" ADD CONSTRAINT "patio_recesso_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patio_recesso" ADD CONSTRAINT "patio_recesso_patio_id_patio_id_fk" FOREIGN KEY ("patio_id") REFERENCES "patio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patio_usuario" ADD CONSTRAINT "patio_usuario_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patio_usuario" ADD CONSTRAINT "patio_usuario_patio_id_patio_id_fk" FOREIGN KEY ("patio_id") REFERENCES "patio"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patio_usuario" ADD CONSTRAINT "patio_usuario_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patio_recesso_hotsite_id_dia_index" ON "patio_recesso" USING btree ("hotsite_id","dia");--> statement-breakpoint
CREATE INDEX "patio_usuario_hotsite_id_usuario_id_index" ON "patio_usuario" USING btree ("hotsite_id","usuario_id");