/**
 * The bidding engine's answers and the outbid e-mail, server-side only: the browser modules that use
 * the bidding rules (regras.ts) do not build both brands' messages on load.
 */
import { lances } from '~/locales/pt-BR/lances';
import { formatarMoeda } from '~/utils/format';
import { textoDaMarca } from '~/utils/i18n';
import type { Recusa } from './resultado';

/**
 * The bidding texts in a brand's wording (texts in locales `lances_mensagens`, loja variants in the
 * `_loja` keys): the answers the pages and the JSON API give for a result (resultado.ts), and the
 * e-mails the engine queues. MENSAGENS_LANCE is the leilão wording: the spec's texts, which the JSON
 * API keeps.
 */
function mensagensDeLance(tipo: 'leilao' | 'loja') {
  const m = (chave: string, opcoes?: Record<string, unknown>) => textoDaMarca(tipo, `lances_mensagens.${chave}`, opcoes, lances);
  return {
    abaixoDoProximo: (proximo: string) => m('abaixo_do_proximo', { proximo }),
    maximoAbaixoDoProximo: (proximo: string) => m('maximo_abaixo_do_proximo', { proximo }),
    coberto: (proximo: string) => m('coberto', { proximo }),
    encerrado: m('encerrado'),
    naoIniciado: m('nao_iniciado'),
    naoDisponivel: m('nao_disponivel'),
    somenteProposta: m('somente_proposta'),
    bloqueado: m('bloqueado'),
    naoHabilitado: m('nao_habilitado'),
    naoHabilitadoSucata: m('nao_habilitado_sucata'),
    foraDoGrupo: m('fora_do_grupo'),
    loteNaoEncontrado: m('lote_nao_encontrado'),
    semCompreJa: m('sem_compre_ja'),
    compraDeOutro: m('compra_de_outro'),
    compraJaFeita: m('compra_ja_feita'),
    compraEncerrada: m('compra_encerrada'),
    compraNaoIniciada: m('compra_nao_iniciada'),
    semProposta: m('sem_proposta'),
    muitasPropostas: m('muitas_propostas'),
    configuracaoNaoEncontrada: m('configuracao_nao_encontrada'),
    automaticoCancelado: m('automatico_cancelado'),
    idempotenciaConflito: m('idempotencia_conflito'),
    valorInvalido: m('valor_invalido'),
    /** A page form's amount that is not money (the API's `valorInvalido` speaks of centavos). */
    valorEmReais: textoDaMarca(tipo, 'lances_painel.valor_nao_reconhecido', {}, lances),
    registrado: m('registrado'),
    /** Accepted, and an automatic maximum of another client answered it in the same step. */
    registradoESuperado: (proximo: string) => m('registrado_superado', { proximo }),
    automaticoSalvo: m('automatico_salvo'),
    /** Compre Já from a page: the summary must be confirmed, with the value it showed. */
    compreJaSemConfirmacao: m('compre_ja_sem_confirmacao'),
    compreJaMudou: textoDaMarca(tipo, 'compre_ja_resumo.mudou', {}, lances),
    compraRegistrada: textoDaMarca(tipo, 'lances_painel.compra_registrada', {}, lances),
    /** The outbid e-mail ({nome} and {numero} are the lot's, filled in SQL; the value comes formatted). */
    emailSuperado: {
      assunto: textoDaMarca(tipo, 'email_superado.assunto', {}, lances),
      texto: (valor: string) => textoDaMarca(tipo, 'email_superado.texto', { valor }, lances),
    },
  };
}

export type MensagensDeLance = ReturnType<typeof mensagensDeLance>;
const MENSAGENS = { leilao: mensagensDeLance('leilao'), loja: mensagensDeLance('loja') };
export const mensagensDaMarca = (tipo: 'leilao' | 'loja' = 'leilao') => MENSAGENS[tipo];
export const MENSAGENS_LANCE = MENSAGENS.leilao;

/**
 * A refusal in words (the pages in the brand's wording, the JSON API and staff screens in leilão's).
 * Which HTTP status it is belongs to whoever answers.
 */
export function textoDaRecusa(r: Recusa, m: MensagensDeLance = MENSAGENS_LANCE): string {
  switch (r.tipo) {
    case 'lote-nao-encontrado':
      return m.loteNaoEncontrado;
    case 'somente-proposta':
      return m.somenteProposta;
    case 'nao-iniciado':
      return m.naoIniciado;
    case 'encerrado':
      return m.encerrado;
    case 'abaixo':
      return m.abaixoDoProximo(formatarMoeda(r.proximo));
    case 'coberto':
      return m.coberto(formatarMoeda(r.proximo));
    case 'maximo-abaixo':
      return m.maximoAbaixoDoProximo(formatarMoeda(r.proximo));
    case 'sem-compre-ja':
      return m.semCompreJa;
    case 'compra-nao-iniciada':
      return m.compraNaoIniciada;
    case 'compra-encerrada':
      return m.compraEncerrada;
    case 'compra-de-outro':
      return m.compraDeOutro;
    case 'compra-ja-feita':
      return m.compraJaFeita;
    case 'configuracao-nao-encontrada':
      return m.configuracaoNaoEncontrada;
    case 'chave-reutilizada':
      return m.idempotenciaConflito;
  }
}
