import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useWording } from '~/components/marca';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { MODALIDADES_FRETE } from '@db/schema/entrega';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario, semQuebra } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { reaisParaCentavos } from '~/utils/numeros';
import { apagarFrete, listarFretes, salvarFrete } from '~/modules/vendas/entrega.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { formatarMoeda } from '~/utils/format';
import { idSchema } from '~/utils/id';
import { lerFormulario } from '~/utils/formulario.server';

/**
 * /admin/tabela-frete (Acerto, ADM; decision 072): freight by destination UF and vehicle category, plus
 * Sedex / Carta Registrada for documents. The buyer's freight and document shipping are priced from it.
 */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Tabela de frete');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  return { fretes: await listarFretes({ db: context.db, hotsiteId: context.marca.id }) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await exigirAcesso(request, context);
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  try {
    if (campos._acao === 'apagar') {
      await apagarFrete({ db: context.db, hotsiteId: context.marca.id, id: idSchema('Frete não encontrado').parse(campos.id) });
      return { ok: true as const, mensagem: 'Item apagado com sucesso', erros: {}, valores: {} };
    }
    if (campos._acao !== 'salvar') throw new ErroHttp(400, 'Ação desconhecida');
    let valor: number;
    try {
      valor = reaisParaCentavos(campos.valor ?? '');
    } catch {
      throw new ErroHttp(400, 'Informe o valor em reais');
    }
    await salvarFrete({ db: context.db, hotsiteId: context.marca.id, entrada: { ...campos, valor } });
    return { ok: true as const, mensagem: 'Salvo com sucesso', erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

export default function TabelaFrete() {
  const t = useWording();
  const { fretes } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string } | undefined;
  return (
    <section>
      <div className={s.titulo}>
        <h1>Tabela de frete</h1>
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <Form method="post" className={s.filtros}>
        <input type="hidden" name="_acao" value="salvar" />
        <label className={f.campo}>
          <span className={f.rotulo}>UF de destino</span>
          <input name="uf" required maxLength={2} className={f.entrada} placeholder="SP" />
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>Veículo ou documento</span>
          <select name="modalidade" className={f.entrada} required>
            {MODALIDADES_FRETE.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>Valor (R$)</span>
          <input name="valor" required inputMode="decimal" className={f.entrada} placeholder="1.800,00" />
        </label>
        <label className={f.campo}>
          <span className={f.rotulo}>Prazo (dias)</span>
          <input name="prazoDias" required inputMode="numeric" className={f.entrada} placeholder="12" />
        </label>
        <button type="submit" className={botao}>
          Salvar
        </button>
      </Form>
      <TabelaRolavel rotulo="Tabela de frete">
        <table className={f.tabela} data-testid="tabela-frete">
          <thead>
            <tr>
              <th>UF</th>
              <th>Veículo ou documento</th>
              <th>Valor</th>
              <th>Prazo</th>
              <th>Ações</th>
            </tr>
          </thead>
          <tbody>
            {fretes.map((x) => (
              <tr key={x.id}>
                <td>{x.uf}</td>
                <td>{x.modalidade}</td>
                <td className={semQuebra}>{formatarMoeda(x.valor)}</td>
                <td>{t.contar('n_dias', x.prazoDias)}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="_acao" value="apagar" />
                    <input type="hidden" name="id" value={x.id} />
                    <button type="submit" className={botaoSecundario}>
                      Apagar
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {fretes.length === 0 ? <p>Nenhum frete cadastrado.</p> : null}
    </section>
  );
}
