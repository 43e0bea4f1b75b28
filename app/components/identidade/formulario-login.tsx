import { Form, Link, useActionData, useNavigation, useSearchParams } from '@remix-run/react';
import { Aviso } from '../aviso';
import { Caixa, Campo, type Erros } from '~/components/formulario/campos';
import { botao } from '../layout.css';
import * as s from '~/components/formulario/formulario.css';

export interface RespostaLogin {
  ok: false;
  mensagem: string;
  erros: Erros;
  valores: { email?: string; senha?: string; manterLogado?: boolean; pedir2fa?: boolean };
}

/** The login form of /login and /login-sistema: works as a plain POST; with JS it shows progress. */
export function FormularioLogin({ titulo, sistema = false }: { titulo: string; sistema?: boolean }) {
  const resposta = useActionData<RespostaLogin>();
  const navegacao = useNavigation();
  const [params] = useSearchParams();
  const enviando = navegacao.state !== 'idle' && navegacao.formMethod === 'POST';
  const mensagem = params.get('mensagem');
  const v = resposta?.valores ?? {};
  const pedir2fa = v.pedir2fa || params.get('2fa') === '1';
  return (
    <section className={s.pagina}>
      <div className={s.cartao}>
        <h1>{titulo}</h1>
        {mensagem && !resposta ? (
          <Aviso tipo="info" testId="mensagem-guarda">
            {mensagem}
          </Aviso>
        ) : null}
        {enviando ? <Aviso testId="login-aguarde">Efetuando o login, aguarde!</Aviso> : null}
        {resposta && !enviando ? (
          <Aviso tipo="erro" testId="login-erro">
            {resposta.mensagem}
          </Aviso>
        ) : null}
        <Form method="post" replace>
          <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
          <Campo nome="email" rotulo="E-mail" tipo="email" autoComplete="username" valor={v.email} erros={resposta?.erros} obrigatorio />
          <Campo
            nome="senha"
            rotulo="Senha"
            tipo="password"
            autoComplete="current-password"
            valor={pedir2fa ? v.senha : undefined}
            erros={resposta?.erros}
            obrigatorio
            minLength={6}
          />
          {pedir2fa ? (
            <Campo
              nome="twoFactorcode"
              rotulo="Código de autenticação (6 dígitos)"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              erros={resposta?.erros}
              // The only field of the two-factor step: the code goes straight in.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              ajuda="Abra o aplicativo autenticador e digite o código exibido."
            />
          ) : null}
          <Caixa nome="manterLogado" rotulo="Manter conectado" marcado={v.manterLogado} />
          <div className={s.acoes}>
            <button type="submit" className={botao} disabled={enviando} data-testid="botao-login">
              {enviando ? 'Efetuando o login, aguarde!' : 'Entrar'}
            </button>
            <Link to="/redefinir-senha">Esqueci minha senha</Link>
            {sistema ? null : <Link to="/cadastro">Criar cadastro</Link>}
          </div>
        </Form>
      </div>
    </section>
  );
}
