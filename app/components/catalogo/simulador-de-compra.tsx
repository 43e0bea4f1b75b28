import { useId, useState } from 'react';
import { Form } from '@remix-run/react';
import type { BlocoValor } from '~/modules/dominio/dinheiro';
import { PARCELA_MINIMA, simularCompra, type Simulacao } from '~/modules/dominio/simulador';
import { reaisParaCentavos } from '~/utils/numeros';
import { formatarMoeda } from '~/utils/format';
import { useWording } from '~/components/marca';
import { conveniencias } from '~/locales/pt-BR/conveniencias';
import { semQuebra } from '../layout.css';
import * as s from './catalogo.css';

/** The typed text (as people type reais: 60.000,00) simulated on a lot; null when nothing was typed. */
export type SimulacaoDigitada = Simulacao | { tipo: 'invalido' } | null;

export function simularTexto(bloco: BlocoValor, texto: string | null | undefined): SimulacaoDigitada {
  if (!texto?.trim()) return null;
  const valor = reaisParaCentavos(texto.slice(0, 40));
  if (!Number.isSafeInteger(valor) || valor <= 0) return { tipo: 'invalido' };
  return simularCompra(bloco, valor);
}

/**
 * The lot page's fee simulator and card simulation. A plain GET form (the server simulates `?simular=`
 * without JavaScript); once hydrated it recalculates as the value is typed, with the same function, on
 * the lot's live value (a new bid raises the lowest value that can be simulated).
 */
export function SimuladorDeCompra({
  bloco,
  inicial,
  textoInicial,
}: {
  bloco: BlocoValor;
  inicial: SimulacaoDigitada;
  textoInicial: string;
}) {
  const t = useWording(conveniencias);
  const id = useId();
  const [texto, setTexto] = useState<string | null>(null);
  const simulacao = texto === null ? inicial : simularTexto(bloco, texto);
  const erro =
    simulacao?.tipo === 'invalido'
      ? t('simulador.invalido')
      : simulacao?.tipo === 'abaixo'
        ? t('simulador.abaixo', { proximo: formatarMoeda(simulacao.minimo) })
        : null;
  const c = simulacao?.tipo === 'ok' ? simulacao.custo : null;
  const taxas = c
    ? ([
        ['catalogo.despachante', c.despachante],
        ['catalogo.outros', c.outros],
        ['catalogo.remocao', c.remocao],
        ['catalogo.deposito', c.depositoDeBens],
        ['catalogo.vistoria', c.vistoria],
      ].filter(([, v]) => Number(v) > 0) as [string, number][])
    : [];
  return (
    <section className={s.caixa} data-testid="simulador">
      <h2>{t('simulador.titulo')}</h2>
      <p className={s.subtitulo}>{t('simulador.intro')}</p>
      <Form method="get" className={s.formLinha} preventScrollReset replace onSubmit={(e) => texto !== null && e.preventDefault()}>
        <label htmlFor={id}>
          {t('simulador.valor')}
          <br />
          <input
            id={id}
            name="simular"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={textoInicial}
            placeholder="60.000,00"
            maxLength={40}
            aria-invalid={erro ? true : undefined}
            aria-describedby={erro ? `${id}-erro` : undefined}
            onChange={(e) => setTexto(e.currentTarget.value)}
            data-testid="simulador-valor"
          />
        </label>
        <button type="submit" className={s.chip}>
          {t('simulador.simular')}
        </button>
      </Form>
      {erro ? (
        <p id={`${id}-erro`} role="alert" className={s.alertaLocal} data-testid="simulador-erro">
          {erro}
        </p>
      ) : null}
      {c && simulacao?.tipo === 'ok' ? (
        <div aria-live="polite">
          <table className={s.tabela}>
            <tbody>
              <tr>
                <th>{t('simulador.arremate')}</th>
                <td className={semQuebra}>{formatarMoeda(c.valor)}</td>
              </tr>
              <tr>
                <th>{t('simulador.comissao')}</th>
                <td className={semQuebra} data-testid="simulador-comissao">
                  {formatarMoeda(c.comissao)}
                </td>
              </tr>
              {taxas.map(([chave, valor]) => (
                <tr key={chave}>
                  <th>{t(chave)}</th>
                  <td className={semQuebra}>{formatarMoeda(valor)}</td>
                </tr>
              ))}
              <tr className={s.total}>
                <th>{t('simulador.total')}</th>
                <td className={semQuebra} data-testid="simulador-total">
                  {formatarMoeda(c.total)}
                </td>
              </tr>
            </tbody>
          </table>
          <h3>{t('simulador.cartao')}</h3>
          <ul className={s.parcelas} data-testid="simulador-parcelas">
            {simulacao.parcelas.map((p) => (
              <li key={p.quantidade}>
                {t(p.primeira === p.valor ? 'simulador.parcela' : 'simulador.parcela_primeira', {
                  quantidade: p.quantidade,
                  valor: formatarMoeda(p.valor),
                  primeira: formatarMoeda(p.primeira),
                })}
              </li>
            ))}
          </ul>
          <p className={s.subtitulo}>{t('simulador.cartao_nota', { minima: formatarMoeda(PARCELA_MINIMA) })}</p>
        </div>
      ) : null}
    </section>
  );
}
