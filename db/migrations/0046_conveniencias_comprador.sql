-- The buyer's conveniences (#33, decision 225): the last lots a client opened, one row per client and lot, its
-- time moved on each visit; the writer keeps the newest few per client. A visitor's list stays in the browser.
CREATE TABLE lote_visitado (
  hotsite_id integer NOT NULL REFERENCES hotsite(id) ON DELETE CASCADE,
  usuario_id integer NOT NULL REFERENCES usuario(id) ON DELETE CASCADE,
  lote_id integer NOT NULL REFERENCES lote(id) ON DELETE CASCADE,
  visitado_em timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT lote_visitado_usuario_id_lote_id_pk PRIMARY KEY (usuario_id, lote_id)
);
--> statement-breakpoint
CREATE INDEX lote_visitado_recentes ON lote_visitado (hotsite_id, usuario_id, visitado_em);
--> statement-breakpoint
-- "Vender seu carro" (decision 226): a person's offer of a vehicle to the brand, kept for its staff (also e-mailed
-- to the brand's contact address through the outbox). Money in centavos.
CREATE TABLE pedido_venda_veiculo (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  hotsite_id integer NOT NULL REFERENCES hotsite(id) ON DELETE CASCADE,
  nome text NOT NULL,
  email text NOT NULL,
  telefone text NOT NULL,
  marca_modelo text NOT NULL,
  ano_modelo integer NOT NULL,
  km integer,
  valor_pretendido bigint,
  cidade text NOT NULL,
  uf text NOT NULL,
  observacao text,
  created_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX pedido_venda_veiculo_recentes ON pedido_venda_veiculo (hotsite_id, created_at);
