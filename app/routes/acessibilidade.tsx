import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { useMarca, useWording } from '~/components/marca';
import { metaDaPagina } from '~/components/meta';
import * as s from '~/components/privacidade/privacidade.css';
import { acessibilidade } from '~/locales/pt-BR/privacidade';
import { usuarioDoPedido } from '~/modules/identidade/guard.server';
import { relatarBarreira } from '~/modules/operacoes/barreiras.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { formatarData } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Acessibilidade');

/** The day this statement's text was last reviewed (shown on the page; change it with the text). */
const REVISADA_EM = '2026-11-27T12:00:00Z';

/**
 * /acessibilidade: the brand's accessibility statement (issue #34 part 6, decision 237): the standard
 * (WCAG 2.2 AA, ABNT NBR 17225), how the site is tested (axe-core in the browser suite), the known limits,
 * and a form whose report reaches staff as an incident. Open to everyone, linked from every footer.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  try {
    const u = await usuarioDoPedido(request, context);
    await relatarBarreira({ db: context.db, hotsiteId: context.marca.id, ip: context.ip, usuarioId: u?.id ?? null, entrada: campos });
    return { ok: true as const, mensagem: acessibilidade.declaracao.enviado, erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

type Resposta = { ok: boolean; mensagem: string; erros: Record<string, string[]>; valores: Record<string, string> } | undefined;

export default function Acessibilidade() {
  const marca = useMarca();
  const t = useWording(acessibilidade);
  const r = useActionData<typeof action>() as Resposta;
  const valor = (c: string) => (r && !r.ok ? (r.valores?.[c] ?? '') : '');
  const erro = (c: string) => r?.erros?.[c]?.[0];
  const campo = (nome: string, rotulo: string, props: { type?: string; required?: boolean; autoComplete?: string; maxLength: number }) => (
    <label className={f.campo}>
      <span className={f.rotulo}>{rotulo}</span>
      <input
        name={nome}
        className={f.entrada}
        defaultValue={valor(nome)}
        aria-invalid={erro(nome) ? true : undefined}
        aria-describedby={erro(nome) ? `erro-${nome}` : undefined}
        {...props}
      />
      {erro(nome) ? (
        <span id={`erro-${nome}`} className={f.erro}>
          {erro(nome)}
        </span>
      ) : null}
    </label>
  );
  return (
    <section className={f.paginaLarga}>
      <h1>{t('declaracao.titulo')}</h1>
      <p>{t('declaracao.compromisso', { marca: marca.nome })}</p>

      <h2>{t('declaracao.padrao_titulo')}</h2>
      <p>{t('declaracao.padrao')}</p>
      <h2>{t('declaracao.situacao_titulo')}</h2>
      <p data-testid="situacao-conformidade">{t('declaracao.situacao')}</p>

      <h2>{t('declaracao.teste_titulo')}</h2>
      <ul>
        <li>{t('declaracao.teste_1')}</li>
        <li>{t('declaracao.teste_2')}</li>
        <li>{t('declaracao.teste_3')}</li>
      </ul>

      <h2>{t('declaracao.limites_titulo')}</h2>
      <ul>
        <li>{t('declaracao.limite_1')}</li>
        <li>{t('declaracao.limite_2')}</li>
        <li>{t('declaracao.limite_3')}</li>
      </ul>

      <div className={s.cartao} id="relatar">
        <h2 className={s.titulo}>{t('declaracao.relatar_titulo')}</h2>
        <p>{t('declaracao.relatar')}</p>
        {r ? (
          <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="aviso-barreira">
            {r.mensagem}
          </Aviso>
        ) : null}
        <Form method="post" action="/acessibilidade#relatar">
          {campo('nome', t('declaracao.nome'), { autoComplete: 'name', maxLength: 120 })}
          {campo('email', t('declaracao.email'), { type: 'email', required: true, autoComplete: 'email', maxLength: 254 })}
          {campo('pagina', t('declaracao.pagina'), { maxLength: 300 })}
          <label className={f.campo}>
            <span className={f.rotulo}>{t('declaracao.descricao')}</span>
            <textarea
              name="descricao"
              className={f.entrada}
              rows={5}
              required
              maxLength={4000}
              defaultValue={valor('descricao')}
              aria-invalid={erro('descricao') ? true : undefined}
              aria-describedby={erro('descricao') ? 'erro-descricao' : undefined}
            />
            {erro('descricao') ? (
              <span id="erro-descricao" className={f.erro}>
                {erro('descricao')}
              </span>
            ) : null}
          </label>
          {campo('tecnologia', t('declaracao.tecnologia'), { maxLength: 200 })}
          <button type="submit" className={botao}>
            {t('declaracao.enviar')}
          </button>
        </Form>
        {marca.emailContato || marca.telefoneContato ? (
          <p className={f.ajuda}>
            {t('declaracao.outros_canais')} {marca.emailContato ? <a href={`mailto:${marca.emailContato}`}>{marca.emailContato}</a> : null}
            {marca.emailContato && marca.telefoneContato ? ' · ' : ''}
            {marca.telefoneContato ?? ''}
          </p>
        ) : null}
      </div>
      <p className={f.ajuda}>{t('declaracao.atualizada', { data: formatarData(REVISADA_EM) })}</p>
    </section>
  );
}
