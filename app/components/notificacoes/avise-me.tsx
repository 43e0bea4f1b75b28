import { Link, useFetcher, useLocation, useRouteLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as f from '~/components/formulario/formulario.css';
import { botaoSecundario } from '~/components/layout.css';

/** "Avise-me" on the list page: keeps the current filters as a saved search, with its frequency. */
export function AviseMe() {
  const sessao = useRouteLoaderData<{ usuario: { interno: boolean } | null }>('root');
  const { search, pathname } = useLocation();
  const fetcher = useFetcher<{ ok: boolean; mensagem: string }>();
  if (!sessao?.usuario) {
    return (
      <p className={f.ajuda} data-testid="avise-me">
        <Link to={`/login?redirectTo=${encodeURIComponent(pathname + search)}`}>Entre</Link> para ser avisado de novidades nesta busca.
      </p>
    );
  }
  if (sessao.usuario.interno) return null;
  return (
    <fetcher.Form method="post" action="/notificacoes/buscas" className={f.acoes} data-testid="avise-me">
      <input type="hidden" name="consulta" value={search.replace(/^\?/, '')} />
      <label className={f.caixa}>
        Avise-me de novidades nesta busca
        <select name="frequencia" className={f.entrada} defaultValue="diaria" aria-label="Frequência do alerta">
          <option value="instantanea">na hora</option>
          <option value="diaria">uma vez por dia</option>
          <option value="semanal">uma vez por semana</option>
        </select>
      </label>
      <button type="submit" className={botaoSecundario} disabled={fetcher.state !== 'idle'}>
        Avise-me
      </button>
      {fetcher.data ? (
        <Aviso tipo={fetcher.data.ok ? 'sucesso' : 'erro'} testId="avise-me-resultado">
          {fetcher.data.mensagem}
        </Aviso>
      ) : null}
    </fetcher.Form>
  );
}
