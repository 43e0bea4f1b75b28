import { Form, Link, useNavigation, useSubmit } from '@remix-run/react';
import { useEffect } from 'react';
import { alternarFiltro, paresDaBusca, urlDaBusca, valoresAtivos, type BuscaDaUrl } from '~/modules/catalogo/busca-url';
import type { DadosLista } from './dados-lista';
import { container } from '../layout.css';
import { useWording } from '~/components/marca';
import { GradeLotes } from './card-lote';
import { FiltrosDaListaSobDemanda as FiltrosDaLista } from '../sob-demanda';
import * as s from './catalogo.css';
import { formatarMoeda, formatarNumero } from '~/utils/format';

const ORDENS = ['dataFim-asc', 'dataFim-desc', 'valor-asc', 'valor-desc', 'anoModelo-desc', 'km-asc'] as const;
/** R$ 60.000, or R$ 60.000,50 when the range was typed with centavos. */
const semCentavos = (c: number) => formatarMoeda(c, { casas: c % 100 ? 2 : 0 });
const FAIXAS = [
  { campo: 'ano', min: 'anoMin', max: 'anoMax', formatar: String },
  { campo: 'valor', min: 'valorMin', max: 'valorMax', formatar: semCentavos },
  { campo: 'km', min: 'kmMin', max: 'kmMax', formatar: (n: number) => `${formatarNumero(n)} km` },
] as const;

/** Hidden inputs that carry the current filters through a GET form (the order form). */
function FiltrosOcultos({ busca, exceto }: { busca: BuscaDaUrl; exceto: string[] }) {
  return (
    <>
      {paresDaBusca(busca, exceto).map(([k, v], i) => (
        <input key={`${k}-${v}-${i}`} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

export type { DadosLista };

export function ListaLotes({ dados }: { dados: DadosLista }) {
  const t = useWording();
  const submit = useSubmit();
  const navegando = useNavigation().state === 'loading';
  // The filter column hydrates on interaction (decision 091); a navigation fetches its code now, so
  // the column is hydrated before the next page's data replaces it.
  useEffect(() => {
    if (navegando) FiltrosDaLista.carregar();
  }, [navegando]);
  const { busca, caminho, facetas } = dados;
  const ordemAtual = `${busca.ordenacao.campo}-${busca.ordenacao.tipoOrdenacao}`;
  const titulo = dados.categoriaDoCaminho ?? (busca.filtros.categoria?.length === 1 ? busca.filtros.categoria[0] : t('oportunidades'));
  const linkPagina = (p: number) => `${caminho}${urlDaBusca({ ...busca, pagina: p })}`;
  const ativos = valoresAtivos(busca, facetas);

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
      <label htmlFor="gaveta-filtros" className={s.botaoFiltros} data-testid="botao-filtros" data-sob-demanda="filtros">
        {t('catalogo.filtros')}
        {quantosAtivos ? ` (${quantosAtivos})` : ''}
      </label>
      <FiltrosDaLista dados={dados} />

      <section aria-busy={navegando}>
        <div className={s.barra}>
          <div>
            <h1 className={s.titulo}>{titulo}</h1>
            {/* An h2 between the page's h1 and the cards' h3 (axe heading-order), styled as text. */}
            <h2 className={s.totalResultados} data-testid="total-resultados">
              {t.contar('catalogo.resultados', dados.total)}
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
        {dados.totalDePaginas > 1 ? (
          <nav className={s.paginacao} aria-label="Paginação" data-testid="paginacao">
            <Link
              to={linkPagina(busca.pagina - 1)}
              className={busca.pagina <= 1 ? s.desativado : undefined}
              aria-disabled={busca.pagina <= 1}
              rel="prev"
            >
              ← {t('catalogo.anterior')}
            </Link>
            <span>{t('catalogo.pagina', { pagina: busca.pagina, total: dados.totalDePaginas })}</span>
            <Link
              to={linkPagina(busca.pagina + 1)}
              className={busca.pagina >= dados.totalDePaginas ? s.desativado : undefined}
              aria-disabled={busca.pagina >= dados.totalDePaginas}
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
