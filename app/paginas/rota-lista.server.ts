import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { CATEGORIAS_VEICULO } from '@db/schema/catalogo';
import { usuarioDoPedido } from '~/modules/identidade/guard.server';
import { caixasDeHabilitacao } from '~/modules/habilitacao/habilitacao.server';
import { comoRespostaDeErro } from '~/utils/errors';
import { buscarComFacetas } from '~/modules/catalogo/busca.server';
import { leiloesDoConvidado } from '~/modules/eventos/convidados.server';
import { CAMPOS_FACETA, urlDaBusca, type CampoFaceta } from '~/modules/catalogo/busca-url';
import { buscaDaUrl } from '~/modules/catalogo/filtros';
import { bannersAtivos } from '~/modules/conteudo/banners.server';
import { TAMANHO_PAGINA, slugificar } from '~/modules/catalogo/regras';
import { paraCard } from '~/modules/catalogo/card';
import { favoritosDe } from './coracoes.server';
import { caminhoDaMarca, idDoLote, loteCanonico } from './rota-catalogo.server';

/** Values a facet renders on the list (its most frequent; `?ver=<facet>` renders all of one). */
const FACETA_MAX = 10;
/** URL segment → category: /leilao/carros, /anuncio/utilitarios ... */
const CATEGORIA_POR_SLUG = new Map(CATEGORIAS_VEICULO.map((c) => [slugificar(c), c]));

/**
 * Loader of `/leilao/*` and `/anuncio/*`: the lot list, with an optional category segment. A
 * lot-shaped path of another length (`/leilao/x/ano.2020/123`) redirects to the lot's canonical page.
 */
export async function carregarLista(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const { db, marca } = context;
  const { url, prefixo, resto } = caminhoDaMarca(args);
  const id = idDoLote(resto);
  if (id !== null) await loteCanonico(args, url, prefixo, id);

  if (resto.length > 1 || (resto.length === 1 && !CATEGORIA_POR_SLUG.has(resto[0])))
    throw new Response('Página não encontrada', { status: 404 });
  let busca;
  try {
    busca = buscaDaUrl(url.searchParams);
  } catch (erro) {
    if (erro instanceof z.ZodError) throw new Response(comoRespostaDeErro(erro).corpo.mensagem, { status: 400 });
    throw erro;
  }
  const categoriaDoCaminho = resto[0] ? CATEGORIA_POR_SLUG.get(resto[0]) : undefined;
  const filtros = categoriaDoCaminho ? { ...busca.filtros, categoria: [categoriaDoCaminho] } : busca.filtros;
  const usuario = await usuarioDoPedido(request, context);
  // One auction's list: a guest of that private auction sees its lots (decision 186); anyone else, public lots only.
  const convidadoEm =
    filtros.leilao?.length && usuario?.hotsiteId === marca.id
      ? await leiloesDoConvidado({ db, hotsiteId: marca.id, usuarioId: usuario.id })
      : [];
  const [resultado, banners] = await Promise.all([
    buscarComFacetas({
      db,
      busca: context.busca,
      hotsiteId: marca.id,
      filtros,
      ordenacao: [busca.ordenacao],
      de: (busca.pagina - 1) * TAMANHO_PAGINA,
      tamanho: TAMANHO_PAGINA,
      convidadoEm,
    }),
    bannersAtivos({ db, hotsiteId: marca.id, posicao: 'lista-lotes', cache: context.hotsites }),
  ]);
  // The cards' favourite hearts: a client of this brand sees theirs; anyone else gets the toggle
  // too, which leads to the login (as on the lot page).
  const favoritos = await favoritosDe(
    usuario,
    context,
    resultado.lotes.map((l) => l.id),
  );
  // One auction's lot list (?leilao=<id>): its habilitation box above the lots (issue #12).
  const habilitacao =
    filtros.leilao?.length === 1 ? ((await caixasDeHabilitacao({ db, marca, usuario, leilaoIds: filtros.leilao }))[0] ?? null) : null;
  const totalDePaginas = Math.max(1, Math.ceil(resultado.total / TAMANHO_PAGINA));
  if (busca.pagina > totalDePaginas) throw redirect(`${url.pathname}${urlDaBusca({ ...busca, pagina: totalDePaginas })}`);
  // The page renders the most frequent values of each facet (and the selected ones), not hundreds
  // (cities, models): `?ver=<facet>` ("Ver todos", a plain link) renders every value of one facet.
  const ver = CAMPOS_FACETA.find((c) => c === url.searchParams.get('ver')) ?? null;
  const facetasDaPagina = {} as typeof resultado.facetas;
  const ocultos: Partial<Record<CampoFaceta, number>> = {};
  for (const campo of CAMPOS_FACETA) {
    const valores = resultado.facetas[campo] ?? [];
    const selecionados = new Set(((filtros as Record<string, unknown>)[campo] as unknown[] | undefined)?.map(String));
    facetasDaPagina[campo] = campo === ver ? valores : valores.filter((v, i) => i < FACETA_MAX || selecionados.has(v.valor));
    if (valores.length > facetasDaPagina[campo].length) ocultos[campo] = valores.length;
  }
  return {
    prefixo,
    caminho: url.pathname,
    categoriaDoCaminho: categoriaDoCaminho ?? null,
    busca,
    total: resultado.total,
    totalDePaginas,
    lotes: resultado.lotes.map((l) => paraCard(l, favoritos.has(l.id))),
    facetas: facetasDaPagina,
    /** Facets with values not rendered: how many values they have in all. */
    ocultos,
    ver,
    banners,
    habilitacao,
  };
}
