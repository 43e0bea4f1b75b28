-- The name a bid shows (#28): the nickname the client chose at sign-up (cliente.apelido), else the short form of
-- their name (apelido_de), else 'Participante'. One function for the fast path (lance_manual_lote, redefined
-- below with only that line changed) and the engine (lances.server.ts).
CREATE OR REPLACE FUNCTION apelido_do_usuario(p_usuario int) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(btrim(c.apelido), ''), apelido_de(u.nome), 'Participante')
    FROM usuario u LEFT JOIN cliente c ON c.usuario_id = u.id AND c.hotsite_id = u.hotsite_id
   WHERE u.id = p_usuario
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
    IF lider IS NOT NULL AND lider <> p_usuarios[i] THEN
      INSERT INTO mensagem_saida (hotsite_id, canal, para, assunto, texto)
      SELECT p_hotsite, 'email', u.email, replace(replace(p_assunto, '{nome}', l.nome), '{numero}', l.numero),
             replace(replace(p_textos[i], '{nome}', l.nome), '{numero}', l.numero)
        FROM usuario u WHERE u.id = lider;
    END IF;
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
