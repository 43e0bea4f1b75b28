import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { adicionarDataSemLeilao, feriadosDoAno, regrasDaMarca, removerDataSemLeilao } from '~/modules/confianca/regras-da-marca.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { partesEmSaoPaulo } from '~/modules/vendas/regras';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';

/*
 * The brand's days without auctions (decision 249): municipal holidays and the brand's own closures that the
 * decree's check beside "Publicar" refuses besides Sundays and the national and state holidays it already
 * knows. The year's holidays from the same library are offered to add in one press.
 */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Datas sem leilão');

const anoSchema = z.coerce.number().int().min(2000).max(2099);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const pedido = new URL(request.url).searchParams.get('ano');
  const ano = anoSchema.safeParse(pedido ?? undefined);
  const atual = Number(partesEmSaoPaulo(new Date()).dia.slice(0, 4));
  const escolhido = ano.success ? ano.data : atual;
  const { datas } = await regrasDaMarca({ db: context.db, hotsiteId: context.marca.id });
  return { datas, ano: escolhido, feriados: feriadosDoAno(escolhido) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await exigirAcesso(request, context);
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  try {
    const base = { db: context.db, hotsiteId: context.marca.id, entrada: { dia: campos.dia } };
    if (campos._acao === 'adicionar') {
      const { dia } = await adicionarDataSemLeilao(base);
      return {
        ok: true as const,
        mensagem: `Data ${dataCurta(dia)} incluída: nenhum leilão pode ser publicado nesse dia.`,
        erros: {},
        valores: {},
      };
    }
    if (campos._acao === 'remover') {
      const { dia } = await removerDataSemLeilao(base);
      return { ok: true as const, mensagem: `Data ${dataCurta(dia)} removida.`, erros: {}, valores: {} };
    }
    throw new ErroHttp(400, 'Ação desconhecida');
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

const dataCurta = (dia: string) => dia.split('-').reverse().join('/');
const SEMANA = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];
const diaDaSemana = (dia: string) => SEMANA[new Date(`${dia}T12:00:00Z`).getUTCDay()];

export default function DatasSemLeilao() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  const incluidas = new Set(d.datas);
  return (
    <section>
      <div className={s.titulo}>
        <h1>Datas sem leilão</h1>
        <Link to="/admin/prazos-comprador">Prazos do comprador →</Link>
      </div>
      <p className={f.ajuda}>
        Domingos e os feriados nacionais e estaduais do local do leilão já são recusados ao publicar (Decreto 21.981/1932). Inclua aqui os
        feriados municipais e os dias em que a marca não faz leilão: a conferência ao lado de “Publicar” passa a recusá-los na hora.
      </p>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      {/* A new key after each success empties the date field (the form stays on the page with JavaScript). */}
      <Form method="post" className={s.filtros} key={r?.ok ? r.mensagem : 'nova-data'}>
        <input type="hidden" name="_acao" value="adicionar" />
        <Campo nome="dia" rotulo="Data" tipo="date" obrigatorio valor={r && !r.ok ? (r.valores.dia ?? '') : ''} erros={r?.erros} />
        <button type="submit" className={botao}>
          Incluir data
        </button>
      </Form>
      <TabelaRolavel rotulo="Datas sem leilão da marca">
        <table className={f.tabela} data-testid="datas-sem-leilao">
          <thead>
            <tr>
              <th>Data</th>
              <th>Dia da semana</th>
              <th>Ações</th>
            </tr>
          </thead>
          <tbody>
            {d.datas.map((dia) => (
              <tr key={dia}>
                <td>{dataCurta(dia)}</td>
                <td>{diaDaSemana(dia)}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="_acao" value="remover" />
                    <input type="hidden" name="dia" value={dia} />
                    <button type="submit" className={botaoSecundario} aria-label={`Remover ${dataCurta(dia)}`}>
                      Remover
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {d.datas.length === 0 ? <p>Nenhuma data cadastrada: valem só os domingos e feriados nacionais e estaduais.</p> : null}
      <Secao titulo={`Feriados nacionais de ${d.ano}`}>
        <Form method="get" className={s.filtros}>
          <label className={f.campo}>
            <span className={f.rotulo}>Ano</span>
            <input name="ano" defaultValue={d.ano} inputMode="numeric" maxLength={4} className={f.entrada} />
          </label>
          <button type="submit" className={botaoSecundario}>
            Ver feriados
          </button>
        </Form>
        <TabelaRolavel rotulo={`Feriados nacionais de ${d.ano}`}>
          <table className={f.tabela} data-testid="feriados-sugeridos">
            <thead>
              <tr>
                <th>Data</th>
                <th>Feriado</th>
                <th>Situação</th>
              </tr>
            </thead>
            <tbody>
              {d.feriados.map((x) => (
                <tr key={x.dia}>
                  <td>
                    {dataCurta(x.dia)} ({diaDaSemana(x.dia)})
                  </td>
                  <td>{x.nome}</td>
                  <td>
                    {incluidas.has(x.dia) ? (
                      'Incluída pela marca'
                    ) : x.jaBloqueado ? (
                      'Já recusado pela regra'
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="_acao" value="adicionar" />
                        <input type="hidden" name="dia" value={x.dia} />
                        <button type="submit" className={botaoSecundario} aria-label={`Incluir ${x.nome} (${dataCurta(x.dia)})`}>
                          Incluir
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TabelaRolavel>
      </Secao>
    </section>
  );
}
