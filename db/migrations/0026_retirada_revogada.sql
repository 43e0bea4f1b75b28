ALTER TABLE "autorizacao_retirada" ADD COLUMN "revogada_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "autorizacao_retirada" ADD COLUMN "revogada_por" text;
