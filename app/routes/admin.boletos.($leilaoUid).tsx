import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { Selo } from '~/components/vendas/partes';
import * as s from '~/components/vendas/vendas.css';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { boletosDoLeilao, leilaoDaMarca, leiloesComVendas } from '~/modules/vendas/relatorios.server';
import { FILTROS_VENDA, SITUACAO_VENDA, type FiltroVenda } from '~/modules/vendas/regras';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp } from '~/utils/errors';
import { formatarData, formatarMoeda } from '~/utils/format';
import { idValido } from '~/utils/id';

/**
 * /admin/boletos/{leilaoUid?} (Comitente + ADM, spec 000 §6 "validate boletos"; decision 071): the
 * boleto of each sale of an auction (what remains to pay), with its line, value and due date, filtered
 * by situation and client; `?venda=` opens one with its barcode. A seller user sees only its sellers'.
 */
const POR_PAGINA = 30;

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Boletos');

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const usuario = await exigirAcesso(request, context);
  if (!usuario) throw new Response('Efetuar login para acessar esta página', { status: 401 });
  const hotsiteId = context.marca.id;
  const comitentes = await comitentesDoUsuario({ db: context.db, hotsiteId, usuario });
  const leiloes = await leiloesComVendas({ db: context.db, hotsiteId, comitentes });
  const uid = params.leilaoUid ?? leiloes[0]?.uid;
  const url = new URL(request.url);
  const pedido = url.searchParams.get('situacao');
  const filtro = (FILTROS_VENDA as readonly string[]).includes(pedido ?? '') ? (pedido as FiltroVenda) : null;
  const pagina = Math.min(Math.max(1, Math.trunc(Number(url.searchParams.get('pagina'))) || 1), 10_000);
  const busca = textoLivre(100).safeParse(url.searchParams.get('busca') ?? '');
  const b = busca.success && busca.data ? busca.data : null;
  const vendaPedida = Number(url.searchParams.get('venda'));
  const vendaId = idValido(vendaPedida) ? vendaPedida : null;
  const base = { leiloes, filtro, pagina, busca: b ?? '', vendaId };
  if (!uid) return { ...base, leilao: null, boletos: [], total: 0, paginas: 1 };
  try {
    const leilao = await leilaoDaMarca({ db: context.db, hotsiteId, chave: uid });
    // A seller user opens only the auctions where its sellers sold something.
    if (comitentes !== 'todos' && !leiloes.some((l) => l.id === leilao.id)) throw new ErroHttp(404, 'Leilão não encontrado');
    const { boletos, total } = await boletosDoLeilao({
      db: context.db,
      hotsiteId,
      leilaoId: leilao.id,
      comitentes,
      filtro,
      busca: b,
      pagina,
      porPagina: POR_PAGINA,
      vendaId,
    });
    if (vendaId && boletos.length === 0) throw new ErroHttp(404, 'Venda não encontrada');
    return { ...base, leilao, boletos, total, paginas: Math.max(1, Math.ceil(total / POR_PAGINA)) };
  } catch (erro) {
    if (erro instanceof ErroHttp) throw new Response(erro.mensagem, { status: erro.status });
    throw erro;
  }
}

export default function Boletos() {
  const { leiloes, leilao, boletos, filtro, pagina, paginas, busca, vendaId } = useLoaderData<typeof loader>();
  const base = leilao ? `/admin/boletos/${leilao.uid}` : '/admin/boletos';
  const link = (f: string | null, p = 1) =>
    `${base}?${new URLSearchParams({ ...(f ? { situacao: f } : {}), ...(busca ? { busca } : {}), ...(p > 1 ? { pagina: String(p) } : {}) })}`;
  const aberto = vendaId ? boletos[0] : null;
  return (
    <section className={s.pagina}>
      <h1>Boletos</h1>
      <nav className={s.filtros} aria-label="Leilão">
        {leiloes.map((l) => (
          <Link key={l.uid} to={`/admin/boletos/${l.uid}`} className={l.uid === leilao?.uid ? s.filtroAtivo : s.filtro}>
            {l.nome} — {formatarData(l.data)}
          </Link>
        ))}
      </nav>
      {!leilao ? <p>Nenhuma venda encontrada</p> : null}
      {aberto ? (
        <article className={s.cartao} data-testid="boleto">
          <h2>
            Boleto da venda {aberto.vendaId} · {aberto.cliente}
          </h2>
          <p>
            {formatarMoeda(aberto.valor)}
            {aberto.vencimento ? ` · vencimento ${formatarData(aberto.vencimento)}` : ''} · {aberto.boleto}
          </p>
          {aberto.linhaDigitavel ? <p className={s.copiavel}>{aberto.linhaDigitavel}</p> : null}
          {aberto.barrasSvg ? (
            <div className={s.barras} role="img" aria-label="Código de barras" dangerouslySetInnerHTML={{ __html: aberto.barrasSvg }} />
          ) : null}
          <p>
            <Link to={link(filtro, pagina)}>Voltar à lista</Link>
          </p>
        </article>
      ) : null}
      {leilao && !aberto ? (
        <>
          <nav className={s.filtros} aria-label="Situação">
            <Link to={link(null)} className={filtro ? s.filtro : s.filtroAtivo}>
              Todas
            </Link>
            {FILTROS_VENDA.map((f) => (
              <Link key={f} to={link(f)} className={f === filtro ? s.filtroAtivo : s.filtro}>
                {SITUACAO_VENDA[f].rotulo}
              </Link>
            ))}
          </nav>
          <Form method="get" className={s.acoes}>
            {filtro ? <input type="hidden" name="situacao" value={filtro} /> : null}
            <input className={s.campo} name="busca" defaultValue={busca} placeholder="Cliente ou nº da venda" aria-label="Buscar boleto" />
            <button className={botao} type="submit">
              Buscar
            </button>
          </Form>
          <div className={s.rolagem} role="region" aria-label="Boletos" tabIndex={0}>
            <table className={s.tabela} data-testid="lista-boletos">
              <thead>
                <tr>
                  <th className={s.celula}>Venda</th>
                  <th className={s.celula}>Cliente / lotes</th>
                  <th className={s.celula}>Situação</th>
                  <th className={s.celula}>Linha digitável</th>
                  <th className={s.celula}>Vencimento</th>
                  <th className={s.numero}>Valor</th>
                </tr>
              </thead>
              <tbody>
                {boletos.map((b) => (
                  <tr key={b.vendaId}>
                    <td className={s.celula}>
                      <Link to={`${link(filtro, pagina)}&venda=${b.vendaId}`}>{b.vendaId}</Link>
                    </td>
                    <td className={s.celula}>
                      {b.cliente}
                      <div className={s.suave}>{b.lotes}</div>
                    </td>
                    <td className={s.celula}>
                      <Selo tom={b.tom}>{b.situacaoRotulo}</Selo>
                      <div className={s.suave}>{b.boleto}</div>
                    </td>
                    <td className={`${s.celula} ${s.endereco}`}>{b.linhaDigitavel ?? '—'}</td>
                    <td className={s.celula}>{b.vencimento ? formatarData(b.vencimento) : '—'}</td>
                    <td className={s.numero}>{formatarMoeda(b.valor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {boletos.length === 0 ? <p>Nenhum boleto encontrado</p> : null}
          {paginas > 1 ? (
            <nav className={s.paginacao} aria-label="Páginas">
              {pagina > 1 ? <Link to={link(filtro, pagina - 1)}>Anterior</Link> : null}
              <span className={s.suave}>
                Página {pagina} de {paginas}
              </span>
              {pagina < paginas ? <Link to={link(filtro, pagina + 1)}>Próxima</Link> : null}
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
