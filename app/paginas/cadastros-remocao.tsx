import { Form, Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import type { carregarCadastroRemocao } from './cadastros-remocao.server';
import { CADASTROS } from './textos-cadastros-remocao';

/** The removal registers' screen (decision 207): the list with its search, or one entry's form. */
type Dados = Awaited<ReturnType<typeof carregarCadastroRemocao>>;
type Resposta = { ok: false; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;

const texto = (v: unknown) => (v == null ? '' : String(v));
const grau = (v: unknown) => (typeof v === 'number' ? String(v).replace('.', ',') : '');

function Colunas({ d }: { d: Dados }) {
  if (d.cadastro === 'transportadoras')
    return (
      <>
        <th>Nome</th>
        <th>CNPJ</th>
        <th>Telefone</th>
        <th>E-mail</th>
      </>
    );
  if (d.cadastro === 'motoristas')
    return (
      <>
        <th>Nome</th>
        <th>CPF</th>
        <th>Telefone</th>
        <th>E-mail</th>
        <th>Transportadora</th>
      </>
    );
  return (
    <>
      <th>Nome</th>
      <th>Cidade</th>
      <th>Contato</th>
      <th>Telefone</th>
    </>
  );
}

function Linha({ d, x }: { d: Dados; x: Record<string, unknown> }) {
  const nome = (
    <td>
      <Link to={`/admin/${d.cadastro}/${texto(x.uid)}`}>{texto(x.nome)}</Link>
    </td>
  );
  if (d.cadastro === 'transportadoras')
    return (
      <tr>
        {nome}
        <td>{texto(x.cnpj)}</td>
        <td>{texto(x.telefone)}</td>
        <td>{texto(x.email)}</td>
      </tr>
    );
  if (d.cadastro === 'motoristas')
    return (
      <tr>
        {nome}
        <td>{texto(x.cpf)}</td>
        <td>{texto(x.telefone)}</td>
        <td>{texto(x.email)}</td>
        <td>{texto(x.transportadora)}</td>
      </tr>
    );
  const e = (x.endereco ?? {}) as Record<string, unknown>;
  return (
    <tr>
      {nome}
      <td>{[e.cidade, e.estadoSigla].filter(Boolean).map(String).join('/')}</td>
      <td>{texto(x.contatoNome)}</td>
      <td>{texto(x.contatoTelefone)}</td>
    </tr>
  );
}

/** A removal location's contact fields, one list instead of four near-identical fields. */
const CONTATO = [
  { nome: 'contatoNome', rotulo: 'Nome do contato', maxLength: 200 },
  { nome: 'contatoEmail', rotulo: 'E-mail do contato', tipo: 'email', maxLength: 200 },
  { nome: 'contatoTelefone', rotulo: 'Telefone do contato', tipo: 'tel', maxLength: 30 },
  { nome: 'contatoTelefone2', rotulo: 'Outro telefone', tipo: 'tel', maxLength: 30 },
] as const;

function Campos({ d, r }: { d: Dados; r: Resposta }) {
  const x = d.atual ?? {};
  const erros = r?.erros;
  const val = (nome: string, atual: unknown) => (r?.valores && nome in r.valores ? r.valores[nome] : texto(atual));
  const comum = (
    <>
      <Campo nome="telefone" rotulo="Telefone" tipo="tel" maxLength={30} valor={val('telefone', x.telefone)} erros={erros} />
      <Campo nome="email" rotulo="E-mail" tipo="email" maxLength={200} valor={val('email', x.email)} erros={erros} />
    </>
  );
  if (d.cadastro === 'transportadoras')
    return (
      <div className={s.grade3}>
        <Campo nome="nome" rotulo="Nome" obrigatorio maxLength={200} valor={val('nome', x.nome)} erros={erros} />
        <Campo nome="cnpj" rotulo="CNPJ" maxLength={20} valor={val('cnpj', x.cnpj)} erros={erros} />
        {comum}
      </div>
    );
  if (d.cadastro === 'motoristas')
    return (
      <div className={s.grade3}>
        <Campo nome="nome" rotulo="Nome" obrigatorio maxLength={200} valor={val('nome', x.nome)} erros={erros} />
        <Campo nome="cpf" rotulo="CPF" maxLength={14} valor={val('cpf', x.cpf)} erros={erros} />
        {comum}
        <Escolha
          nome="transportadoraId"
          rotulo="Transportadora"
          opcoes={d.transportadoras}
          vazio="Nenhuma"
          valor={val('transportadoraId', x.transportadoraId)}
          erros={erros}
        />
      </div>
    );
  const e = (x.endereco ?? {}) as Record<string, unknown>;
  const end = (k: string, max: number, rotulo: string) => (
    <Campo nome={`endereco.${k}`} rotulo={rotulo} maxLength={max} valor={val(`endereco.${k}`, e[k])} erros={erros} />
  );
  return (
    <>
      <div className={s.grade3}>
        <Campo nome="nome" rotulo="Nome" obrigatorio maxLength={200} valor={val('nome', x.nome)} erros={erros} />
        {end('cep', 10, 'CEP')}
        {end('logradouro', 200, 'Logradouro')}
        {end('numero', 20, 'Número')}
        {end('bairro', 120, 'Bairro')}
        {end('cidade', 120, 'Cidade')}
        {end('estadoSigla', 2, 'UF')}
        <Campo
          nome="latitude"
          rotulo="Latitude"
          inputMode="decimal"
          maxLength={16}
          valor={val('latitude', grau(x.latitude))}
          erros={erros}
        />
        <Campo
          nome="longitude"
          rotulo="Longitude"
          inputMode="decimal"
          maxLength={16}
          valor={val('longitude', grau(x.longitude))}
          erros={erros}
        />
      </div>
      <div className={s.grade3}>
        {CONTATO.map((c) => (
          <Campo key={c.nome} {...c} valor={val(c.nome, x[c.nome])} erros={erros} />
        ))}
      </div>
    </>
  );
}

export function PaginaCadastroRemocao() {
  const d = useLoaderData<typeof carregarCadastroRemocao>() as Dados;
  const r = useActionData() as Resposta;
  const c = CADASTROS[d.cadastro];
  // A save redirects back here: a new location empties the form; a refusal (no navigation) keeps what was typed.
  const { key } = useLocation();
  const formulario = (
    <Secao titulo={d.atual ? c.editar : c.novo}>
      <Form key={key} method="post" aria-label={d.atual ? c.editar : c.novo}>
        <Campos d={d} r={r} />
        <div className={f.acoes}>
          <button type="submit" className={botao}>
            Salvar
          </button>
        </div>
      </Form>
    </Secao>
  );
  return (
    <section data-testid={`cadastro-${d.cadastro}`}>
      <div className={s.titulo}>
        <h1>{d.atual ? texto(d.atual.nome) : c.titulo}</h1>
        {d.atual ? <Link to={`/admin/${d.cadastro}`}>Voltar à lista</Link> : null}
      </div>
      {r && !r.ok ? <Aviso tipo="erro">{r.mensagem}</Aviso> : null}
      {d.atual ? (
        formulario
      ) : (
        <>
          <Form method="get" className={s.filtros}>
            <label className={f.campo}>
              <span className={f.rotulo}>Nome</span>
              <input name="busca" defaultValue={d.busca} maxLength={100} className={f.entrada} />
            </label>
            <button type="submit" className={botao}>
              Buscar
            </button>
          </Form>
          <TabelaRolavel rotulo={c.titulo}>
            <table className={f.tabela} data-testid={`lista-${d.cadastro}`}>
              <thead>
                <tr>
                  <Colunas d={d} />
                </tr>
              </thead>
              <tbody>
                {d.itens.map((x) => (
                  <Linha key={texto(x.uid)} d={d} x={x} />
                ))}
              </tbody>
            </table>
          </TabelaRolavel>
          {d.itens.length === 0 ? <p>Nenhum cadastro encontrado.</p> : null}
          {formulario}
        </>
      )}
    </section>
  );
}
