-- Checks with third parties (#31): the lot's checked history (consulta_veiculo, one row per vehicle and item),
-- the auction's terms on who pays each debt (leilao_quem_paga), the traffic authority's items per auction
-- (detran_item, spec 001 §3) and the client checks with Procob and restricted lists (consulta_cliente).
CREATE TABLE "consulta_cliente" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consulta_cliente_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"situacao" text DEFAULT 'Aguardando' NOT NULL,
	"resposta" text,
	"fonte" text NOT NULL,
	"consultado_at" timestamp with time zone DEFAULT now() NOT NULL,
	"respondido_por" text,
	"respondido_at" timestamp with time zone,
	CONSTRAINT "consulta_cliente_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "consulta_veiculo" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consulta_veiculo_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hotsite_id" integer NOT NULL,
	"veiculo_id" integer NOT NULL,
	"item" text NOT NULL,
	"resultado" text NOT NULL,
	"valor" bigint,
	"detalhe" text,
	"fonte" text NOT NULL,
	"consultado_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_sucesso_at" timestamp with time zone,
	CONSTRAINT "consulta_veiculo_hotsiteId_veiculoId_item_unique" UNIQUE("hotsite_id","veiculo_id","item")
);
--> statement-breakpoint
CREATE TABLE "detran_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "detran_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"leilao_id" integer NOT NULL,
	"lote_id" integer,
	"veiculo_id" integer,
	"detran_importacao_uid" uuid NOT NULL,
	"id_objeto" text,
	"ordem_visualizacao" integer DEFAULT 0 NOT NULL,
	"vistoria" text,
	"placa" text,
	"tipo" text,
	"modelo" text,
	"cor" text,
	"ano" integer,
	"motor" text,
	"chassi" text NOT NULL,
	"renavan" text,
	"condicao" text,
	"valor_unitario_inicial" bigint,
	"cadastro_detran_ok" boolean,
	"cadastro_detran_data" timestamp with time zone,
	"cadastro_detran_response" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "detran_item_uid_unique" UNIQUE("uid"),
	CONSTRAINT "detran_item_hotsiteId_leilaoId_chassi_unique" UNIQUE("hotsite_id","leilao_id","chassi")
);
--> statement-breakpoint
CREATE TABLE "leilao_quem_paga" (
	"leilao_id" integer PRIMARY KEY NOT NULL,
	"hotsite_id" integer NOT NULL,
	"itens" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consulta_cliente" ADD CONSTRAINT "consulta_cliente_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consulta_cliente" ADD CONSTRAINT "consulta_cliente_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consulta_veiculo" ADD CONSTRAINT "consulta_veiculo_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consulta_veiculo" ADD CONSTRAINT "consulta_veiculo_veiculo_id_veiculo_id_fk" FOREIGN KEY ("veiculo_id") REFERENCES "veiculo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detran_item" ADD CONSTRAINT "detran_item_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detran_item" ADD CONSTRAINT "detran_item_leilao_id_leilao_id_fk" FOREIGN KEY ("leilao_id") REFERENCES "leilao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detran_item" ADD CONSTRAINT "detran_item_lote_id_lote_id_fk" FOREIGN KEY ("lote_id") REFERENCES "lote"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detran_item" ADD CONSTRAINT "detran_item_veiculo_id_veiculo_id_fk" FOREIGN KEY ("veiculo_id") REFERENCES "veiculo"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leilao_quem_paga" ADD CONSTRAINT "leilao_quem_paga_leilao_id_leilao_id_fk" FOREIGN KEY ("leilao_id") REFERENCES "leilao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leilao_quem_paga" ADD CONSTRAINT "leilao_quem_paga_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consulta_cliente_hotsite_id_usuario_id_consultado_at_index" ON "consulta_cliente" USING btree ("hotsite_id","usuario_id","consultado_at");--> statement-breakpoint
CREATE INDEX "consulta_veiculo_hotsite_id_consultado_at_index" ON "consulta_veiculo" USING btree ("hotsite_id","consultado_at");--> statement-breakpoint
CREATE INDEX "detran_item_hotsite_id_lote_id_index" ON "detran_item" USING btree ("hotsite_id","lote_id");