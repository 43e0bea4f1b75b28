import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '../aviso';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as s from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '../layout.css';

/**
 * /email and /telefone: send a code, type it. Two plain forms: works without JavaScript. Before a code
 * is sent the page says what will happen ("Enviaremos…"); once one is waiting it says so, once
 * ("Enviamos…"). A wrong code is told under the field only.
 */
export function ConfirmarContato({ titulo, tipo }: { titulo: string; tipo: 'email' | 'telefone' }) {
  const carregado = useLoaderData<{ destino: string | null; confirmado: boolean; enviado: boolean }>();
  const { destino, confirmado } = carregado;
  const r = useActionData<{ ok: boolean; enviado?: boolean; mensagem: string; erros?: Erros }>();
  const enviado = carregado.enviado || r?.enviado === true;
  const erroDoCampo = r?.erros && Object.keys(r.erros).length > 0;
  const meio = tipo === 'email' ? 'para ' : 'por SMS para ';
  return (
    <section className={s.pagina}>
      <div className={s.cartao}>
        <h1>{titulo}</h1>
        {confirmado ? (
          <>
            <Aviso tipo="sucesso" testId="contato-confirmado">
              {tipo === 'email' ? 'Seu e-mail está confirmado.' : 'Seu telefone está confirmado.'}
            </Aviso>
            <Link to={tipo === 'email' ? '/telefone' : '/cliente/minha-pagina'} className={botao}>
              Continuar
            </Link>
          </>
        ) : (
          <>
            {enviado ? (
              <Aviso tipo="sucesso" testId="codigo-enviado">
                Enviamos um código de 6 dígitos {meio}
                <strong>{destino}</strong>. Ele vale por 15 minutos.
              </Aviso>
            ) : (
              <p data-testid="codigo-a-enviar">
                Enviaremos um código de 6 dígitos {meio}
                <strong>{destino}</strong>.
              </p>
            )}
            {r && !r.ok && !erroDoCampo ? (
              <Aviso tipo="erro" testId="confirmacao-resposta">
                {r.mensagem}
              </Aviso>
            ) : null}
            <Form method="post" className={s.acoes}>
              <button type="submit" name="_acao" value="enviar" className={botaoSecundario}>
                {enviado ? 'Enviar outro código' : 'Enviar código'}
              </button>
            </Form>
            <Form method="post" noValidate>
              <Campo
                nome="codigo"
                rotulo="Código recebido"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                erros={r?.erros}
              />
              <button type="submit" name="_acao" value="confirmar" className={botao}>
                Confirmar
              </button>
            </Form>
          </>
        )}
      </div>
    </section>
  );
}
