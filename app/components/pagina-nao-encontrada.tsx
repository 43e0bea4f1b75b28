import { Link } from '@remix-run/react';
import { useI18n } from '~/components/marca';
import { erros } from '~/locales/pt-BR/erros';
import { adicionarRecursos } from '~/utils/i18n';
import { botao, container } from './layout.css';

/**
 * 404 (default), a generic error, 403 with the guard's message (spec: lists the roles needed), or another
 * refusal (400, 413, 415) with its pt-BR message.
 */
export function PaginaNaoEncontrada({
  erro = false,
  acessoNegado,
  recusa,
  requestId,
}: {
  erro?: boolean;
  acessoNegado?: string;
  recusa?: string;
  requestId?: string;
}) {
  const i18n = useI18n();
  adicionarRecursos(i18n, erros);
  const t = (chave: string) => i18n.t(chave);
  const chave = acessoNegado ? 'acesso_negado' : recusa ? 'recusado' : erro ? 'erro' : 'nao_encontrado';
  const id = acessoNegado ? '403' : recusa ? 'recusado' : erro ? 'erro' : '404';
  return (
    <section className={container} style={{ paddingBlock: 64, textAlign: 'center' }} data-testid={`pagina-${id}`}>
      <h1>{t(`${chave}.titulo`)}</h1>
      <p>{acessoNegado ?? recusa ?? t(`${chave}.texto`)}</p>
      {/* Never the error itself (stack, SQL): only the id that finds it in the server log. */}
      {erro && requestId ? (
        <p data-testid="codigo-do-pedido">
          {t('erro.codigo')} <code>{requestId}</code>
        </p>
      ) : null}
      <Link to="/" className={botao}>
        {t('nao_encontrado.voltar')}
      </Link>
    </section>
  );
}
