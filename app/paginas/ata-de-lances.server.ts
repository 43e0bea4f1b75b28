import type { AppLoadContext } from '@remix-run/node';
import { ataDoLote } from '~/modules/confianca/ata.server';
import { confianca as textos } from '~/locales/pt-BR/confianca';
import { idSchema } from '~/utils/id';
import { textoDaMarca } from '~/utils/i18n';

/**
 * The ata of the lot in the URL for the JSON and PDF downloads (decision 196): 404 for a lot of another
 * brand or an unknown one, 409 while the lot is open (the ata is the closed lot's record).
 */
export async function ataDoPedido(context: AppLoadContext, loteIdTexto: string | undefined) {
  const t = (chave: string) => textoDaMarca(context.marca.tipo, chave, {}, textos);
  const loteId = idSchema().safeParse(loteIdTexto);
  if (!loteId.success) throw new Response(t('confianca.ata_nao_encontrada'), { status: 404 });
  const r = await ataDoLote({ db: context.db, hotsiteId: context.marca.id, loteId: loteId.data, marca: context.marca.nome });
  if (r.tipo === 'nao-encontrado') throw new Response(t('confianca.ata_nao_encontrada'), { status: 404 });
  if (r.tipo === 'aberto') throw new Response(t('confianca.ata_aberta'), { status: 409 });
  return { ata: r.ata, t };
}
