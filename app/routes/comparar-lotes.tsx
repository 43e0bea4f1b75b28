import { json, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from '@remix-run/node';
import { Link, useFetcher, useLoaderData, useNavigate } from '@remix-run/react';
import { useEffect } from 'react';
import { usuarioDoPedido } from '~/modules/identidade/guard.server';
import {
  idsParaComparar,
  idsVisitados,
  idsVisitadosDoCliente,
  lotesParaComparar,
  type LoteComparado,
} from '~/modules/conveniencias/comparar.server';
import { rotuloCombustivel, situacaoDoCard } from '~/modules/catalogo/regras';
import { textoDaMarca } from '~/utils/i18n';
import { formatarDataHora, formatarMoeda, formatarNumero } from '~/utils/format';
import { container } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { useWording } from '~/components/marca';
import { paginas } from '~/locales/pt-BR/paginas';
import { conveniencias } from '~/locales/pt-BR/conveniencias';
import { gravarComparacao, lotesEmComparacao, lotesVisitadosNoNavegador } from '~/components/catalogo/comparacao';
import * as s from '~/components/catalogo/catalogo.css';

/**
 * /comparar-lotes?ids=1,2,3,4 (issue #33, decision 225): up to 4 lots side by side, with the last visited
 * lots below (a client's from the database; a visitor's ids come from the browser as `?visitados=`).
 * The list is in the address, so a comparison can be shared and works without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, marca } = context;
  const url = new URL(request.url);
  const usuario = await usuarioDoPedido(request, context);
  const usuarioId = usuario?.hotsiteId === marca.id ? usuario.id : null;
  const prefixo = textoDaMarca(marca.tipo, 'caminho_lista');
  const ids = idsParaComparar.safeParse(url.searchParams.get('ids') ?? '');
  const visitadosNoNavegador = idsVisitados.safeParse(url.searchParams.get('visitados') ?? '');
  const erro = !ids.success
    ? ids.error.issues[0].message
    : !visitadosNoNavegador.success
      ? visitadosNoNavegador.error.issues[0].message
      : null;
  const idsDosVisitados =
    usuarioId !== null ? await idsVisitadosDoCliente({ db, hotsiteId: marca.id, usuarioId }) : (visitadosNoNavegador.data ?? []);
  const [lotes, visitados] = await Promise.all([
    lotesParaComparar({ db, hotsiteId: marca.id, usuarioId, prefixo, ids: ids.data ?? [] }),
    lotesParaComparar({ db, hotsiteId: marca.id, usuarioId, prefixo, ids: idsDosVisitados }),
  ]);
  return json({ lotes, visitados, doCliente: usuarioId !== null, erro }, { status: erro ? 400 : 200 });
}

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Comparar lotes');

const pct = (bp: number) => `${(bp / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;

export default function CompararLotes() {
  const dados = useLoaderData<typeof loader>();
  const t = useWording(paginas);
  const tc = useWording(conveniencias);
  const navegar = useNavigate();
  const visitadosDoNavegador = useFetcher<typeof loader>();
  const lotes = dados.lotes;
  const ids = lotes.map((l) => l.id);

  // The browser's comparison follows the address once it is open; an address without lots opens the
  // browser's. A visitor's last visited lots are read with the ids the browser keeps.
  useEffect(() => {
    const endereco = new URL(window.location.href).searchParams.get('ids');
    if (endereco === null) {
      const guardados = lotesEmComparacao();
      if (guardados.length) navegar(`/comparar-lotes?ids=${guardados.join(',')}`, { replace: true });
    } else if (!dados.erro) gravarComparacao(ids);
    if (!dados.doCliente) {
      const vistos = lotesVisitadosNoNavegador();
      if (vistos.length) visitadosDoNavegador.load(`/comparar-lotes?visitados=${vistos.join(',')}`);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per comparison shown
  }, [ids.join(',')]);
  const visitados = dados.doCliente ? dados.visitados : (visitadosDoNavegador.data?.visitados ?? []);
  const semEste = (id: number) => ids.filter((x) => x !== id).join(',');

  const linhas: [string, (l: SerializeFrom<LoteComparado>) => React.ReactNode][] = [
    [tc('comparar.situacao'), (l) => t(`situacao.${l.situacao}`, { defaultValue: situacaoDoCard(l.situacao).rotulo })],
    [tc('comparar.leilao'), (l) => l.leilao],
    [t('catalogo.tipo'), (l) => l.tipoNome],
    [t('catalogo.ano'), (l) => (l.anoModelo ? `${l.anoFabricacao ?? l.anoModelo}/${l.anoModelo}` : null)],
    [t('catalogo.km'), (l) => (l.km != null ? `${formatarNumero(l.km)} km` : null)],
    [t('catalogo.combustivel'), (l) => rotuloCombustivel(l.combustivel)],
    [t('catalogo.cambio'), (l) => l.cambio],
    [t('catalogo.cor'), (l) => l.cor],
    [t('catalogo.possui_chave'), (l) => (l.possuiChave == null ? null : l.possuiChave ? t('catalogo.sim') : t('catalogo.nao'))],
    [t('catalogo.valor_mercado'), (l) => (l.valorMercado ? formatarMoeda(l.valorMercado) : null)],
    [tc('comparar.valor_fipe'), (l) => (l.fipeValor ? formatarMoeda(l.fipeValor) : null)],
    [t('catalogo.valor_atual'), (l) => formatarMoeda(l.valor.valorAtual)],
    [t('catalogo.proximo_lance'), (l) => formatarMoeda(l.valor.proximoLance)],
    [
      t('catalogo.comissao', { pct: '' }).replace(/\s*\(\)$/, ''),
      (l) => `${formatarMoeda(l.valor.comissao)} (${pct(l.comissaoPorcentagem)})`,
    ],
    [t('catalogo.total_despesas'), (l) => formatarMoeda(l.valor.totalDespesas)],
    [t('catalogo.total_pagar'), (l) => <strong data-testid="comparar-total">{formatarMoeda(l.valor.totalAPagar)}</strong>],
    [tc('comparar.local'), (l) => [l.patio, l.cidade && `${l.cidade}/${l.uf ?? ''}`].filter(Boolean).join(' — ')],
    [tc('comparar.encerramento'), (l) => (l.dataFim ? formatarDataHora(l.dataFim) : null)],
  ];

  return (
    <section className={container} style={{ paddingBlock: 24 }}>
      <h1>{tc('comparar.titulo')}</h1>
      {dados.erro ? (
        <p role="alert" className={s.alertaLocal} data-testid="comparar-erro">
          {dados.erro}
        </p>
      ) : null}
      {lotes.length === 0 ? (
        <p data-testid="comparar-vazio">{tc('comparar.vazio')}</p>
      ) : (
        <div className={s.comparacaoRolagem} tabIndex={0} role="region" aria-label={tc('comparar.titulo')}>
          <table className={s.comparacao} data-testid="comparacao">
            <thead>
              <tr>
                <td />
                {lotes.map((l) => (
                  <th key={l.id} scope="col" data-testid="comparar-lote" data-lote-id={l.id}>
                    {l.foto ? <img src={l.foto} alt="" width={280} height={200} loading="lazy" /> : null}
                    <Link to={l.caminho}>
                      {t('lote')} {l.numero} · {l.nome}
                    </Link>
                    <br />
                    <Link to={`/comparar-lotes?ids=${semEste(l.id)}`} replace data-testid="comparar-remover">
                      {tc('comparar.remover')}
                    </Link>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {linhas.map(([rotulo, valor]) => (
                <tr key={rotulo}>
                  <th scope="row">{rotulo}</th>
                  {lotes.map((l) => (
                    <td key={l.id}>{valor(l) ?? '—'}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>{tc('comparar.visitados')}</h2>
      {visitados.length === 0 ? (
        <p>{tc('comparar.visitados_vazio')}</p>
      ) : (
        <ul className={s.visitados} data-testid="visitados">
          {visitados.map((l) => (
            <li key={l.id} data-lote-id={l.id}>
              {l.foto ? <img src={l.foto} alt="" width={180} height={128} loading="lazy" /> : null}
              <Link to={l.caminho}>
                {t('lote')} {l.numero} · {l.nome}
              </Link>
              <div className={s.subtitulo}>{formatarMoeda(l.valor.valorAtual)}</div>
              {ids.includes(l.id) || ids.length >= 4 ? null : (
                <Link to={`/comparar-lotes?ids=${[...ids, l.id].join(',')}`} className={s.chip}>
                  {tc('comparar.incluir')}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
