import { scaleBand, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { useId } from 'react';
import { colunasDoGrafico, type ColunaDeGrafico, type DefinicaoDeGrafico, type LinhaDeResultado } from '~/modules/area-comitente/graficos';
import { formatarMoeda } from '~/utils/format';
import * as s from './grafico.css';

/*
 * A result chart drawn on the server as SVG (d3-scale for the axes, d3-shape for the line; decision 163):
 * the page reads, prints and answers without JavaScript. Every chart carries its table (the same numbers,
 * for a screen reader and for whoever wants the figures) and links to its CSV and XLSX.
 */

// One formatter each, built once: an Intl formatter per cell costs a page of charts more than its data.
const umaCasa = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const inteiro = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const qualquer = new Intl.NumberFormat('pt-BR');

const LARGURA = 640;
const ALTURA = 260;
const M = { topo: 16, direita: 12, base: 56, esquerda: 56 };

export function formatarValor(c: Pick<ColunaDeGrafico, 'tipo'>, v: number | null): string {
  if (v == null) return '—';
  if (c.tipo === 'dinheiro') return formatarMoeda(v);
  if (c.tipo === 'porcentagem') return `${umaCasa.format(v / 100)}%`;
  if (c.tipo === 'dias') return `${umaCasa.format(v)} d`;
  return qualquer.format(v);
}

/** Axis ticks: short money (R$ 12 mil), percent, days, counts. */
function formatarEixo(c: Pick<ColunaDeGrafico, 'tipo'>, v: number): string {
  if (c.tipo === 'dinheiro') {
    const reais = v / 100;
    return reais >= 1_000_000
      ? `R$ ${umaCasa.format(reais / 1_000_000)} mi`
      : reais >= 1000
        ? `R$ ${inteiro.format(reais / 1000)} mil`
        : `R$ ${inteiro.format(reais)}`;
  }
  return formatarValor(c, v);
}

const curto = (t: string, max = 14) => (t.length > max ? `${t.slice(0, max - 1)}…` : t);

export function Grafico({
  definicao: g,
  linhas,
  rotuloGrupo,
  exportar,
}: {
  definicao: DefinicaoDeGrafico;
  linhas: readonly LinhaDeResultado[];
  rotuloGrupo: string;
  /** The export's address without `formato` (…&grafico=id). */
  exportar: string;
}) {
  const id = useId();
  const cols = colunasDoGrafico(g);
  const valores = linhas.flatMap((l) => g.series.map((c) => l[c.chave] as number | null)).filter((v): v is number => v != null);
  const maximo = Math.max(1, ...valores);
  const x = scaleBand<string>()
    .domain(linhas.map((l) => l.grupo))
    .range([M.esquerda, LARGURA - M.direita])
    .padding(0.2);
  const y = scaleLinear()
    .domain([0, maximo])
    .nice(4)
    .range([ALTURA - M.base, M.topo]);
  const dentro = scaleBand<number>()
    .domain(g.series.map((_, i) => i))
    .range([0, x.bandwidth()])
    .padding(0.08);
  const serie = (i: number) => (i === 0 ? s.serie0 : s.serie1);
  const tracado = line<LinhaDeResultado>()
    .defined((l) => l[g.series[0].chave] != null)
    .x((l) => (x(l.grupo) ?? 0) + x.bandwidth() / 2)
    .y((l) => y(Number(l[g.series[0].chave])));
  const poucos = linhas.length <= 12;
  const resumo = `${g.titulo}: ${linhas.length} ${linhas.length === 1 ? 'grupo' : 'grupos'}; ${g.series.map((c) => c.rotulo).join(', ')}`;
  return (
    <section className={s.cartao} aria-labelledby={`${id}-t`} data-grafico={g.id}>
      <h3 id={`${id}-t`} className={s.titulo}>
        {g.titulo}
      </h3>
      {g.series.length > 1 ? (
        <ul className={s.legenda}>
          {g.series.map((c, i) => (
            <li key={c.chave}>
              <span className={i === 0 ? s.marca0 : s.marca1} aria-hidden="true" />
              {c.rotulo}
            </li>
          ))}
        </ul>
      ) : null}
      <svg viewBox={`0 0 ${LARGURA} ${ALTURA}`} className={s.svg} role="img" aria-labelledby={`${id}-d`}>
        <title id={`${id}-d`}>{resumo}</title>
        {y.ticks(4).map((t) => (
          <g key={t}>
            <line x1={M.esquerda} x2={LARGURA - M.direita} y1={y(t)} y2={y(t)} className={s.grade} />
            <text x={M.esquerda - 6} y={y(t)} dy="0.32em" textAnchor="end" className={s.rotulo}>
              {formatarEixo(g.series[0], t)}
            </text>
          </g>
        ))}
        <line x1={M.esquerda} x2={LARGURA - M.direita} y1={y(0)} y2={y(0)} className={s.eixo} />
        {g.forma === 'linha' ? (
          <>
            <path d={tracado(linhas as LinhaDeResultado[]) ?? ''} className={`${s.serie0} ${s.linha}`} />
            {linhas.map((l) => {
              const v = l[g.series[0].chave] as number | null;
              if (v == null) return null;
              const cx = (x(l.grupo) ?? 0) + x.bandwidth() / 2;
              return (
                <g key={l.grupo}>
                  <circle cx={cx} cy={y(v)} r={4} className={s.serie0} />
                  {poucos ? (
                    <text x={cx} y={y(v) - 8} textAnchor="middle" className={s.valor}>
                      {formatarValor(g.series[0], v)}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </>
        ) : (
          linhas.map((l) =>
            g.series.map((c, i) => {
              const v = l[c.chave] as number | null;
              if (v == null) return null;
              const bx = (x(l.grupo) ?? 0) + (dentro(i) ?? 0);
              return (
                <rect
                  key={`${l.grupo}-${c.chave}`}
                  x={bx}
                  y={y(v)}
                  width={dentro.bandwidth()}
                  height={Math.max(0, y(0) - y(v))}
                  className={serie(i)}
                />
              );
            }),
          )
        )}
        {linhas.map((l, i) =>
          poucos || i % Math.ceil(linhas.length / 12) === 0 ? (
            <text
              key={l.grupo}
              transform={`translate(${(x(l.grupo) ?? 0) + x.bandwidth() / 2},${ALTURA - M.base + 12}) rotate(-30)`}
              textAnchor="end"
              className={s.rotulo}
            >
              {curto(l.rotulo)}
            </text>
          ) : null,
        )}
      </svg>
      <details className={s.detalhes}>
        <summary>Tabela do gráfico</summary>
        <div className={s.rolagem}>
          <table className={s.tabela} data-testid={`tabela-${g.id}`}>
            <thead>
              <tr>
                <th className={s.celula}>{rotuloGrupo}</th>
                {cols.map((c) => (
                  <th key={c.chave} className={s.numero}>
                    {c.rotulo}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {linhas.map((l) => (
                <tr key={l.grupo} data-grupo={l.grupo}>
                  <td className={s.celula}>{l.rotulo}</td>
                  {cols.map((c) => (
                    <td key={c.chave} className={s.numero}>
                      {formatarValor(c, l[c.chave] as number | null)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <p className={s.exportar}>
        <a href={`${exportar}&formato=csv`} download>
          Exportar CSV
        </a>
        <a href={`${exportar}&formato=xlsx`} download>
          Exportar XLSX
        </a>
      </p>
    </section>
  );
}
