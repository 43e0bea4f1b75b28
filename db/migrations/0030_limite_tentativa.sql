-- Attempt counters (decision 106): one row per limited thing, counted before its check in one INSERT … ON CONFLICT DO UPDATE … RETURNING.
CREATE TABLE "limite_tentativa" (
	"chave" text PRIMARY KEY NOT NULL,
	"hotsite_id" integer,
	"n" integer NOT NULL,
	"janela_fim" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "limite_tentativa" ADD CONSTRAINT "limite_tentativa_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "limite_tentativa_janela_fim_index" ON "limite_tentativa" USING btree ("janela_fim");