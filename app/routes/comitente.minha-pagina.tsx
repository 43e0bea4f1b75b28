import type { MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import { RespostaCondicional } from '~/components/backoffice/resposta-condicional';
import { Grafico } from '~/components/comitente/grafico';
import * as s from '~/components/comitente/pagina.css';
import * as g from '~/components/comitente/grafico.css';
import { botao, container } from '~/components/layout.css';
import { useMarca, useWording } from '~/components/marca';
import { metaDaPagina } from '~/components/meta';
import { comitente as textos } from '~/locales/pt-BR/comitente';
import { graficosDaMarca, rotuloDoGrupo } from '~/modules/area-comitente/graficos';
import { AMOSTRA_MINIMA, TAXA_ALVO } from '~/modules/area-comitente/minimo-sugerido';
import { OFERTAS_POR_PAGINA } from '~/modules/area-comitente/ofertas';
import { rotuloSituacao } from '~/modules/catalogo/regras';
import { SITUACOES_EM_DISPUTA } from '~/modules/dominio/situacoes';
import { SITUACOES_LOTE } from '@db/schema/enums-catalogo';
import { acaoDaPaginaDoComitente, loaderDaPaginaDoComitente } from '~/paginas/pagina-do-comitente.server';
import { useLancesAoVivo } from '~/realtime/use-lances';
import { formatarData, formatarDataHora, formatarMoeda } from '~/utils/format';

/**
 * /comitente/minha-pagina (Interno - Comitente; #30): the seller's lots by auction and situation, live
 * while their auction runs, with the seller's private fields; the conditional offers to answer; the
 * results in charts; the suggested minimum for new lots. Works without JavaScript (the charts are SVG
 * drawn on the server, every form posts or gets).
 */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Minha página');

export const loader = loaderDaPaginaDoComitente;
export const action = acaoDaPaginaDoComitente;

const umaCasa = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const porcento = (bp: number | null) => (bp == null ? '—' : `${umaCasa.format(bp / 100)}%`);

export default function MinhaPaginaDoComitente() {
  const t = useWording(textos);
  const { tipo } = useMarca();
  const d = useLoaderData<typeof loader>();
  // Situations in the brand's wording (decision 037): a shop reads "Disponível", not "Liberado Leilão".
  const situacaoDoLote = (x: string) => t(`situacao_lote.${x}`, { defaultValue: t(`situacao.${x}`, { defaultValue: rotuloSituacao(x) }) });
  const situacaoDoLeilao = (x: string) => t(`situacao_leilao.${x}`, { defaultValue: rotuloSituacao(x) });
  const r = useActionData<typeof action>();
  const f = d.filtros;
  const aoVivoIniciais = d.lotes.itens
    .filter((i) => SITUACOES_EM_DISPUTA.includes(i.lote.situacao))
    .map((i) => ({ veiUid: i.lote.veiUid, loteId: i.lote.id, dataFim: i.lote.dataFim, situacao: i.lote.situacao, seq: i.lote.sequencia }));
  const { lotes: vivos, conectado } = useLancesAoVivo(aoVivoIniciais);
  const params = (extra: Record<string, string>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...f, ...extra })) if (v) p.set(k, v);
    return p.toString();
  };
  // The waiting offers, 20 a page (decision 277): their links keep the lots' page, and the lots' keep theirs.
  const ofs = d.ofertas;
  const paginaDosLotes = d.lotes.pagina > 1 ? String(d.lotes.pagina) : '';
  const paginaDasOfertas = ofs.pagina > 1 ? String(ofs.pagina) : '';
  const primeiraOferta = (ofs.pagina - 1) * OFERTAS_POR_PAGINA;
  const rotuloGrupo = rotuloDoGrupo(f.agrupar, tipo);
  const exportar = (grafico: string) => `/comitente/minha-pagina/exportar?${params({ grafico, situacao: '' })}`;
  return (
    <div className={`${container} ${s.pagina}`}>
      <header className={s.secao}>
        <h1>{t('comitente.titulo')}</h1>
        <p className={s.suave}>{t('comitente.subtitulo')}</p>
        <p>
          <Link to="/comitente/minha-pagina/chaves">{t('comitente.chaves')}</Link>
        </p>
        {d.comitentes.length ? (
          <p>
            <strong>{t('comitente.meus_comitentes')}:</strong> {d.comitentes.map((c) => c.nome).join(', ')}
          </p>
        ) : (
          <Aviso>{t('comitente.nenhum_comitente')}</Aviso>
        )}
      </header>

      <section className={s.secao} aria-labelledby="ofertas">
        <h2 id="ofertas">{t('comitente.ofertas')}</h2>
        {r ? (
          <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="aviso-condicional">
            {r.mensagem}
          </Aviso>
        ) : null}
        {ofs.total === 0 ? (
          <p className={s.suave}>{t('comitente.nenhuma_oferta')}</p>
        ) : ofs.itens.length === 0 ? (
          <p className={s.suave}>{t('comitente.ofertas_fora', { total: ofs.total })}</p>
        ) : (
          <p className={s.suave} data-testid="ofertas-total">
            {t('comitente.ofertas_mostrando', {
              de: primeiraOferta + 1,
              ate: primeiraOferta + ofs.itens.length,
              total: ofs.total,
            })}
          </p>
        )}
        <ul className={s.ofertas} data-testid="ofertas-condicionais">
          {ofs.itens.map((o) => (
            <li key={o.loteId} className={s.oferta} data-lote={o.loteId}>
              <strong>{`${t('comitente.lote')} ${o.numero} · ${o.nome}`}</strong>
              <span className={s.suave}>{[o.leilao, o.comitente].filter(Boolean).join(' · ')}</span>
              <dl className={s.pares}>
                <dt>{t('comitente.prazo')}</dt>
                <dd data-testid="prazo">{o.prazo ? formatarDataHora(o.prazo) : '—'}</dd>
                <dt>{t('comitente.oferta')}</dt>
                <dd data-testid="lance">
                  {formatarMoeda(o.lance)}
                  {o.proporcao != null ? ` (${porcento(o.proporcao)} ${t('comitente.contra_valor')})` : ''}
                </dd>
                <dt>{t('comitente.valor_comitente')}</dt>
                <dd>{o.valorComitente != null ? formatarMoeda(o.valorComitente) : '—'}</dd>
                <dt>{t('comitente.segundo')}</dt>
                <dd data-testid="segundo">{o.segundo != null ? formatarMoeda(o.segundo) : t('comitente.sem_segundo')}</dd>
                {o.novoValor != null ? (
                  <>
                    <dt>{t('comitente.proposta')}</dt>
                    <dd>{formatarMoeda(o.novoValor)}</dd>
                  </>
                ) : null}
              </dl>
              <RespostaCondicional loteId={o.loteId} numero={o.numero} rotulo={t('comitente.responder_lote', { numero: o.numero })} />
            </li>
          ))}
        </ul>
        {ofs.paginas > 1 ? (
          <nav className={s.paginacao} aria-label={t('comitente.ofertas_paginas')} data-testid="paginas-de-ofertas">
            {ofs.pagina > 1 ? (
              <Link
                to={`?${params({ ofertas: Math.min(ofs.pagina - 1, ofs.paginas) > 1 ? String(Math.min(ofs.pagina - 1, ofs.paginas)) : '', pagina: paginaDosLotes })}#ofertas`}
              >
                {t('comitente.ofertas_anteriores')}
              </Link>
            ) : null}
            <span>{t('comitente.ofertas_pagina', { pagina: ofs.pagina, paginas: ofs.paginas })}</span>
            {ofs.pagina < ofs.paginas ? (
              <Link to={`?${params({ ofertas: String(ofs.pagina + 1), pagina: paginaDosLotes })}#ofertas`} rel="next">
                {t('comitente.ofertas_proximas')}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>

      <section className={s.secao} aria-labelledby="lotes">
        <h2 id="lotes">{t('comitente.lotes')}</h2>
        {d.leiloes.length ? (
          <ul className={s.leiloes} aria-label={t('comitente.leiloes')}>
            {d.leiloes.slice(0, 8).map((l) => (
              <li key={l.uid}>
                <Link to={`?${params({ leilao: l.uid, pagina: '' })}`} className={d.leilaoDosLotes === l.uid ? s.leilaoAtivo : s.leilao}>
                  <strong>{l.nome}</strong>
                  <span className={s.suave}>
                    {formatarData(l.data)} · {l.total} · {situacaoDoLeilao(l.situacao)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <Form method="get" className={s.filtros} aria-label={t('comitente.filtrar')}>
          <label className={s.campo}>
            {t('comitente.leilao')}
            <select name="leilao" defaultValue={f.leilao} className={s.entrada}>
              <option value="">{t('comitente.todos_leiloes')}</option>
              {d.leiloes.map((l) => (
                <option key={l.uid} value={l.uid}>
                  {l.nome} — {formatarData(l.data)}
                </option>
              ))}
            </select>
          </label>
          <label className={s.campo}>
            {t('comitente.situacao')}
            <select name="situacao" defaultValue={f.situacao} className={s.entrada}>
              <option value="">{t('comitente.todas_situacoes')}</option>
              {SITUACOES_LOTE.map((x) => (
                <option key={x} value={x}>
                  {situacaoDoLote(x)}
                </option>
              ))}
            </select>
          </label>
          <label className={s.campo}>
            {t('comitente.periodo_de')}
            <input type="date" name="de" defaultValue={f.de} className={s.entrada} />
          </label>
          <label className={s.campo}>
            {t('comitente.periodo_ate')}
            <input type="date" name="ate" defaultValue={f.ate} className={s.entrada} />
          </label>
          <label className={s.campo}>
            {t('comitente.agrupar_por')}
            <select name="agrupar" defaultValue={f.agrupar} className={s.entrada}>
              <option value="leilao">{t('comitente.agrupar_leilao')}</option>
              <option value="mes">{t('comitente.agrupar_mes')}</option>
            </select>
          </label>
          <button type="submit" className={botao}>
            {t('comitente.filtrar')}
          </button>
        </Form>
        <p className={s.suave}>
          {aoVivoIniciais.length ? (
            <span className={s.aoVivo} data-testid="ao-vivo" data-conectado={conectado}>
              {conectado ? `● ${t('comitente.ao_vivo')}` : t('comitente.desconectado')}
            </span>
          ) : null}{' '}
          {t('comitente.privado')}
        </p>
        {d.lotes.itens.length === 0 ? (
          <p>{t('comitente.nenhum_lote')}</p>
        ) : (
          <div className={s.rolagem} role="region" aria-label={t('comitente.lotes')} tabIndex={0}>
            <table className={s.tabela} data-testid="lotes-do-comitente">
              <thead>
                <tr>
                  <th className={s.celula}>{t('comitente.lote')}</th>
                  <th className={s.celula}>{t('comitente.leilao')}</th>
                  <th className={s.celula}>{t('comitente.situacao')}</th>
                  <th className={s.numero}>{t('comitente.lance')}</th>
                  <th className={s.celula}>{t('comitente.termina')}</th>
                  <th className={s.numero}>{t('comitente.minimo')}</th>
                  <th className={`${s.numero} ${s.privado}`}>{t('comitente.valor_comitente')}</th>
                  <th className={`${s.numero} ${s.privado}`}>{t('comitente.fipe')}</th>
                  <th className={`${s.celula} ${s.privado}`}>{t('comitente.placa')}</th>
                </tr>
              </thead>
              <tbody>
                {d.lotes.itens.map(({ lote: l, informacoesPrivadas: p }) => {
                  const v = vivos.get(l.veiUid);
                  const lance = v?.valor?.lance ?? l.lance;
                  const situacao = v?.situacao ?? l.situacao;
                  const fim = v?.dataFim ?? l.dataFim;
                  return (
                    <tr key={l.id} data-lote={l.id} data-vei-uid={l.veiUid}>
                      <td className={s.celula}>
                        <strong>{l.numero}</strong> {l.nome}
                      </td>
                      <td className={s.celula}>{l.leilao ? l.leilao.nome : '—'}</td>
                      <td className={s.celula} data-testid="situacao">
                        {situacaoDoLote(situacao)}
                      </td>
                      <td className={s.numero} data-testid="lance">
                        {lance != null ? formatarMoeda(lance) : '—'}
                      </td>
                      <td className={s.celula}>{fim ? formatarDataHora(fim) : '—'}</td>
                      <td className={s.numero}>{formatarMoeda(l.minimo)}</td>
                      <td className={`${s.numero} ${s.privado}`}>{p.valorComitente != null ? formatarMoeda(p.valorComitente) : '—'}</td>
                      <td className={`${s.numero} ${s.privado}`}>{p.fipeValor != null ? formatarMoeda(p.fipeValor) : '—'}</td>
                      <td className={`${s.celula} ${s.privado}`}>{p.placa ?? '—'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {d.lotes.paginas > 1 ? (
          <nav className={s.paginacao} aria-label="Páginas">
            {d.lotes.pagina > 1 ? (
              <Link to={`?${params({ pagina: String(d.lotes.pagina - 1), ofertas: paginaDasOfertas })}`}>Anterior</Link>
            ) : null}
            <span>
              Página {d.lotes.pagina} de {d.lotes.paginas} ({d.lotes.total})
            </span>
            {d.lotes.pagina < d.lotes.paginas ? (
              <Link to={`?${params({ pagina: String(d.lotes.pagina + 1), ofertas: paginaDasOfertas })}`}>Próxima</Link>
            ) : null}
          </nav>
        ) : null}
      </section>

      <section className={s.secao} aria-labelledby="resultados">
        <h2 id="resultados">{t('comitente.resultados')}</h2>
        {d.resultados.length === 0 ? (
          <p className={s.suave}>{t('comitente.sem_resultados')}</p>
        ) : (
          <div className={g.graficos}>
            {graficosDaMarca(tipo).map((def) => (
              <Grafico key={def.id} definicao={def} linhas={d.resultados} rotuloGrupo={rotuloGrupo} exportar={exportar(def.id)} />
            ))}
          </div>
        )}
      </section>

      <section className={s.secao} aria-labelledby="minimo">
        <h2 id="minimo">{t('comitente.minimo_sugerido')}</h2>
        <p className={s.suave}>{t('comitente.minimo_explicacao', { amostra: AMOSTRA_MINIMA })}</p>
        <Form method="get" className={s.filtros} aria-label={t('comitente.minimo_sugerido')}>
          <label className={s.campo}>
            {t('comitente.modelo')}
            <input
              name="modelo"
              list="modelos-historico"
              required
              maxLength={120}
              defaultValue={d.minimo.consulta?.modelo}
              className={s.entrada}
            />
            <datalist id="modelos-historico">
              {d.minimo.modelos.map((m) => (
                <option key={m} value={m} />
              ))}
            </datalist>
          </label>
          <label className={s.campo}>
            {t('comitente.ano')}
            <input name="ano" inputMode="numeric" required size={6} defaultValue={d.minimo.consulta?.ano} className={s.entrada} />
          </label>
          <label className={s.campo}>
            {t('comitente.estado')}
            <select name="estado" defaultValue={d.minimo.consulta?.estado} className={s.entrada}>
              <option value="">—</option>
              {d.minimo.estados.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.nome}
                </option>
              ))}
            </select>
          </label>
          <label className={s.campo}>
            {t('comitente.valor_fipe')}
            <input name="fipe" inputMode="decimal" required size={12} defaultValue={d.minimo.consulta?.fipe} className={s.entrada} />
          </label>
          <button type="submit" className={botao}>
            {t('comitente.calcular')}
          </button>
        </Form>
        {d.minimo.erro ? <Aviso tipo="erro">{d.minimo.erro}</Aviso> : null}
        {d.minimo.resultado ? (
          <>
            <Aviso tipo={d.minimo.resultado.sugestao ? 'sucesso' : 'info'} testId="minimo-sugerido">
              {d.minimo.resultado.sugestao
                ? t('comitente.sugestao', {
                    valor: formatarMoeda(d.minimo.resultado.sugestao.valor),
                    porcentagem: d.minimo.resultado.sugestao.porcentagem,
                    taxa: porcento(d.minimo.resultado.sugestao.taxaVenda),
                    amostra: d.minimo.resultado.sugestao.amostra,
                  })
                : t('comitente.sem_sugestao', { alvo: porcento(TAXA_ALVO) })}
            </Aviso>
            <div className={s.rolagem}>
              <table className={s.tabela} data-testid="niveis-minimo">
                <thead>
                  <tr>
                    <th className={s.celula}>{t('comitente.faixa')}</th>
                    <th className={s.numero}>{t('comitente.amostra')}</th>
                    <th className={s.numero}>{t('comitente.vendidos')}</th>
                    <th className={s.numero}>{t('comitente.taxa_venda')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.minimo.resultado.niveis.map((n) => (
                    <tr key={n.porcentagem} data-nivel={n.porcentagem}>
                      <td className={s.celula}>{`${n.porcentagem}% – ${n.porcentagem + 10}%`}</td>
                      <td className={s.numero}>{n.amostra}</td>
                      <td className={s.numero}>{n.vendidos}</td>
                      <td className={s.numero}>
                        {porcento(n.taxaVenda)}
                        {n.amostra > 0 && !n.suficiente ? ` (${t('comitente.amostra_insuficiente')})` : ''}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
      </section>
    </div>
  );
}
