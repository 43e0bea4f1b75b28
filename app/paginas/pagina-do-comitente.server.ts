import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { comitentesDoUsuario, listarComitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { buscarLotesDoComitente, consultaLotesComitente, leiloesDoComitente } from '~/modules/area-comitente/lotes.server';
import { OFERTAS_POR_PAGINA, ofertasAguardando } from '~/modules/area-comitente/ofertas.server';
import {
  consultaResultados,
  exportacaoSchema,
  graficoEmCsv,
  graficoEmXlsx,
  resultadosDoComitente,
} from '~/modules/area-comitente/resultados.server';
import {
  calcularMinimoSugerido,
  consultaMinimo,
  estadosDeConservacao,
  modelosDoHistorico,
} from '~/modules/area-comitente/minimo-sugerido.server';
import { responderCondicional } from '~/modules/lances/encerramento.server';
import { rotuloSituacao } from '~/modules/catalogo/regras';
import { rotuloDoGrupo } from '~/modules/area-comitente/graficos';
import { comoRespostaDeErro, ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';
import { reaisParaCentavos } from '~/utils/numeros';
import { z } from 'zod';

/*
 * /comitente/minha-pagina (#30; spec 000 §2, Interno - Comitente): a seller user's lots by auction and
 * situation, the conditional offers waiting for them, their results in charts and the suggested minimum
 * for new lots. Composes comitentes (whose sellers) with area-comitente (what of them); every read is
 * for the reader's sellers only.
 */

export const POR_PAGINA_LOTES = 50;

/** `?ofertas=N`: which page of the waiting offers (20 each, nearest deadline first; decision 277). */
const paginaDeOfertas = z.coerce
  .number({ message: 'Página de ofertas inválida' })
  .int('Página de ofertas inválida')
  .min(1, 'Página de ofertas inválida')
  .max(100_000, 'Página de ofertas inválida')
  .default(1);

const semVazios = (busca: URLSearchParams) => Object.fromEntries([...busca].filter(([, v]) => v !== ''));
const erro400 = (mensagem: string | undefined) => new Response(mensagem ?? 'Consulta inválida', { status: 400 });

async function quem(request: Request, context: LoaderFunctionArgs['context']) {
  const usuario = await exigirAcesso(request, context);
  if (!usuario) throw new Response('Efetuar login para acessar esta página', { status: 401 });
  const hotsiteId = context.marca.id;
  return { usuario, hotsiteId, comitentes: await comitentesDoUsuario({ db: context.db, hotsiteId, usuario }) };
}

const paraResposta = (erro: unknown): never => {
  if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
  throw erro;
};

export async function loaderDaPaginaDoComitente({ request, context }: LoaderFunctionArgs) {
  const { hotsiteId, comitentes } = await quem(request, context);
  const busca = new URL(request.url).searchParams;
  const q = consultaLotesComitente.safeParse({ leilao: busca.get('leilao'), situacao: busca.get('situacao'), pagina: busca.get('pagina') });
  if (!q.success) throw erro400(q.error.issues[0]?.message);
  const r = consultaResultados.safeParse({
    de: busca.get('de'),
    ate: busca.get('ate'),
    leilao: busca.get('leilao'),
    agrupar: busca.get('agrupar'),
  });
  if (!r.success) throw erro400(r.error.issues[0]?.message);
  const po = paginaDeOfertas.safeParse(busca.get('ofertas') || undefined);
  if (!po.success) throw erro400(po.error.issues[0]?.message);
  const pedeMinimo = busca.has('modelo');
  const m = pedeMinimo ? consultaMinimo.safeParse(semVazios(busca)) : null;
  const db = context.db;
  // Without a chosen auction (nor situation), the lots shown are those of the newest auction: a seller with
  // 50,000 lots reads one auction's, not every lot's (decision 161).
  const leiloes = await leiloesDoComitente({ db, hotsiteId, comitentes });
  const leilaoDosLotes = q.data.leilao ?? (q.data.situacao ? undefined : leiloes[0]?.uid);
  const [meus, lotes, ofertas, resultados, estados, modelos, minimo] = await Promise.all([
    listarComitentes({ db, hotsiteId, comitentes }),
    buscarLotesDoComitente({
      db,
      hotsiteId,
      comitentes,
      leilaoUid: leilaoDosLotes,
      situacao: q.data.situacao,
      de: (q.data.pagina - 1) * POR_PAGINA_LOTES,
      quantos: POR_PAGINA_LOTES,
    }),
    ofertasAguardando({ db, hotsiteId, comitentes, pagina: po.data }),
    resultadosDoComitente({ db, hotsiteId, comitentes, consulta: r.data }),
    estadosDeConservacao({ db }),
    // The models' hints only once the seller asks for a suggestion (they read the brand's closed lots).
    pedeMinimo ? modelosDoHistorico({ db, hotsiteId }) : Promise.resolve([] as string[]),
    m?.success ? calcularMinimoSugerido({ db, hotsiteId, consulta: m.data }) : Promise.resolve(null),
  ]).catch(paraResposta);
  // Only what the page shows goes to the browser (the loader's data is serialised into every page).
  return {
    comitentes: meus.map((c) => ({ id: c.id, nome: c.nomeSite })),
    leiloes: leiloes.map(({ uid, nome, data, situacao, total }) => ({ uid, nome, data, situacao, total })),
    lotes: {
      itens: lotes.itens.map(({ lote: l, informacoesPrivadas: p }) => ({
        lote: {
          id: l.id,
          veiUid: l.veiUid,
          numero: l.numero,
          nome: l.nome,
          situacao: l.situacao,
          leilao: l.leilao ? { nome: l.leilao.nome } : null,
          minimo: l.minimo,
          lance: l.lance,
          dataFim: l.dataFim,
          sequencia: l.sequencia,
        },
        informacoesPrivadas: { valorComitente: p.valorComitente, fipeValor: p.fipeValor, placa: p.placa },
      })),
      total: lotes.total,
      pagina: q.data.pagina,
      paginas: Math.max(1, Math.ceil(lotes.total / POR_PAGINA_LOTES)),
    },
    ofertas: {
      itens: ofertas.itens.map((o) => ({
        loteId: o.loteId,
        numero: o.numero,
        nome: o.nome,
        leilao: o.leilao,
        comitente: o.comitente,
        lance: o.lance,
        valorComitente: o.valorComitente,
        proporcao: o.proporcao,
        segundo: o.segundo,
        prazo: o.prazo,
        novoValor: o.novoValor,
      })),
      total: ofertas.total,
      pagina: po.data,
      paginas: Math.max(1, Math.ceil(ofertas.total / OFERTAS_POR_PAGINA)),
    },
    resultados,
    leilaoDosLotes: leilaoDosLotes ?? '',
    filtros: {
      leilao: q.data.leilao ?? '',
      situacao: q.data.situacao ?? '',
      de: r.data.de ?? '',
      ate: r.data.ate ?? '',
      agrupar: r.data.agrupar,
    },
    minimo: {
      estados,
      modelos,
      consulta: pedeMinimo
        ? {
            modelo: busca.get('modelo') ?? '',
            ano: busca.get('ano') ?? '',
            estado: busca.get('estado') ?? '',
            fipe: busca.get('fipe') ?? '',
          }
        : null,
      erro: m && !m.success ? (m.error.issues[0]?.message ?? 'Consulta inválida') : null,
      resultado: minimo,
    },
  };
}

/** The page's answer to a conditional offer: the lances use case, for the reader's sellers only. */
export async function acaoDaPaginaDoComitente({ request, context }: ActionFunctionArgs) {
  const { usuario, hotsiteId, comitentes } = await quem(request, context);
  const form = await lerFormulario(request);
  const loteId = Number(form.get('loteId'));
  const resposta = String(form.get('resposta') ?? '');
  const textoValor = String(form.get('novoValor') ?? '').trim();
  if (!Number.isInteger(loteId) || loteId <= 0 || loteId > 2_147_483_647)
    return Response.json({ ok: false, loteId: null, mensagem: 'Lote inválido' }, { status: 400 });
  const novoValor = resposta === 'Novo valor' ? reaisParaCentavos(textoValor) : undefined;
  if (resposta === 'Novo valor' && !(Number.isInteger(novoValor) && novoValor! > 0))
    return Response.json({ ok: false, loteId, mensagem: 'Informe o novo valor em reais, por exemplo 25.000,00' }, { status: 400 });
  try {
    const r = await responderCondicional({
      db: context.db,
      hub: context.hub,
      hotsiteId,
      loteId,
      entrada: { resposta, novoValor },
      comitentes,
      respondidoPor: usuario.nome,
    });
    return Response.json({ ok: true, loteId, mensagem: `Resposta registrada: ${r.resposta} (${rotuloSituacao(r.situacao)})` });
  } catch (erro) {
    const { status, corpo } = comoRespostaDeErro(erro);
    if (status >= 500) throw erro;
    return Response.json({ ok: false, loteId, mensagem: corpo.mensagem }, { status });
  }
}

/**
 * One chart's table as CSV or XLSX (?grafico=&formato=, with the page's filters), for the reader's sellers:
 * the seller's page (in its brand's words) and the staff report (/admin/relatorios-comitente) export through here.
 */
export async function exportarGraficoDoComitente(
  { request, context }: LoaderFunctionArgs,
  { palavrasDaMarca = false }: { palavrasDaMarca?: boolean } = {},
) {
  const { hotsiteId, comitentes } = await quem(request, context);
  const busca = new URL(request.url).searchParams;
  const e = exportacaoSchema.safeParse({ grafico: busca.get('grafico') ?? '', formato: busca.get('formato') ?? '' });
  if (!e.success) throw erro400(e.error.issues[0]?.message);
  const r = consultaResultados.safeParse({
    de: busca.get('de'),
    ate: busca.get('ate'),
    leilao: busca.get('leilao'),
    comitente: busca.get('comitente'),
    agrupar: busca.get('agrupar'),
  });
  if (!r.success) throw erro400(r.error.issues[0]?.message);
  const linhas = await resultadosDoComitente({ db: context.db, hotsiteId, comitentes, consulta: r.data }).catch(paraResposta);
  // The seller reads its brand's words (a shop: "Evento", no "arremate"); staff keep the spec's (decision 037).
  const tipo = palavrasDaMarca ? context.marca.tipo : 'leilao';
  const rotuloGrupo = rotuloDoGrupo(r.data.agrupar, tipo);
  const nome = `resultados-${e.data.grafico}`;
  const cabecalhos = (tipo: string, arquivo: string) => ({
    'Content-Type': tipo,
    'Content-Disposition': `attachment; filename="${arquivo}"`,
    'Cache-Control': 'private, no-store',
  });
  if (e.data.formato === 'csv')
    return new Response(graficoEmCsv(e.data.grafico, linhas, rotuloGrupo, tipo), {
      headers: cabecalhos('text/csv; charset=utf-8', `${nome}.csv`),
    });
  return new Response(new Uint8Array(await graficoEmXlsx(e.data.grafico, linhas, rotuloGrupo, tipo)), {
    headers: cabecalhos('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', `${nome}.xlsx`),
  });
}
