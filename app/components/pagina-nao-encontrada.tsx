import { Link } from '@remix-run/react';
import { useI18n } from '~/utils/marca';
import { botao, container } from './layout.css';

/** 404 (default), a generic error, or 403 with the guard's message (spec: lists the roles needed). */
export function PaginaNaoEncontrada({ erro = false, acessoNegado, requestId }: { erro?: boolean; acessoNegado?: string; requestId?: string }) {
  const i18n = useI18n();
  const t = (chave: string) => i18n.t(chave);
  const chave = acessoNegado ? 'acesso_negado' : erro ? 'erro' : 'nao_encontrado';
  return (
    <section className={container} style={{ paddingBlock: 64, textAlign: 'center' }} data-testid={`pagina-${acessoNegado ? '403' : erro ? 'erro' : '404'}`}>
      <h1>{t(`${chave}.titulo`)}</h1>
      <p>{acessoNegado ?? t(`${chave}.texto`)}</p>
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
