import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { container } from '~/components/layout.css';
import * as s from '~/components/vistorias/laudo.css';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { ETAPAS, nomeDaEtapa, type CodigoEtapa } from '~/modules/remocoes/etapas';
import { rotuloSituacaoRemocao } from '~/modules/remocoes/regras';
import { obterRemocao } from '~/modules/remocoes/remocoes.server';
import { formatarDataHora, formatarMoeda } from '~/utils/format';

/**
 * mapfre-visualizar-relatorio/{uid} (spec 000 §2; decision 174): a removal's report as the insurer's analyst
 * reads it, printable: the claim, the vehicle, where it was picked up and where it is, and every stage with
 * what was received and sent and how the insurer answered. Any insurer's removal opens (the route keeps the
 * spec's name). Roles of /admin/remocao; another brand's removal is 404. Without a uid: back to the list.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  if (!params.uid) return { remocao: null, marca: context.marca.nome };
  const remocao = await obterRemocao({ db: context.db, hotsiteId: context.marca.id, uid: params.uid });
  return { remocao, marca: context.marca.nome };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.remocao ? `Relatório da remoção · ${data.remocao.veiculoNome}` : 'Relatório da remoção' },
  { name: 'robots', content: 'noindex' },
];

const codigoDoLog = (body: unknown) => {
  const c = (body as { event?: { eventCode?: unknown } } | null)?.event?.eventCode;
  return typeof c === 'string' ? c : null;
};

export default function RelatorioSeguradora() {
  const { remocao: r, marca } = useLoaderData<typeof loader>();
  if (!r)
    return (
      <section className={`${container} ${s.pagina}`}>
        <h1>Relatório da remoção</h1>
        <p>
          Escolha uma remoção em <Link to="/admin/remocao">Remoções</Link> para ver o seu relatório.
        </p>
      </section>
    );
  const dados: [string, string | null | undefined][] = [
    ['Seguradora', r.integradora],
    ['Sinistro', r.sinistro],
    ['Protocolo da remoção', r.protocolo],
    ['Processo', r.processId],
    ['Situação', rotuloSituacaoRemocao(r.situacao)],
    ['Etapa', nomeDaEtapa(r.etapa)],
    ['Solicitada em', formatarDataHora(r.dataSolicitacao)],
    ['Confirmada em', r.confirmadoAt ? formatarDataHora(r.confirmadoAt) : null],
    ['Venda autorizada em', r.autorizadoAt ? formatarDataHora(r.autorizadoAt) : null],
    ['Cancelada em', r.canceladoAt ? `${formatarDataHora(r.canceladoAt)} · ${r.motivoCancelamento ?? ''}` : null],
  ];
  const veiculo: [string, string | null | undefined][] = [
    ['Veículo', r.veiculoNome],
    ['Placa', r.placa],
    ['Chassi', r.chassi],
    ['Local de retirada', r.localRemocao],
    ['Pátio', r.patioNome],
    ['Transportadora', [r.transportadora, r.motorista].filter(Boolean).join(' · ') || null],
    ['Valor da remoção', r.valorSugerido == null ? null : formatarMoeda(r.valorSugerido)],
  ];
  return (
    <section className={`${container} ${s.pagina}`} data-testid="relatorio-seguradora">
      <header className={s.cabecalho}>
        <div>
          <h1 style={{ margin: 0 }}>Relatório da remoção</h1>
          <p className={s.rodape}>
            {marca} · {r.integradora} · gerado em {formatarDataHora(new Date().toISOString())}
          </p>
        </div>
        <Link to={`/admin/remocao/${r.uid}`}>Voltar à remoção</Link>
      </header>
      {[
        ['Sinistro', dados],
        ['Veículo e remoção', veiculo],
      ].map(([titulo, linhas]) => (
        <div className={s.caixa} key={titulo as string}>
          <h2 className={s.titulo}>{titulo as string}</h2>
          <dl className={s.dados}>
            {(linhas as [string, string | null | undefined][])
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
          </dl>
        </div>
      ))}
      <div className={s.caixa}>
        <h2 className={s.titulo}>Etapas e trocas com a seguradora</h2>
        <table className={s.tabela} data-testid="etapas-relatorio">
          <thead>
            <tr>
              <th>Data</th>
              <th>Etapa</th>
              <th>Origem</th>
              <th>Resultado</th>
            </tr>
          </thead>
          <tbody>
            {r.logs.map((l) => {
              const c = codigoDoLog(l.body);
              return (
                <tr key={l.id}>
                  <td>{formatarDataHora(l.createdAt)}</td>
                  <td>{c && c in ETAPAS ? nomeDaEtapa(c as CodigoEtapa) : (c ?? '—')}</td>
                  <td>{l.origem}</td>
                  <td>{l.resumo}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
