import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { textoDaMarca } from '~/utils/i18n';
import { usuarioDoPedido } from '~/modules/identidade/guard.server';
import { painelDoLote } from '~/modules/lances/consultas.server';
import { caixaDoLote, caixasDeHabilitacao } from '~/modules/habilitacao/habilitacao.server';
import { favoritosDe } from './coracoes.server';
import { z } from 'zod';
import { CATEGORIAS_VEICULO } from '../../db/schema/catalogo';
import { comoRespostaDeErro } from '~/utils/errors';
import { buscarComFacetas } from '~/modules/catalogo/busca.server';
import { CAMPOS_FACETA, urlDaBusca, type CampoFaceta } from '~/modules/catalogo/busca-url';
import { buscaDaUrl } from '~/modules/catalogo/filtros';
import { bannersAtivos } from '~/modules/conteudo/banners.server';
import { freteParaUf, obterLote, registrarVisualizacao, unidadesFederativas } from '~/modules/catalogo/lote.server';
import { TAMANHO_PAGINA, caminhoDoLote, slugificar } from '~/modules/catalogo/regras';
import { paraCard } from '~/modules/catalogo/card';
import { idValido } from '~/utils/id';
import { laudoDoVeiculo } from '~/modules/vistorias/vistorias.server';

/** Values a facet renders on the list (its most frequent; `?ver=<facet>` renders all of one). */
const FACETA_MAX = 10;
/** URL segment → category: /leilao/carros, /anuncio/utilitarios ... */
const CATEGORIA_POR_SLUG = new Map(CATEGORIAS_VEICULO.map((c) => [slugificar(c), c]));

/**
 * The brand's wording decides the prefix (leilao | anuncio); the other prefix redirects (301) to
 * the same path under the brand's own. Returns the prefix and the path segments after it.
 */
function caminhoDaMarca({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const prefixo = textoDaMarca(context.marca.tipo, 'caminho_lista');
  const resto = url.pathname.split('/').filter(Boolean);
  const atual = resto.shift();
  if (atual !== prefixo) throw redirect(`/${[prefixo, ...resto].join('/')}${url.search}`, 301);
  return { url, prefixo, resto };
}

/** `.../ano.<year>/<id>`: the id of a lot path, else null. */
function idDoLote(resto: string[]): number | null {
  const ultimo = resto.at(-1);
  return resto.length >= 2 && ultimo && /^\d+$/.test(ultimo) && resto.at(-2)?.startsWith('ano.') ? Number(ultimo) : null;
}

/** The lot of the id, or 404; a path other than the canonical one redirects (301) there. */
async function loteCanonico({ context }: LoaderFunctionArgs, url: URL, prefixo: string, id: number) {
  const { db, marca } = context;
  const lote = idValido(id) ? await obterLote({ db, hotsiteId: marca.id, id }) : null;
  if (!lote) throw new Response('Lote não encontrado', { status: 404 });
  const canonico = caminhoDoLote(prefixo, lote);
  if (canonico !== url.pathname) throw redirect(`${canonico}${url.search}`, 301);
  return lote;
}

/**
 * Loader of the lot page, `/{leilao|anuncio}/{cidade}-{uf}/{tipo}/{marca}/{nome}/ano.{ano}/{id}`
 * (its own route, so the list's JavaScript never carries the bid panel). Only the id decides.
 */
export async function carregarLote(args: LoaderFunctionArgs) {
  const { request, context } = args;
  const { db, marca } = context;
  const { url, prefixo, resto } = caminhoDaMarca(args);
  const id = idDoLote(resto);
  if (id === null) throw new Response('Página não encontrada', { status: 404 });
  const lote = await loteCanonico(args, url, prefixo, id);
  const uf = url.searchParams.get('uf');
  const ufValida = uf && /^[A-Za-z]{2}$/.test(uf) ? uf.toUpperCase() : null;
  // The bid panel (issue #5) needs the visitor: only a client of this brand bids here.
  const usuario = await usuarioDoPedido(request, context);
  const [frete, ufs, painel, habilitacao, laudoVistoria] = await Promise.all([
    ufValida ? freteParaUf({ db, uf: ufValida }) : [],
    unidadesFederativas({ db }),
    painelDoLote({ db, hotsiteId: marca.id, veiUid: lote.veiculo.uid, usuarioId: usuario?.hotsiteId === marca.id ? usuario.id : null }),
    // Issue #12: "Habilitar-se para este leilão" beside the bid panel, for a client not yet enabled.
    caixaDoLote({ db, marca, usuario, loteId: id }),
    // Issue #13: the buyer's inspection report, when the vehicle has a done inspection.
    laudoDoVeiculo({ db, hotsiteId: marca.id, veiculoUid: lote.veiculo.uid }),
    registrarVisualizacao({ db, hotsiteId: marca.id, id }),
  ]);
  const mensagem = url.searchParams.get('mensagem');
  return {
    prefixo,
    lote,
    frete,
    ufs: ufs.map((u) => ({ sigla: u.sigla, nome: u.nome })),
    ufFrete: ufValida,
    painel,
    mensagem,
    habilitacao,
    laudoVistoria,
  };
}

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
  const [resultado, banners, usuario] = await Promise.all([
    buscarComFacetas({
      db,
      busca: context.busca,
      hotsiteId: marca.id,
      filtros,
      ordenacao: [busca.ordenacao],
      de: (busca.pagina - 1) * TAMANHO_PAGINA,
      tamanho: TAMANHO_PAGINA,
    }),
    bannersAtivos({ db, hotsiteId: marca.id, posicao: 'lista-lotes', cache: context.hotsites }),
    usuarioDoPedido(request, context),
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
  const paginas = Math.max(1, Math.ceil(resultado.total / TAMANHO_PAGINA));
  if (busca.pagina > paginas) throw redirect(`${url.pathname}${urlDaBusca({ ...busca, pagina: paginas })}`);
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
    paginas,
    lotes: resultado.lotes.map((l) => paraCard(l, favoritos.has(l.id))),
    facetas: facetasDaPagina,
    /** Facets with values not rendered: how many values they have in all. */
    ocultos,
    ver,
    banners,
    habilitacao,
  };
}
