import { notificacoes } from '~/locales/pt-BR/notificacoes';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { textoDaMarca } from '~/utils/i18n';

/** A brand's own title and text of an event, in one wording (null = the built-in one). */
export interface ModeloDeTexto {
  titulo: string | null;
  texto: string | null;
}

/** The placeholders a brand's template may use, as the staff screen lists them. */
export const CAMPOS_DO_MODELO = ['lote', 'valor', 'motivo', 'venda', 'prazo'] as const;

/** `{{campo}}` replaced by its value; an unknown placeholder is left as typed, so staff see it in the preview. */
export const preencherModelo = (modelo: string, opcoes: Record<string, string>) =>
  modelo.replace(/\{\{\s*(\w+)\s*\}\}/g, (todo, campo: string) => (campo in opcoes ? opcoes[campo]! : todo));

/**
 * A notice's title and text in the brand's wording, from its event and data (the same for the bell,
 * e-mail, push and WhatsApp): the brand's template when it wrote one (decision 209), else the built-in text.
 * Amounts are centavos in the data, written as reais here.
 */
export function textoDaNotificacao(
  tipo: 'leilao' | 'loja',
  n: { evento: string; dados: Record<string, unknown>; loteNome?: string | null },
  modelo?: ModeloDeTexto | null,
): { titulo: string; texto: string } {
  const d = n.dados;
  const valor = typeof d.valor === 'number' || typeof d.valor === 'string' ? formatarMoeda(Number(d.valor)) : '';
  const prazo = typeof d.prazo === 'string' ? formatarDataHora(d.prazo) : '';
  const opcoes = {
    lote: n.loteNome ?? '',
    valor,
    motivo: typeof d.motivo === 'string' ? d.motivo : '',
    venda: d.vendaId != null ? String(d.vendaId) : '',
    prazo,
  };
  // A lead lost to a buy-now: the lot is sold, there is no next bid to invite. The brand's outbid template
  // speaks of a bid passed, so the built-in sold wording is used (decision 283).
  if (n.evento === 'lance-superado' && d.compreJa === true)
    return {
      titulo: textoDaMarca(tipo, 'notificacoes_eventos.lance-superado.titulo_compre_ja', opcoes, notificacoes),
      texto: textoDaMarca(tipo, 'notificacoes_eventos.lance-superado.texto_compre_ja', opcoes, notificacoes),
    };
  return {
    titulo: modelo?.titulo
      ? preencherModelo(modelo.titulo, opcoes)
      : textoDaMarca(tipo, `notificacoes_eventos.${n.evento}.titulo`, opcoes, notificacoes),
    texto: modelo?.texto
      ? preencherModelo(modelo.texto, opcoes)
      : textoDaMarca(tipo, `notificacoes_eventos.${n.evento}.texto`, opcoes, notificacoes),
  };
}

/** A text of the notifications' screens in the brand's wording. */
export const textoDeNotificacoes = (tipo: 'leilao' | 'loja', chave: string, opcoes: Record<string, unknown> = {}) =>
  textoDaMarca(tipo, `notificacoes.${chave}`, opcoes, notificacoes);
