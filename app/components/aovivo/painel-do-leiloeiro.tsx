import { Form, Link, useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { botao, botaoSecundario } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { aovivo } from '~/locales/pt-BR/aovivo';
import { lances } from '~/locales/pt-BR/lances';
import { ClienteAuditorio, type EstadoAuditorio } from '~/realtime/auditorio-cliente';
import { formatarContagem, tempoRestante } from '~/realtime/lances-cliente';
import type { ChatMensagem, PregaoMsg } from '~/realtime/protocol';
import { formatarMoeda } from '~/utils/format';
import { rotuloDaSituacao } from '~/modules/aovivo/maquina';
import { AutorDoLance, lerLoteDoPregao, type LoteDoCarrossel } from './auditorio';
import * as a from './auditorio.css';
import * as s from './painel-do-leiloeiro.css';
import { SITUACOES_NO_PREGAO } from '~/modules/dominio/situacoes';

const textos = { ...lances, ...aovivo };
const EM_ESPERA = ['LIBERADO_LEILAO', 'REPASSE'];

export interface DadosDoPainel {
  leiloes: { uid: string; nome: string; situacao: string }[];
  leilao: { uid: string; nome: string; situacao: string; intervaloEntreLotesSegundos: number } | null;
  pregao: PregaoMsg | null;
  lotes: LoteDoCarrossel[];
  chat: ChatMensagem[];
  mensagem: string | null;
}

/**
 * The auctioneer's panel: start/resume, pause, finish; put a lot on the floor; dou-lhe uma, duas;
 * hammer; a floor bid for the room. After a hammer the next waiting lot goes on the floor when the
 * auction's interval between lots has passed (unless "avançar automaticamente" is off). Live through
 * the auctioneer's room (chat with authors, to hide a message or block its author).
 */
export function PainelDoLeiloeiro({ dados }: { dados: DadosDoPainel }) {
  const t = useWording(textos);
  const [estado, setEstado] = useState<EstadoAuditorio | null>(null);
  const cliente = useRef<ClienteAuditorio | null>(null);
  const comando = useFetcher<{ mensagem?: string; ok?: boolean; pregao?: PregaoMsg }>();
  const [agora, setAgora] = useState<number | null>(null);
  const [avancar, setAvancar] = useState(true);
  const [marteloEm, setMarteloEm] = useState<number | null>(null);
  const leilaoUid = dados.leilao?.uid ?? null;

  useEffect(() => {
    if (!leilaoUid || !dados.pregao) return;
    const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    const c = new ClienteAuditorio({
      url: `${proto}//${window.location.host}/ws`,
      sala: 'conectar-leiloeiro',
      inicial: { pregao: dados.pregao, chat: dados.chat },
      buscarSnapshot: async () => null,
      buscarLote: lerLoteDoPregao,
    });
    cliente.current = c;
    const parar = c.ouvir(setEstado);
    c.conectar();
    setAgora(Date.now());
    const id = setInterval(() => setAgora(Date.now()), 500);
    return () => {
      parar();
      c.fechar();
      clearInterval(id);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leilaoUid]);

  const pregao = estado?.pregao ?? comando.data?.pregao ?? dados.pregao;
  const lote = pregao?.lote ?? null;
  const noPregao = lote && SITUACOES_NO_PREGAO.includes(lote.situacao) ? lote : null;
  // The lots' situations as the floor left them (the hammered lot's result included).
  const situacoes = new Map(dados.lotes.map((l) => [l.loteId, l.situacao]));
  if (lote) situacoes.set(lote.loteId, lote.situacao);
  const proximo = dados.lotes.find((l) => EM_ESPERA.includes(situacoes.get(l.loteId) ?? '') && l.loteId !== lote?.loteId) ?? null;

  // The interval between lots counts from the hammer this panel saw.
  const ultimaSituacao = useRef<string | null>(null);
  useEffect(() => {
    const antes = ultimaSituacao.current;
    ultimaSituacao.current = lote ? `${lote.loteId}:${lote.situacao}` : null;
    if (
      lote &&
      antes?.startsWith(`${lote.loteId}:`) &&
      SITUACOES_NO_PREGAO.includes(antes.split(':')[1]) &&
      !SITUACOES_NO_PREGAO.includes(lote.situacao)
    ) {
      setMarteloEm(Date.now());
    }
    if (lote && SITUACOES_NO_PREGAO.includes(lote.situacao)) setMarteloEm(null);
  }, [lote]);
  const intervaloMs = (dados.leilao?.intervaloEntreLotesSegundos ?? 120) * 1000;
  const paraProximo = marteloEm !== null && agora !== null ? Math.max(0, marteloEm + intervaloMs - agora) : null;
  const enviarComando = (intencao: string, extra: Record<string, string> = {}) => {
    if (!leilaoUid) return;
    comando.submit({ _js: '1', intencao, leilaoUid, ...extra }, { method: 'post', action: '/leiloeiro' });
  };
  useEffect(() => {
    if (!avancar || paraProximo !== 0 || !proximo || noPregao || pregao?.pausado || comando.state !== 'idle') return;
    setMarteloEm(null);
    enviarComando('lote-atual', { loteId: String(proximo.loteId) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paraProximo, avancar]);

  if (!dados.leilao || !pregao) {
    return (
      <section className={a.pagina}>
        <h1 className={a.titulo}>Painel do leiloeiro</h1>
        <p>{t('aovivo.nenhum')}</p>
      </section>
    );
  }
  const ocupado = comando.state !== 'idle';
  const botaoComando = (intencao: string, rotulo: string, desabilitado: boolean, classe = botao, extra: Record<string, string> = {}) => (
    <button
      type="button"
      className={classe}
      disabled={desabilitado || ocupado}
      onClick={() => enviarComando(intencao, extra)}
      data-testid={`cmd-${intencao}`}
    >
      {rotulo}
    </button>
  );
  const aoVivo = pregao.situacao === 'AO_VIVO';
  const restante = noPregao && agora !== null ? tempoRestante(noPregao.dataFim, agora, cliente.current?.offset ?? 0) : null;
  const resposta = comando.data?.mensagem ?? dados.mensagem;

  return (
    <section className={a.pagina} data-testid="painel-leiloeiro">
      <header className={a.topo}>
        <h1 className={a.titulo}>Painel do leiloeiro · {dados.leilao.nome}</h1>
        <div className={a.indicadores}>
          <span className={aoVivo && !pregao.pausado ? a.aoVivo : a.selo} data-testid="situacao-leilao">
            {pregao.pausado ? t('aovivo.pausado') : aoVivo ? t('aovivo.ao_vivo') : pregao.situacao}
          </span>
          <span className={a.latencia}>Intervalo entre lotes: {dados.leilao.intervaloEntreLotesSegundos} s</span>
          <span className={a.latencia} data-testid="conectados">
            Conectados no auditório: {estado?.conectados ?? '—'}
          </span>
        </div>
        {dados.leiloes.length > 1 ? (
          <nav className={a.leiloes} aria-label="Leilões">
            {dados.leiloes.map((l) => (
              <Link key={l.uid} to={`/leiloeiro?leilao=${l.uid}`} className={l.uid === dados.leilao!.uid ? a.leilaoAtivo : a.leilaoLink}>
                {l.nome}
              </Link>
            ))}
          </nav>
        ) : null}
      </header>

      <div className={s.comandos}>
        {botaoComando(
          'iniciar',
          pregao.pausado ? 'Retomar leilão' : 'Iniciar leilão',
          (aoVivo && !pregao.pausado) || pregao.situacao === 'EXECUTADO',
        )}
        {botaoComando('pausar', 'Pausar', !aoVivo || pregao.pausado, botaoSecundario)}
        {botaoComando('encerrar', 'Encerrar leilão', !aoVivo || !!noPregao, botaoSecundario)}
      </div>

      {resposta ? (
        <p className={comando.data?.ok === false ? a.aviso : a.suave} role="status" data-testid="resposta-comando">
          {resposta}
        </p>
      ) : null}

      <div className={a.grade}>
        <div className={s.pregao}>
          <h2 className={a.subtitulo}>Lote em pregão</h2>
          {lote ? (
            <div data-testid="lote-em-pregao" data-situacao={lote.situacao}>
              <p className={a.numero}>{t('aovivo.lote', { numero: lote.numero })}</p>
              <p className={a.nome}>{lote.nome}</p>
              <p className={s.situacao}>{rotuloDaSituacao(lote.situacao)}</p>
              <dl className={a.valores}>
                <div className={a.valorDestaque}>
                  <dt>{t('lances_painel.atual')}</dt>
                  <dd className={a.valorGrande}>{formatarMoeda(lote.valor.atual)}</dd>
                </div>
                {SITUACOES_NO_PREGAO.includes(lote.situacao) ? (
                  <div>
                    <dt>{t('lances_painel.proximo')}</dt>
                    <dd>{formatarMoeda(lote.valor.proximo)}</dd>
                  </div>
                ) : null}
                <div>
                  <dt data-testid="quantidade-lances">{t.contar('n_lances', lote.quantidadeLances)}</dt>
                  <dd data-testid="autor-do-lance">
                    <AutorDoLance lote={lote} />
                  </dd>
                </div>
                {restante !== null ? (
                  <div>
                    <dt>{t('aovivo.encerra_em')}</dt>
                    <dd className={a.contagem}>{formatarContagem(restante)}</dd>
                  </div>
                ) : null}
              </dl>
            </div>
          ) : (
            <p className={a.suave}>Nenhum lote em pregão.</p>
          )}
          <div className={s.comandos}>
            {botaoComando('doulhe-uma', 'Dou-lhe uma', noPregao?.situacao !== 'AO_VIVO' || pregao.pausado, botaoSecundario)}
            {botaoComando('doulhe-duas', 'Dou-lhe duas', noPregao?.situacao !== 'DOULHE_UMA' || pregao.pausado, botaoSecundario)}
            {botaoComando('martelo', 'Bater o martelo', !noPregao || pregao.pausado, s.martelo)}
            {botaoComando(
              'lance',
              noPregao ? `Lance de pista (${formatarMoeda(noPregao.valor.proximo)})` : 'Lance de pista',
              !noPregao || pregao.pausado,
              botaoSecundario,
            )}
          </div>
          {!noPregao && proximo && aoVivo ? (
            <div className={s.proximo}>
              <p className={a.suave} data-testid="proximo-lote">
                Próximo: {t('aovivo.lote', { numero: proximo.numero })} · {proximo.nome}
                {paraProximo !== null && avancar ? ` — em ${formatarContagem(paraProximo)}` : ''}
              </p>
              <label className={a.opcao}>
                <input type="checkbox" checked={avancar} onChange={(e) => setAvancar(e.target.checked)} /> Avançar automaticamente
              </label>
            </div>
          ) : null}
        </div>
        <ChatModerado mensagens={estado?.chat ?? dados.chat} leilaoUid={dados.leilao.uid} />
      </div>

      <section>
        <h2 className={a.subtitulo}>Lotes do leilão</h2>
        <ol className={s.lotes}>
          {dados.lotes.map((l) => {
            const situacao = situacoes.get(l.loteId) ?? l.situacao;
            return (
              <li key={l.loteId} className={s.lote}>
                <span>
                  <strong>{t('aovivo.lote', { numero: l.numero })}</strong> · {l.nome}
                </span>
                <span className={a.suave}>{rotuloDaSituacao(situacao)}</span>
                <Form method="post" action="/leiloeiro">
                  <input type="hidden" name="intencao" value="lote-atual" />
                  <input type="hidden" name="leilaoUid" value={dados.leilao!.uid} />
                  <input type="hidden" name="loteId" value={l.loteId} />
                  <button
                    type="submit"
                    className={botaoSecundario}
                    disabled={!aoVivo || pregao.pausado || !!noPregao || !EM_ESPERA.includes(situacao) || ocupado}
                    onClick={(e) => {
                      e.preventDefault();
                      enviarComando('lote-atual', { loteId: String(l.loteId) });
                    }}
                    data-testid={`pregao-${l.numero}`}
                  >
                    Colocar em pregão
                  </button>
                </Form>
              </li>
            );
          })}
        </ol>
      </section>
    </section>
  );
}

function ChatModerado({ mensagens, leilaoUid }: { mensagens: ChatMensagem[]; leilaoUid: string }) {
  const moderar = useFetcher<{ mensagem?: string }>();
  return (
    <section className={a.chat} aria-label="Chat" data-testid="chat-moderado">
      <h2 className={a.subtitulo}>Chat</h2>
      <ol className={a.mensagens}>
        {mensagens.length === 0 ? <li className={a.suave}>Nenhuma mensagem ainda.</li> : null}
        {mensagens.map((m) => (
          <li key={m.uid} className={s.mensagemModerada}>
            <span className={a.mensagem}>
              <strong>{m.apelido}</strong> {m.texto}{' '}
              {m.lidas ? (
                <small className={a.suave} data-testid="chat-lidas">
                  Lida por {m.lidas}
                </small>
              ) : null}
            </span>
            <moderar.Form method="post" action="/leiloeiro" className={s.moderacao}>
              <input type="hidden" name="_js" value="1" />
              <input type="hidden" name="leilaoUid" value={leilaoUid} />
              <input type="hidden" name="mensagemUid" value={m.uid} />
              {m.usuarioId ? <input type="hidden" name="usuarioId" value={m.usuarioId} /> : null}
              <button type="submit" name="intencao" value="ocultar" className={s.link}>
                Ocultar
              </button>
              {m.usuarioId ? (
                <button type="submit" name="intencao" value="bloquear" className={s.link}>
                  Bloquear
                </button>
              ) : null}
            </moderar.Form>
          </li>
        ))}
      </ol>
      {moderar.data?.mensagem ? (
        <p className={a.suave} role="status">
          {moderar.data.mensagem}
        </p>
      ) : null}
    </section>
  );
}
