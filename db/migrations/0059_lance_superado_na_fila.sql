-- The outbid e-mail goes through the notification queue only (decision 283): the lot's leader-changed trigger
-- (notificar_lider_trocado, 0037) already queues the outbid notice in the bid's transaction, and its e-mail channel
-- carries the brand's signature, one-click unsubscribe and the client's choices. The fast paths below are the
-- newest definitions (lance_manual_rapido from 0006, lance_manual_lote from 0032) with only the direct
-- mensagem_saida insert removed; their signatures stay (the message parameters are now unused).
-- The leader-changed trigger (from 0037) also tells a leader whose lot was taken by a buy-now that it was sold
-- (dados.compreJa), not outbid: the buy-now writes the buyer as leader and AG_PAGAMENTO in one lot update.
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
  RETURN jsonb_build_object('r', 'aceito', 'id', novo.id, 'uid', novo.uid, 'data', novo.data, 'seq', seq, 'dataFim', novo_fim,
    'situacao', l.situacao, 'veiUid', l.vei_uid, 'minimo', l.minimo, 'incremento', l.incremento,
    'anterior', l.ultimo_lance_usuario_id, 'nome', l.nome, 'numero', l.numero);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lance_manual_lote(p_hotsite int, p_lote int, p_usuarios int[], p_valores bigint[], p_assunto text, p_textos text[])
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  l record;
  agora timestamptz;
  ultima_data timestamptz;
  proximo bigint;
  fim timestamptz;
  seq int;
  ultimo bigint;
  lider int;
  nick text;
  novo record;
  aceitos int := 0;
  resultados jsonb[] := '{}';
BEGIN
  SELECT lo.id, lo.situacao, lo.tipo, lo.somente_buy_now_proposta, lo.data_inicio, lo.data_fim, lo.minimo, lo.incremento,
         lo.ultimo_lance_valor, lo.ultimo_lance_usuario_id, lo.ultimo_lance_apelido, lo.sequencia, lo.recebe_incremento_tempo,
         lo.leilao_id, lo.nome, lo.numero, v.uid AS vei_uid,
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
  IF l.situacao NOT IN ('LIBERADO_LEILAO', 'AO_VIVO', 'REPASSE') OR l.tipo <> 'Disputa'
     OR l.somente_buy_now_proposta OR l.data_fim IS NULL THEN
    RETURN jsonb_build_object('r', 'motor');
  END IF;
  fim := l.data_fim;
  seq := l.sequencia;
  ultimo := l.ultimo_lance_valor;
  lider := l.ultimo_lance_usuario_id;
  nick := l.ultimo_lance_apelido;
  FOR i IN 1 .. coalesce(array_length(p_usuarios, 1), 0) LOOP
    agora := clock_timestamp();
    IF agora >= fim OR (l.data_inicio IS NOT NULL AND agora < l.data_inicio) THEN
      resultados := resultados || jsonb_build_object('r', 'motor');
      CONTINUE;
    END IF;
    proximo := coalesce(ultimo + l.incremento, l.minimo);
    IF p_valores[i] < proximo THEN
      resultados := resultados || jsonb_build_object('r', 'abaixo', 'proximo', proximo);
      CONTINUE;
    END IF;
    IF l.recebe_incremento_tempo AND fim - agora <= make_interval(secs => l.ponto_corte)
       AND agora + make_interval(secs => l.incremento_tempo) > fim THEN
      fim := agora + make_interval(secs => l.incremento_tempo);
    END IF;
    seq := seq + 1;
    nick := apelido_do_usuario(p_usuarios[i]);
    INSERT INTO lance (hotsite_id, lote_id, leilao_id, usuario_id, valor, tipo, ordem, apelido, data)
    VALUES (p_hotsite, p_lote, l.leilao_id, p_usuarios[i], p_valores[i], 'Manual', seq, coalesce(nick, 'Participante'), agora)
    RETURNING id, uid, data INTO novo;
    resultados := resultados || jsonb_build_object('r', 'aceito', 'id', novo.id, 'uid', novo.uid, 'data', novo.data, 'seq', seq,
      'dataFim', fim, 'anterior', lider);
    ultimo := p_valores[i];
    lider := p_usuarios[i];
    ultima_data := agora;
    aceitos := aceitos + 1;
  END LOOP;
  IF aceitos > 0 THEN
    UPDATE lote SET ultimo_lance_valor = ultimo, ultimo_lance_usuario_id = lider, ultimo_lance_apelido = nick,
           ultimo_lance_data = ultima_data, quantidade_lances = quantidade_lances + aceitos, sequencia = seq, data_fim = fim,
           updated_at = ultima_data
     WHERE id = p_lote;
  END IF;
  RETURN jsonb_build_object('r', 'lote', 'veiUid', l.vei_uid, 'minimo', l.minimo, 'incremento', l.incremento,
    'situacao', l.situacao, 'nome', l.nome, 'numero', l.numero, 'resultados', to_jsonb(resultados));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notificar_lider_trocado() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  por_compra boolean := NEW.situacao = 'AG_PAGAMENTO' AND OLD.situacao IS DISTINCT FROM 'AG_PAGAMENTO'
                       AND NEW.compre_ja IS NOT NULL AND NEW.ultimo_lance_valor = NEW.compre_ja;
BEGIN
  INSERT INTO notificacao (hotsite_id, usuario_id, evento, lote_id, chave, dados)
  VALUES (NEW.hotsite_id, OLD.ultimo_lance_usuario_id,
          CASE WHEN NOT por_compra AND EXISTS (SELECT 1 FROM lance_automatico a
                                               WHERE a.lote_id = NEW.id AND a.usuario_id = OLD.ultimo_lance_usuario_id
                                                 AND a.valor_maximo >= OLD.ultimo_lance_valor)
               THEN 'maximo-atingido' ELSE 'lance-superado' END,
          NEW.id, OLD.ultimo_lance_valor::text,
          CASE WHEN por_compra
               THEN jsonb_build_object('valor', NEW.ultimo_lance_valor, 'seuLance', OLD.ultimo_lance_valor, 'compreJa', true)
               ELSE jsonb_build_object('valor', NEW.ultimo_lance_valor, 'seuLance', OLD.ultimo_lance_valor) END)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
