import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { FileText } from 'lucide-react';
import { usuarioDoPedido } from '~/modules/identidade/guard.server';
import { documentosDaMarca } from '~/modules/conveniencias/documentos.server';
import { formatarDataHora } from '~/utils/format';
import { formatarBytes } from '~/utils/formatar-bytes';
import { textoDaMarca } from '~/utils/i18n';
import { container } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { useWording } from '~/components/marca';
import { conveniencias } from '~/locales/pt-BR/conveniencias';
import * as s from '~/components/catalogo/catalogo.css';

/**
 * /documentos (spec 000 §2 public route; issue #33, decision 259): the documents a client sends to be
 * approved, and each upcoming auction's notice and documents. Public, and plain links: no JavaScript needed.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, marca } = context;
  const usuario = await usuarioDoPedido(request, context);
  const usuarioId = usuario?.hotsiteId === marca.id ? usuario.id : null;
  return { ...(await documentosDaMarca({ db, hotsiteId: marca.id, usuarioId })), logado: usuarioId !== null };
}

export const meta: MetaFunction = ({ matches }) => {
  const tipo = (matches.find((m) => m.id === 'root')?.data as { marca?: { tipo: 'leilao' | 'loja' } } | undefined)?.marca?.tipo ?? 'leilao';
  return metaDaPagina(matches, 'Documentos', textoDaMarca(tipo, 'documentos.intro', {}, conveniencias));
};

const CONFIRMACOES: Record<string, string> = { email: 'seu e-mail', telefone: 'seu telefone' };

export default function Documentos() {
  const { cadastro, leiloes, logado } = useLoaderData<typeof loader>();
  const t = useWording(conveniencias);
  const pessoas = [cadastro.permitirCpf ? 'pessoas físicas (CPF)' : null, cadastro.permitirCnpj ? 'pessoas jurídicas (CNPJ)' : null].filter(
    Boolean,
  );
  const confirmacoes = cadastro.confirmacoes.map((c) => CONFIRMACOES[c] ?? c);
  return (
    <div className={container}>
      <h1>{t('documentos.titulo')}</h1>
      <p>{t('documentos.intro')}</p>
      <section className={s.caixa} data-testid="documentos-cadastro" aria-labelledby="documentos-cadastro">
        <h2 id="documentos-cadastro">{t('documentos.cadastro')}</h2>
        {cadastro.documentos.length ? (
          <>
            <p>{t('documentos.cadastro_intro')}</p>
            <ul>
              {cadastro.documentos.map((d) => (
                <li key={d.chave}>{d.rotulo}</li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t('documentos.cadastro_nenhum')}</p>
        )}
        {confirmacoes.length ? <p>{t('documentos.confirmar', { lista: confirmacoes.join(' e ') })}</p> : null}
        {pessoas.length ? <p>{t('documentos.pessoas', { lista: pessoas.join(' e ') })}</p> : null}
        <p className={s.atalhos}>
          {logado ? (
            <Link to="/cliente/minha-pagina" className={s.chip}>
              {t('documentos.enviar_logado')}
            </Link>
          ) : (
            <>
              <Link to="/cadastro" className={s.chip}>
                {t('documentos.enviar_visitante')}
              </Link>
              <Link to="/login?redirectTo=%2Fcliente%2Fminha-pagina" className={s.chip}>
                {t('documentos.entrar')}
              </Link>
            </>
          )}
        </p>
      </section>
      <h2>{t('documentos.leiloes')}</h2>
      {leiloes.length ? (
        <ul className={s.patios}>
          {leiloes.map((l) => (
            <li key={l.uid} className={s.leilaoCard} data-testid="documentos-leilao" data-leilao-id={l.id}>
              <h3>{l.nome}</h3>
              <p className={s.subtitulo}>
                {formatarDataHora(l.data)}
                {l.cidade ? ` · ${l.cidade}${l.estadoUf ? `/${l.estadoUf}` : ''}` : ''}
              </p>
              {l.documentos.length ? (
                <ul className={s.atalhos}>
                  {l.documentos.map((d) => (
                    <li key={d.url}>
                      <a href={d.url} className={s.local} data-testid="documento">
                        <FileText aria-hidden size={15} />
                        {d.tamanho ? `${d.descricao} (${t('documentos.pdf', { tamanho: formatarBytes(d.tamanho) })})` : d.descricao}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : (
                <p>{t('documentos.leilao_sem_documentos')}</p>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('documentos.leiloes_nenhum')}</p>
      )}
    </div>
  );
}
