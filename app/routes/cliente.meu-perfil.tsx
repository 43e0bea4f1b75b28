import { lerFormulario } from '~/utils/formulario.server';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import { Caixa, Campo, type Erros } from '~/components/formulario/campos';
import * as s from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { atualizarCadastro, clienteDoUsuario } from '~/modules/identidade/cliente.server';
import { formatarCnpj, formatarCpf, formatarTelefone } from '~/modules/dominio/documentos-br';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { ultimosLogins } from '~/modules/identidade/login.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { INTERESSES, ROTULOS_INTERESSE } from '~/modules/identidade/validacao';
import { formParaObjeto } from '~/utils/formulario.server';
import { formatarDataHora } from '~/utils/format';
import { metaDaPagina } from '~/components/meta';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Meu perfil');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const u = (await exigirAcesso(request, context))!;
  const c = await clienteDoUsuario({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id });
  const logins = await ultimosLogins({ db: context.db, usuarioId: u.id });
  return {
    nome: u.nome,
    email: u.email,
    cliente: c && {
      documento: c.cpf ? formatarCpf(c.cpf) : c.cnpj ? formatarCnpj(c.cnpj) : '',
      natureza: c.natureza === 'Fisica' ? 'Pessoa Física' : 'Pessoa Jurídica',
      apelido: c.apelido,
      telefone: c.telefone ? formatarTelefone(c.telefone) : '',
      telefone2: c.telefone2 ? formatarTelefone(c.telefone2) : '',
      ocupacaoProfissional: c.ocupacaoProfissional,
      endereco: c.endereco,
      interesses: Object.fromEntries(INTERESSES.map((i) => [i, c[i]])) as Record<string, boolean>,
    },
    logins: logins.map((l) => ({ data: l.data.toISOString(), ip: l.ip, userAgent: l.userAgent })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const u = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const valores = formParaObjeto(form);
  const interesses = Object.fromEntries(INTERESSES.map((i) => [i, form.get(`interesses.${i}`) === 'on']));
  try {
    await atualizarCadastro({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id, entrada: { ...valores, interesses } });
    return { ok: true as const, mensagem: 'Salvo com sucesso', erros: {}, valores };
  } catch (e) {
    return comoErroDeFormulario(e, valores);
  }
}

export default function MeuPerfil() {
  const { nome, email, cliente: c, logins } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, unknown> } | undefined;
  const v = (r && !r.ok ? r.valores : null) as (Record<string, string> & { endereco?: Record<string, string> }) | null;
  const end = (k: string) => v?.endereco?.[k] ?? (c?.endereco as Record<string, string> | null)?.[k] ?? '';
  return (
    <section className={s.paginaLarga}>
      <h1>Meu perfil</h1>
      {r ? (
        <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="perfil-resposta">
          {r.ok ? r.mensagem : r.mensagem}
        </Aviso>
      ) : null}
      <div className={s.cartao}>
        <p>
          <strong>{nome}</strong> · {email}
          {c ? ` · ${c.natureza} ${c.documento}` : ''}
        </p>
        <p className={s.acoes}>
          <Link to="/cliente/compras">Minhas compras</Link>
          <Link to="/cliente/minha-pagina">Meus documentos</Link>
          <Link to="/dois-fatores">Autenticação em dois fatores</Link>
          <Link to="/redefinir-senha">Alterar senha</Link>
        </p>
      </div>
      {c ? (
        <Form method="post" noValidate className={s.cartao}>
          <h2>Dados de contato</h2>
          <div className={s.grade}>
            <Campo nome="apelido" rotulo="Apelido" valor={v?.apelido ?? c.apelido} erros={r?.erros} />
            <Campo
              nome="ocupacaoProfissional"
              rotulo="Ocupação profissional"
              valor={v?.ocupacaoProfissional ?? c.ocupacaoProfissional}
              erros={r?.erros}
            />
            <Campo nome="telefone" rotulo="Celular" tipo="tel" valor={v?.telefone ?? c.telefone} erros={r?.erros} />
            <Campo nome="telefone2" rotulo="Outro telefone" tipo="tel" valor={v?.telefone2 ?? c.telefone2} erros={r?.erros} />
          </div>
          <h2>Endereço</h2>
          <div className={s.grade}>
            <Campo nome="endereco.cep" rotulo="CEP" valor={end('cep')} erros={r?.erros} />
            <Campo nome="endereco.logradouro" rotulo="Logradouro" valor={end('logradouro')} erros={r?.erros} />
            <Campo nome="endereco.numero" rotulo="Número" valor={end('numero')} erros={r?.erros} />
            <Campo nome="endereco.complemento" rotulo="Complemento" valor={end('complemento')} erros={r?.erros} />
            <Campo nome="endereco.bairro" rotulo="Bairro" valor={end('bairro')} erros={r?.erros} />
            <Campo nome="endereco.cidade" rotulo="Cidade" valor={end('cidade')} erros={r?.erros} />
            <Campo nome="endereco.estadoSigla" rotulo="UF" valor={end('estadoSigla')} erros={r?.erros} maxLength={2} />
          </div>
          <h2>Interesses</h2>
          <div className={s.grade}>
            {INTERESSES.map((i) => (
              <Caixa key={i} nome={`interesses.${i}`} rotulo={ROTULOS_INTERESSE[i]} marcado={c.interesses[i]} />
            ))}
          </div>
          <button type="submit" className={botao}>
            Salvar
          </button>
        </Form>
      ) : null}
      <div className={s.cartao}>
        <h2>Últimos acessos</h2>
        <table className={s.tabela} data-testid="ultimos-acessos">
          <thead>
            <tr>
              <th>Data</th>
              <th>IP</th>
              <th>Navegador</th>
            </tr>
          </thead>
          <tbody>
            {logins.map((l) => (
              <tr key={l.data}>
                <td>{formatarDataHora(l.data)}</td>
                <td>{l.ip}</td>
                <td>{l.userAgent?.slice(0, 80)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
