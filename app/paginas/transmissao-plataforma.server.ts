import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import {
  dadosDaPlataforma,
  iniciarNaPlataforma,
  PLATAFORMAS_TRANSMISSAO,
  publicarTransmissao,
  type Plataforma,
} from '~/modules/aovivo/transmissao.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comoRespostaDeErro, ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';

/**
 * /admin/transmissao/youtube/{id} and /admin/transmissao/instagram/{id} (Leiloeiro + ADM + MKT; decision
 * 075): the broadcast page narrowed to one platform. {id}: the auction's id (or uid).
 */
export async function carregarPlataforma(plataforma: Plataforma, { request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const dados = await dadosDaPlataforma({ db: context.db, hotsiteId: context.marca.id, plataforma, id: params.id ?? '' }).catch((erro) => {
    if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
    throw erro;
  });
  const p = PLATAFORMAS_TRANSMISSAO[plataforma];
  return { plataforma, nomePlataforma: p.nome, exemplo: p.exemplo, ...dados };
}

const texto = (f: FormData, k: string) => {
  const v = f.get(k);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
};
const marcado = (f: FormData, k: string) => f.get(k) === 'on';

export async function agirNaPlataforma(plataforma: Plataforma, { request, params, context }: ActionFunctionArgs) {
  const u = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const hotsiteId = context.marca.id;
  try {
    const { leilao } = await dadosDaPlataforma({ db: context.db, hotsiteId, plataforma, id: params.id ?? '' });
    const intencao = form.get('intencao');
    if (intencao === 'iniciar') {
      const publicar = marcado(form, 'publicar');
      await iniciarNaPlataforma({
        db: context.db,
        hub: context.hub,
        hotsiteId,
        usuarioId: u.id,
        plataforma,
        publicar,
        entrada: {
          urlRmtp: texto(form, 'urlRmtp') ?? '',
          leilaoUid: leilao.uid,
          videoAtivo: marcado(form, 'videoAtivo'),
          audioAtivo: marcado(form, 'audioAtivo'),
          posicaoTemplate: 0,
          canalTransmissaoUid: texto(form, 'canalTransmissaoUid'),
          local: PLATAFORMAS_TRANSMISSAO[plataforma].nome,
        },
      });
      return Response.json({ ok: true, mensagem: publicar ? 'Transmissão publicada no auditório' : 'Transmissão iniciada' });
    }
    if (intencao === 'publicar') {
      await publicarTransmissao({
        db: context.db,
        hub: context.hub,
        hotsiteId,
        entrada: { leilaoUid: leilao.uid, transmissaoUid: texto(form, 'transmissaoUid') },
      });
      return Response.json({ ok: true, mensagem: 'Transmissão publicada no auditório' });
    }
    return Response.json({ ok: false, mensagem: 'Ação desconhecida' }, { status: 400 });
  } catch (erro) {
    const { status, corpo } = comoRespostaDeErro(erro);
    if (status >= 500) throw erro;
    return Response.json({ ok: false, mensagem: corpo.mensagem }, { status });
  }
}
