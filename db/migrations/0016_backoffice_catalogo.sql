ALTER TABLE "leilao" ADD COLUMN "cupons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "leilao" ADD COLUMN "videos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "lote" ADD COLUMN "motivo_cancelamento" text;--> statement-breakpoint
ALTER TABLE "lote_foto" ADD COLUMN "url_miniatura" text;--> statement-breakpoint
CREATE INDEX "veiculo_hotsite_id_chassi_index" ON "veiculo" USING btree ("hotsite_id","chassi");