ALTER TABLE "hotsite" ADD COLUMN "habilitacao_com_aprovacao" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "habilitacao" ADD COLUMN "motivo" text;--> statement-breakpoint
ALTER TABLE "habilitacao" ADD COLUMN "aceite_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "habilitacao" ADD COLUMN "decidido_por" integer;--> statement-breakpoint
ALTER TABLE "habilitacao" ADD COLUMN "decidido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "habilitacao" ADD CONSTRAINT "habilitacao_decidido_por_usuario_id_fk" FOREIGN KEY ("decidido_por") REFERENCES "usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "habilitacao_hotsite_id_situacao_index" ON "habilitacao" USING btree ("hotsite_id","situacao");