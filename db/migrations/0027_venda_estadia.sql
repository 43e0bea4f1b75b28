ALTER TABLE "venda" ADD COLUMN "valor_estadia" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "venda" ADD COLUMN "diarias_estadia" integer DEFAULT 0 NOT NULL;
