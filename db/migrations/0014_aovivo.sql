CREATE TABLE "chat_bloqueio" (
	"hotsite_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"bloqueado_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_bloqueio_hotsite_id_usuario_id_pk" PRIMARY KEY("hotsite_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "chat_mensagem" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_mensagem_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"hotsite_id" integer NOT NULL,
	"leilao_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"apelido" text NOT NULL,
	"texto" text NOT NULL,
	"oculta" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_mensagem_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "leilao" ADD COLUMN "lote_atual_id" integer;--> statement-breakpoint
ALTER TABLE "leilao" ADD COLUMN "pausado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_bloqueio" ADD CONSTRAINT "chat_bloqueio_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_bloqueio" ADD CONSTRAINT "chat_bloqueio_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mensagem" ADD CONSTRAINT "chat_mensagem_hotsite_id_hotsite_id_fk" FOREIGN KEY ("hotsite_id") REFERENCES "hotsite"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mensagem" ADD CONSTRAINT "chat_mensagem_leilao_id_leilao_id_fk" FOREIGN KEY ("leilao_id") REFERENCES "leilao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mensagem" ADD CONSTRAINT "chat_mensagem_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_mensagem_hotsite_id_leilao_id_id_index" ON "chat_mensagem" USING btree ("hotsite_id","leilao_id","id");--> statement-breakpoint
CREATE INDEX "chat_mensagem_usuario_id_created_at_index" ON "chat_mensagem" USING btree ("usuario_id","created_at");--> statement-breakpoint
-- Live auctions (issue 15): a bid on a lot in dou-lhe uma/duas returns it to AO_VIVO. The full engine in
-- Node writes that change, so the batched fast path sends those lots to it (motor) instead of deciding them.
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
    SELECT coalesce(apelido_de(u.nome), 'Participante') INTO nick FROM usuario u WHERE u.id = p_usuarios[i];
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
