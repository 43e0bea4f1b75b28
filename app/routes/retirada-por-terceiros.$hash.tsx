import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { container } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { AutorizacaoRevogada } from '~/components/vendas/autorizacao-revogada';
import { QrDeVerificacao } from '~/components/vendas/partes';
import * as s from '~/components/vendas/vendas.css';
import { vendas as textosDeVendas } from '~/locales/pt-BR/vendas';
import { formatarCpf } from '~/modules/dominio/documentos-br';
import { verificacaoDoDocumento } from '~/modules/vendas/documentos.server';
import { autorizacaoPorHash } from '~/modules/vendas/retirada-terceiros.server';
import { formatarData, formatarDataHora } from '~/utils/format';

/**
 * retirada-por-terceiros/{hash}: the buyer's printable authorisation for a third party to pick up
 * (decision 059). Opened by its own hash without login; its QR code opens the yard's check page. Once
 * revoked it says "Autorização revogada" and shows nothing of the third party.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const a = await autorizacaoPorHash({ db: context.db, hotsiteId: context.marca.id, hash: params.hash });
  if (!a) throw new Response('Autorização não encontrada', { status: 404 });
  // Revoked: the page answers, says so, and carries no personal data (nor the QR code).
  if (a.revogada) return { marca: context.marca.nome, revogada: { em: a.revogadaEm, criada: a.criada } } as const;
  const verificacao = await verificacaoDoDocumento(context.urlBase, `/qrcode/retirada-por-terceiros/${a.hash}`);
  const v = a.venda;
  return {
    marca: context.marca.nome,
    revogada: null,
    verificacao,
    hash: a.hash,
    nome: a.nome,
    cpf: formatarCpf(a.cpf),
    criada: a.criada,
    venda: {
      id: v.id,
      cliente: v.cliente.nome,
      leilao: v.cabecalho.leilao,
      comitente: v.cabecalho.comitente,
      patio: v.patio?.nome ?? null,
      agendadoHorario: v.agendadoHorario,
      lotes: v.itens.filter((i) => i.ativo).map((i) => `${i.numero} · ${i.nome}`),
    },
  };
}

export const meta: MetaFunction = () => [{ title: 'Autorização de retirada por terceiros' }, { name: 'robots', content: 'noindex' }];

export default function RetiradaPorTerceiros() {
  const dados = useLoaderData<typeof loader>();
  if (dados.revogada) return <AutorizacaoRevogada marca={dados.marca} {...dados.revogada} />;
  return <Autorizacao d={dados} />;
}

function Autorizacao({ d }: { d: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { revogada: null }> }) {
  const t = useWording(textosDeVendas);
  return (
    <section className={`${container} ${s.pagina}`} data-testid="retirada-terceiros">
      <article className={`${s.cartao} ${s.folha}`}>
        <h1>{t('vendas.retirada_terceiros')}</h1>
        <p>
          {d.marca} · {t('vendas.compra')} {d.venda.id}
          {d.venda.leilao ? ` · ${t('vendas.leilao')}: ${d.venda.leilao}` : ''}
          {d.venda.comitente ? ` · Comitente: ${d.venda.comitente}` : ''}
        </p>
        <p className={s.orientacao}>
          Eu, {d.venda.cliente}, {t('vendas.arrematante').toLowerCase()} da {t('vendas.compra').toLowerCase()} {d.venda.id}, autorizo{' '}
          <strong>{d.nome}</strong>, CPF <strong>{d.cpf}</strong>, a retirar em meu nome:
        </p>
        <ul>
          {d.venda.lotes.map((l) => (
            <li key={l}>
              {t('vendas.lote')} {l}
            </li>
          ))}
        </ul>
        <p className={s.suave}>
          {d.venda.patio ? `Pátio: ${d.venda.patio}` : ''}
          {d.venda.agendadoHorario ? ` · agendado para ${formatarDataHora(d.venda.agendadoHorario)}` : ''}
          {d.venda.patio || d.venda.agendadoHorario ? ' · ' : ''}
          Autorização emitida em {formatarData(d.criada)}. Quem retira apresenta um documento com foto e este papel.
        </p>
        <p className={s.assinatura}>{d.venda.cliente}</p>
        <QrDeVerificacao {...d.verificacao} alt="QR code de verificação da autorização" testId="qr-retirada" />
      </article>
      <p>
        <a href={`/retirada-por-terceiros/${d.hash}.pdf`} download>
          Baixar PDF
        </a>
      </p>
    </section>
  );
}
