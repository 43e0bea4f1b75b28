-- Bidding fast path (issue #5). A manual bid on a lot WITHOUT active automatic maxima is decided
-- entirely inside PostgreSQL in one call: lock the lot, check, insert, move the snapshot, soft close,
-- queue the outbid e-mail. The lock is then held only for the function's own work, never across
-- round trips to the application. Any other case answers 'motor' and the application runs the full
-- engine (app/modules/lances/disputa.ts) in its own transaction. Rules mirror regras.ts; the race
-- property test on PostgreSQL exercises both paths.

CREATE OR REPLACE FUNCTION apelido_de(nome text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(nullif(split_part(trim(nome), ' ', 1), '') || CASE WHEN position(' ' in trim(nome)) > 0
         THEN ' ' || upper(left(regexp_replace(trim(nome), '^.* ', ''), 1)) || '.' ELSE '' END, 'Participante')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lance_manual_rapido(p_hotsite int, p_lote int, p_usuario int, p_valor bigint, p_assunto text, p_texto text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  l record;
  agora timestamptz;
  proximo bigint;
  novo_fim timestamptz;
  seq int;
  novo record;
  nick text;
BEGIN
  SELECT lo.id, lo.situacao, lo.tipo, lo.somente_buy_now_proposta, lo.data_inicio, lo.data_fim, lo.minimo, lo.incremento,
         lo.ultimo_lance_valor, lo.ultimo_lance_usuario_id, lo.sequencia, lo.recebe_incremento_tempo, lo.leilao_id, lo.nome, lo.numero,
         v.uid AS vei_uid,
         coalesce(le.ponto_corte_para_incremento_pos_lances_segundos, 60) AS ponto_corte,
         coalesce(le.incremento_apos_lances_segundos, 60) AS incremento_tempo
    INTO l
    FROM lote lo JOIN veiculo v ON v.id = lo.veiculo_id LEFT JOIN leilao le ON le.id = lo.leilao_id
   WHERE lo.id = p_lote AND lo.hotsite_id = p_hotsite
     FOR UPDATE OF lo;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('r', 'motor');
  END IF;
  -- A new statement: sees every maximum committed before the lock was granted.
  IF EXISTS (SELECT 1 FROM lance_automatico WHERE lote_id = p_lote AND situacao = 'Ativo') THEN
    RETURN jsonb_build_object('r', 'motor');
  END IF;
  agora := clock_timestamp();
  IF l.situacao NOT IN ('LIBERADO_LEILAO', 'AO_VIVO', 'REPASSE', 'DOULHE_UMA', 'DOULHE_DUAS') OR l.tipo <> 'Disputa'
     OR l.somente_buy_now_proposta OR l.data_fim IS NULL OR agora >= l.data_fim
     OR (l.data_inicio IS NOT NULL AND agora < l.data_inicio) THEN
    RETURN jsonb_build_object('r', 'motor');
  END IF;
  proximo := coalesce(l.ultimo_lance_valor + l.incremento, l.minimo);
  IF p_valor < proximo THEN
    RETURN jsonb_build_object('r', 'abaixo', 'proximo', proximo);
  END IF;
  novo_fim := l.data_fim;
  IF l.recebe_incremento_tempo AND l.data_fim - agora <= make_interval(secs => l.ponto_corte)
     AND agora + make_interval(secs => l.incremento_tempo) > l.data_fim THEN
    novo_fim := agora + make_interval(secs => l.incremento_tempo);
  END IF;
  seq := l.sequencia + 1;
  SELECT apelido_de(u.nome) INTO nick FROM usuario u WHERE u.id = p_usuario;
  INSERT INTO lance (hotsite_id, lote_id, leilao_id, usuario_id, valor, tipo, ordem, apelido, data)
  VALUES (p_hotsite, p_lote, l.leilao_id, p_usuario, p_valor, 'Manual', seq, coalesce(nick, 'Participante'), agora)
  RETURNING id, uid, data INTO novo;
  UPDATE lote SET ultimo_lance_valor = p_valor, ultimo_lance_usuario_id = p_usuario, ultimo_lance_apelido = nick,
         ultimo_lance_data = agora, quantidade_lances = quantidade_lances + 1, sequencia = seq, data_fim = novo_fim, updated_at = agora
   WHERE id = p_lote;
  IF l.ultimo_lance_usuario_id IS NOT NULL AND l.ultimo_lance_usuario_id <> p_usuario THEN
    INSERT INTO email_saida (hotsite_id, para, assunto, texto)
    SELECT p_hotsite, u.email, replace(replace(p_assunto, '{nome}', l.nome), '{numero}', l.numero),
           replace(replace(p_texto, '{nome}', l.nome), '{numero}', l.numero)
      FROM usuario u WHERE u.id = l.ultimo_lance_usuario_id;
  END IF;
  RETURN jsonb_build_object('r', 'aceito', 'id', novo.id, 'uid', novo.uid, 'data', novo.data, 'seq', seq, 'dataFim', novo_fim,
    'situacao', l.situacao, 'veiUid', l.vei_uid, 'minimo', l.minimo, 'incremento', l.incremento,
    'anterior', l.ultimo_lance_usuario_id, 'nome', l.nome, 'numero', l.numero);
END
$$;
