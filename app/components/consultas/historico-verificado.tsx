import type { SerializeFrom } from '@remix-run/node';
import type { HistoricoDoLote } from '~/modules/consultas/historico.server';
import { paginas } from '~/locales/pt-BR/paginas';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { useWording } from '../marca';
import * as s from './historico-verificado.css';

type Item = SerializeFrom<HistoricoDoLote>['itens'][number];

/** The lot's checked history (issue #31): each item, its answer, its source and time, who pays it. */
export function HistoricoVerificado({ historico, className }: { historico: SerializeFrom<HistoricoDoLote>; className?: string }) {
  const t = useWording(paginas);
  const resultado = (i: Item): string => {
    if (i.estado === 'falhou') return t('catalogo.historico_falhou');
    if (i.estado === 'nao_consultado') return t('catalogo.historico_nao_consultado');
    if (i.item === 'MONTA')
      return i.detalhe ? t(`catalogo.historico_monta_${i.detalhe}`, { defaultValue: i.detalhe }) : t('catalogo.historico_monta_nada');
    if (i.item === 'VEICULO_LEILAO')
      return t(i.resultado === 'CONSTA' ? 'catalogo.historico_leilao_consta' : 'catalogo.historico_leilao_nada');
    if (i.resultado === 'NADA_CONSTA') return t('catalogo.historico_nada_consta');
    if (i.valor != null) return t('catalogo.historico_em_aberto', { valor: formatarMoeda(i.valor) });
    return t('catalogo.historico_consta', { detalhe: i.detalhe ?? '' });
  };
  return (
    <section className={className} data-testid="historico-verificado" aria-labelledby="historico-verificado-titulo">
      <h2 id="historico-verificado-titulo">{t('catalogo.historico_titulo')}</h2>
      <p className={s.intro}>{historico.consultadoAt ? t('catalogo.historico_intro') : t('catalogo.historico_nunca')}</p>
      <ul className={s.lista}>
        {historico.itens.map((i) => (
          <li key={i.item} className={s.item} data-item={i.item} data-estado={i.estado}>
            <span className={s.nome}>{t(`catalogo.historico_item_${i.item}`)}</span>
            <span className={s.resultado}>
              <span className={s.estado[i.estado]}>{resultado(i)}</span>
            </span>
            {i.fonte || i.quemPaga || ['IPVA', 'MULTAS', 'LICENCIAMENTO', 'ALIENACAO'].includes(i.item) ? (
              <span className={s.rodape}>
                {i.fonte && i.consultadoAt ? (
                  <span>{t('catalogo.historico_fonte', { fonte: i.fonte, data: formatarDataHora(i.consultadoAt) })}</span>
                ) : null}
                {i.ultimoSucessoAt ? (
                  <span>{t('catalogo.historico_ultimo_sucesso', { data: formatarDataHora(i.ultimoSucessoAt) })}</span>
                ) : null}
                {i.desatualizado ? <span className={s.velho}>{t('catalogo.historico_desatualizado')}</span> : null}
                {i.quemPaga ? (
                  <span>{t(`catalogo.historico_paga_${i.quemPaga}`)}</span>
                ) : ['IPVA', 'MULTAS', 'LICENCIAMENTO', 'ALIENACAO'].includes(i.item) ? (
                  <span>{t('catalogo.historico_paga_edital')}</span>
                ) : null}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
