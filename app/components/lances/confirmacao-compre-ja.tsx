import type { ReactNode } from 'react';
import { botao } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { lances as textosDeLances } from '~/locales/pt-BR/lances';
import { custoDaCompra } from '~/modules/dominio/dinheiro';
import { formatarMoeda } from '~/utils/format';
import * as s from './painel-de-lances.css';

type Taxas = {
  comissaoPorcentagem: number;
  comissaoExtraPorcentagem: number;
  despachante: number;
  outros: number;
  remocao: number;
  depositoDeBens: number;
  vistoria: number;
};

/** Basis points as a person reads a percentage: 500 → "5%", 250 → "2,5%". */
const PORCENTAGEM = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });
const porcentagem = (pontosBase: number) => `${PORCENTAGEM.format(pontosBase / 100)}%`;

/**
 * What a Compre Já costs, line by line, before the buyer commits (issue #28): the value, the commission
 * (the lot's rule), each fee and the total, from `custoDaCompra`, the calculation the sale's item is
 * made with. `confirmar` is the form that commits (it posts `confirmado=1` and the value shown);
 * `cancelar` closes the dialog or leaves the step.
 */
export function ResumoDoCompreJa({
  lote,
  valor,
  minimo,
  taxas,
  confirmar,
  cancelar,
}: {
  lote: { numero: string; nome: string };
  valor: number;
  minimo: number;
  taxas: Taxas;
  confirmar: (conteudo: { campos: ReactNode; botao: ReactNode }) => ReactNode;
  cancelar: ReactNode;
}) {
  const t = useWording(textosDeLances);
  const c = custoDaCompra({
    valor,
    minimo,
    comissaoPorcentagem: taxas.comissaoPorcentagem,
    comissaoExtraPorcentagem: taxas.comissaoExtraPorcentagem,
    despesas: taxas,
  });
  const linhas: [string, string, number][] = [
    ['valor', t('compre_ja_resumo.valor'), c.valor],
    [
      'comissao',
      t('compre_ja_resumo.comissao', { porcentagem: porcentagem(taxas.comissaoPorcentagem + taxas.comissaoExtraPorcentagem) }),
      c.comissao,
    ],
    ['despachante', t('compre_ja_resumo.despachante'), c.despachante],
    ['remocao', t('compre_ja_resumo.remocao'), c.remocao],
    ['deposito-de-bens', t('compre_ja_resumo.deposito_de_bens'), c.depositoDeBens],
    ['vistoria', t('compre_ja_resumo.vistoria'), c.vistoria],
    ['outros', t('compre_ja_resumo.outros'), c.outros],
  ];
  return (
    <div className={s.resumo} data-testid="resumo-compre-ja">
      <h3 className={s.titulo} id="titulo-compre-ja">
        {t('compre_ja_resumo.titulo')}
      </h3>
      <p className={s.rotulo}>{t('compre_ja_resumo.intro', { numero: lote.numero, nome: lote.nome })}</p>
      <dl className={s.tabelaResumo}>
        {linhas
          .filter(([chave, , v]) => v > 0 || chave === 'valor' || chave === 'comissao')
          .map(([chave, rotulo, v]) => (
            <div key={chave} className={s.linha}>
              <dt>{rotulo}</dt>
              <dd data-testid={`resumo-${chave}`}>{formatarMoeda(v)}</dd>
            </div>
          ))}
        <div className={`${s.linha} ${s.totalResumo}`}>
          <dt>{t('compre_ja_resumo.total')}</dt>
          <dd data-testid="resumo-total">{formatarMoeda(c.total)}</dd>
        </div>
      </dl>
      <p className={s.rotulo}>{t('compre_ja_resumo.aviso')}</p>
      <div className={s.acoesResumo}>
        {confirmar({
          campos: (
            <>
              <input type="hidden" name="intencao" value="compre-ja" />
              <input type="hidden" name="confirmado" value="1" />
              <input type="hidden" name="valor" value={valor} />
            </>
          ),
          botao: (
            <button className={botao} type="submit" data-testid="confirmar-compre-ja">
              {t('compre_ja_resumo.confirmar', { total: formatarMoeda(c.total) })}
            </button>
          ),
        })}
        {cancelar}
      </div>
    </div>
  );
}
