import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, Secao } from '~/components/backoffice/pecas';
import { Caixa, Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { apagarConta, MENSAGEM_CONTA_NAO_ENCONTRADA, obterConta, salvarConta } from '~/modules/comitentes/contas-bancarias.server';
import { TIPOS_RECEBIMENTO } from '@db/schema/enums-catalogo';
import { unidadesAtivas } from '~/modules/backoffice/unidades-negocio.server';
import { listarCarteiras } from '~/modules/comitentes/carteiras.server';
import { listarComitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { idValido } from '~/utils/id';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Conta bancária');

function idDaRota(id: string | undefined) {
  if (id === undefined) return null;
  const n = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!idValido(n)) throw new ErroHttp(404, MENSAGEM_CONTA_NAO_ENCONTRADA);
  return n;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const id = idDaRota(params.id);
  const db = context.db;
  const hotsiteId = context.marca.id;
  const [conta, comitentes, carteiras, unidades] = await Promise.all([
    id ? obterConta({ db, hotsiteId, comitentes: 'todos', id }) : null,
    listarComitentes({ db, hotsiteId }),
    listarCarteiras({ db, hotsiteId, comitentes: 'todos', filtro: { status: 'ATIVA', porPagina: 200 } }),
    unidadesAtivas({ db, hotsiteId }),
  ]);
  // "Nova conta" from a seller's form comes with ?comitenteId=; an unknown id just leaves it blank.
  const doComitente = Number(new URL(request.url).searchParams.get('comitenteId'));
  const comitentePadrao = comitentes.some((c) => c.id === doComitente) ? doComitente : null;
  return {
    conta,
    comitentes: comitentes.map((c) => ({ valor: c.id, nome: c.nomeSite })),
    comitentePadrao,
    carteiras: carteiras.itens.map((k) => ({ valor: k.id, nome: `${k.comitente.nomeSite} · ${k.nome}` })),
    unidades: unidades.map((u) => ({ valor: u.id, nome: u.nome })),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await exigirAcesso(request, context);
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const db = context.db;
  const hotsiteId = context.marca.id;
  try {
    const id = idDaRota(params.id);
    if (campos._acao === 'apagar') {
      if (id === null) throw new ErroHttp(404, MENSAGEM_CONTA_NAO_ENCONTRADA);
      await apagarConta({ db, hotsiteId, id });
      return redirect('/admin/contas-bancarias');
    }
    if (campos._acao !== 'salvar') throw new ErroHttp(400, 'Ação desconhecida');
    const r = await salvarConta({ db, hotsiteId, id, entrada: campos });
    if (id === null) return redirect(`/admin/conta-bancaria/${r.id}`);
    return { ok: true as const, mensagem: 'Salvo com sucesso', erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

export default function ContaBancaria() {
  const { conta: c, comitentes, comitentePadrao, carteiras, unidades } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  const v = (campo: string, atual: unknown) =>
    r && !r.ok && r.valores[campo] !== undefined ? r.valores[campo] : atual == null ? '' : String(atual);
  const erros = r?.erros;
  return (
    <section>
      <div className={s.titulo}>
        <h1>{c ? `${c.codigoBanco} - ${c.banco}` : 'Nova conta bancária'}</h1>
        {c ? <span className={s.selo}>{c.comitenteNome ?? 'Conta da marca'}</span> : null}
      </div>
      <p>
        <Link to="/admin/contas-bancarias">← Contas bancárias</Link>
      </p>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <Form method="post">
        <input type="hidden" name="_acao" value="salvar" />
        <Secao titulo="Dados da conta">
          <div className={f.grade}>
            <Escolha
              nome="comitenteId"
              rotulo="Comitente"
              opcoes={comitentes}
              vazio="Conta da marca (sem comitente)"
              valor={v('comitenteId', c ? c.comitenteId : comitentePadrao)}
              erros={erros}
            />
            <Campo nome="banco" rotulo="Banco" obrigatorio valor={v('banco', c?.banco)} erros={erros} placeholder="Banco do Brasil" />
            <Campo
              nome="codigoBanco"
              rotulo="Código do banco"
              obrigatorio
              valor={v('codigoBanco', c?.codigoBanco)}
              erros={erros}
              inputMode="numeric"
              maxLength={3}
              placeholder="001"
            />
            <Campo nome="agencia" rotulo="Agência" obrigatorio valor={v('agencia', c?.agencia)} erros={erros} inputMode="numeric" />
            <Campo nome="conta" rotulo="Conta" obrigatorio valor={v('conta', c?.conta)} erros={erros} inputMode="numeric" />
            <Campo nome="digito" rotulo="Dígito" obrigatorio valor={v('digito', c?.digito)} erros={erros} maxLength={2} />
            <Campo nome="titular" rotulo="Titular" obrigatorio valor={v('titular', c?.titular)} erros={erros} />
            <Campo nome="cpfCnpj" rotulo="CPF/CNPJ do titular" obrigatorio valor={v('cpfCnpj', c?.cpfCnpj)} erros={erros} />
            <Campo nome="chavePix" rotulo="Chave PIX" valor={v('chavePix', c?.chavePix)} erros={erros} />
            <Campo nome="carteira" rotulo="Carteira (boleto)" valor={v('carteira', c?.carteira)} erros={erros} />
          </div>
          <Caixa nome="permiteBoleto" rotulo="Permite boleto" marcado={c?.permiteBoleto ?? false} erros={erros} />
          <Caixa nome="recebeLote" rotulo="Recebe pagamento de lotes" marcado={c?.recebeLote ?? true} erros={erros} />
          <Caixa nome="recebeReembolso" rotulo="Recebe reembolsos" marcado={c?.recebeReembolso ?? false} erros={erros} />
        </Secao>
        <Secao titulo="Conta do comitente: carteira e unidade de negócio">
          <div className={f.grade}>
            <Escolha
              nome="carteiraId"
              rotulo="Carteira"
              opcoes={carteiras}
              vazio="—"
              valor={v('carteiraId', c?.carteiraId)}
              erros={erros}
            />
            <Escolha
              nome="unidadeNegocioId"
              rotulo="Unidade de negócio"
              opcoes={unidades}
              vazio="—"
              valor={v('unidadeNegocioId', c?.unidadeNegocioId)}
              erros={erros}
            />
            <Escolha
              nome="tipoRecebimento"
              rotulo="Tipo de recebimento"
              opcoes={TIPOS_RECEBIMENTO.map((x) => ({ valor: x, nome: x }))}
              vazio="—"
              valor={v('tipoRecebimento', c?.tipoRecebimento)}
              erros={erros}
            />
          </div>
        </Secao>
        <div className={f.acoes}>
          <button type="submit" className={botao}>
            Salvar
          </button>
        </div>
      </Form>
      {c ? (
        <Form method="post" className={f.acoes}>
          <input type="hidden" name="_acao" value="apagar" />
          <button type="submit" className={botaoSecundario}>
            Apagar conta
          </button>
        </Form>
      ) : null}
    </section>
  );
}
