import { useCallback, useState } from 'react';
import type { SerializeFrom } from '@remix-run/node';
import { Form, Link } from '@remix-run/react';
import { FileClock, MapPin, TriangleAlert } from 'lucide-react';
import type { LoteDetalhe } from '~/modules/catalogo/lote.server';
import { BotaoFavorito } from '../lances/botao-favorito';
import { habilitacaoQueImpede, PainelDeLances, type DadosDoPainel } from '../lances/painel-de-lances';
import { CaixaDeHabilitacao } from '../habilitacao/caixa-de-habilitacao';
import type { CaixaDeHabilitacao as CaixaDeHabilitacaoDados } from '~/modules/habilitacao/habilitacao.server';
import type { GruposDoLote } from '~/modules/identidade/grupos-cliente.server';
import { faseDoLote } from '~/modules/lances/regras';
import { caminhoDoPatio, mostraChave, rotuloCombustivel, situacaoDoCard } from '~/modules/catalogo/regras';
import { calcularValores } from '~/modules/dominio/dinheiro';
import { formatarDataHora, formatarMoeda, formatarNumero } from '~/utils/format';
import { useWording } from '~/components/marca';
import { paginas } from '~/locales/pt-BR/paginas';
import { container, semQuebra } from '../layout.css';
import { LinksDaAta } from '../confianca/ata-de-lances';
import { Carimbos } from './carimbos';
import { HistoricoVerificado } from '../consultas/historico-verificado';
import type { HistoricoDoLote } from '~/modules/consultas/historico.server';
import { BotaoComparar } from './botao-comparar';
import { SimuladorDeCompra, type SimulacaoDigitada } from './simulador-de-compra';
import { AvisoDaTransmissao } from '../aovivo/aviso-da-transmissao';
import { useAvisoDaTransmissao } from '~/realtime/use-lances';
import * as s from './catalogo.css';

/** What the lot page's loader returns (`carregarLote` answers `satisfies` this). */
export interface LoteDaPagina {
  prefixo: string;
  /** Without its view count, which the page does not show (a kept page would carry its render's; decision 244). */
  lote: Omit<LoteDetalhe, 'visualizacoes'>;
  frete: { origemCidade: string; origemUf: string; destinoCidade: string; destinoUf: string; valor: number; prazoDias: number }[];
  ufs: { sigla: string; nome: string }[];
  ufFrete: string | null;
  painel: DadosDoPainel;
  mensagem: string | null;
  habilitacao?: CaixaDeHabilitacaoDados | null;
  /** Hash of the vehicle's done inspection report (laudo-vistoria/{hash}), when there is one. */
  laudoVistoria?: string | null;
  /** Issue #31: the checks of the vehicle, each with its source and time. */
  historicoVerificado?: HistoricoDoLote | null;
  /** Issue #33: the fee simulator's typed value (`?simular=`) and its result. */
  simulacao?: SimulacaoDigitada;
  simularDigitado?: string;
  /** Decision 269: the client groups the lot's bids are restricted to, and whether the visitor is in one. */
  gruposCliente?: GruposDoLote | null;
}
/** The same data as the page receives it: JSON (dates as ISO strings), as `useLoaderData` types it. */
export type DadosPaginaLote = SerializeFrom<LoteDaPagina>;

interface Itens {
  tipo?: string;
  quilometragem?: number | null;
  bateria?: string;
  chaveReserva?: string;
  manualProprietario?: string;
  eixos?: number;
  pneus?: { posicao: string; condicao: 'BOM' | 'MEIA-VIDA' | 'TROCA' }[];
  itens?: Record<string, string>;
}
const CLASSE_PNEU = { BOM: s.pneuBom, 'MEIA-VIDA': s.pneuMeia, TROCA: s.pneuTroca } as const;
// One formatter for every page: toLocaleString builds a new Intl.NumberFormat on each call.
const PORCENTAGEM = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const pct = (bp: number) => `${PORCENTAGEM.format(bp / 100)}%`;

export function PaginaLote({ dados }: { dados: DadosPaginaLote }) {
  const t = useWording(paginas);
  const { lote, prefixo } = dados;
  // The value block follows the lot live (the panel's bids): the same rule as the server's, on the new bid.
  const [aoVivo, setAoVivo] = useState<{ lance?: number | null; quantidadeLances?: number }>({});
  const aoMudar = useCallback((e: { lance?: number | null; quantidadeLances?: number }) => setAoVivo((a) => ({ ...a, ...e })), []);
  const valores = aoVivo.lance === undefined ? lote.valor : calcularValores({ ...lote, ultimoLanceValor: aoVivo.lance });
  const quantidadeLances = aoVivo.quantidadeLances ?? lote.quantidadeLances;
  // A staff notice sent to the lot's auction live (decision 265) shows under the title as it arrives.
  const { aviso, fechar: fecharAviso } = useAvisoDaTransmissao(lote.leilao?.uid);
  const v = lote.veiculo;
  const situacao = situacaoDoCard(lote.situacao);
  // Past its end (or closed) the page offers no next bid: the panel says the dispute ended.
  const encerrado = faseDoLote(dados.painel, dados.painel.agora) === 'encerrado';
  // A lot still "Pendente" or "Liberado Leilão" after its end reads "Encerrado", not its stale situacao.
  const encerradoPeloPrazo = encerrado && faseDoLote({ situacao: lote.situacao, dataFim: null }, dados.painel.agora) !== 'encerrado';
  const rotuloSituacao = t(`situacao.${lote.situacao}`, { defaultValue: situacao.rotulo });
  const itens = (v.itensDetalhados ?? null) as Itens | null;
  const taxas = [
    ['despachante', lote.despachante],
    ['outros', lote.outros],
    ['remocao', lote.remocao],
    ['deposito', lote.depositoDeBens],
    ['vistoria', lote.vistoria],
  ].filter(([, valor]) => Number(valor) > 0) as [string, number][];
  const detalhes: [string, string | null | undefined][] = [
    [t('catalogo.ano'), lote.anoModelo ? `${v.anoFabricacao ?? lote.anoModelo}/${lote.anoModelo}` : null],
    [t('catalogo.km'), v.km != null ? `${formatarNumero(v.km)} km` : null],
    [t('catalogo.valor_mercado'), v.valorMercado ? formatarMoeda(v.valorMercado) : null],
    ['FIPE', v.fipeValor ? `${formatarMoeda(v.fipeValor)} (${v.fipeCodigo})` : null],
    [t('catalogo.combustivel'), rotuloCombustivel(v.combustivel)],
    [t('catalogo.cor'), v.cor],
    [t('catalogo.direcao'), v.direcao],
    [t('catalogo.cambio'), v.cambio],
    [
      t('catalogo.possui_chave'),
      mostraChave(lote.veiculoTipoId, v.possuiChave) ? (v.possuiChave ? t('catalogo.sim') : t('catalogo.nao')) : null,
    ],
    [t('catalogo.tipo'), lote.tipoNome],
    [t('catalogo.tipo_revenda'), v.retomada],
    ['Placa', v.placaMascarada],
    ['Final da placa', v.placaFinal],
    ['Conservação', v.estadoConservacao],
    ['Comitente', lote.comitente?.nome],
  ];

  return (
    <div className={container}>
      <p>
        <Link to={`/${prefixo}`}>← {t('catalogo.voltar_lista')}</Link>
      </p>
      <div className={s.lotePagina}>
        <div>
          <p className={s.subtitulo}>
            {t('catalogo.lote_numero', { numero: lote.numero })} ·{' '}
            <span data-testid="situacao-lote">{encerradoPeloPrazo ? t('catalogo.encerrado') : rotuloSituacao}</span>
            {lote.leilao ? (
              <>
                {' · '}
                {lote.leilao.nomeSemData}
              </>
            ) : null}
          </p>
          <h1 data-testid="titulo-lote">{lote.nome}</h1>
          <AvisoDaTransmissao aviso={aviso} fechar={fecharAviso} />
          <Carimbos carimbos={(lote.carimbos ?? []).map((c) => ({ nome: c.nome, url: c.urlLote, link: c.link }))} altura={40} />
          <BotaoFavorito veiUid={dados.painel.veiUid} favorito={dados.painel.favorito} />
          <BotaoComparar loteId={lote.id} />
          <div className={s.galeria} data-testid="galeria" tabIndex={0} role="region" aria-label="Fotos">
            {lote.fotosUrls.map((url, i) => (
              <img
                key={url + i}
                id={`foto-${i + 1}`}
                src={url}
                alt={t('catalogo.fotos_de', { n: i + 1, total: lote.fotosUrls.length })}
                width={700}
                height={500}
                loading={i === 0 ? 'eager' : 'lazy'}
              />
            ))}
          </div>
          <div className={s.miniaturas}>
            {lote.fotosUrls.map((url, i) => (
              <a key={url + i} href={`#foto-${i + 1}`} aria-label={t('catalogo.ver_foto', { n: i + 1 })}>
                <img src={url} alt="" width={84} height={60} loading="lazy" />
              </a>
            ))}
          </div>

          <section className={s.caixa}>
            <h2>{t('catalogo.detalhes')}</h2>
            <dl className={s.detalhes}>
              {detalhes
                .filter(([, valor]) => valor)
                .map(([rotulo, valor]) => (
                  <div key={rotulo}>
                    <dt>{rotulo}</dt>
                    <dd>{valor}</dd>
                  </div>
                ))}
            </dl>
            {lote.descricao ? <p>{lote.descricao}</p> : null}
            {v.prazoDocumento ? (
              <p className={s.dica} title={t('catalogo.prazo_documento_dica')}>
                <FileClock aria-hidden size={14} /> {t('catalogo.prazo_documento', { dias: v.prazoDocumento })} —{' '}
                {t('catalogo.prazo_documento_dica')}
              </p>
            ) : null}
          </section>

          {itens ? (
            <section className={s.caixa} data-testid="equipamentos">
              <h2>{t('catalogo.equipamentos')}</h2>
              <table className={s.tabela}>
                <tbody>
                  {itens.bateria ? (
                    <tr>
                      <th>Bateria</th>
                      <td>{itens.bateria}</td>
                    </tr>
                  ) : null}
                  {itens.chaveReserva ? (
                    <tr>
                      <th>Chave reserva</th>
                      <td>{itens.chaveReserva}</td>
                    </tr>
                  ) : null}
                  {itens.manualProprietario ? (
                    <tr>
                      <th>Manual do proprietário</th>
                      <td>{itens.manualProprietario}</td>
                    </tr>
                  ) : null}
                  {Object.entries(itens.itens ?? {}).map(([nome, resposta]) => (
                    <tr key={nome}>
                      <th>{nome}</th>
                      <td>{resposta}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {itens.pneus?.length ? (
                <>
                  <h3>
                    {t('catalogo.pneus')}
                    {itens.eixos ? ` (${t.contar('catalogo.eixos', itens.eixos)})` : ''}
                  </h3>
                  <table className={s.tabela} data-testid="pneus">
                    <tbody>
                      {itens.pneus.map((p) => (
                        <tr key={p.posicao}>
                          <th>{p.posicao}</th>
                          <td>
                            <span className={CLASSE_PNEU[p.condicao]}>
                              {t(`catalogo.pneu_${p.condicao}`, { defaultValue: p.condicao })}
                            </span>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </>
              ) : null}
            </section>
          ) : null}

          {dados.historicoVerificado ? <HistoricoVerificado historico={dados.historicoVerificado} className={s.caixa} /> : null}

          {dados.laudoVistoria ? (
            <section className={s.caixa} data-testid="laudo-vistoria-link">
              <h2>{t('catalogo.laudo_vistoria')}</h2>
              <p>
                <a href={`/laudo-vistoria/${dados.laudoVistoria}`} target="_blank" rel="noreferrer">
                  {t('catalogo.ver_laudo_vistoria')}
                </a>
              </p>
            </section>
          ) : null}

          {lote.leilao?.documentos.length ? (
            <section className={s.caixa} data-testid="documentos-leilao">
              <h2>{t('catalogo.documentos_leilao')}</h2>
              <ul>
                {lote.leilao.documentos.map((d) => (
                  <li key={d.url}>
                    <a href={d.url} target="_blank" rel="noreferrer">
                      {d.descricao}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <LinksDaAta loteId={lote.id} situacao={lote.situacao} className={s.caixa} />

          {lote.arquivos.length ? (
            <section className={s.caixa}>
              <h2>{t('catalogo.documentos_do_lote')}</h2>
              <ul>
                {lote.arquivos.map((a) => (
                  <li key={a.id}>
                    <a href={a.url}>{a.descricao}</a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>

        <div>
          {/* Issue #12: the habilitation box; the panel remounts when it changes (a stale refusal goes). */}
          {dados.habilitacao ? <CaixaDeHabilitacao dados={dados.habilitacao} ancora="habilitacao" /> : null}
          <PainelDeLances
            key={dados.habilitacao?.estado?.situacao ?? ''}
            dados={dados.painel}
            mensagem={dados.mensagem}
            habilitacao={habilitacaoQueImpede(dados.habilitacao?.estado)}
            grupos={
              dados.gruposCliente?.restrito
                ? { nomes: dados.gruposCliente.grupos.map((g) => g.nome), membro: dados.gruposCliente.membro }
                : null
            }
            aoMudar={aoMudar}
          />
          <section className={s.caixa} data-testid="bloco-valores">
            <h2>{t('catalogo.valores')}</h2>
            <table className={s.tabela}>
              <tbody>
                <tr>
                  <th>{t('catalogo.valor_atual')}</th>
                  <td data-testid="valor-atual">{formatarMoeda(valores.valorAtual)}</td>
                </tr>
                {encerrado ? null : (
                  <tr>
                    <th>{t('catalogo.proximo_lance')}</th>
                    <td data-testid="proximo-lance">{formatarMoeda(valores.proximoLance)}</td>
                  </tr>
                )}
                {lote.compreJa && !encerrado ? (
                  <tr>
                    <th>{t('catalogo.compre_ja')}</th>
                    <td className={semQuebra}>{formatarMoeda(lote.compreJa)}</td>
                  </tr>
                ) : null}
                <tr>
                  <th>{t('catalogo.comissao', { pct: pct(lote.comissaoPorcentagem) })}</th>
                  <td className={semQuebra}>{formatarMoeda(valores.comissao)}</td>
                </tr>
                {valores.comissaoExtra ? (
                  <tr>
                    <th>{t('catalogo.comissao_extra', { pct: pct(lote.comissaoExtraPorcentagem) })}</th>
                    <td className={semQuebra}>{formatarMoeda(valores.comissaoExtra)}</td>
                  </tr>
                ) : null}
                {taxas.map(([chave, valor]) => (
                  <tr key={chave}>
                    <th>{t(`catalogo.${chave}`)}</th>
                    <td className={semQuebra}>{formatarMoeda(valor)}</td>
                  </tr>
                ))}
                <tr>
                  <th>{t('catalogo.total_despesas')}</th>
                  <td data-testid="total-despesas">{formatarMoeda(valores.totalDespesas)}</td>
                </tr>
                <tr className={s.total}>
                  <th>{t('catalogo.total_pagar')}</th>
                  <td data-testid="total-pagar">{formatarMoeda(valores.totalAPagar)}</td>
                </tr>
              </tbody>
            </table>
            {quantidadeLances ? <p>{t.contar('catalogo.lances_count', quantidadeLances)}</p> : null}
            {lote.dataFim ? (
              <p>
                {t('catalogo.encerramento')} <time dateTime={lote.dataFim}>{formatarDataHora(lote.dataFim)}</time>
              </p>
            ) : null}
            {lote.leilao?.leiloeiro?.nome ? <p className={s.subtitulo}>{t('catalogo.leiloeiro', lote.leilao.leiloeiro)}</p> : null}
          </section>

          {encerrado ? null : (
            <SimuladorDeCompra
              bloco={{ ...lote, ultimoLanceValor: aoVivo.lance === undefined ? lote.ultimoLanceValor : aoVivo.lance }}
              inicial={dados.simulacao ?? null}
              textoInicial={dados.simularDigitado ?? ''}
            />
          )}

          <section className={s.caixa}>
            <h2>{t('catalogo.patio_visitacao')}</h2>
            <p className={s.local}>
              <MapPin aria-hidden size={15} />
              {lote.patio ? (
                <Link to={caminhoDoPatio(lote.patio)}>
                  {lote.patio.nome} — {lote.patio.cidade}/{lote.patio.estadoUf}
                </Link>
              ) : (
                <span>
                  {lote.localizacaoCidade}/{lote.localizacaoUf}
                </span>
              )}
            </p>
            {lote.localizacaoExterna ? (
              <p className={s.alertaLocal}>
                <TriangleAlert aria-hidden size={14} /> {t('catalogo.local_externo')}
              </p>
            ) : null}
            {lote.patio?.explicacaoVisitacao ? <p>{lote.patio.explicacaoVisitacao}</p> : null}
            {lote.descricaoVisitacao ? <p>{lote.descricaoVisitacao}</p> : null}
            {lote.patio?.googleMaps ? (
              <a href={lote.patio.googleMaps} rel="noopener noreferrer" target="_blank">
                {t('catalogo.como_chegar')}
              </a>
            ) : null}
          </section>

          <section className={s.caixa} data-testid="frete">
            <h2>{t('catalogo.frete')}</h2>
            <Form method="get" className={s.formLinha} preventScrollReset>
              <label>
                {t('catalogo.frete_escolha')}
                <br />
                <select name="uf" defaultValue={dados.ufFrete ?? ''}>
                  <option value="">—</option>
                  {dados.ufs.map((u) => (
                    <option key={u.sigla} value={u.sigla}>
                      {u.nome}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className={s.chip}>
                {t('catalogo.frete_calcular')}
              </button>
            </Form>
            {dados.ufFrete ? (
              dados.frete.length ? (
                <table className={s.tabela}>
                  <thead>
                    <tr>
                      <th>{t('catalogo.frete_origem')}</th>
                      <th>{t('catalogo.frete_destino')}</th>
                      <th>{t('catalogo.frete_prazo')}</th>
                      <td>{t('catalogo.frete_valor')}</td>
                    </tr>
                  </thead>
                  <tbody>
                    {dados.frete.map((f) => (
                      <tr key={f.origemCidade}>
                        <td>{`${f.origemCidade}/${f.origemUf}`}</td>
                        <td>{`${f.destinoCidade}/${f.destinoUf}`}</td>
                        <td>{t('catalogo.frete_dias', { dias: f.prazoDias })}</td>
                        <td className={semQuebra}>{formatarMoeda(f.valor)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p>{t('catalogo.frete_sem_tabela')}</p>
              )
            ) : null}
          </section>
        </div>
      </div>
    </div>
  );
}
