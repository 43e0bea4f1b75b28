import { lerFormulario } from '~/utils/formulario.server';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useRef, useState } from 'react';
import { Aviso } from '~/components/aviso';
import { Caixa, Campo, type Erros } from '~/components/formulario/campos';
import * as s from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { buscarCep } from '~/modules/identidade/cep.server';
import { cadastrarCliente, regrasDeCadastro, rotuloDocumento } from '~/modules/identidade/cliente.server';
import { enviarCodigo } from '~/modules/identidade/confirmacao.server';
import { criarSessao } from '~/modules/identidade/sessions.server';
import { codigoIndicacaoSchema, registrarIndicacao } from '~/modules/indicacao/indicacao.server';
import { usuarioDoPedido } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario, origemDoContexto, redirecionarLogado } from '~/paginas/paginas.server';
import { INTERESSES, ROTULOS_INTERESSE } from '~/modules/identidade/validacao';
import { formParaObjeto } from '~/utils/formulario.server';
import { useWording } from '~/components/marca';
import { metaDaPagina } from '~/components/meta';

/** The CEP lookup's answers when it finds nothing: the form goes on, the client types the address. */
const MENSAGEM_CEP = {
  naoEncontrado: 'CEP não encontrado. Preencha o endereço.',
  indisponivel: 'Não foi possível buscar o endereço agora. Preencha o endereço.',
} as const;

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Cadastro');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const regras = await regrasDeCadastro({ db: context.db, hotsiteId: context.marca.id });
  const pedido = new URL(request.url).searchParams.get('tipo');
  const tipoPessoa = pedido === 'Juridica' && regras.permitirCnpj ? 'Juridica' : regras.permitirCpf ? 'Fisica' : 'Juridica';
  // A friend's referral link (/cadastro?indicacao=CODE): the code rides in the form to the sign-up.
  const indicacao = codigoIndicacaoSchema.safeParse(new URL(request.url).searchParams.get('indicacao') ?? '');
  return {
    regras,
    tipoPessoa,
    indicacao: indicacao.success ? indicacao.data : null,
    logado: !!(await usuarioDoPedido(request, context)),
    documentos: regras.documentosObrigatorios.map(rotuloDocumento),
  };
}

type Valores = Record<string, unknown> & { endereco?: Record<string, string>; interesses?: Record<string, string> };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await lerFormulario(request);
  const valores = formParaObjeto(form) as Valores;
  delete valores.senha;
  delete valores.confirmarSenha;
  // "Buscar CEP" without JavaScript: the same form comes back with the address filled in.
  if (form.get('_acao') === 'cep') {
    const achado = await buscarCep(String(form.get('endereco.cep') ?? ''));
    const erros: Erros = achado ? {} : { 'endereco.cep': [MENSAGEM_CEP.naoEncontrado] };
    return json({
      ok: false as const,
      mensagem: null,
      erros,
      valores: { ...valores, endereco: { ...valores.endereco, ...(achado ?? {}) } },
    });
  }
  try {
    const entrada = formParaObjeto(form);
    const r = await cadastrarCliente({
      db: context.db,
      hotsiteId: context.marca.id,
      entrada,
      referer: request.headers.get('referer'),
      ip: origemDoContexto(request, context).ip,
    });
    // Referral (decision 188): an unknown code, or the same person, ties nothing; the sign-up stands either way.
    if (form.get('indicacao'))
      await registrarIndicacao({ db: context.db, hotsiteId: context.marca.id, codigo: form.get('indicacao'), indicadoId: r.usuarioId });
    const sessao = await criarSessao({ db: context.db, usuarioId: r.usuarioId, hotsiteId: context.marca.id });
    const regras = await regrasDeCadastro({ db: context.db, hotsiteId: context.marca.id });
    if (regras.confirmacoesObrigatorias.includes('email'))
      await enviarCodigo({
        db: context.db,
        hotsiteId: context.marca.id,
        usuarioId: r.usuarioId,
        tipo: 'email',
        nomeMarca: context.marca.nome,
      });
    const destino =
      r.tipoPessoa === 'Juridica'
        ? '/cadastro/socios'
        : regras.confirmacoesObrigatorias.includes('email')
          ? '/email'
          : '/cliente/minha-pagina';
    return redirecionarLogado(destino, sessao, false, 'Cadastro realizado com sucesso');
  } catch (e) {
    return comoErroDeFormulario(e, valores);
  }
}

export default function Cadastro() {
  const t = useWording();
  const { regras, tipoPessoa: tipoInicial, logado, documentos, indicacao } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { mensagem: string | null; erros: Erros; valores: Valores } | undefined;
  const navegacao = useNavigation();
  const v = (r?.valores ?? {}) as Valores;
  const tipoPessoa =
    (v.tipoPessoa as string) === 'Juridica' || (v.tipoPessoa as string) === 'Fisica' ? (v.tipoPessoa as string) : tipoInicial;
  const e = r?.erros;
  const formRef = useRef<HTMLFormElement>(null);

  const [avisoCep, setAvisoCep] = useState<string | null>(null);
  /**
   * With JavaScript: fill the address as soon as the CEP is complete. The lookup is a convenience: when
   * it fails (unknown CEP, service down, no network) the page says so and the client types the address.
   */
  async function aoMudarCep(ev: React.FocusEvent<HTMLInputElement>) {
    const cep = ev.currentTarget.value.replace(/\D/g, '');
    setAvisoCep(null);
    if (cep.length !== 8) return;
    try {
      const resp = await fetch(`/cep/${cep}`);
      if (!resp.ok) {
        setAvisoCep(resp.status === 404 ? MENSAGEM_CEP.naoEncontrado : MENSAGEM_CEP.indisponivel);
        return;
      }
      const end = (await resp.json()) as Record<string, string>;
      for (const [k, val] of Object.entries(end)) {
        const el = formRef.current?.elements.namedItem(`endereco.${k}`) as HTMLInputElement | null;
        if (el && val) el.value = val;
      }
    } catch {
      setAvisoCep(MENSAGEM_CEP.indisponivel);
    }
  }

  const val = (k: string) => (v[k] as string | undefined) ?? undefined;
  const end = (k: string) => v.endereco?.[k];
  // Outside the brand's sign-up window the page says so instead of offering a form that would refuse.
  if (regras.cadastroFechado)
    return (
      <section className={s.paginaLarga}>
        <h1>Cadastro</h1>
        <Aviso testId="cadastro-fechado">{regras.cadastroFechado}</Aviso>
        <p>
          Já tem cadastro? <Link to="/login">Entrar</Link>
        </p>
      </section>
    );
  return (
    <section className={s.paginaLarga}>
      <h1>Cadastro</h1>
      {logado ? (
        <Aviso>
          Você já está conectado. <Link to="/cliente/meu-perfil">Ver meu perfil</Link>
        </Aviso>
      ) : null}
      {r?.mensagem ? (
        <Aviso tipo="erro" testId="cadastro-erro">
          {r.mensagem}
        </Aviso>
      ) : null}
      {regras.permitirCpf && regras.permitirCnpj ? (
        <nav className={s.abas} aria-label="Tipo de pessoa">
          <Link to="?tipo=Fisica" className={s.aba} aria-current={tipoPessoa === 'Fisica' ? 'page' : undefined} replace>
            Pessoa Física
          </Link>
          <Link to="?tipo=Juridica" className={s.aba} aria-current={tipoPessoa === 'Juridica' ? 'page' : undefined} replace>
            Pessoa Jurídica
          </Link>
        </nav>
      ) : null}
      <Form method="post" ref={formRef} noValidate key={tipoPessoa}>
        <input type="hidden" name="tipoPessoa" value={tipoPessoa} />
        {indicacao ? <input type="hidden" name="indicacao" value={indicacao} /> : null}
        <fieldset className={s.cartao}>
          <legend>{tipoPessoa === 'Fisica' ? 'Dados pessoais' : 'Dados da empresa'}</legend>
          {tipoPessoa === 'Fisica' ? (
            <div className={s.grade}>
              <Campo nome="nome" rotulo="Nome completo" valor={val('nome')} erros={e} obrigatorio autoComplete="name" />
              <Campo nome="cpf" rotulo="CPF" valor={val('cpf')} erros={e} obrigatorio inputMode="numeric" placeholder="000.000.000-00" />
              <Campo nome="rg" rotulo="RG" valor={val('rg')} erros={e} />
              <Campo nome="dataNascimento" rotulo="Data de nascimento" tipo="date" valor={val('dataNascimento')} erros={e} obrigatorio />
              <Campo nome="ocupacaoProfissional" rotulo="Ocupação profissional" valor={val('ocupacaoProfissional')} erros={e} />
            </div>
          ) : (
            <div className={s.grade}>
              <Campo nome="razaoSocial" rotulo="Razão social" valor={val('razaoSocial')} erros={e} obrigatorio />
              <Campo
                nome="cnpj"
                rotulo="CNPJ"
                valor={val('cnpj')}
                erros={e}
                obrigatorio
                autoCapitalize="characters"
                placeholder="00.000.000/0000-00"
              />
              <Campo nome="nomeFantasia" rotulo="Nome fantasia" valor={val('nomeFantasia')} erros={e} />
              <Campo
                nome="inscricaoEstadual"
                rotulo="Inscrição estadual"
                valor={val('inscricaoEstadual')}
                erros={e}
                ajuda="Deixe em branco se for isento"
              />
              <Campo nome="ramoAtividade" rotulo="Ramo de atividade" valor={val('ramoAtividade')} erros={e} />
              <Campo nome="nome" rotulo="Nome do responsável" valor={val('nome')} erros={e} obrigatorio />
            </div>
          )}
          <div className={s.grade}>
            <Campo nome="email" rotulo="E-mail" tipo="email" valor={val('email')} erros={e} obrigatorio autoComplete="email" />
            <Campo
              nome="telefone"
              rotulo="Celular"
              tipo="tel"
              valor={val('telefone')}
              erros={e}
              obrigatorio
              placeholder="(11) 98765-4321"
            />
            <Campo nome="telefone2" rotulo="Outro telefone" tipo="tel" valor={val('telefone2')} erros={e} />
            <Campo nome="apelido" rotulo={t('apelido_exibido')} valor={val('apelido')} erros={e} />
            <Campo nome="rendaMensal" rotulo="Renda mensal (R$)" inputMode="decimal" valor={val('rendaMensal')} erros={e} />
            <Campo nome="comoConheceu" rotulo="Como nos conheceu?" valor={val('comoConheceu')} erros={e} />
          </div>
        </fieldset>
        <fieldset className={s.cartao}>
          <legend>Endereço</legend>
          <div className={s.grade}>
            <div>
              <Campo
                nome="endereco.cep"
                rotulo="CEP"
                valor={end('cep')}
                erros={e}
                obrigatorio
                inputMode="numeric"
                placeholder="00000-000"
                onBlur={aoMudarCep}
              />
              <p className={s.ajuda} role="status" data-testid="aviso-cep">
                {avisoCep}
              </p>
              <button type="submit" name="_acao" value="cep" className={botaoSecundario} formNoValidate>
                Buscar endereço pelo CEP
              </button>
            </div>
            <Campo nome="endereco.logradouro" rotulo="Logradouro" valor={end('logradouro')} erros={e} obrigatorio />
            <Campo nome="endereco.numero" rotulo="Número" valor={end('numero')} erros={e} obrigatorio />
            <Campo nome="endereco.complemento" rotulo="Complemento" valor={end('complemento')} erros={e} />
            <Campo nome="endereco.bairro" rotulo="Bairro" valor={end('bairro')} erros={e} obrigatorio />
            <Campo nome="endereco.cidade" rotulo="Cidade" valor={end('cidade')} erros={e} obrigatorio />
            <Campo nome="endereco.estadoSigla" rotulo="UF" valor={end('estadoSigla')} erros={e} obrigatorio maxLength={2} />
          </div>
        </fieldset>
        <fieldset className={s.cartao}>
          <legend>Tenho interesse em</legend>
          <div className={s.grade}>
            {INTERESSES.map((i) => (
              <Caixa key={i} nome={`interesses.${i}`} rotulo={ROTULOS_INTERESSE[i]} marcado={!!v.interesses?.[i]} />
            ))}
          </div>
        </fieldset>
        <fieldset className={s.cartao}>
          <legend>Acesso</legend>
          <div className={s.grade}>
            <Campo
              nome="senha"
              rotulo="Senha"
              tipo="password"
              erros={e}
              obrigatorio
              autoComplete="new-password"
              ajuda="No mínimo 6 caracteres; evite senhas comuns."
            />
            <Campo nome="confirmarSenha" rotulo="Confirme a senha" tipo="password" erros={e} obrigatorio autoComplete="new-password" />
          </div>
          {regras.confirmacoesObrigatorias.length || documentos.length ? (
            <Aviso>
              Após o cadastro,{' '}
              {regras.confirmacoesObrigatorias.length
                ? `confirme ${regras.confirmacoesObrigatorias.map((c) => (c === 'email' ? 'seu e-mail' : 'seu telefone')).join(' e ')}`
                : ''}
              {regras.confirmacoesObrigatorias.length && documentos.length ? ' e ' : ''}
              {documentos.length ? `envie: ${documentos.join(', ')}` : ''}.
            </Aviso>
          ) : null}
          <Caixa
            nome="aceiteTermos"
            rotulo={
              <>
                Li e aceito os{' '}
                <a href="/termos-de-uso" target="_blank" rel="noopener">
                  termos de uso
                </a>
                , o{' '}
                <a href="/regulamento" target="_blank" rel="noopener">
                  regulamento
                </a>{' '}
                e a{' '}
                <a href="/politica-de-privacidade" target="_blank" rel="noopener">
                  política de privacidade
                </a>
              </>
            }
            marcado={!!v.aceiteTermos}
            erros={e}
          />
        </fieldset>
        <button type="submit" className={botao} disabled={navegacao.state === 'submitting'} data-testid="botao-cadastrar">
          Cadastrar
        </button>
      </Form>
    </section>
  );
}
