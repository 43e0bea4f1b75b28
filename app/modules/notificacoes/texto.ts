import { notificacoes } from '~/locales/pt-BR/notificacoes';
import { formatarMoeda } from '~/utils/format';
import { textoDaMarca } from '~/utils/i18n';

/**
 * A notice's title and text in the brand's wording, from its event and data (the same for the bell,
 * e-mail, push and WhatsApp). Amounts are centavos in the data, written as reais here.
 */
export function textoDaNotificacao(
  tipo: 'leilao' | 'loja',
  n: { evento: string; dados: Record<string, unknown>; loteNome?: string | null },
): { titulo: string; texto: string } {
  const valor = typeof n.dados.valor === 'number' || typeof n.dados.valor === 'string' ? formatarMoeda(Number(n.dados.valor)) : '';
  const opcoes = { lote: n.loteNome ?? '', valor, motivo: typeof n.dados.motivo === 'string' ? n.dados.motivo : '' };
  return {
    titulo: textoDaMarca(tipo, `notificacoes_eventos.${n.evento}.titulo`, opcoes, notificacoes),
    texto: textoDaMarca(tipo, `notificacoes_eventos.${n.evento}.texto`, opcoes, notificacoes),
  };
}

/** A text of the notifications' screens in the brand's wording. */
export const textoDeNotificacoes = (tipo: 'leilao' | 'loja', chave: string, opcoes: Record<string, unknown> = {}) =>
  textoDaMarca(tipo, `notificacoes.${chave}`, opcoes, notificacoes);
