import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { DIAS_TRANSFERENCIA, diaUtilApos } from '~/modules/confianca/prazos';
import { regrasDaMarca, salvarPrazosDoComprador } from '~/modules/confianca/regras-da-marca.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { CARENCIA_ESTADIA_DIAS, partesEmSaoPaulo } from '~/modules/vendas/regras';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';

/*
 * The buyer's deadlines after the hammer, as the brand sets them (decision 249): the timeline on each
 * purchase and its reminders read these rules from the brand's row, so a saved value counts on the next
 * page view. The deadlines the spec or the law fixes are listed beside it, read-only, with their source.
 */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Prazos do comprador');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const { prazos } = await regrasDaMarca({ db: context.db, hotsiteId: context.marca.id });
  const hoje = partesEmSaoPaulo(new Date()).dia;
  return { prazos, exemplo: { pagamento: hoje, comprovantes: diaUtilApos(hoje, prazos.diasUteisComprovantes) } };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await exigirAcesso(request, context);
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  try {
    if (campos._acao !== 'salvar') throw new ErroHttp(400, 'Ação desconhecida');
    await salvarPrazosDoComprador({ db: context.db, hotsiteId: context.marca.id, entrada: campos });
    return { ok: true as const, mensagem: 'Prazos salvos: as compras já mostram os novos prazos.', erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

const dataCurta = (dia: string) => dia.split('-').reverse().join('/');

export default function PrazosDoComprador() {
  const { prazos, exemplo } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  const valor =
    r && !r.ok && r.valores.diasUteisComprovantes !== undefined ? r.valores.diasUteisComprovantes : String(prazos.diasUteisComprovantes);
  return (
    <section>
      <div className={s.titulo}>
        <h1>Prazos do comprador</h1>
        <Link to="/admin/datas-sem-leilao">Datas sem leilão →</Link>
      </div>
      <p className={f.ajuda}>
        Cada compra mostra ao comprador os prazos abaixo, com contagem regressiva e lembrete um dia antes do vencimento.
      </p>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <Form method="post">
        <input type="hidden" name="_acao" value="salvar" />
        <Secao titulo="Envio do comprovante de pagamento">
          <Campo
            nome="diasUteisComprovantes"
            rotulo="Dias úteis após a data de pagamento"
            obrigatorio
            valor={valor}
            erros={r?.erros}
            inputMode="numeric"
            maxLength={2}
            ajuda="De 0 a 10. Dias úteis pulam sábados, domingos e feriados nacionais; o prazo vence às 18h (horário de Brasília)."
          />
          <p className={f.ajuda} data-testid="exemplo-comprovantes">
            Exemplo: pagamento até {dataCurta(exemplo.pagamento)}, comprovante até {dataCurta(exemplo.comprovantes)} às 18h.
          </p>
        </Secao>
        <div className={f.acoes}>
          <button type="submit" className={botao}>
            Salvar prazos
          </button>
        </div>
      </Form>
      <Secao titulo="Prazos fixados pelo edital ou pela lei">
        <TabelaRolavel rotulo="Prazos fixados pelo edital ou pela lei">
          <table className={f.tabela}>
            <thead>
              <tr>
                <th>Prazo</th>
                <th>Contagem</th>
                <th>Origem</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Pagamento</td>
                <td>2 dias corridos após o leilão</td>
                <td>Condições de venda da plataforma</td>
              </tr>
              <tr>
                <td>Retirada sem custo de estadia</td>
                <td>{CARENCIA_ESTADIA_DIAS} dias corridos após a data de pagamento; depois, a diária do pátio</td>
                <td>
                  Regra de estadia do pátio (<Link to="/admin/patio-recesso">diária e horários</Link>)
                </td>
              </tr>
              <tr>
                <td>Transferência de propriedade (ATPV-e)</td>
                <td>{DIAS_TRANSFERENCIA} dias corridos após a confirmação do pagamento</td>
                <td>CTB, art. 123, § 1º (multa e pontos: art. 233)</td>
              </tr>
            </tbody>
          </table>
        </TabelaRolavel>
      </Secao>
    </section>
  );
}
