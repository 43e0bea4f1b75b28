import { Form, Link, useNavigate } from '@remix-run/react';
import type { MouseEvent } from 'react';
import {
  alternarFiltro,
  FACETAS_LISTA,
  paresDaBusca,
  urlDaBusca,
  valoresAtivos,
  type BuscaDaUrl,
  type CampoFaceta,
} from '~/modules/catalogo/busca-url';
import { useWording } from '~/components/marca';
import { filtros } from '~/locales/pt-BR/filtros';
import type { DadosLista } from './dados-lista';
import { formatarNumero } from '~/utils/format';
import * as s from './filtros.css';

/**
 * The list page's filter column (facet links, the ranges form, "clear"): plain links and a GET form
 * that work without JavaScript, so the browser fetches this module only when the visitor reaches for
 * the column (components/sob-demanda.ts; decision 091). Until then the server's HTML stands.
 */

/**
 * The range fields are text, not `type="number"`: Chromium's number field reads "60.000" as sixty and
 * refuses "60.000,00", so the server receives what the visitor typed and reads it the Brazilian way
 * (decision 123). Values come back written as typed: 60.000, 60.000,50, 65.432 km, 2020.
 */
const CHAVES_FAIXA = [
  ['ano_min', 'anoMin', 'numeric', String],
  ['ano_max', 'anoMax', 'numeric', String],
  ['valor_min', 'valorMin', 'decimal', centavosParaCampo],
  ['valor_max', 'valorMax', 'decimal', centavosParaCampo],
  ['km_min', 'kmMin', 'numeric', formatarNumero],
  ['km_max', 'kmMax', 'numeric', formatarNumero],
] as const;

/** 6000000 → "60.000", 6000050 → "60.000,50". */
function centavosParaCampo(centavos: number) {
  const reais = formatarNumero(Math.floor(centavos / 100));
  return centavos % 100 ? `${reais},${String(centavos % 100).padStart(2, '0')}` : reais;
}

/** The current search with every value of one facet shown (`ver=`); the filter links drop it. */
function urlComFaceta(busca: BuscaDaUrl, campo: CampoFaceta) {
  const atual = urlDaBusca(busca);
  return `${atual}${atual ? '&' : '?'}ver=${campo}`;
}

export function FiltrosDaLista({ dados }: { dados: DadosLista }) {
  const t = useWording(filtros);
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
  const { busca, caminho, facetas } = dados;
  const ativos = valoresAtivos(busca, facetas);
  // Delegation: clicks (and Enter on a focused link, which browsers turn into a click) on the facet
  // links inside are taken over; the aside itself is not a control.
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <aside
      className={s.lateral}
      aria-label={t('catalogo.filtros')}
      data-testid="filtros"
      data-sob-demanda="filtros"
      onClick={navegarNoLugar}
    >
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
        {paresDaBusca(
          busca,
          CHAVES_FAIXA.map(([k]) => k),
        ).map(([k, v], i) => (
          <input key={`${k}-${v}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <div className={s.faixas}>
          {CHAVES_FAIXA.map(([chave, campo, teclado, escrever]) => {
            const v = busca.filtros[campo];
            return (
              <label key={chave}>
                {t(`catalogo.${chave}`)}
                <input
                  type="text"
                  name={chave}
                  inputMode={teclado}
                  autoComplete="off"
                  maxLength={20}
                  defaultValue={v === undefined ? '' : escrever(v)}
                />
              </label>
            );
          })}
        </div>
        <button type="submit" className={s.botao}>
          {t('catalogo.aplicar')}
        </button>
      </Form>
      {ativos.length || CHAVES_FAIXA.some(([, campo]) => busca.filtros[campo] !== undefined) ? (
        <Link to={caminho} className={s.botao}>
          {t('catalogo.limpar')}
        </Link>
      ) : null}
    </aside>
  );
}
