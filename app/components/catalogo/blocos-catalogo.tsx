import { Link } from '@remix-run/react';
import type { PropsBloco } from '~/components/blocks/props';
import { caminhoDoPatio, slugificar } from '~/modules/catalogo/regras';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { useWording } from '~/components/marca';
import { paginas } from '~/locales/pt-BR/paginas';
import { GradeLotes, type DadosCard } from './card-lote';
import * as s from './catalogo.css';

/**
 * Renderers of the data-driven content blocks. Their data comes from the page loader
 * (app/paginas/dados-blocos.server.ts) in `dados`; without data they render nothing.
 */
export interface LeilaoResumo {
  uid: string;
  id: number;
  nomeSemData: string;
  situacao: string;
  data: string;
  cidade: string | null;
  estadoUf: string | null;
  quantidadeLotes: number;
  comitentesLogomarcas: { nome: string; logomarcaUrl: string | null }[];
  leiloeiro: { nome: string; inscricao: string } | null;
  destaques?: DadosCard[];
}

function usePrefixo() {
  const t = useWording(paginas);
  return t('caminho_lista');
}

export function LotesDestaque({ sessao, dados }: PropsBloco) {
  const prefixo = usePrefixo();
  const t = useWording(paginas);
  const lotes = (dados as DadosCard[] | undefined) ?? [];
  if (!lotes.length) return null;
  return (
    <section>
      <h2>{sessao.itens[0]?.titulo ?? t('catalogo.destaques')}</h2>
      <GradeLotes lotes={lotes} prefixo={prefixo} />
    </section>
  );
}

export function LotesCategoria({ sessao, dados }: PropsBloco) {
  const prefixo = usePrefixo();
  const d = dados as { categoria: string | null; lotes: DadosCard[] } | undefined;
  if (!d?.categoria || !d.lotes.length) return null;
  return (
    <section>
      <h2>
        <Link to={`/${prefixo}/${slugificar(d.categoria)}`}>{sessao.nome}</Link>
      </h2>
      <GradeLotes lotes={d.lotes} prefixo={prefixo} />
    </section>
  );
}

export function CartaoLeilao({ leilao }: { leilao: LeilaoResumo }) {
  const t = useWording(paginas);
  const prefixo = usePrefixo();
  return (
    <article className={s.leilaoCard} data-testid="leilao-card">
      <div className={s.leilaoTopo}>
        <h3>
          {leilao.nomeSemData}
          {leilao.situacao === 'AO_VIVO' ? <span className={s.aoVivo}>{t('catalogo.ao_vivo')}</span> : null}
        </h3>
        <span>
          {formatarDataHora(leilao.data)} · {leilao.cidade}/{leilao.estadoUf} ·{' '}
          {t.contar('catalogo.lotes_no_leilao', leilao.quantidadeLotes)}
        </span>
      </div>
      <div className={s.logos}>
        {leilao.comitentesLogomarcas.map((c) =>
          c.logomarcaUrl ? (
            <img key={c.nome} src={c.logomarcaUrl} alt={c.nome} title={c.nome} width={72} height={36} loading="lazy" />
          ) : null,
        )}
        <Link to={`/${prefixo}?leilao=${leilao.id}`}>{t('catalogo.ver_leilao')} →</Link>
      </div>
      {leilao.destaques?.length ? (
        <div style={{ marginTop: 16 }}>
          <GradeLotes lotes={leilao.destaques} prefixo={prefixo} />
        </div>
      ) : null}
    </article>
  );
}

export function LeiloesAtivos({ sessao, dados }: PropsBloco) {
  const t = useWording(paginas);
  const leiloes = (dados as LeilaoResumo[] | undefined) ?? [];
  return (
    <section>
      <h2>{sessao.itens[0]?.titulo ?? t('catalogo.leiloes_ativos')}</h2>
      {leiloes.length ? leiloes.map((l) => <CartaoLeilao key={l.uid} leilao={l} />) : <p>{t('catalogo.nenhum_leilao')}</p>}
    </section>
  );
}

export function Agenda({ sessao, dados }: PropsBloco) {
  const t = useWording(paginas);
  const leiloes = (dados as LeilaoResumo[] | undefined) ?? [];
  return (
    <section>
      <h2>{sessao.itens[0]?.titulo ?? t('catalogo.agenda_titulo')}</h2>
      <ul>
        {leiloes.map((l) => (
          <li key={l.uid}>
            <strong>{formatarDataHora(l.data)}</strong> — {l.nomeSemData} ({t.contar('catalogo.lotes_no_leilao', l.quantidadeLotes)})
          </li>
        ))}
      </ul>
      <Link to="/agenda">{t('nav.agenda')} →</Link>
    </section>
  );
}

export function MapaPatios({ sessao, dados }: PropsBloco) {
  const t = useWording(paginas);
  const patios =
    (dados as { uid: string; nome: string; cidade: string; estadoUf: string; slug: string; quantidadeLotes: number }[] | undefined) ?? [];
  return (
    <section>
      <h2>{sessao.itens[0]?.titulo ?? t('catalogo.patios_titulo')}</h2>
      <ul className={s.patios}>
        {patios.map((p) => (
          <li key={p.uid} className={s.leilaoCard}>
            <Link to={caminhoDoPatio(p)}>
              <strong>{p.nome}</strong>
            </Link>
            <br />
            {p.cidade}/{p.estadoUf} · {t.contar('catalogo.patio_lotes', p.quantidadeLotes)}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function TabelaFrete({ sessao, dados }: PropsBloco) {
  const t = useWording(paginas);
  const linhas =
    (dados as
      | { origemCidade: string; origemUf: string; destinoCidade: string; destinoUf: string; valor: number; prazoDias: number }[]
      | undefined) ?? [];
  const origens = [...new Set(linhas.map((l) => `${l.origemCidade}/${l.origemUf}`))];
  const destinos = [...new Set(linhas.map((l) => `${l.destinoCidade}/${l.destinoUf}`))];
  const celula = (o: string, d: string) =>
    linhas.find((l) => `${l.origemCidade}/${l.origemUf}` === o && `${l.destinoCidade}/${l.destinoUf}` === d);
  return (
    <section>
      <h2>{sessao.itens[0]?.titulo ?? t('catalogo.tabela_frete')}</h2>
      <table className={s.tabela} data-testid="tabela-frete">
        <thead>
          <tr>
            <th>{t('catalogo.frete_destino')}</th>
            {origens.map((o) => (
              <th key={o}>
                {t('catalogo.frete_origem')}: {o}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {destinos.map((d) => (
            <tr key={d}>
              <th>{d}</th>
              {origens.map((o) => {
                const c = celula(o, d);
                return (
                  <td key={o}>
                    {c ? `${formatarMoeda(c.valor, { casas: 0 })} · ${t('catalogo.frete_dias', { dias: c.prazoDias })}` : '—'}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function LogosComitentes({ sessao, dados }: PropsBloco) {
  const t = useWording(paginas);
  const logos = (dados as { nome: string; logomarcaUrl: string | null }[] | undefined) ?? [];
  return (
    <section>
      <h2>{sessao.itens[0]?.titulo ?? t('catalogo.comitentes')}</h2>
      <div className={s.logos}>
        {logos.map((c) =>
          c.logomarcaUrl ? (
            <img key={c.nome} src={c.logomarcaUrl} alt={c.nome} title={c.nome} width={96} height={48} loading="lazy" />
          ) : null,
        )}
      </div>
    </section>
  );
}

function Atalhos({ titulo, dados, para }: { titulo: string; dados: unknown; para: (v: string) => string }) {
  const itens = (dados as { valor: string; quantidade: number }[] | undefined) ?? [];
  return (
    <section>
      <h2>{titulo}</h2>
      <ul className={s.atalhos}>
        {itens.map((i) => (
          <li key={i.valor}>
            <Link to={para(i.valor)} className={s.chip}>
              {i.valor} <span className={s.contagem}>{i.quantidade}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
export function Categorias({ sessao, dados }: PropsBloco) {
  const t = useWording(paginas);
  const prefixo = usePrefixo();
  return (
    <Atalhos titulo={sessao.itens[0]?.titulo ?? t('catalogo.categorias')} dados={dados} para={(v) => `/${prefixo}/${slugificar(v)}`} />
  );
}
export function Marcas({ sessao, dados }: PropsBloco) {
  const t = useWording(paginas);
  const prefixo = usePrefixo();
  return (
    <Atalhos
      titulo={sessao.itens[0]?.titulo ?? t('catalogo.marcas')}
      dados={dados}
      para={(v) => `/${prefixo}?marca=${encodeURIComponent(v)}`}
    />
  );
}
