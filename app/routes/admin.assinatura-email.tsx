import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Secao } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { AMOSTRA_DA_PREVIA, assinaturaSchema, LINHAS_DA_ASSINATURA } from '~/modules/notificacoes/modelos';
import { obterAssinatura, salvarAssinatura } from '~/modules/notificacoes/modelos.server';
import { textoDaNotificacao } from '~/modules/notificacoes/texto';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Assinatura dos e-mails');

/**
 * /admin/assinatura-email (ADM with MKT): the brand's e-mail signature, plain text, appended to every e-mail
 * the brand sends (decision 210), with a preview of an e-mail as a client receives it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const a = await obterAssinatura({ db: context.db, hotsiteId: context.marca.id });
  return { texto: a?.texto ?? '', salvoPor: a?.updatedPor ?? null, exemplo: exemplo(context.marca.tipo) };
}

const exemplo = (tipo: 'leilao' | 'loja') => textoDaNotificacao(tipo, { evento: 'arrematado', ...AMOSTRA_DA_PREVIA });

export async function action({ request, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = { texto: typeof form.get('texto') === 'string' ? String(form.get('texto')) : '', _acao: String(form.get('_acao') ?? '') };
  try {
    if (campos._acao === 'previa') {
      const { texto } = assinaturaSchema.parse(campos);
      return { ok: true as const, mensagem: 'Pré-visualização abaixo (ainda não salva).', erros: {}, valores: { texto }, previa: texto };
    }
    if (campos._acao !== 'salvar') throw new ErroHttp(400, 'Ação desconhecida');
    const { texto } = await salvarAssinatura({ db: context.db, hotsiteId: context.marca.id, entrada: campos, autor: eu.nome });
    return {
      ok: true as const,
      mensagem: texto === '' ? 'Assinatura removida.' : 'Assinatura salva.',
      erros: {},
      valores: { texto },
      previa: null,
    };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

type Resposta = {
  ok: boolean;
  mensagem: string;
  erros: Record<string, string[] | undefined>;
  valores: { texto?: string };
  previa?: string | null;
};

export default function AssinaturaEmail() {
  const { texto, salvoPor, exemplo: e } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as Resposta | undefined;
  const valor = r?.valores?.texto ?? texto;
  const assinatura = r?.previa ?? (r?.ok ? (r.valores.texto ?? texto) : texto);
  return (
    <section>
      <div className={s.titulo}>
        <h1>Assinatura dos e-mails</h1>
        <Link to="/admin/notificacoes">Notificações</Link>
      </div>
      <p>
        Vai ao fim de todo e-mail que esta marca envia: avisos, compras, cadastro e senha. Só texto, até {LINHAS_DA_ASSINATURA} linhas;
        marcações HTML são removidas.
      </p>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <Form method="post" data-testid="form-assinatura" key={r?.ok && !r.previa ? `salvo-${valor}` : 'editando'}>
        <Secao titulo="Assinatura">
          <label className={f.campo}>
            <span className={f.rotulo}>Texto da assinatura</span>
            <textarea
              name="texto"
              rows={6}
              maxLength={2000}
              defaultValue={valor}
              className={f.entrada}
              aria-invalid={r?.erros?.texto ? true : undefined}
              aria-describedby={r?.erros?.texto ? 'assinatura-erro' : undefined}
            />
            {r?.erros?.texto ? (
              <span id="assinatura-erro" className={f.erro} role="alert">
                {r.erros.texto[0]}
              </span>
            ) : null}
          </label>
        </Secao>
        <div className={f.acoes}>
          <button type="submit" name="_acao" value="salvar" className={botao}>
            Salvar
          </button>
          <button type="submit" name="_acao" value="previa" className={botaoSecundario}>
            Pré-visualizar
          </button>
        </div>
      </Form>
      <h2>Pré-visualização</h2>
      <article className={f.cartao} data-testid="previa-assinatura">
        <p className={f.ajuda}>Assunto: {e.titulo}</p>
        <p>{e.texto}</p>
        {assinatura ? (
          <p data-testid="assinatura-exibida">
            --
            {assinatura.split('\n').map((linha, i) => (
              <span key={i}>
                <br />
                {linha}
              </span>
            ))}
          </p>
        ) : (
          <p className={f.ajuda}>Sem assinatura.</p>
        )}
      </article>
      {salvoPor ? <p className={f.ajuda}>Última alteração por {salvoPor}.</p> : null}
    </section>
  );
}
