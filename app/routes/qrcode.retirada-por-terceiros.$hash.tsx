import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { container } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { Selo } from '~/components/vendas/partes';
import * as s from '~/components/vendas/vendas.css';
import { vendas as textosDeVendas } from '~/locales/pt-BR/vendas';
import { mascararDocumento } from '~/modules/dominio/documentos-br';
import { autorizacaoPorHash } from '~/modules/vendas/retirada-terceiros.server';
import { formatarData } from '~/utils/format';
import { AutorizacaoRevogada } from '~/components/vendas/autorizacao-revogada';

/**
 * qrcode/retirada-por-terceiros/{hash}: what the authorisation's QR code opens. The yard checks who may
 * pick up and whether the sale is paid; the CPF is masked (the paper carries it whole).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const a = await autorizacaoPorHash({ db: context.db, hotsiteId: context.marca.id, hash: params.hash });
  if (!a) throw new Response('Autorização não encontrada', { status: 404 });
  // The yard reads that it no longer holds, and nothing of who it named.
  if (a.revogada) return { revogada: { em: a.revogadaEm, criada: a.criada }, marca: context.marca.nome } as const;
  return {
    revogada: null,
    nome: a.nome,
    cpf: mascararDocumento(a.cpf),
    criada: a.criada,
    vendaId: a.venda.id,
    cliente: a.venda.cliente.nome,
    situacaoRotulo: a.venda.situacaoRotulo,
    tom: a.venda.tom,
    mensagemCompra: a.venda.mensagemCompra,
    lotes: a.venda.itens.filter((i) => i.ativo).map((i) => `${i.numero} · ${i.nome}`),
  };
}

export const meta: MetaFunction = () => [{ title: 'Verificação de autorização de retirada' }, { name: 'robots', content: 'noindex' }];

export default function VerificacaoRetirada() {
  const dados = useLoaderData<typeof loader>();
  if (dados.revogada) return <AutorizacaoRevogada marca={dados.marca} {...dados.revogada} />;
  return <Verificacao d={dados} />;
}

function Verificacao({ d }: { d: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { revogada: null }> }) {
  const t = useWording(textosDeVendas);
  return (
    <section className={`${container} ${s.pagina}`} data-testid="verificacao-retirada">
      <h1>Autorização autêntica</h1>
      <p className={s.orientacao}>
        {d.nome} (CPF {d.cpf}) pode retirar em nome de {d.cliente}, {t('vendas.compra').toLowerCase()} {d.vendaId}, autorização de{' '}
        {formatarData(d.criada)}. <Selo tom={d.tom}>{d.situacaoRotulo}</Selo>
      </p>
      {d.mensagemCompra ? <p>{d.mensagemCompra}</p> : null}
      <ul className={s.lista}>
        {d.lotes.map((l) => (
          <li key={l}>
            {t('vendas.lote')} {l}
          </li>
        ))}
      </ul>
    </section>
  );
}
