import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, Paginacao, Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao, semQuebra } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { hojeEmSaoPaulo, listarDepositos, MENSAGENS_DEPOSITO, obterDeposito, salvarDeposito } from '~/modules/backoffice/depositos.server';
import { patiosAtivos } from '~/modules/backoffice/leiloes.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { idValido } from '~/utils/id';
import { lerFormulario } from '~/utils/formulario.server';

/**
 * Deposit of goods (spec 000 §2 `/admin/deposito-bens` and `/{id?}`, Dev with ADM): the deposits, filtered and
 * paged, and the form that registers one (or corrects the one in the address). Decision 067.
 */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Depósito de bens');

function idDaRota(id: string | undefined) {
  if (id === undefined) return null;
  const n = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!idValido(n)) throw new ErroHttp(404, MENSAGENS_DEPOSITO.naoEncontrado);
  return n;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const db = context.db;
  const hotsiteId = context.marca.id;
  const id = idDaRota(params.id);
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  const [lista, deposito, patios] = await Promise.all([
    listarDepositos({ db, hotsiteId, filtro }),
    id === null ? null : obterDeposito({ db, hotsiteId, id }),
    patiosAtivos({ db, hotsiteId }),
  ]);
  return {
    ...lista,
    filtro,
    deposito,
    patios: patios.map((p) => ({ valor: p.id, nome: `${p.nome} (${p.cidade}/${p.estadoUf})` })),
    hoje: hojeEmSaoPaulo(),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  try {
    const id = idDaRota(params.id);
    const r = await salvarDeposito({
      db: context.db,
      hub: context.hub,
      hotsiteId: context.marca.id,
      usuarioId: eu.id,
      id,
      entrada: campos,
    });
    if (id === null) return redirect(`/admin/deposito-bens/${r.id}`);
    return { ok: true as const, mensagem: 'Salvo com sucesso', erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

const paraData = (dia: string) => dia.split('-').reverse().join('/');

export default function DepositoBens() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  const x = d.deposito;
  const val = (c: string, atual: unknown) => (r && !r.ok && r.valores[c] !== undefined ? r.valores[c] : atual == null ? '' : String(atual));
  return (
    <section>
      <div className={s.titulo}>
        <h1>Depósito de bens</h1>
        {x ? (
          <Link to="/admin/deposito-bens" className={botao}>
            Novo depósito
          </Link>
        ) : null}
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <Form method="post" key={x?.id ?? 'novo'}>
        <Secao titulo={x ? `Depósito de ${x.veiculoNome}` : 'Registrar depósito'}>
          <div className={s.grade3}>
            <Campo
              nome="veiculo"
              rotulo="Veículo (placa, chassi ou uid)"
              obrigatorio
              valor={val('veiculo', x ? (x.placa ?? x.chassi ?? x.veiculoUid) : '')}
              erros={r?.erros}
            />
            <Escolha
              nome="patioId"
              rotulo="Pátio"
              opcoes={d.patios}
              vazio="—"
              valor={val('patioId', x?.patioId)}
              erros={r?.erros}
              obrigatorio
            />
            <Campo
              nome="data"
              rotulo="Data de entrada"
              tipo="date"
              obrigatorio
              valor={val('data', x?.data ?? d.hoje)}
              erros={r?.erros}
              max={d.hoje}
            />
            <Campo nome="entreguePor" rotulo="Entregue por" obrigatorio valor={val('entreguePor', x?.entreguePor)} erros={r?.erros} />
            <Campo
              nome="entreguePorDocumento"
              rotulo="Documento de quem entregou"
              valor={val('entreguePorDocumento', x?.entreguePorDocumento)}
              erros={r?.erros}
            />
            <Campo nome="vaga" rotulo="Vaga" valor={val('vaga', x?.vaga)} erros={r?.erros} />
            <Campo nome="codigoChave" rotulo="Código da chave" valor={val('codigoChave', x?.codigoChave)} erros={r?.erros} />
          </div>
          <label className={f.campo}>
            <span className={f.rotulo}>Estado do bem na entrada</span>
            <textarea name="observacao" rows={3} className={f.entrada} defaultValue={val('observacao', x?.observacao)} />
          </label>
        </Secao>
        <div className={f.acoes}>
          <button type="submit" className={botao}>
            Salvar
          </button>
        </div>
      </Form>
      <Form method="get" className={s.filtros}>
        <label className={f.campo}>
          <span className={f.rotulo}>Veículo ou entregador</span>
          <input name="busca" defaultValue={d.filtro.busca ?? ''} className={f.entrada} />
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>Pátio</span>
          <select name="patioId" defaultValue={d.filtro.patioId ?? ''} className={f.entrada}>
            <option value="">Todos</option>
            {d.patios.map((p) => (
              <option key={p.valor} value={p.valor}>
                {p.nome}
              </option>
            ))}
          </select>
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>De</span>
          <input type="date" name="de" defaultValue={d.filtro.de ?? ''} className={f.entrada} />
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>Até</span>
          <input type="date" name="ate" defaultValue={d.filtro.ate ?? ''} className={f.entrada} />
        </label>
        <button type="submit" className={botao}>
          Filtrar
        </button>
      </Form>
      <TabelaRolavel rotulo="Depósito de bens">
        <table className={f.tabela} data-testid="lista-depositos">
          <thead>
            <tr>
              <th>Data</th>
              <th>Veículo</th>
              <th>Placa</th>
              <th>Pátio</th>
              <th>Entregue por</th>
              <th>Estado na entrada</th>
              <th>Registrado por</th>
            </tr>
          </thead>
          <tbody>
            {d.itens.map((i) => (
              <tr key={i.id}>
                <td>
                  <Link to={`/admin/deposito-bens/${i.id}`}>{paraData(i.data)}</Link>
                </td>
                <td>{i.veiculoNome}</td>
                <td className={semQuebra}>{i.placa ?? ''}</td>
                <td>{i.patioNome}</td>
                <td>{i.entreguePor}</td>
                <td>{i.observacao ?? ''}</td>
                <td>{i.criadoPor ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {d.itens.length === 0 ? <p>Nenhum depósito registrado.</p> : null}
      <Paginacao pagina={d.pagina} porPagina={d.porPagina} total={d.total} />
    </section>
  );
}
