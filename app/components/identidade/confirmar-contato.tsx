import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '../aviso';
import { Campo, type Erros } from './campos';
import * as s from './formulario.css';
import { botao, botaoSecundario } from '../layout.css';

/** /email and /telefone: send a code, type it. Two plain forms: works without JavaScript. */
export function ConfirmarContato({ titulo, tipo }: { titulo: string; tipo: 'email' | 'telefone' }) {
  const { destino, confirmado } = useLoaderData<{ destino: string | null; confirmado: boolean }>();
  const r = useActionData<{ ok: boolean; mensagem: string; erros?: Erros }>();
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
            <p>
              {tipo === 'email' ? 'Enviaremos um código de 6 dígitos para ' : 'Enviaremos um código de 6 dígitos por SMS para '}
              <strong>{destino}</strong>.
            </p>
            {r ? (
              <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="confirmacao-resposta">
                {r.mensagem}
              </Aviso>
            ) : null}
            <Form method="post" className={s.acoes}>
              <button type="submit" name="_acao" value="enviar" className={botaoSecundario}>
                Enviar código
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
