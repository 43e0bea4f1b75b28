import type { FetcherWithComponents } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import { botao } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { lances as textosDeLances } from '~/locales/pt-BR/lances';
import { valorDoFormulario, type FaseDoLote } from '~/modules/lances/regras';
import { totais } from '~/modules/dominio/dinheiro';
import { formatarMoeda } from '~/utils/format';

/** Centavos as a person types them in the field: "82.000,00" (the money format without "R$"). */
export const valorDoCampo = (centavos: number) => formatarMoeda(centavos).replace(/^R\$\s*/, '');
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

/**
 * The manual bid form of the bid panel. The button always reads the amount that will be sent (the
 * typed one, or the next accepted bid when the field is empty), and an amount below the next accepted
 * bid, or a text that is not money, is flagged beside the field and not sent, in the engine's words.
 * Without JavaScript the server answers the same message.
 */
export function FormularioDeLance({
  fetcher,
  ocultos,
  loteId,
  proximo,
  minimo,
  taxas,
  aoDigitar,
}: {
  fetcher: FetcherWithComponents<{ ok?: boolean }>;
  ocultos: ReactNode;
  loteId: number;
  proximo: number;
  minimo: number;
  taxas: Taxas;
  /** The client typed a new value: the last answer shown above the form is no longer about it. */
  aoDigitar?: () => void;
}) {
  const t = useWording(textosDeLances);
  const [texto, setTexto] = useState('');
  useEffect(() => {
    if (fetcher.data?.ok) setTexto('');
  }, [fetcher.data]);
  const { valor, abaixo, invalido } = valorDoFormulario(texto, proximo);
  const erro = abaixo
    ? t('lances_mensagens.abaixo_do_proximo', { proximo: formatarMoeda(proximo) })
    : invalido
      ? t('lances_painel.valor_nao_reconhecido')
      : null;
  const custo = totais({ lance: valor, minimo, ...taxas, despesas: taxas });
  const idCampo = `valor-${loteId}`;
  return (
    <fetcher.Form
      method="post"
      action="/lances/acao"
      className={s.formulario}
      data-testid="formulario-lance"
      onSubmit={(e) => {
        if (erro) e.preventDefault();
      }}
    >
      {ocultos}
      <input type="hidden" name="intencao" value="lance" />
      <input type="hidden" name="proximo" value={proximo} />
      <label className={s.rotulo} htmlFor={idCampo}>
        {t('lances_painel.proximo')}: {formatarMoeda(proximo)}
      </label>
      <input
        id={idCampo}
        className={s.campo}
        name="valor"
        inputMode="decimal"
        placeholder={valorDoCampo(proximo)}
        value={texto}
        onChange={(e) => {
          setTexto(e.target.value);
          aoDigitar?.();
        }}
        aria-invalid={erro ? true : undefined}
        aria-describedby={erro ? `${idCampo}-erro` : undefined}
      />
      {erro ? (
        <p id={`${idCampo}-erro`} className={s.erroCampo} role="alert" data-testid="erro-valor-lance">
          {erro}
        </p>
      ) : null}
      <div className={s.custo} data-testid="custo-total">
        <span>Comissão: {formatarMoeda(custo.comissao + custo.comissaoExtra)}</span>
        <span>Despesas: {formatarMoeda(custo.despesas - custo.comissao - custo.comissaoExtra)}</span>
        <strong>
          {t('lances_painel.total')}: {formatarMoeda(custo.totalAPagar)}
        </strong>
      </div>
      <button className={botao} type="submit" disabled={fetcher.state !== 'idle' || erro != null} data-testid="botao-lance">
        {t('lances_painel.confirmar', { valor: formatarMoeda(valor) })}
      </button>
    </fetcher.Form>
  );
}

/**
 * On a phone the lot page's bid box is far below the photos and details: this bar keeps the current
 * bid, the countdown and the bid button on the first screen (fixed at the bottom; hidden on wider
 * screens). The button takes the client to the panel's field.
 */
export function BarraDeLanceMovel({
  valorAtual,
  semLances,
  proposta,
  contagem,
  alvo,
  fase,
}: {
  valorAtual: number;
  /** No bid yet: the value is the starting one ("Lance inicial"). */
  semLances: boolean;
  /** A lot sold only by buy-now or proposal: the button opens the proposal, it does not bid. */
  proposta: boolean;
  contagem: ReactNode;
  /** The id of the panel's field, or a page (the login) when the panel has no field for this visitor. */
  alvo: { id: string } | { href: string };
  fase: FaseDoLote;
}) {
  const t = useWording(textosDeLances);
  return (
    <div className={s.barraMovel} data-testid="barra-lance-movel">
      <div>
        <div className={s.rotulo}>{t(semLances ? 'lances_painel.inicial' : 'lances_painel.atual')}</div>
        <strong className={s.valor}>{formatarMoeda(valorAtual)}</strong>
      </div>
      <div className={s.barraContagem} suppressHydrationWarning>
        {contagem}
      </div>
      {fase === 'aberto' ? (
        <a
          href={'id' in alvo ? `#${alvo.id}` : alvo.href}
          className={botao}
          data-testid="barra-botao-lance"
          onClick={(e) => {
            const campo = 'id' in alvo ? document.getElementById(alvo.id) : null;
            if (!campo) return;
            e.preventDefault();
            campo.scrollIntoView({ block: 'center', behavior: 'smooth' });
            campo.focus({ preventScroll: true });
          }}
        >
          {t(proposta ? 'lances_painel.proposta' : 'lances_painel.dar_lance')}
        </a>
      ) : (
        <span className={s.rotulo}>{t(fase === 'encerrado' ? 'lances_painel.encerrado' : 'lances_painel.nao_iniciado')}</span>
      )}
    </div>
  );
}
