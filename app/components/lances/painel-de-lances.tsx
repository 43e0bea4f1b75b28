import { useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { botao, botaoSecundario } from '~/components/layout.css';
import type { PainelDoLote } from '~/modules/lances/consultas.server';
import { chaveDoStatus, faseDoLote, posicaoMaisNova, statusDoLance, type PosicaoNoLote } from '~/modules/lances/regras';
import { SITUACOES_VENDIDO } from '~/modules/dominio/situacoes';
import { proximoLance } from '~/modules/dominio/dinheiro';
import { formatarContagem, tempoRestante, type LoteAoVivo } from '~/realtime/lances-cliente';
import { useLancesAoVivo } from '~/realtime/use-lances';
import { chaveDoAvisoDeSuperado } from '~/realtime/aviso-de-superado';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { useMarca, useWording } from '~/components/marca';
import { guardarProposta } from './propostas-no-aparelho';
import { BarraDeLanceMovel, FormularioDeLance } from './formulario-de-lance';
import { ResumoDoCompreJa } from './confirmacao-compre-ja';
import { lances as textosDeLances } from '~/locales/pt-BR/lances';
import * as s from './painel-de-lances.css';

/**
 * The lot page's bid panel (issue #5). The lot page mounts it with the loader data of
 * `painelDoLote({ db, hotsiteId, veiUid, usuarioId })`. Live: it follows the lot's room, merges
 * updates, counts down on server time and shows outbid notices. Without JavaScript every form still
 * posts to /lances/acao, which redirects back with a message.
 */
/** The habilitation that keeps a client from bidding: asked for and pending, or refused. */
export const habilitacaoQueImpede = (estado: { exigida: boolean; situacao: string | null } | null | undefined) =>
  estado?.exigida && (estado.situacao === 'Pendente' || estado.situacao === 'Recusado') ? estado.situacao : null;

export type DadosDoPainel = Omit<PainelDoLote, 'historico'> & { historico: PainelDoLote['historico'] };

export function PainelDeLances({
  dados,
  mensagem,
  aoMudar,
  habilitacao = null,
  grupos = null,
}: {
  dados: DadosDoPainel;
  mensagem?: string | null;
  /**
   * The client's habilitation for the lot's auction when the brand asks for one and it is not granted
   * (pending or refused): the bid forms are not offered, the habilitation box above says why.
   */
  habilitacao?: 'Pendente' | 'Recusado' | null;
  /**
   * The client groups the lot's bids are restricted to (decision 269), and whether this client is in one:
   * a logged-in non-member is not offered the bid forms and is told why (the bid gate refuses them anyway).
   */
  grupos?: { nomes: string[]; membro: boolean } | null;
  /** The lot moved live: its current bid, and its bid count once the snapshot is read (the page's value block follows). */
  aoMudar?: (estado: { lance?: number | null; quantidadeLances?: number }) => void;
}) {
  const t = useWording(textosDeLances);
  const local = useLocation();
  const fetcher = useFetcher<{
    mensagem?: string;
    ok?: boolean;
    lote?: LoteAoVivo;
    valor?: number;
    data?: string;
    habilitar?: boolean;
    /** A Compre Já committed: when, and the sale to pay. */
    comprado?: { em: string; vendaId: number | null };
    superado?: boolean;
    /** A refused instalment proposal: the field its message is about. */
    campo?: string;
  }>();
  const dialogoCompreJa = useRef<HTMLDialogElement>(null);
  const marca = useMarca();
  // A proposal sent from this device is kept on it too (the automatic-offer home lists them).
  const propostaEnviada = useRef(false);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !propostaEnviada.current) return;
    propostaEnviada.current = false;
    const d = fetcher.data;
    if (d?.ok && d.valor && d.data)
      guardarProposta(marca.id, { loteId: dados.loteId, nome: dados.nome, valor: d.valor, data: d.data, caminho: local.pathname });
  }, [fetcher.state, fetcher.data, marca.id, dados.loteId, dados.nome, local.pathname]);
  const [js, setJs] = useState(false);
  const [aviso, setAviso] = useState<string | null>(null);
  // An outbid notice, or a new value being typed, is newer than the answer to the client's own last
  // bid ("Lance registrado com sucesso"): that answer is hidden until the next one comes.
  const [respostaVencida, setRespostaVencida] = useState(false);
  const inicial: LoteAoVivo = {
    veiUid: dados.veiUid,
    loteId: dados.loteId,
    valor: dados.valor,
    dataFim: dados.dataFim,
    situacao: dados.situacao,
    seq: dados.seq,
  };
  const { lotes, offset } = useLancesAoVivo([inicial], (d) => {
    if (d.veiUid !== dados.veiUid) return;
    setAviso(t(chaveDoAvisoDeSuperado(d), { lote: d.numero }));
    setRespostaVencida(true);
  });
  const lote = lotes.get(dados.veiUid) ?? inicial;
  const valor = lote.valor ?? dados.valor;
  const aoMudarRef = useRef(aoMudar);
  aoMudarRef.current = aoMudar;
  useEffect(() => {
    if (lote.seq !== dados.seq) aoMudarRef.current?.({ lance: valor.lance ?? null });
  }, [lote.seq, dados.seq, valor.lance]);
  const [agora, setAgora] = useState<number | null>(null);
  useEffect(() => {
    setJs(true);
    setAgora(Date.now());
    const id = setInterval(() => setAgora(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  useEffect(() => {
    if (fetcher.data?.lote) setAviso(null);
    setRespostaVencida(false);
  }, [fetcher.data]);
  // "Seu lance" and its status: the newest reading of the client's own standing, paired with the lot
  // state of the same sequence (regras.ts PosicaoNoLote). A lot event never says whose bid it carries,
  // so the page reads its standing again on each one, and after each answer to its own forms.
  const [posicao, setPosicao] = useState<PosicaoNoLote>({
    seq: dados.seq,
    meuLance: dados.meu.valor,
    lanceAtual: dados.valor.lance,
    situacao: dados.situacao,
  });
  const [maximoAutomatico, setMaximoAutomatico] = useState(dados.meu.maximoAutomatico);
  // The history is not part of the live update either: both come with the lot's snapshot.
  const [historico, setHistorico] = useState(dados.historico);
  const respondido = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (lote.seq === dados.seq && !respondido) return;
    const c = new AbortController();
    fetch(`/v1/lances/lote/${dados.veiUid}`, { signal: c.signal, headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() : null))
      .then((d) => {
        if (!d) return;
        setHistorico(d.historico);
        if (d.meu) {
          setPosicao((p) => posicaoMaisNova(p, { seq: d.seq, meuLance: d.meu.valor, lanceAtual: d.valor.lance, situacao: d.situacao }));
          setMaximoAutomatico(d.meu.maximoAutomatico);
        }
        if (typeof d.quantidadeLances === 'number') aoMudarRef.current?.({ quantidadeLances: d.quantidadeLances });
      })
      // Aborted when the lot changes or the panel unmounts, or the network failed: the next update
      // (socket or answer) fetches the snapshot again, and the panel keeps what it shows until then.
      .catch(() => {});
    return () => c.abort();
  }, [lote.seq, dados.seq, dados.veiUid, respondido]);

  const proximo = proximoLance(valor.lance, dados.valor.minimo, valor.incremento);
  const meu = posicao.meuLance;
  const status = statusDoLance(posicao);
  const restante = agora == null ? null : tempoRestante(lote.dataFim, agora, offset);
  // Server time: the page's render time until the browser ticks, then the browser's clock corrected by the offset.
  const fase = faseDoLote(
    { situacao: lote.situacao ?? dados.situacao, dataInicio: dados.dataInicio, dataFim: lote.dataFim ?? null },
    agora == null ? dados.agora : agora + offset,
  );
  // Open for this client's bids: the lot takes bids and their habilitation does not stand in the way.
  const foraDoGrupo = grupos != null && !grupos.membro && dados.logado;
  const aberto = fase === 'aberto' && habilitacao == null && !foraDoGrupo;
  // A proposal needs no started dispute (enviarProposta takes one before the start), only a lot not ended.
  const faseProposta = faseDoLote(
    { situacao: lote.situacao ?? dados.situacao, dataFim: lote.dataFim ?? null },
    agora == null ? dados.agora : agora + offset,
  );
  const propostaAberta = (dados.somenteBuyNowProposta || dados.judicial) && faseProposta === 'aberto' && !foraDoGrupo;
  // Sold to this client (a Compre Já just now, or the page's data): say so, with the real time.
  const comprado = fetcher.data?.comprado
    ? { em: fetcher.data.comprado.em }
    : dados.encerramento?.meu && SITUACOES_VENDIDO.includes(lote.situacao ?? dados.situacao)
      ? { em: dados.encerramento.em }
      : null;
  // The time it really closed: a Compre Já closes a lot before its scheduled end, which is then no fact.
  const fim =
    comprado?.em ??
    dados.encerramento?.em ??
    (lote.dataFim && new Date(lote.dataFim).getTime() <= (agora == null ? dados.agora : agora + offset) ? lote.dataFim : null);
  // Closed while the page was open (someone's Compre Já): no closing time yet, so the row says what
  // happened ("Situação: Vendido") rather than "Encerrado em: Encerrado".
  const vendido = SITUACOES_VENDIDO.includes(lote.situacao ?? dados.situacao);
  const contagem =
    fase === 'encerrado'
      ? fim
        ? formatarDataHora(fim)
        : t(vendido ? 'lances_painel.vendido' : 'lances_painel.encerrado')
      : fase === 'nao-iniciado' && dados.dataInicio
        ? // Not open yet: when it opens, not when it would end.
          formatarDataHora(dados.dataInicio)
        : restante == null || fase === 'nao-iniciado'
          ? lote.dataFim
            ? formatarDataHora(lote.dataFim)
            : '-'
          : formatarContagem(restante);
  const texto_ = respostaVencida ? null : (fetcher.data?.mensagem ?? mensagem);
  // Without JavaScript, the first Compre Já tap comes back here with `compre-ja=confirmar`: the summary step.
  const busca = new URLSearchParams(local.search);
  const passoCompreJa = busca.get('compre-ja') === 'confirmar';
  // A refused proposal: the message beside its field, and (without JavaScript) what was typed, back in the form.
  const campoDoErro = fetcher.data ? fetcher.data.campo : (busca.get('campo') ?? undefined);
  const digitado = (k: string) => busca.get(`proposta-${k}`) ?? undefined;
  const erroDoCampo = (campo: string) =>
    campoDoErro === campo && texto_ ? (
      <p className={s.aviso} role="alert" id={`proposta-erro-${campo}-${dados.loteId}`} data-testid={`erro-proposta-${campo}`}>
        {texto_}
      </p>
    ) : null;
  const descrito = (campo: string) => (campoDoErro === campo && texto_ ? `proposta-erro-${campo}-${dados.loteId}` : undefined);
  busca.delete('compre-ja');
  busca.delete('mensagem');
  const aqui = `${local.pathname}${busca.size > 0 ? `?${busca}` : ''}`;
  const ocultos = (
    <>
      <input type="hidden" name="loteId" value={dados.loteId} />
      <input type="hidden" name="veiUid" value={dados.veiUid} />
      <input type="hidden" name="redirectTo" value={aqui} />
      {js ? <input type="hidden" name="_js" value="1" /> : null}
    </>
  );

  return (
    <section className={s.painel} aria-label={t('lance')} data-testid="painel-de-lances">
      <div className={s.linha}>
        <span className={s.rotulo}>{t(valor.lance == null ? 'lances_painel.inicial' : 'lances_painel.atual')}</span>
        <strong className={s.valorGrande} data-testid="valor-atual">
          {formatarMoeda(valor.atual)}
        </strong>
      </div>
      <div className={s.linha}>
        <span className={s.rotulo} data-testid="rotulo-contagem">
          {t(
            comprado
              ? 'lances_painel.comprado_em'
              : fase === 'encerrado'
                ? fim
                  ? 'lances_painel.encerrado_em'
                  : 'lances_painel.situacao'
                : fase === 'nao-iniciado' && dados.dataInicio
                  ? 'lances_painel.abre_em'
                  : 'lances_painel.encerra_em',
          )}
        </span>
        <span className={s.contagem} data-testid="contagem" suppressHydrationWarning>
          {contagem}
        </span>
      </div>
      {comprado ? (
        <p className={s.encerrado} role="status" data-testid="lote-comprado">
          <strong>{t('lances_painel.comprado')}</strong>
          <br />
          <a href={fetcher.data?.comprado?.vendaId ? `/cliente/compras/${fetcher.data.comprado.vendaId}` : '/cliente/compras'}>
            {t('lances_painel.ver_compra')}
          </a>
        </p>
      ) : fase === 'aberto' && foraDoGrupo ? (
        <p className={s.encerrado} role="status" data-testid="lote-fora-do-grupo">
          <strong>{t('lances_painel.exclusivo_grupo', { grupos: grupos.nomes.join(', ') })}</strong>
          <br />
          {t('lances_painel.fora_do_grupo')}
        </p>
      ) : fase === 'aberto' && habilitacao != null && !dados.somenteBuyNowProposta ? (
        <p className={s.encerrado} role="status" data-testid="lances-apos-habilitacao">
          {t(habilitacao === 'Pendente' ? 'lances_painel.apos_habilitacao' : 'lances_painel.habilitacao_recusada')}
        </p>
      ) : fase !== 'aberto' && !propostaAberta ? (
        <p className={s.encerrado} role="status" data-testid="lote-fechado">
          <strong>{t(fase === 'encerrado' ? 'lances_painel.disputa_encerrada' : 'lances_painel.nao_iniciado')}</strong>
          <br />
          {t(fase === 'encerrado' ? 'lances_mensagens.encerrado' : 'lances_mensagens.nao_iniciado')}
        </p>
      ) : grupos != null ? (
        <p className={s.aviso} data-testid="lote-exclusivo-grupo">
          {t('lances_painel.exclusivo_grupo', { grupos: grupos.nomes.join(', ') })}
        </p>
      ) : null}
      {dados.logado ? (
        <div className={s.linha}>
          <span className={s.rotulo}>{t('lances_painel.meu')}</span>
          <span>
            <span className={s.valor} data-testid="meu-lance">
              {meu ? formatarMoeda(meu) : '-'}
            </span>{' '}
            {status !== 'nao-esta-participando' ? (
              <span
                className={
                  status === 'ganhando' || status === 'vencedor' ? s.statusGanhando : status === 'superado' ? s.statusSuperado : s.status
                }
                data-testid="status-lance"
              >
                {t(chaveDoStatus(status))}
              </span>
            ) : null}
          </span>
        </div>
      ) : null}
      {aviso ? (
        <p className={s.aviso} role="status">
          {aviso}
        </p>
      ) : null}
      {texto_ && !campoDoErro ? (
        <p
          className={fetcher.data?.ok && !fetcher.data.superado ? `${s.aviso} ${s.avisoOk}` : s.aviso}
          role="status"
          data-testid="mensagem-lance"
        >
          {texto_}
          {fetcher.data?.habilitar ? (
            <>
              <br />
              <a href="#habilitacao" data-testid="link-habilitar">
                {t('lances_painel.habilitar')}
              </a>
            </>
          ) : null}
        </p>
      ) : null}

      {!dados.somenteBuyNowProposta && aberto ? (
        <FormularioDeLance
          fetcher={fetcher}
          ocultos={ocultos}
          loteId={dados.loteId}
          proximo={proximo}
          minimo={dados.valor.minimo}
          taxas={dados.taxas}
          aoDigitar={() => setRespostaVencida(true)}
        />
      ) : null}

      {!dados.somenteBuyNowProposta && aberto && dados.logado ? (
        <details className={s.detalhes}>
          <summary>{t('lances_painel.automatico')}</summary>
          <fetcher.Form method="post" action="/lances/acao" className={s.formulario}>
            {ocultos}
            <input type="hidden" name="intencao" value="automatico" />
            <label className={s.rotulo} htmlFor={`maximo-${dados.loteId}`}>
              {t('lances_painel.valor_maximo')} {maximoAutomatico ? `(atual: ${formatarMoeda(maximoAutomatico)})` : ''}
            </label>
            <input id={`maximo-${dados.loteId}`} className={s.campo} name="valorMaximo" inputMode="decimal" required />
            <button className={botaoSecundario} type="submit" name="acao" value="salvar">
              Salvar {t('lances_painel.automatico').toLowerCase()}
            </button>
            {maximoAutomatico ? (
              <button className={botaoSecundario} type="submit" name="intencao" value="cancelar-automatico" formNoValidate>
                Cancelar {t('lances_painel.automatico').toLowerCase()}
              </button>
            ) : null}
          </fetcher.Form>
        </details>
      ) : null}

      {dados.compreJa != null && aberto && !comprado && (valor.lance ?? 0) < dados.compreJa ? (
        <div id="compre-ja" className={s.formulario}>
          {passoCompreJa ? (
            // The confirmation step (no JavaScript, or a link to it): the summary and a form that commits.
            <ResumoDoCompreJa
              lote={{ numero: dados.numero, nome: dados.nome }}
              valor={dados.compreJa}
              minimo={dados.valor.minimo}
              taxas={dados.taxas}
              confirmar={({ campos, botao }) => (
                <fetcher.Form method="post" action="/lances/acao">
                  {ocultos}
                  {campos}
                  {botao}
                </fetcher.Form>
              )}
              cancelar={
                <a className={botaoSecundario} href={aqui}>
                  {t('compre_ja_resumo.cancelar')}
                </a>
              }
            />
          ) : (
            // The first tap never buys: with JavaScript it opens the summary dialog; without, the server
            // answers with the summary step.
            <fetcher.Form
              method="post"
              action="/lances/acao"
              className={s.formulario}
              onSubmit={(e) => {
                if (!dialogoCompreJa.current) return;
                e.preventDefault();
                dialogoCompreJa.current.showModal();
              }}
            >
              {ocultos}
              <input type="hidden" name="intencao" value="compre-ja" />
              <button className={botaoSecundario} type="submit" data-testid="botao-compre-ja">
                {t('lances_painel.compre_ja')}: {formatarMoeda(dados.compreJa)}
              </button>
            </fetcher.Form>
          )}
          {js && !passoCompreJa ? (
            <dialog ref={dialogoCompreJa} className={s.dialogo} aria-labelledby="titulo-compre-ja" data-testid="dialogo-compre-ja">
              <ResumoDoCompreJa
                lote={{ numero: dados.numero, nome: dados.nome }}
                valor={dados.compreJa}
                minimo={dados.valor.minimo}
                taxas={dados.taxas}
                confirmar={({ campos, botao }) => (
                  <fetcher.Form method="post" action="/lances/acao" onSubmit={() => dialogoCompreJa.current?.close()}>
                    {ocultos}
                    {campos}
                    {botao}
                  </fetcher.Form>
                )}
                cancelar={
                  <button className={botaoSecundario} type="button" onClick={() => dialogoCompreJa.current?.close()}>
                    {t('compre_ja_resumo.cancelar')}
                  </button>
                }
              />
            </dialog>
          ) : null}
        </div>
      ) : null}

      {propostaAberta && dados.logado ? (
        <details className={s.detalhes} open>
          <summary>{t('lances_painel.proposta')}</summary>
          <fetcher.Form method="post" action="/lances/acao" className={s.formulario} onSubmit={() => (propostaEnviada.current = true)}>
            {ocultos}
            <input type="hidden" name="intencao" value="proposta" />
            {/* Each field has a visible label: placeholders vanish as soon as one types. */}
            <label className={s.rotulo} htmlFor={`proposta-${dados.loteId}`}>
              {t('lances_painel.proposta_valor')}
            </label>
            <input
              id={`proposta-${dados.loteId}`}
              className={s.campo}
              name="valor"
              inputMode="decimal"
              placeholder="R$"
              required
              defaultValue={digitado('valor')}
              aria-invalid={descrito('valor') ? true : undefined}
              aria-describedby={descrito('valor')}
            />
            {erroDoCampo('valor')}
            {dados.judicial ? (
              // CPC 895: cash, or at least 25 % down and the rest in up to 30 monthly instalments.
              <fieldset className={s.formulario}>
                <legend className={s.rotulo}>Forma de pagamento</legend>
                <label>
                  <input type="radio" name="modalidade" value="a-vista" defaultChecked={digitado('modalidade') !== 'parcelado'} /> À vista
                </label>
                <label>
                  <input type="radio" name="modalidade" value="parcelado" defaultChecked={digitado('modalidade') === 'parcelado'} />{' '}
                  Parcelado
                </label>
                <label className={s.rotulo} htmlFor={`proposta-entrada-${dados.loteId}`}>
                  Entrada (R$)
                </label>
                <input
                  id={`proposta-entrada-${dados.loteId}`}
                  className={s.campo}
                  name="entrada"
                  inputMode="decimal"
                  placeholder="60.000,00"
                  defaultValue={digitado('entrada')}
                  aria-invalid={descrito('entrada') ? true : undefined}
                  aria-describedby={descrito('entrada')}
                />
                {erroDoCampo('entrada')}
                <label className={s.rotulo} htmlFor={`proposta-parcelas-${dados.loteId}`}>
                  Número de parcelas
                </label>
                <input
                  id={`proposta-parcelas-${dados.loteId}`}
                  className={s.campo}
                  name="parcelas"
                  inputMode="numeric"
                  defaultValue={digitado('parcelas')}
                  aria-invalid={descrito('parcelas') ? true : undefined}
                  aria-describedby={descrito('parcelas')}
                />
                {erroDoCampo('parcelas')}
              </fieldset>
            ) : null}
            <label className={s.rotulo} htmlFor={`proposta-telefone-${dados.loteId}`}>
              Telefone
            </label>
            <input
              id={`proposta-telefone-${dados.loteId}`}
              className={s.campo}
              name="telefone"
              type="tel"
              autoComplete="tel"
              required
              defaultValue={dados.contato?.telefone}
            />
            <label className={s.rotulo} htmlFor={`proposta-email-${dados.loteId}`}>
              E-mail
            </label>
            <input
              id={`proposta-email-${dados.loteId}`}
              className={s.campo}
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={dados.contato?.email}
            />
            <button className={botao} type="submit">
              Enviar proposta
            </button>
          </fetcher.Form>
        </details>
      ) : null}

      <div className={s.detalhes}>
        <h3 className={s.titulo}>{t('lances_painel.historico')}</h3>
        <ul className={s.historico} data-testid="historico">
          {historico.length === 0 ? <li>{t('lances_painel.nenhum')}</li> : null}
          {historico.map((h) => (
            <li key={h.id} className={s.linha}>
              <span>
                {h.lanceDePista ? t('lances_painel.lance_de_pista') : h.apelido}
                {h.cidade ? ` · ${h.cidade}` : ''}
              </span>
              <span className={s.valor}>{formatarMoeda(h.valor)}</span>
            </li>
          ))}
        </ul>
      </div>
      <BarraDeLanceMovel
        valorAtual={valor.atual}
        semLances={valor.lance == null}
        proposta={dados.somenteBuyNowProposta}
        contagem={contagem}
        alvo={
          // Not habilitated yet: the bar's button leads to the habilitation box, which says why.
          habilitacao != null && !dados.somenteBuyNowProposta
            ? { href: '#habilitacao' }
            : !dados.somenteBuyNowProposta
              ? { id: `valor-${dados.loteId}` }
              : dados.logado
                ? { id: `proposta-${dados.loteId}` }
                : { href: `/login?${new URLSearchParams({ redirectTo: `${local.pathname}${local.search}` })}` }
        }
        fase={propostaAberta ? 'aberto' : fase}
      />
    </section>
  );
}
