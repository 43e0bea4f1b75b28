import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import {
  clienteDoLaudo,
  consultarComProcob,
  consultarListasEInscricao,
  consultasDoCliente,
  habilitacoesSucata,
  respostaDaEquipeSchema,
  responderConsultaCliente,
  situacaoDoCliente,
} from '~/modules/consultas/clientes.server';
import { MENSAGEM_CONSULTA_INDISPONIVEL } from '~/modules/consultas/tipos';
import { listarHabilitacoes } from '~/modules/habilitacao/habilitacao.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';
import { comoErroDeFormulario } from './paginas.server';

/*
 * laudo-procob/{uid?} and laudo-habilitacoes/{uid?} (spec 000 §2; issue #31, decision 180): a client's
 * checks and habilitations for staff. Without a uid, the brand's scrap habilitations (the ones waiting for
 * staff first). The habilitations report composes the auction habilitations (habilitacao) and the checks.
 */

const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function clienteDaUrl({ params, context }: Pick<LoaderFunctionArgs, 'params' | 'context'>) {
  const uid = params.uid ?? '';
  const c = UID.test(uid) ? await clienteDoLaudo({ db: context.db, hotsiteId: context.marca.id, uid }) : null;
  if (!c) throw new Response('Cliente não encontrado', { status: 404 });
  return c;
}

export async function carregarLaudoCliente(args: LoaderFunctionArgs, { habilitacoes }: { habilitacoes: boolean }) {
  const { request, params, context } = args;
  await exigirAcesso(request, context);
  const db = context.db;
  const hotsiteId = context.marca.id;
  type Habilitacoes = Awaited<ReturnType<typeof listarHabilitacoes>>;
  if (!params.uid)
    return {
      cliente: null,
      lista: await habilitacoesSucata({ db, hotsiteId }),
      situacao: null,
      consultas: [],
      leiloes: [] as Habilitacoes,
    };
  const c = await clienteDaUrl(args);
  const [situacao, consultas, leiloes] = await Promise.all([
    situacaoDoCliente({ db, hotsiteId, usuarioId: c.id }),
    consultasDoCliente({ db, hotsiteId, usuarioId: c.id }),
    habilitacoes ? listarHabilitacoes({ db, hotsiteId, usuarioId: c.id }) : ([] as Habilitacoes),
  ]);
  return { cliente: c, lista: [], situacao, consultas, leiloes };
}

/** The report's buttons: check with Procob now, or answer (Autorizado / Falha). */
export async function acaoLaudoCliente(args: ActionFunctionArgs) {
  const { request, context } = args;
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  try {
    const c = await clienteDaUrl(args);
    const base = { db: context.db, hotsiteId: context.marca.id, usuarioId: c.id };
    if (campos._acao === 'consultar') {
      const s = await consultarComProcob({ ...base, provedores: context.provedores });
      const indisponivel = s?.motivo === MENSAGEM_CONSULTA_INDISPONIVEL;
      return {
        ok: !indisponivel,
        mensagem: indisponivel ? MENSAGEM_CONSULTA_INDISPONIVEL : `Procob: ${s?.situacao ?? ''}`,
        erros: {},
        valores: {},
      };
    }
    if (campos._acao === 'consultar-listas') {
      const r = (await consultarListasEInscricao({ ...base, provedores: context.provedores })) ?? [];
      if (!r.length) throw new ErroHttp(400, 'Cadastro sem CPF nem CNPJ');
      const indisponivel = r.some((x) => x.resposta === MENSAGEM_CONSULTA_INDISPONIVEL);
      return {
        ok: !indisponivel,
        mensagem: indisponivel
          ? MENSAGEM_CONSULTA_INDISPONIVEL
          : r.map((x) => `${x.tipo === 'CPF_CNPJ_Restritos' ? 'Listas restritivas' : 'Inscrição estadual'}: ${x.situacao}`).join(' · '),
        erros: {},
        valores: {},
      };
    }
    if (campos._acao === 'responder') {
      const entrada = respostaDaEquipeSchema.parse({ situacao: campos.situacao, observacao: campos.observacao || undefined });
      await responderConsultaCliente({ ...base, entrada, respondidoPor: eu.nome });
      return { ok: true, mensagem: 'Resposta registrada', erros: {}, valores: {} };
    }
    throw new ErroHttp(400, 'Ação desconhecida');
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}
