-- Removal screen (issue #13, decision 081): REALIZADA becomes CONCLUIDA, EM_TRANSITO between AGENDADA and it;
-- the day the carrier picked the vehicle up, the insurer that asked and its id, the cancellation reason;
-- and the integration log (spec 001 §9 "Integration log").
UPDATE "remocao" SET "situacao" = 'CONCLUIDA' WHERE "situacao" = 'REALIZADA';--> statement-breakpoint
ALTER TABLE "remocao" ADD COLUMN "dia_inicio_real" date;--> statement-breakpoint
ALTER TABLE "remocao" ADD COLUMN "integradora" text;--> statement-breakpoint
ALTER TABLE "remocao" ADD COLUMN "protocolo" text;--> statement-breakpoint
ALTER TABLE "remocao" ADD COLUMN "motivo_cancelamento" text;--> statement-breakpoint
CREATE INDEX "remocao_hotsite_id_situacao_index" ON "remocao" USING btree ("hotsite_id","situacao");--> statement-breakpoint
CREATE TABLE "comitente_integracao_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comitente_integracao_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"cli_uid" text,
	"integradora" text NOT NULL,
	"tipo" text NOT NULL,
	"url" text NOT NULL,
	"body" jsonb,
	"query" jsonb,
	"response" jsonb,
	"error" text,
	"tempo_resposta" integer,
	"veiculo_id" integer,
	"remocao_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comitente_integracao_log_uid_unique" UNIQUE("uid")
);--> statement-breakpoint
ALTER TABLE "comitente_integracao_log" ADD CONSTRAINT "comitente_integracao_log_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comitente_integracao_log" ADD CONSTRAINT "comitente_integracao_log_veiculo_id_veiculo_id_fk" FOREIGN KEY ("veiculo_id") REFERENCES "veiculo"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comitente_integracao_log" ADD CONSTRAINT "comitente_integracao_log_remocao_id_remocao_id_fk" FOREIGN KEY ("remocao_id") REFERENCES "remocao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comitente_integracao_log_hotsite_id_remocao_id_index" ON "comitente_integracao_log" USING btree ("hotsite_id","remocao_id");--> statement-breakpoint
CREATE INDEX "comitente_integracao_log_hotsite_id_veiculo_id_index" ON "comitente_integracao_log" USING btree ("hotsite_id","veiculo_id");
