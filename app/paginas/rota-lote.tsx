import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { carregarLote } from '~/paginas/rota-catalogo.server';
import { common } from '~/locales/pt-BR/common';
import { formatarMoeda } from '~/utils/format';
import { metaDaPagina } from '~/components/meta';
import { PaginaLote } from '~/components/catalogo/pagina-lote';

/** The component behind /{leilao|anuncio}/{cidade}-{uf}/{tipo}/{marca}/{nome}/ano.{ano}/{id}. */
export function RotaLote() {
  const dados = useLoaderData<typeof carregarLote>();
  return <PaginaLote dados={dados} />;
}

export const metaLote: MetaFunction<typeof carregarLote> = ({ data, matches }) => {
  if (!data) return metaDaPagina(matches, common.nao_encontrado.titulo);
  const l = data.lote;
  return metaDaPagina(
    matches,
    `${l.nome}${l.anoModelo ? ` ${l.anoModelo}` : ''} em ${l.localizacaoCidade}/${l.localizacaoUf}`,
    `${l.nome}: ${l.tipoNome}, ${formatarMoeda(l.valor.valorAtual)}. ${l.descricao ?? ''}`.slice(0, 300),
  );
};
