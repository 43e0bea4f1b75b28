import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { carregarCatalogo } from '~/modules/catalogo/rota-catalogo.server';
import { common } from '~/locales/pt-BR/common';
import { formatarMoeda } from '~/utils/format';
import { metaDaPagina } from '~/utils/meta';
import { ListaLotes, type DadosLista } from './lista-lotes';
import { PaginaLote, type DadosPaginaLote } from './pagina-lote';

/** The one component behind /leilao/* and /anuncio/*: the lot list or a lot page. */
export function RotaCatalogo() {
  const dados = useLoaderData<typeof carregarCatalogo>();
  return dados.tipo === 'lote' ? <PaginaLote dados={dados as unknown as DadosPaginaLote} /> : <ListaLotes dados={dados as unknown as DadosLista} />;
}

export const metaCatalogo: MetaFunction<typeof carregarCatalogo> = ({ data, matches }) => {
  if (!data) return metaDaPagina(matches, common.nao_encontrado.titulo);
  if (data.tipo === 'lote') {
    const l = data.lote;
    return metaDaPagina(matches, `${l.nome}${l.anoModelo ? ` ${l.anoModelo}` : ''} em ${l.localizacaoCidade}/${l.localizacaoUf}`, `${l.nome}: ${l.tipoNome}, ${formatarMoeda(l.valor.valorAtual)}. ${l.descricao ?? ''}`.slice(0, 300));
  }
  const titulo = data.categoriaDoCaminho ?? common.oportunidades;
  return metaDaPagina(matches, `${common.comprar}: ${titulo}`, `${data.total} ofertas de ${titulo.toLowerCase()}.`);
};
