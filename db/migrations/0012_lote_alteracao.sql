-- The search index's change feed (docs/decisions/012-feed-de-alteracoes-do-indice.md). Every statement
-- that inserts, changes or deletes lots appends one row per lot, with a sequence number and the id of
-- its transaction. An instance reads the rows after the last sequence it saw, and keeps the numbers it
-- has not seen below it (a transaction still running, or one that rolled back) until the oldest
-- running transaction of its snapshot is younger than whatever could have taken them: a commit that
-- comes late is read when it comes, however late. The index reads only columns of `lote` (the
-- vehicle's search fields are copied into it, a bid moves ultimo_lance_valor and so valor_atual), so
-- this one table's triggers see every change it needs.
CREATE TABLE "lote_alteracao" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (CACHE 1),
	"hotsite_id" integer NOT NULL,
	"lote_id" integer NOT NULL,
	"transacao" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"em" timestamptz DEFAULT clock_timestamp() NOT NULL
);--> statement-breakpoint
CREATE INDEX "lote_alteracao_transacao_idx" ON "lote_alteracao" USING btree ("transacao");--> statement-breakpoint
CREATE INDEX "lote_alteracao_em_idx" ON "lote_alteracao" USING btree ("em");--> statement-breakpoint
-- One INSERT per statement (transition tables), not one per row: a bulk import or closing 100 lots
-- costs one statement, a bid batch one small insert. A page view (updated_at kept by
-- lote_tocar_atualizado, visualizacoes moved) is not a change and is not logged.
CREATE OR REPLACE FUNCTION lote_registrar_alteracao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lote_alteracao (hotsite_id, lote_id) SELECT n.hotsite_id, n.id FROM novas n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lote_alteracao (hotsite_id, lote_id) SELECT o.hotsite_id, o.id FROM antigas o;
  ELSE
    INSERT INTO lote_alteracao (hotsite_id, lote_id)
    SELECT n.hotsite_id, n.id FROM novas n JOIN antigas o ON o.id = n.id
     WHERE n.updated_at IS DISTINCT FROM o.updated_at OR n.visualizacoes IS NOT DISTINCT FROM o.visualizacoes;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER lote_alteracao_insert AFTER INSERT ON "lote" REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION lote_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER lote_alteracao_update AFTER UPDATE ON "lote" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION lote_registrar_alteracao();--> statement-breakpoint
CREATE TRIGGER lote_alteracao_delete AFTER DELETE ON "lote" REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION lote_registrar_alteracao();
