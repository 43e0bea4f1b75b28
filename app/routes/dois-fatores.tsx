import { lerFormulario } from '~/utils/formulario.server';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as s from '~/components/formulario/formulario.css';
import { qr } from '~/components/identidade/identidade.css';
import { botao } from '~/components/layout.css';
import { confirmar2fa, iniciar2fa } from '~/modules/identidade/confirmacao.server';
import { exigirLogin } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario, destinoSeguro, redirecionarComAviso } from '~/paginas/paginas.server';
import { metaDaPagina } from '~/components/meta';

export const meta: MetaFunction = ({ matches }) => [
  ...metaDaPagina(matches, 'Autenticação em dois fatores'),
  { name: 'robots', content: 'noindex' },
];

/** Enable TOTP two-factor: scan the QR code, type the first code. Login requires it afterwards. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const u = await exigirLogin(request, context);
  const r = await iniciar2fa({ db: context.db, usuarioId: u.id, emissor: context.marca.nome });
  return r.habilitado ? { habilitado: true as const } : { habilitado: false as const, segredo: r.segredo, qrCode: r.qrCode };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const u = await exigirLogin(request, context);
  const form = await lerFormulario(request);
  try {
    const r = await confirmar2fa({ db: context.db, usuarioId: u.id, codigo: form.get('codigo') });
    return redirecionarComAviso(
      destinoSeguro(new URL(request.url).searchParams.get('redirectTo'), u.interno ? '/admin' : '/cliente/meu-perfil'),
      r.mensagem,
    );
  } catch (e) {
    return comoErroDeFormulario(e);
  }
}

export default function DoisFatores() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { mensagem: string; erros: Erros } | undefined;
  return (
    <section className={s.pagina}>
      <div className={s.cartao}>
        <h1>Autenticação em dois fatores</h1>
        {d.habilitado ? (
          <Aviso tipo="sucesso">A autenticação em dois fatores está habilitada na sua conta.</Aviso>
        ) : (
          <>
            <p>1. Abra um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, Authy...) e leia o QR code:</p>
            <img src={d.qrCode} alt="QR code para o aplicativo autenticador" className={qr} data-testid="qrcode-2fa" />
            <p className={s.ajuda}>
              Sem câmera? Digite a chave: <code data-testid="segredo-2fa">{d.segredo}</code>
            </p>
            <p>2. Digite o código de 6 dígitos exibido no aplicativo:</p>
            {r ? <Aviso tipo="erro">{r.mensagem}</Aviso> : null}
            <Form method="post" noValidate>
              <Campo nome="codigo" rotulo="Código" inputMode="numeric" autoComplete="one-time-code" maxLength={6} erros={r?.erros} />
              <button type="submit" className={botao}>
                Habilitar
              </button>
            </Form>
          </>
        )}
      </div>
    </section>
  );
}
