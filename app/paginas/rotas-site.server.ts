import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { buscarPagina } from '~/modules/conteudo/content.server';
import { carregarDadosDosBlocos } from './dados-blocos.server';
import { buscarLotes } from '~/modules/catalogo/busca.server';
import { comCoracoes } from './coracoes.server';
import { listarLeiloesSite } from '~/modules/catalogo/leiloes.server';
import { agendaDeLeiloes, lerFiltrosAgenda, precisaEntrar } from '~/modules/conveniencias/agenda.server';
import { listarPatios, patioPorNome } from '~/modules/catalogo/patios.server';
import { UFS_SIGLAS } from '~/modules/dominio/ufs';
import { caixasDeHabilitacao } from '~/modules/habilitacao/habilitacao.server';
import { usuarioDoPedido } from '~/modules/identidade/guard.server';

/**
 * /agenda: the auction agenda (upcoming active auctions, or every auction of a month or a day), with the
 * client's filters (favourites, last clicked) and the board (`quadro`); all in the address (decision 260).
 */
export async function carregarAgenda({ request, context }: LoaderFunctionArgs) {
  const { db, busca, marca } = context;
  const params = new URL(request.url).searchParams;
  // A logged-in client sees, beside each auction, whether they are enabled for it (issue #12); a guest
  // also sees the exclusive events they accepted (decision 186).
  const usuario = await usuarioDoPedido(request, context);
  const usuarioId = usuario?.hotsiteId === marca.id ? usuario.id : null;
  const lidos = lerFiltrosAgenda((k) => params.get(k) ?? undefined);
  const filtros = lidos.success ? lidos.data : { quadro: false, favoritos: false, ultimosClicados: false };
  const erro = lidos.success ? null : lidos.error.issues[0].message;
  const leiloes = erro ? [] : await agendaDeLeiloes({ db, busca, hotsiteId: marca.id, usuarioId, filtros, comDestaques: filtros.quadro });
  const pagina = semBlocoDaPropriaLista(await buscarPagina({ db, hotsiteId: marca.id, uri: 'agenda' }), 'agenda');
  const habilitacoes = usuario ? await caixasDeHabilitacao({ db, marca, usuario, leilaoIds: leiloes.map((l) => l.id) }) : [];
  return json(
    {
      mes: filtros.mes ?? null,
      filtros: { ...filtros, mes: filtros.mes ?? null, data: filtros.data ?? null },
      erro,
      entrar: precisaEntrar(filtros, usuarioId),
      leiloes,
      pagina,
      dados: await carregarDadosDosBlocos({ db, busca, hotsiteId: marca.id, pagina }),
      habilitacoes: Object.fromEntries(habilitacoes.map((h) => [h.leilao.id, h])),
    },
    { status: erro ? 400 : 200 },
  );
}

/**
 * /agenda and /patios list their auctions and yards themselves (with the month and state filters); the
 * brand's content for these pages may also hold the block that lists them (meant for other pages, such
 * as the home page), which printed the same list twice. The page's own list wins; other blocks stay.
 */
function semBlocoDaPropriaLista<P extends { sessoes: { elemento: string }[] }>(pagina: P | null, elemento: string): P | null {
  return pagina && { ...pagina, sessoes: pagina.sessoes.filter((s) => s.elemento !== elemento) };
}

/** /patios, /patios/:estadoUf, /patios/:cidade/:estadoUf */
export async function carregarPatios({ params, request, context }: LoaderFunctionArgs) {
  const { db, marca } = context;
  const estadoUf = params.estadoUf?.toUpperCase();
  if (estadoUf && !UFS_SIGLAS.has(estadoUf)) throw new Response(null, { status: 404 });
  const patios = await listarPatios({ db, hotsiteId: marca.id, estadoUf, cidade: params.cidade });
  if ((estadoUf || params.cidade) && !patios.length) throw new Response(null, { status: 404 });
  const pagina = semBlocoDaPropriaLista(await buscarPagina({ db, hotsiteId: marca.id, uri: 'patios' }), 'mapa-patios');
  const local = params.cidade ? `${patios[0]?.cidade}/${estadoUf}` : (estadoUf ?? null);
  return comCoracoes(
    { patios, local, pagina, dados: await carregarDadosDosBlocos({ db, busca: context.busca, hotsiteId: marca.id, pagina }) },
    request,
    context,
  );
}

/** /patios/:cidade/:estadoUf/:patioNome: one yard with its lots and auctions. */
export async function carregarPatio({ params, request, context }: LoaderFunctionArgs) {
  const { db, marca } = context;
  const patio = await patioPorNome({ db, hotsiteId: marca.id, nome: params.patioNome ?? '' });
  if (!patio || patio.estadoUf.toLowerCase() !== params.estadoUf?.toLowerCase()) throw new Response(null, { status: 404 });
  const [{ lotes, total }, leiloes] = await Promise.all([
    buscarLotes({ db, busca: context.busca, hotsiteId: marca.id, filtros: { patio: [patio.id] }, tamanho: 8 }),
    listarLeiloesSite({ db, hotsiteId: marca.id, patioNome: patio.slug }),
  ]);
  return comCoracoes({ patio, lotes, total, leiloes }, request, context);
}
