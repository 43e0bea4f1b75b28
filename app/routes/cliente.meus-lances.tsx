import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useLocation, useSubmit } from '@remix-run/react';
import { botaoSecundario } from '~/components/layout.css';
import { container } from '~/components/layout.css';
import { exigirLogin } from '~/modules/identidade/guard.server';
import { filtrarPorAba, meusLances, type AbaMeusLances } from '~/modules/lances/consultas.server';
import { lances as textosDeLances } from '~/locales/pt-BR/lances';
import { ABAS_MEUS_LANCES, TAMANHO_PAGINA_MEUS_LANCES, chaveDoStatus, faseDoLote } from '~/modules/lances/regras';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { valorDoCampo } from '~/components/lances/formulario-de-lance';
import { useWording } from '~/components/marca';
import * as s from './cliente.meus-lances.css';

/** /cliente/meus-lances: tabs Todos, Vencendo, Superado, Vencedor, Condicional, Finalizado, and per auction. */
const ABAS: { chave: AbaMeusLances; rotulo: string }[] = [
  { chave: 'todos', rotulo: 'Todos' },
  { chave: 'vencendo', rotulo: 'Vencendo' },
  { chave: 'superado', rotulo: 'Superado' },
  { chave: 'vencedor', rotulo: 'Vencedor' },
  { chave: 'condicional', rotulo: 'Condicional' },
  { chave: 'finalizado', rotulo: 'Finalizado' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const u = await exigirLogin(request, context);
  const url = new URL(request.url);
  const pedida = url.searchParams.get('aba') ?? 'todos';
  const aba: AbaMeusLances = pedida in ABAS_MEUS_LANCES ? (pedida as AbaMeusLances) : 'todos';
  const leilao = Number(url.searchParams.get('leilao')) || null;
  const todos = await meusLances({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id });
  const contagem = Object.fromEntries(ABAS.map((a) => [a.chave, filtrarPorAba(todos, a.chave).length]));
  const leiloes = [...new Map(todos.filter((l) => l.leilaoId).map((l) => [l.leilaoId!, l.leilaoNome ?? `Leilão ${l.leilaoId}`])).entries()];
  const filtrados = filtrarPorAba(todos, aba).filter((l) => !leilao || l.leilaoId === leilao);
  // Paged (the spec gives no size for this screen: 20, decision 034); a page past the end shows the last one.
  const paginas = Math.max(1, Math.ceil(filtrados.length / TAMANHO_PAGINA_MEUS_LANCES));
  const pedidaPagina = Math.trunc(Number(url.searchParams.get('pagina')));
  const pagina = Math.min(paginas, Number.isFinite(pedidaPagina) && pedidaPagina > 1 ? pedidaPagina : 1);
  const lances = filtrados.slice((pagina - 1) * TAMANHO_PAGINA_MEUS_LANCES, pagina * TAMANHO_PAGINA_MEUS_LANCES);
  return {
    agora: Date.now(),
    aba,
    leilao,
    lances,
    total: filtrados.length,
    pagina,
    paginas,
    contagem,
    leiloes,
    mensagem: url.searchParams.get('mensagem'),
  };
}

export const meta: MetaFunction = () => [{ title: 'Meus lances' }];

export default function MeusLances() {
  // The server's clock when the page was made: an ended lot offers no automatic-bid change.
  const { agora, aba, leilao, lances, pagina, paginas, contagem, leiloes, mensagem } = useLoaderData<typeof loader>();
  const local = useLocation();
  const submit = useSubmit();
  const t = useWording(textosDeLances);
  const link = (a: string, l: number | null, p = 1) => `?aba=${a}${l ? `&leilao=${l}` : ''}${p > 1 ? `&pagina=${p}` : ''}`;
  return (
    <section className={container} style={{ paddingBlock: 24 }}>
      <h1>{t('meus_lances')}</h1>
      <nav className={s.abas} aria-label="Situação">
        {ABAS.map((a) => (
          <Link
            key={a.chave}
            to={link(a.chave, leilao)}
            className={a.chave === aba ? s.abaAtiva : s.aba}
            aria-current={a.chave === aba ? 'page' : undefined}
          >
            {a.rotulo} ({contagem[a.chave]})
          </Link>
        ))}
      </nav>
      {leiloes.length > 1 ? (
        // Per auction (the spec's "plus per auction"): a select, as a client may have bid in dozens.
        <Form method="get" className={s.filtroLeilao} onChange={(e) => submit(e.currentTarget)}>
          <input type="hidden" name="aba" value={aba} />
          <label>
            {t('leilao')}{' '}
            <select name="leilao" defaultValue={leilao ?? ''} key={leilao ?? ''} data-testid="filtro-leilao">
              <option value="">Todos os {t('leiloes').toLowerCase()}</option>
              {leiloes.map(([id, nome]) => (
                <option key={id} value={id}>
                  {nome}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit" className={botaoSecundario}>
              Filtrar
            </button>
          </noscript>
        </Form>
      ) : null}
      {mensagem ? (
        <p role="status" className={s.suave}>
          {mensagem}
        </p>
      ) : null}
      {lances.length === 0 ? <p>{t('nenhum_lance_aba')}</p> : null}
      <ul className={s.lista} data-testid="meus-lances">
        {lances.map((l) => (
          <li key={l.loteId} className={s.item}>
            <div>
              <Link to={`/lances/${l.veiUid}`} className={s.titulo}>
                {t('lote')} {l.numero} · {l.nome}
              </Link>
              <div className={s.suave}>
                {l.leilaoNome ?? ''} · {t.contar('n_lances', l.qtdLancesEnviados)} · último em {formatarDataHora(l.data)}
                {l.valorMaximoAutomatico ? ` · ${t('lances_painel.automatico')} até ${formatarMoeda(l.valorMaximoAutomatico)}` : ''}
              </div>
            </div>
            <div style={{ textAlign: 'right' }}>
              <strong>{formatarMoeda(l.valor)}</strong>
              <div className={s.suave} data-testid="status">
                {t(chaveDoStatus(l.ganhandoPerdendo))}
              </div>
            </div>
            {l.valorMaximoAutomatico &&
            (l.ganhandoPerdendo === 'ganhando' || l.ganhandoPerdendo === 'superado') &&
            faseDoLote(l, agora) !== 'encerrado' ? (
              // Automatic-bid maintenance: change the maximum or stop it (plain forms, no JS needed).
              <Form method="post" action="/lances/acao" className={s.automatico}>
                <input type="hidden" name="loteId" value={l.loteId} />
                <input type="hidden" name="redirectTo" value={`${local.pathname}${local.search}`} />
                <label className={s.suave}>
                  {t('lances_painel.automatico')}: máximo
                  <input className={s.campo} name="valorMaximo" inputMode="decimal" defaultValue={valorDoCampo(l.valorMaximoAutomatico)} />
                </label>
                <button className={botaoSecundario} type="submit" name="intencao" value="automatico">
                  Salvar
                </button>
                <button className={botaoSecundario} type="submit" name="intencao" value="cancelar-automatico">
                  Cancelar
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {paginas > 1 ? (
        <nav className={s.paginacao} aria-label="Paginação" data-testid="paginacao">
          {pagina > 1 ? (
            <Link to={link(aba, leilao, pagina - 1)} rel="prev">
              ← Anterior
            </Link>
          ) : null}
          <span>
            Página {pagina} de {paginas}
          </span>
          {pagina < paginas ? (
            <Link to={link(aba, leilao, pagina + 1)} rel="next">
              Próxima →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
