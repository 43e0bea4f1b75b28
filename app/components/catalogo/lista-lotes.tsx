import { Form, Link, useNavigate, useNavigation, useSubmit } from '@remix-run/react';
import type { MouseEvent } from 'react';
import { alternarFiltro, CAMPOS_FACETA, urlDaBusca, type BuscaDaUrl, type CampoFaceta } from '~/modules/catalogo/busca-url';
import type { BannerAtivo } from '~/modules/catalogo/leiloes.server';
import { container } from '../layout.css';
import { useWording } from '~/components/marca';
import { GradeLotes, type DadosCard } from './card-lote';
import * as s from './catalogo.css';
import { formatarMoeda, formatarNumero } from '~/utils/format';

export interface DadosLista {
  prefixo: string;
  caminho: string;
  categoriaDoCaminho: string | null;
  busca: BuscaDaUrl;
  total: number;
  paginas: number;
  lotes: DadosCard[];
  facetas: Record<CampoFaceta, { valor: string; rotulo: string; quantidade: number }[]>;
  /** Facets with more values than rendered: their number of values. */
  ocultos: Partial<Record<CampoFaceta, number>>;
  /** The facet shown with every value (`?ver=`), if any. */
  ver: CampoFaceta | null;
  banners: Pick<BannerAtivo, 'uid' | 'nome' | 'imagem' | 'urlDestino'>[];
}

const ORDENS = ['dataFim-asc', 'dataFim-desc', 'valor-asc', 'valor-desc', 'anoModelo-desc', 'km-asc'] as const;
/** Facets shown as link lists (multi-select): every facet but the year (a range); `modelo` only once a brand is chosen. */
const FACETAS_LISTA: CampoFaceta[] = CAMPOS_FACETA.filter((c) => c !== 'anoModelo');
const CHAVES_FAIXA = [
  ['ano_min', 'anoMin', 1],
  ['ano_max', 'anoMax', 1],
  ['valor_min', 'valorMin', 100],
  ['valor_max', 'valorMax', 100],
  ['km_min', 'kmMin', 1],
  ['km_max', 'kmMax', 1],
] as const;

const semCentavos = (c: number) => formatarMoeda(c, { casas: 0 });
const FAIXAS = [
  { campo: 'ano', min: 'anoMin', max: 'anoMax', formatar: String },
  { campo: 'valor', min: 'valorMin', max: 'valorMax', formatar: semCentavos },
  { campo: 'km', min: 'kmMin', max: 'kmMax', formatar: (n: number) => `${formatarNumero(n)} km` },
] as const;

/** The current search with every value of one facet shown (`ver=`); the filter links drop it. */
function urlComFaceta(busca: BuscaDaUrl, campo: CampoFaceta) {
  const atual = urlDaBusca(busca);
  return `${atual}${atual ? '&' : '?'}ver=${campo}`;
}

/** Hidden inputs that carry the current filters through a GET form (ranges and order forms). */
function FiltrosOcultos({ busca, exceto }: { busca: BuscaDaUrl; exceto: string[] }) {
  const params = new URLSearchParams(urlDaBusca({ ...busca, pagina: 1 }));
  return (
    <>
      {[...params.entries()]
        .filter(([k]) => !exceto.includes(k))
        .map(([k, v], i) => (
          <input key={`${k}-${v}-${i}`} type="hidden" name={k} value={v} />
        ))}
    </>
  );
}

export function ListaLotes({ dados }: { dados: DadosLista }) {
  const t = useWording();
  const submit = useSubmit();
  const navegar = useNavigate();
  // The facet values (about a hundred) are plain anchors, cheap to render; with JavaScript a click
  // on one still navigates in place, keeping the scroll, as a <Link preventScrollReset> would.
  const navegarNoLugar = (e: MouseEvent<HTMLElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    if (
      !a ||
      e.defaultPrevented ||
      e.button !== 0 ||
      e.metaKey ||
      e.ctrlKey ||
      e.shiftKey ||
      e.altKey ||
      a.target ||
      a.origin !== window.location.origin
    )
      return;
    e.preventDefault();
    navegar(`${a.pathname}${a.search}`, { preventScrollReset: true });
  };
  const navegando = useNavigation().state === 'loading';
  const { busca, caminho, facetas } = dados;
  const ordemAtual = `${busca.ordenacao.campo}-${busca.ordenacao.tipoOrdenacao}`;
  const titulo = dados.categoriaDoCaminho ?? (busca.filtros.categoria?.length === 1 ? busca.filtros.categoria[0] : t('oportunidades'));
  const linkPagina = (p: number) => `${caminho}${urlDaBusca({ ...busca, pagina: p })}`;
  const ativos = FACETAS_LISTA.flatMap((campo) =>
    (((busca.filtros as Record<string, unknown>)[campo] as (string | number)[] | undefined) ?? []).map((v) => ({
      campo,
      valor: String(v),
      rotulo: facetas[campo]?.find((f) => f.valor === String(v))?.rotulo ?? String(v),
    })),
  );

  // The ranges (year, price, km) get their chip too, removing both of their bounds.
  const faixas = FAIXAS.flatMap(({ campo, min, max, formatar }) => {
    const de = busca.filtros[min];
    const ate = busca.filtros[max];
    if (de === undefined && ate === undefined) return [];
    const rotulo =
      de !== undefined && ate !== undefined
        ? t('catalogo.faixa_entre', { de: formatar(de), ate: formatar(ate) })
        : de !== undefined
          ? t('catalogo.faixa_de', { de: formatar(de) })
          : t('catalogo.faixa_ate', { ate: formatar(ate!) });
    return [
      {
        campo,
        rotulo: `${t(`catalogo.faixa_${campo}`)}: ${rotulo}`,
        to: `${caminho}${urlDaBusca({ ...busca, pagina: 1, filtros: { ...busca.filtros, [min]: undefined, [max]: undefined } })}`,
      },
    ];
  });
  const quantosAtivos = ativos.length + faixas.length;

  return (
    <div className={`${container} ${s.pagina}`}>
      {/* The phone's filter drawer: this checkbox (visually hidden) is what its two labels toggle. */}
      <input
        type="checkbox"
        id="gaveta-filtros"
        className={s.gavetaControle}
        data-testid="gaveta-filtros"
        aria-label={t('catalogo.filtros')}
      />
      <label htmlFor="gaveta-filtros" className={s.botaoFiltros} data-testid="botao-filtros">
        {t('catalogo.filtros')}
        {quantosAtivos ? ` (${quantosAtivos})` : ''}
      </label>
      {/* Delegation: clicks (and Enter on a focused link, which browsers turn into a click) on the facet
          links inside are taken over; the aside itself is not a control. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <aside className={s.lateral} aria-label={t('catalogo.filtros')} data-testid="filtros" onClick={navegarNoLugar}>
        <label htmlFor="gaveta-filtros" className={s.fecharFiltros}>
          {t('catalogo.fechar_filtros')} ✕
        </label>
        <strong>{t('catalogo.filtros')}</strong>
        {FACETAS_LISTA.filter(
          (campo) => (campo !== 'modelo' || busca.filtros.marca?.length) && (campo !== 'categoria' || !dados.categoriaDoCaminho),
        ).map((campo) =>
          facetas[campo]?.length ? (
            <details
              key={campo}
              className={s.faceta}
              open={['categoria', 'marca', 'uf'].includes(campo) || campo === dados.ver || ativos.some((a) => a.campo === campo)}
              data-testid={`faceta-${campo}`}
            >
              <summary>{t(`catalogo.faceta_${campo}`)}</summary>
              <ul className={s.facetaLista}>
                {facetas[campo].map((v) => {
                  const ativo = ativos.some((a) => a.campo === campo && a.valor === v.valor);
                  return (
                    <li key={v.valor}>
                      <a
                        href={`${caminho}${alternarFiltro(busca, campo as Parameters<typeof alternarFiltro>[1], v.valor)}`}
                        className={`${s.facetaItem} ${ativo ? s.facetaAtiva : ''}`}
                        aria-current={ativo ? 'true' : undefined}
                        rel="nofollow"
                      >
                        <span>{ativo ? `✓ ${v.rotulo}` : v.rotulo}</span>
                        <span className={s.contagem}>{v.quantidade}</span>
                      </a>
                    </li>
                  );
                })}
                {dados.ocultos[campo] ? (
                  <li>
                    <Link
                      to={`${caminho}${urlComFaceta(busca, campo)}`}
                      className={s.verTodos}
                      preventScrollReset
                      rel="nofollow"
                      data-testid="ver-todos"
                    >
                      {t('catalogo.ver_todos', { count: dados.ocultos[campo] })}
                    </Link>
                  </li>
                ) : campo === dados.ver ? (
                  <li>
                    <Link to={`${caminho}${urlDaBusca(busca)}`} className={s.verTodos} preventScrollReset rel="nofollow">
                      {t('catalogo.ver_menos')}
                    </Link>
                  </li>
                ) : null}
              </ul>
            </details>
          ) : null,
        )}
        <Form method="get" action={caminho} className={s.faceta} data-testid="form-faixas">
          <FiltrosOcultos busca={busca} exceto={CHAVES_FAIXA.map(([k]) => k)} />
          <div className={s.faixas}>
            {CHAVES_FAIXA.map(([chave, campo, divisor]) => {
              const v = busca.filtros[campo];
              return (
                <label key={chave}>
                  {t(`catalogo.${chave}`)}
                  <input
                    type="number"
                    name={chave}
                    min={0}
                    inputMode="numeric"
                    defaultValue={v === undefined ? '' : Math.round(v / divisor)}
                  />
                </label>
              );
            })}
          </div>
          <button type="submit" className={s.chip}>
            {t('catalogo.aplicar')}
          </button>
        </Form>
        {ativos.length || CHAVES_FAIXA.some(([, campo]) => busca.filtros[campo] !== undefined) ? (
          <Link to={caminho} className={s.chip}>
            {t('catalogo.limpar')}
          </Link>
        ) : null}
      </aside>

      <section aria-busy={navegando}>
        <div className={s.barra}>
          <div>
            <h1 className={s.titulo}>{titulo}</h1>
            {/* An h2 between the page's h1 and the cards' h3 (axe heading-order), styled as text. */}
            <h2 className={s.totalResultados} data-testid="total-resultados">
              {t('catalogo.resultados', { count: dados.total })}
            </h2>
          </div>
          <Form method="get" action={caminho} onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}>
            <FiltrosOcultos busca={busca} exceto={['ordem']} />
            <label>
              {t('catalogo.ordenar')}{' '}
              <select name="ordem" defaultValue={ordemAtual} key={ordemAtual}>
                {ORDENS.map((o) => (
                  <option key={o} value={o}>
                    {t(`catalogo.ordem_${o.replace('-', '_')}`)}
                  </option>
                ))}
              </select>
            </label>{' '}
            <noscript>
              <button type="submit">{t('catalogo.ordenar')}</button>
            </noscript>
          </Form>
        </div>
        {quantosAtivos ? (
          <div className={s.chips} data-testid="filtros-ativos">
            {faixas.map((f) => (
              <Link key={f.campo} to={f.to} className={s.chip} rel="nofollow" data-testid={`chip-${f.campo}`}>
                {f.rotulo} ✕
              </Link>
            ))}
            {ativos.map((a) => (
              <Link
                key={`${a.campo}-${a.valor}`}
                to={`${caminho}${alternarFiltro(busca, a.campo as Parameters<typeof alternarFiltro>[1], a.valor)}`}
                className={s.chip}
                rel="nofollow"
              >
                {a.rotulo} ✕
              </Link>
            ))}
          </div>
        ) : null}
        {dados.banners[0] && busca.pagina === 1 ? (
          <a href={dados.banners[0].urlDestino ?? '#'} data-posicao-banner="lista-lotes">
            <img src={dados.banners[0].imagem} alt={dados.banners[0].nome} className={s.banner} width={1140} height={360} loading="lazy" />
          </a>
        ) : null}
        <GradeLotes lotes={dados.lotes} prefixo={dados.prefixo} />
        {dados.paginas > 1 ? (
          <nav className={s.paginacao} aria-label="Paginação" data-testid="paginacao">
            <Link
              to={linkPagina(busca.pagina - 1)}
              className={busca.pagina <= 1 ? s.desativado : undefined}
              aria-disabled={busca.pagina <= 1}
              rel="prev"
            >
              ← {t('catalogo.anterior')}
            </Link>
            <span>{t('catalogo.pagina', { pagina: busca.pagina, total: dados.paginas })}</span>
            <Link
              to={linkPagina(busca.pagina + 1)}
              className={busca.pagina >= dados.paginas ? s.desativado : undefined}
              aria-disabled={busca.pagina >= dados.paginas}
              rel="next"
            >
              {t('catalogo.proxima')} →
            </Link>
          </nav>
        ) : null}
      </section>
    </div>
  );
}
