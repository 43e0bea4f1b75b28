import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { textoDaMarca } from '~/utils/i18n';
import { usuarioDoPedido } from '~/modules/identidade/guard.server';
import { painelDoLote } from '~/modules/lances/consultas.server';
import { caixaDoLote } from '~/modules/habilitacao/habilitacao.server';
import { freteParaUf, obterLoteDaPagina } from '~/modules/catalogo/lote.server';
import { UFS } from '~/modules/dominio/ufs';
import { caminhoDoLote } from '~/modules/catalogo/regras';
import { idValido } from '~/utils/id';
import { historicoDoVeiculoNoLeilao } from '~/modules/consultas/historico.server';
import type { LoteDaPagina } from '~/components/catalogo/pagina-lote';
import { registrarVisita } from '~/modules/conveniencias/comparar.server';
import { simularTexto } from '~/components/catalogo/simulador-de-compra';
import { gruposDoLote } from '~/modules/identidade/grupos-cliente.server';

/**
 * The brand's wording decides the prefix (leilao | anuncio); the other prefix redirects (301) to
 * the same path under the brand's own. Returns the prefix and the path segments after it.
 */
export function caminhoDaMarca({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const prefixo = textoDaMarca(context.marca.tipo, 'caminho_lista');
  const resto = url.pathname.split('/').filter(Boolean);
  const atual = resto.shift();
  if (atual !== prefixo) throw redirect(`/${[prefixo, ...resto].join('/')}${url.search}`, 301);
  return { url, prefixo, resto };
}

/** `.../ano.<year>/<id>`: the id of a lot path, else null. */
export function idDoLote(resto: string[]): number | null {
  const ultimo = resto.at(-1);
  return resto.length >= 2 && ultimo && /^\d+$/.test(ultimo) && resto.at(-2)?.startsWith('ano.') ? Number(ultimo) : null;
}

/** The lot of the id, or 404; a path other than the canonical one redirects (301) there. */
export async function loteCanonico({ request, context }: LoaderFunctionArgs, url: URL, prefixo: string, id: number) {
  const { db, marca } = context;
  // A private auction's lot is found only by its guests (decision 186): anyone else gets the same 404.
  const usuario = await usuarioDoPedido(request, context);
  const lido = idValido(id)
    ? await obterLoteDaPagina({ db, hotsiteId: marca.id, id, usuarioId: usuario?.hotsiteId === marca.id ? usuario.id : null })
    : null;
  if (!lido) throw new Response('Lote não encontrado', { status: 404 });
  const canonico = caminhoDoLote(prefixo, lido.lote);
  if (canonico !== url.pathname) throw redirect(`${canonico}${url.search}`, 301);
  return lido;
}

/**
 * Loader of the lot page, `/{leilao|anuncio}/{cidade}-{uf}/{tipo}/{marca}/{nome}/ano.{ano}/{id}`
 * (its own route, so the list's JavaScript never carries the bid panel). Only the id decides.
 */
export async function carregarLote(args: LoaderFunctionArgs): Promise<LoteDaPagina> {
  const { request, context } = args;
  const { db, marca } = context;
  const { url, prefixo, resto } = caminhoDaMarca(args);
  const id = idDoLote(resto);
  if (id === null) throw new Response('Página não encontrada', { status: 404 });
  const { lote, laudoVistoria, regulamentoUid } = await loteCanonico(args, url, prefixo, id);
  const uf = url.searchParams.get('uf');
  const ufValida = uf && /^[A-Za-z]{2}$/.test(uf) ? uf.toUpperCase() : null;
  // The bid panel (issue #5) needs the visitor: only a client of this brand bids here.
  const usuario = await usuarioDoPedido(request, context);
  const clienteId = usuario?.hotsiteId === marca.id ? usuario.id : null;
  const [frete, painel, habilitacao, historicoVerificado, , gruposCliente] = await Promise.all([
    ufValida ? freteParaUf({ db, uf: ufValida }) : [],
    painelDoLote({ db, hotsiteId: marca.id, veiUid: lote.veiculo.uid, usuarioId: usuario?.hotsiteId === marca.id ? usuario.id : null }),
    // Issue #12: "Habilitar-se para este leilão" beside the bid panel, for a client not yet enabled.
    // The auction as read with the lot (decision 291): the box reads nothing more for a visitor.
    caixaDoLote({
      db,
      marca,
      usuario,
      loteId: id,
      leilaoId: lote.leilao?.id ?? null,
      leilaoLido: lote.leilao ? { ...lote.leilao, regulamentoUid } : null,
    }),
    // Issue #31: the checked history, as stored, in one statement (a provider is never called while the page waits).
    historicoDoVeiculoNoLeilao({ db, hotsiteId: marca.id, veiculoId: lote.veiculo.id, leilaoId: lote.leilao?.id ?? null }),
    // Issue #33: a client's last visited lots (a visitor's stay in the browser).
    clienteId === null ? null : registrarVisita({ db, hotsiteId: marca.id, usuarioId: clienteId, loteId: id }),
    // Decision 269: a lot tied to client groups says to a non-member why they cannot bid (the bid gate refuses them anyway).
    gruposDoLote({ db, hotsiteId: marca.id, loteId: id, usuarioId: clienteId }),
  ]);
  // Counted off the request path: written with other views in one UPDATE every few seconds.
  context.busca.visualizacoes.contar(marca.id, id);
  const mensagem = url.searchParams.get('mensagem');
  // Issue #33: the fee simulator without JavaScript (`?simular=60.000,00`), on the lot's stored value.
  const simularDigitado = (url.searchParams.get('simular') ?? '').slice(0, 40);
  // The view count is not shown, and would differ between a kept page and a rendered one (decision 244).
  const { visualizacoes: _visualizacoes, ...loteDaPagina } = lote;
  return {
    simulacao: simularTexto(lote, simularDigitado),
    simularDigitado,
    prefixo,
    lote: loteDaPagina,
    frete,
    ufs: UFS.map((u) => ({ sigla: u.sigla, nome: u.nome })),
    ufFrete: ufValida,
    painel,
    mensagem,
    habilitacao,
    // Issue #13: the buyer's inspection report, read with the lot (its vehicle's latest done inspection).
    laudoVistoria,
    historicoVerificado,
    gruposCliente,
  };
}
