-- Insurer removals (issue #31, decisions 171-175): each brand's link to an insurer (its HMAC secret and the
-- address that takes status updates), the events received (one row per processId + event: the idempotency
-- key), the outbox of status updates sent back with retries, the carrier, driver and removal-location
-- registers, and the removal's stage (S01-S17), confirmation, cancellation and authorisation data.
CREATE TABLE "seguradora_integracao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"integradora" text NOT NULL,
	"segredo" text NOT NULL,
	"url_status" text,
	"comitente_id" integer REFERENCES "comitente"("id") ON DELETE set null,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seguradora_integracao_hotsite_id_integradora_unique" UNIQUE("hotsite_id","integradora")
);--> statement-breakpoint
CREATE TABLE "seguradora_evento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"integradora" text NOT NULL,
	"process_id" text NOT NULL,
	"event_code" text NOT NULL,
	"recibo" text NOT NULL,
	"remocao_id" integer REFERENCES "remocao"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seguradora_evento_unico" UNIQUE("hotsite_id","integradora","process_id","event_code")
);--> statement-breakpoint
CREATE TABLE "seguradora_envio" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL UNIQUE,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"integradora" text NOT NULL,
	"remocao_id" integer NOT NULL REFERENCES "remocao"("id") ON DELETE cascade,
	"event_code" text NOT NULL,
	"body" jsonb NOT NULL,
	"situacao" text DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_em" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_erro" text,
	"enviado_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "seguradora_envio_pendentes_index" ON "seguradora_envio" USING btree ("proxima_em") WHERE "situacao" = 'pendente';--> statement-breakpoint
CREATE INDEX "seguradora_envio_hotsite_id_remocao_id_index" ON "seguradora_envio" USING btree ("hotsite_id","remocao_id");--> statement-breakpoint
CREATE TABLE "transportadora" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL UNIQUE,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"nome" text NOT NULL,
	"cnpj" text,
	"telefone" text,
	"email" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transportadora_hotsite_id_nome_unique" UNIQUE("hotsite_id","nome")
);--> statement-breakpoint
CREATE TABLE "motorista" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL UNIQUE,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"transportadora_id" integer REFERENCES "transportadora"("id") ON DELETE set null,
	"nome" text NOT NULL,
	"cpf" text,
	"telefone" text,
	"email" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "motorista_hotsite_id_index" ON "motorista" USING btree ("hotsite_id");--> statement-breakpoint
CREATE TABLE "local_remocao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL UNIQUE,
	"hotsite_id" integer NOT NULL REFERENCES "hotsite"("id") ON DELETE cascade,
	"nome" text NOT NULL,
	"endereco" jsonb,
	"contato_nome" text,
	"contato_email" text,
	"contato_telefone" text,
	"contato_telefone2" text,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "local_remocao_hotsite_id_index" ON "local_remocao" USING btree ("hotsite_id");--> statement-breakpoint
ALTER TABLE "remocao" ADD COLUMN "etapa" text;--> statement-breakpoint
ALTER TABLE "remocao" ADD COLUMN "process_id" text;--> statement-breakpoint
ALTER TABLE "remocao" ADD COLUMN "sinistro" text;--> statement-breakpoint
ALTER TABLE "remocao" ADD COLUMN "transportadora_id" integer REFERENCES "transportadora"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "remocao" ADD COLUMN "motorista_id" integer REFERENCES "motorista"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "remocao" ADD COLUMN "local_remocao_id" integer REFERENCES "local_remocao"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "remocao" ADD COLUMN "confirmado_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "remocao" ADD COLUMN "confirmado_por" text;--> statement-breakpoint
ALTER TABLE "remocao" ADD COLUMN "cancelado_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "remocao" ADD COLUMN "cancelado_por" text;--> statement-breakpoint
ALTER TABLE "remocao" ADD COLUMN "autorizado_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "remocao" ADD COLUMN "autorizacao_codigo" text;--> statement-breakpoint
ALTER TABLE "remocao" ADD COLUMN "autorizado_por" text;--> statement-breakpoint
CREATE UNIQUE INDEX "remocao_integradora_process_id_unique" ON "remocao" USING btree ("hotsite_id","integradora","process_id") WHERE "process_id" IS NOT NULL;
