import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Secao } from '~/components/backoffice/pecas';
import type { Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { integracoesDaMarca, MENSAGENS_INTEGRACAO, rotacionarSegredo, salvarIntegracao } from '~/modules/seguradoras/integracoes.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { formatarDataHora } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';

/**
 * The brand's insurers (issue #31, decision 206; ADM alone): the address of our status updates, on/off, and
 * the shared secret, generated here and shown once, in the answer to the action that made it.
 */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Seguradoras');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  return { integracoes: await integracoesDaMarca({ db: context.db, hotsiteId: context.marca.id }) };
}

/** The answer that carries a secret is kept by no cache. */
const SEM_CACHE = { headers: { 'Cache-Control': 'no-store' } };
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.get('Cache-Control') ? { 'Cache-Control': actionHeaders.get('Cache-Control')! } : loaderHeaders;

type Resposta =
  | { ok: true; mensagem: string; segredo?: { integradora: string; valor: string } }
  | { ok: false; mensagem: string; erros: Erros; valores: Record<string, unknown> };

export async function action({ request, context }: ActionFunctionArgs) {
  await exigirAcesso(request, context);
  const form = await lerFormulario(request);
  const db = context.db;
  const hotsiteId = context.marca.id;
  const integradora = String(form.get('integradora') ?? '');
  try {
    if (form.get('_acao') === 'rotacionar') {
      const r = await rotacionarSegredo({ db, hotsiteId, integradora });
      return json(
        { ok: true as const, mensagem: MENSAGENS_INTEGRACAO.segredoGerado, segredo: { integradora, valor: r.segredo } },
        SEM_CACHE,
      );
    }
    const r = await salvarIntegracao({
      db,
      hotsiteId,
      entrada: { integradora, urlStatus: form.get('urlStatus'), ativo: form.get('ativo') },
    });
    if (r.segredo)
      return json(
        { ok: true as const, mensagem: MENSAGENS_INTEGRACAO.segredoGerado, segredo: { integradora, valor: r.segredo } },
        SEM_CACHE,
      );
    return json({ ok: true as const, mensagem: MENSAGENS_INTEGRACAO.salva });
  } catch (e) {
    return comoErroDeFormulario(e, { integradora, urlStatus: form.get('urlStatus') });
  }
}

export default function Seguradoras() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as Resposta | undefined;
  const erros = r && !r.ok ? r.erros : undefined;
  return (
    <section>
      <div className={s.titulo}>
        <h1>Seguradoras</h1>
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      {r?.ok && r.segredo ? (
        <Secao titulo={`Segredo da ${r.segredo.integradora} (mostrado só agora)`}>
          <p data-testid="segredo-da-seguradora">
            <code>{r.segredo.valor}</code>
          </p>
          <p className={f.ajuda}>
            A seguradora assina cada evento com HMAC-SHA256 de &quot;timestamp.corpo&quot; usando este segredo; as atualizações que enviamos
            vão assinadas com ele.
          </p>
        </Secao>
      ) : null}
      {d.integracoes.map((i) => (
        <Secao key={i.integradora} titulo={i.integradora}>
          <p>
            {i.configurada
              ? `${i.ativo ? 'Ativa' : 'Desativada'} · segredo definido em ${formatarDataHora(i.segredoEm!)}`
              : 'Integração não configurada'}
          </p>
          <p className={f.ajuda}>
            Eventos da seguradora em <code>{`/v1/integracao/${i.integradora.toLowerCase()}/remocoes`}</code>
          </p>
          <Form method="post">
            <input type="hidden" name="integradora" value={i.integradora} />
            <div className={f.campo}>
              <label htmlFor={`url-${i.integradora}`} className={f.rotulo}>
                Endereço das atualizações (S02-S17)
              </label>
              <input
                id={`url-${i.integradora}`}
                name="urlStatus"
                type="url"
                maxLength={500}
                defaultValue={i.urlStatus ?? ''}
                className={f.entrada}
                aria-invalid={erros?.urlStatus && r && !r.ok && r.valores.integradora === i.integradora ? true : undefined}
              />
              {erros?.urlStatus && r && !r.ok && r.valores.integradora === i.integradora ? (
                <p className={f.erro} role="alert">
                  {erros.urlStatus[0]}
                </p>
              ) : null}
            </div>
            <label className={f.caixa}>
              <input type="checkbox" name="ativo" defaultChecked={i.configurada ? i.ativo : true} /> Integração ativa
            </label>
            <div className={f.acoes}>
              <button type="submit" className={botao}>
                {i.configurada ? 'Salvar' : 'Configurar e gerar segredo'}
              </button>
            </div>
          </Form>
          {i.configurada ? (
            <Form method="post">
              <input type="hidden" name="_acao" value="rotacionar" />
              <input type="hidden" name="integradora" value={i.integradora} />
              <button type="submit" className={botaoSecundario}>
                Trocar segredo
              </button>
            </Form>
          ) : null}
        </Secao>
      ))}
    </section>
  );
}
