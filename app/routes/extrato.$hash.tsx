import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { container } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { AtasDaVenda } from '~/components/confianca/ata-de-lances';
import { SeloDaMarca } from '~/components/confianca/selo';
import { BlocoTotais, ItensDaVenda, QrDeVerificacao, Selo } from '~/components/vendas/partes';
import * as s from '~/components/vendas/vendas.css';
import { vendas as textosDeVendas } from '~/locales/pt-BR/vendas';
import { verificacaoDoDocumento } from '~/modules/vendas/documentos.server';
import { favorecidoDaVenda, linhasDoFavorecido } from '~/modules/vendas/favorecido';
import { documentoDoPedido } from '~/paginas/documento-por-hash.server';
import { formatarData, formatarDataHora, formatarMoeda } from '~/utils/format';

/**
 * extrato/{hash}: the purchase statement, printable, opened by its random hash without login (the
 * buyer prints it for the pickup). Its QR code opens qrcode/extrato/{hash}, where anyone can check it.
 * Whole to the buyer and sales staff, as the paper shows it to anyone else (decision 109).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const venda = await documentoDoPedido(request, context, params.hash);
  if (!venda) throw new Response('Extrato não encontrado', { status: 404 });
  const verificacao = await verificacaoDoDocumento(context.urlBase, `/qrcode/extrato/${venda.hashQrcode}`);
  return { venda, verificacao, marca: context.marca.nome };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Extrato da compra ${data.venda.id}` : 'Extrato' },
  { name: 'robots', content: 'noindex' },
];

export default function Extrato() {
  const { venda: v, verificacao, marca } = useLoaderData<typeof loader>();
  const t = useWording(textosDeVendas);
  // The buyer's own copy names whom to pay; the copy anyone holding the paper reads has no account.
  const favorecido = favorecidoDaVenda(v);
  return (
    <section className={`${container} ${s.pagina}`} data-testid="extrato">
      <div className={s.linhaItem}>
        <h1>
          {t('vendas.extrato')} {v.id}
        </h1>
        <Selo tom={v.tom}>{v.situacaoRotulo}</Selo>
      </div>
      <p>
        {marca} · {t('vendas.arrematante')}: {v.cliente.nome}
        <br />
        {v.cabecalho.leilao ? `${t('vendas.leilao')}: ${v.cabecalho.leilao}` : ''}
        {v.cabecalho.leilaoData ? ` — ${formatarData(v.cabecalho.leilaoData)}` : ''}
        {v.cabecalho.leiloeiro ? ` · ${t('vendas.leiloeiro')}: ${v.cabecalho.leiloeiro.nome} (${v.cabecalho.leiloeiro.inscricao})` : ''}
        <br />
        {v.cabecalho.comitente ? `${t('vendas.comitente')}: ${v.cabecalho.comitente}` : ''}
        {v.cabecalho.comitenteCnpj ? ` — CNPJ ${v.cabecalho.comitenteCnpj}` : ''}
        <br />
        Pagamento até {formatarData(v.dataPagamento)}
        {v.metodoEntrega ? ` · ${v.metodoEntrega}${v.patio ? ` no pátio ${v.patio.nome}` : ''}` : ''}
        {v.agendadoHorario ? ` em ${formatarDataHora(v.agendadoHorario)}` : ''}
      </p>
      {favorecido ? <SeloDaMarca texto="pagamento" /> : null}
      {favorecido ? (
        <p data-testid="favorecido-extrato">
          {linhasDoFavorecido(favorecido).map((l, i) => (
            <span key={l}>
              {i > 0 ? <br /> : null}
              {l}
            </span>
          ))}
        </p>
      ) : null}
      <ItensDaVenda itens={v.itens} />
      <AtasDaVenda itens={v.itens} />
      <div className={s.grade}>
        <div>
          <h2>Pagamentos</h2>
          <ul className={s.lista}>
            {v.pagamentos.map((p) => (
              <li key={p.uid}>
                {formatarDataHora(p.data)} · {p.tipoRotulo} · {p.situacaoRotulo} · {formatarMoeda(p.valor)}
              </li>
            ))}
          </ul>
          <p>
            <a href={`/extrato/${v.hashQrcode}.pdf`} download>
              Baixar PDF
            </a>
          </p>
        </div>
        <BlocoTotais v={v} />
      </div>
      <QrDeVerificacao {...verificacao} alt="QR code de verificação do extrato" testId="qr-extrato" />
    </section>
  );
}
