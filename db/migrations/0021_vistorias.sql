CREATE TABLE "tipo_vistoria" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tipo_vistoria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"nome" text NOT NULL,
	"pode_editar" boolean DEFAULT true NOT NULL,
	"disponibilizar_para_tipos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"categorias" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by_cliente_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tipo_vistoria_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "vistoria" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vistoria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"veiculo_id" integer NOT NULL,
	"tipo_vistoria_id" integer NOT NULL,
	"situacao" text DEFAULT 'Aguardando' NOT NULL,
	"hash" text NOT NULL,
	"vistoriador" text,
	"categorias" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"equipamentos" jsonb,
	"observacao" text,
	"motivo_cancelamento" text,
	"realizada_at" timestamp with time zone,
	"cancelada_at" timestamp with time zone,
	"created_by_id" integer,
	"updated_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vistoria_uid_unique" UNIQUE("uid"),
	CONSTRAINT "vistoria_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "tipo_vistoria" ADD CONSTRAINT "tipo_vistoria_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipo_vistoria" ADD CONSTRAINT "tipo_vistoria_updated_by_cliente_id_usuario_id_fk" FOREIGN KEY ("updated_by_cliente_id") REFERENCES "usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vistoria" ADD CONSTRAINT "vistoria_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vistoria" ADD CONSTRAINT "vistoria_veiculo_id_veiculo_id_fk" FOREIGN KEY ("veiculo_id") REFERENCES "veiculo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vistoria" ADD CONSTRAINT "vistoria_tipo_vistoria_id_tipo_vistoria_id_fk" FOREIGN KEY ("tipo_vistoria_id") REFERENCES "tipo_vistoria"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vistoria" ADD CONSTRAINT "vistoria_created_by_id_usuario_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vistoria" ADD CONSTRAINT "vistoria_updated_by_id_usuario_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tipo_vistoria_hotsite_id_index" ON "tipo_vistoria" USING btree ("hotsite_id");--> statement-breakpoint
CREATE INDEX "vistoria_hotsite_id_situacao_index" ON "vistoria" USING btree ("hotsite_id","situacao");--> statement-breakpoint
CREATE INDEX "vistoria_veiculo_id_index" ON "vistoria" USING btree ("veiculo_id");