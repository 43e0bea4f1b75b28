-- The auctioneer's rules before publishing and the buyer's deadlines (#34 parts 3 and 5, decisions 229–233).
-- The judicial auction's notice date (CPC 887 § 1º) and each judicial lot's valuation, the judge's minimum and
-- whether the good belongs to an incapable person (CPC 891 and 896): the checks beside "Publicar" read them.
ALTER TABLE leilao ADD COLUMN edital_publicado_em timestamptz;
--> statement-breakpoint
ALTER TABLE lote ADD COLUMN avaliacao bigint;
--> statement-breakpoint
ALTER TABLE lote ADD COLUMN minimo_do_juiz bigint;
--> statement-breakpoint
ALTER TABLE lote ADD COLUMN bem_de_incapaz boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- The brand's own days without auctions (municipal holidays, closures), YYYY-MM-DD, and its rules for the
-- buyer's deadlines (business days to send the proofs after the payment date).
ALTER TABLE hotsite ADD COLUMN datas_sem_leilao jsonb NOT NULL DEFAULT '[]';
--> statement-breakpoint
ALTER TABLE hotsite ADD COLUMN prazos_comprador jsonb NOT NULL DEFAULT '{}';
--> statement-breakpoint
-- CPC 895: an instalment proposal on a judicial lot, its down payment (centavos) and instalments; a cash
-- proposal keeps both null.
ALTER TABLE proposta ADD COLUMN entrada bigint;
--> statement-breakpoint
ALTER TABLE proposta ADD COLUMN parcelas smallint;
--> statement-breakpoint
ALTER TABLE proposta ADD CONSTRAINT proposta_parcelada_cpc895 CHECK (
  (entrada IS NULL AND parcelas IS NULL) OR (entrada >= 0 AND entrada <= valor AND parcelas BETWEEN 1 AND 30)
);
