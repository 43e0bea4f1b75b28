-- A watched lot called on the live floor (#32, decision 281): each client who follows it is told, in the floor's
-- own transaction, once per lot (a bid in dou-lhe that returns the lot to AO_VIVO is not a new call). Every writer
-- of the floor, present and future, is covered; the WHEN keeps the trigger off every other change of a lot.
CREATE FUNCTION notificar_favorito_ao_vivo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notificacao (hotsite_id, usuario_id, evento, lote_id, dados)
  SELECT f.hotsite_id, f.usuario_id, 'favorito-ao-vivo', NEW.id, jsonb_build_object('valor', coalesce(NEW.ultimo_lance_valor, NEW.minimo))
    FROM veiculo v
    JOIN favorito f ON f.vei_uid = v.uid AND f.hotsite_id = NEW.hotsite_id
   WHERE v.id = NEW.veiculo_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lote_favorito_ao_vivo AFTER UPDATE OF situacao ON lote FOR EACH ROW
  WHEN (NEW.situacao = 'AO_VIVO' AND OLD.situacao NOT IN ('AO_VIVO', 'DOULHE_UMA', 'DOULHE_DUAS'))
  EXECUTE FUNCTION notificar_favorito_ao_vivo();
