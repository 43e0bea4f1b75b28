import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { carregarLista } from '~/paginas/rota-lista.server';
import { common } from '~/locales/pt-BR/common';
import { CaixaDeHabilitacaoNaPaginaSobDemanda as CaixaDeHabilitacao } from '~/components/sob-demanda';
import { contagemDaMarca } from '~/utils/i18n';
import { metaDaPagina } from '~/components/meta';
import { ListaLotes } from '~/components/catalogo/lista-lotes';
import { AviseMe } from '~/components/notificacoes/avise-me';

/** The component behind /leilao/* and /anuncio/*: the lot list (the lot page is its own route). */
export function RotaLista() {
  const dados = useLoaderData<typeof carregarLista>();
  return (
    <>
      {dados.habilitacao ? <CaixaDeHabilitacao dados={dados.habilitacao} /> : null}
      <ListaLotes dados={dados} />
      <div style={{ maxWidth: 1140, margin: '0 auto 24px', padding: '0 20px' }}>
        <AviseMe />
      </div>
    </>
  );
}

export const metaLista: MetaFunction<typeof carregarLista> = ({ data, matches }) => {
  if (!data) return metaDaPagina(matches, common.nao_encontrado.titulo);
  const titulo = data.categoriaDoCaminho ?? common.oportunidades;
  const tipo =
    (matches.find((m) => m.id === 'root')?.data as { marca?: { tipo?: 'leilao' | 'loja' } } | undefined)?.marca?.tipo ?? 'leilao';
  return metaDaPagina(
    matches,
    `${common.comprar}: ${titulo}`,
    contagemDaMarca(tipo, 'catalogo.meta_lista', data.total, { titulo: titulo.toLowerCase() }),
  );
};
