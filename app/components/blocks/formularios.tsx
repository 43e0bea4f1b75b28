import { Form, useLocation, useSearchParams } from '@remix-run/react';
import { useWording } from '~/components/marca';
import { botao } from '../layout.css';
import type { PropsBloco } from './props';
import * as s from './formularios.css';

/**
 * Blocks that are forms. Each works without JavaScript: busca-rapida is a GET form to the brand's lot
 * list; the contact form and the newsletter post to their own routes, which store the data and send
 * the visitor back here with `?contato=` / `?newsletter=` so the confirmation shows in place.
 */
export const MENSAGENS_FORMULARIO = {
  contatoEnviado: 'Mensagem enviada com sucesso. Em breve entraremos em contato.',
  contatoInvalido: 'Não foi possível enviar: confira nome, e-mail e mensagem.',
  newsletterInscrito: 'Inscrição confirmada. Você receberá nossas novidades por e-mail.',
  newsletterInvalido: 'Informe um e-mail válido.',
} as const;

/** Items: first item's titulo (heading), subtitulo (placeholder) and textoBotao (button). */
export function BuscaRapida({ sessao }: PropsBloco) {
  const t = useWording();
  const item = sessao.itens[0];
  return (
    <section className={s.caixa}>
      <h2 style={{ marginTop: 0 }}>{item?.titulo ?? sessao.nome}</h2>
      <form method="get" action={`/${t('caminho_lista')}`} role="search" className={s.linha}>
        <label className={s.campo}>
          <span>{item?.subtitulo ?? 'O que você procura?'}</span>
          <input className={s.entrada} type="search" name="busca" placeholder="Marca, modelo ou placa" maxLength={100} />
        </label>
        <button type="submit" className={botao}>
          {item?.textoBotao ?? 'Buscar'}
        </button>
      </form>
    </section>
  );
}

function Voltar() {
  const { pathname } = useLocation();
  return <input type="hidden" name="voltar" value={pathname} />;
}

/** Items (optional): first item's titulo and texto above the form, textoBotao on the button. */
export function FormularioContato({ sessao }: PropsBloco) {
  const [params] = useSearchParams();
  const estado = params.get('contato');
  const item = sessao.itens[0];
  return (
    <section id="contato" className={s.caixa}>
      <h2 style={{ marginTop: 0 }}>{item?.titulo ?? sessao.nome}</h2>
      {item?.texto ? <p>{item.texto}</p> : null}
      {estado === 'enviado' ? (
        <p className={s.confirmacao} role="status" data-testid="contato-enviado">
          {MENSAGENS_FORMULARIO.contatoEnviado}
        </p>
      ) : (
        <Form method="post" action="/formulario/contato" className={s.formulario} preventScrollReset>
          {estado === 'invalido' ? (
            <p className={s.erro} role="alert">
              {MENSAGENS_FORMULARIO.contatoInvalido}
            </p>
          ) : null}
          <Voltar />
          <label className={s.campo}>
            <span>Nome</span>
            <input className={s.entrada} name="nome" required minLength={2} maxLength={120} autoComplete="name" />
          </label>
          <label className={s.campo}>
            <span>E-mail</span>
            <input className={s.entrada} name="email" type="email" required maxLength={200} autoComplete="email" />
          </label>
          <label className={s.campo}>
            <span>Telefone (opcional)</span>
            <input className={s.entrada} name="telefone" type="tel" maxLength={30} autoComplete="tel" />
          </label>
          <label className={s.campo}>
            <span>Mensagem</span>
            <textarea className={s.entrada} name="mensagem" required minLength={5} maxLength={5000} rows={5} />
          </label>
          <div>
            <button type="submit" className={botao}>
              {item?.textoBotao ?? 'Enviar mensagem'}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

/** Items (optional): first item's titulo, texto and textoBotao. */
export function Newsletter({ sessao }: PropsBloco) {
  const [params] = useSearchParams();
  const estado = params.get('newsletter');
  const item = sessao.itens[0];
  return (
    <section id="newsletter" className={s.caixa}>
      <h2 style={{ marginTop: 0 }}>{item?.titulo ?? sessao.nome}</h2>
      {item?.texto ? <p>{item.texto}</p> : null}
      {estado === 'inscrito' ? (
        <p className={s.confirmacao} role="status" data-testid="newsletter-inscrito">
          {MENSAGENS_FORMULARIO.newsletterInscrito}
        </p>
      ) : (
        <Form method="post" action="/formulario/newsletter" className={s.linha} preventScrollReset>
          <Voltar />
          <label className={s.campo}>
            <span>E-mail</span>
            <input className={s.entrada} name="email" type="email" required maxLength={200} autoComplete="email" />
          </label>
          <button type="submit" className={botao}>
            {item?.textoBotao ?? 'Inscrever'}
          </button>
          {estado === 'invalido' ? (
            <p className={s.erro} role="alert" style={{ flexBasis: '100%' }}>
              {MENSAGENS_FORMULARIO.newsletterInvalido}
            </p>
          ) : null}
        </Form>
      )}
    </section>
  );
}
