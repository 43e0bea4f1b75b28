CREATE TABLE "usuario_comitente" (
	"hotsite_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"comitente_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuario_comitente_usuario_id_comitente_id_pk" PRIMARY KEY("usuario_id","comitente_id")
);
--> statement-breakpoint
ALTER TABLE "usuario_comitente" ADD CONSTRAINT "usuario_comitente_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_comitente" ADD CONSTRAINT "usuario_comitente_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_comitente" ADD CONSTRAINT "usuario_comitente_comitente_id_comitente_id_fk" FOREIGN KEY ("comitente_id") REFERENCES "comitente"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usuario_comitente_hotsite_id_usuario_id_index" ON "usuario_comitente" USING btree ("hotsite_id","usuario_id");--> statement-breakpoint
CREATE INDEX "usuario_comitente_comitente_id_index" ON "usuario_comitente" USING btree ("comitente_id");