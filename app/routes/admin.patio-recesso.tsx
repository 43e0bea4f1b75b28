import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Paginacao, TabelaRolavel } from '~/components/backoffice/pecas';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { patiosAtivos } from '~/modules/backoffice/leiloes.server';
import { apagarRecesso, listarAtendimentos, listarRecessos, salvarAtendimento } from '~/modules/backoffice/patios.server';
import { centavosParaCampo } from '~/modules/dominio/campos';
import { centavosDoTexto } from '~/utils/numeros';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { idSchema } from '~/utils/id';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Recesso de pátio');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const filtro = Object.fromEntries(new URL(request.url).searchParams);
  const [r, patios, atendimentos] = await Promise.all([
    listarRecessos({ db: context.db, hotsiteId: context.marca.id, filtro }),
    patiosAtivos({ db: context.db, hotsiteId: context.marca.id }),
    listarAtendimentos({ db: context.db, hotsiteId: context.marca.id }),
  ]);
  return { ...r, filtro, patios, atendimentos };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await exigirAcesso(request, context);
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  try {
    if (campos._acao === 'atendimento') {
      await salvarAtendimento({
        db: context.db,
        hotsiteId: context.marca.id,
        entrada: {
          ...campos,
          valorDiaria: centavosDoTexto(campos.valorDiaria || '0'),
          diasAtendimento: form.getAll('diasAtendimento').filter((x) => typeof x === 'string'),
        },
      });
      return { ok: true as const, mensagem: 'Salvo com sucesso', erros: {}, valores: {} };
    }
    if (campos._acao !== 'apagar') throw new ErroHttp(400, 'Ação desconhecida');
    const id = idSchema('Recesso inválido').parse(campos.id);
    await apagarRecesso({ db: context.db, hotsiteId: context.marca.id, id });
    return { ok: true as const, mensagem: 'Recesso apagado', erros: {}, valores: {} };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

const DIAS = ['Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb', 'Dom'];
const paraData = (dia: string) => dia.split('-').reverse().join('/');

export default function PatioRecesso() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string } | undefined;
  return (
    <section>
      <div className={s.titulo}>
        <h1>Recesso de pátio</h1>
        <Link to="/admin/patio-recesso-novo" className={botao}>
          Novo recesso
        </Link>
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <Form method="get" className={s.filtros}>
        <label className={f.campo}>
          <span className={f.rotulo}>Pátio</span>
          <select name="patioId" defaultValue={d.filtro.patioId ?? ''} className={f.entrada}>
            <option value="">Todos</option>
            {d.patios.map((p) => (
              <option key={p.id} value={p.id}>
                {p.nome}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={botao}>
          Filtrar
        </button>
      </Form>
      <TabelaRolavel rotulo="Recesso de pátio">
        <table className={f.tabela} data-testid="lista-recessos">
          <thead>
            <tr>
              <th>Dia</th>
              <th>Pátio</th>
              <th>Motivo</th>
              <th>Ações</th>
            </tr>
          </thead>
          <tbody>
            {d.itens.map((x) => (
              <tr key={x.id}>
                <td>{paraData(x.dia)}</td>
                <td>{x.patioNome}</td>
                <td>{x.descricao}</td>
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
      {d.itens.length === 0 ? <p>Nenhum recesso cadastrado.</p> : null}
      <Paginacao pagina={d.pagina} porPagina={d.porPagina} total={d.total} />
      <h2>Horário de atendimento</h2>
      <p>As retiradas são agendadas de hora em hora dentro deste horário, fora dos dias de recesso.</p>
      {d.atendimentos.map((a) => (
        <Form method="post" key={a.id} className={s.filtros} data-testid="atendimento-patio">
          <input type="hidden" name="_acao" value="atendimento" />
          <input type="hidden" name="patioId" value={a.id} />
          <strong>{a.nome}</strong>
          <label className={f.campo}>
            <span className={f.rotulo}>Abre (h)</span>
            <input name="horaAbertura" defaultValue={a.horaAbertura} inputMode="numeric" maxLength={2} className={f.entrada} />
          </label>
          <label className={f.campo}>
            <span className={f.rotulo}>Fecha (h)</span>
            <input name="horaFechamento" defaultValue={a.horaFechamento} inputMode="numeric" maxLength={2} className={f.entrada} />
          </label>
          <fieldset className={f.campo}>
            <legend className={f.rotulo}>Dias</legend>
            {DIAS.map((dia, i) => (
              <label key={dia}>
                <input type="checkbox" name="diasAtendimento" value={i + 1} defaultChecked={a.diasAtendimento.includes(String(i + 1))} />{' '}
                {dia}
              </label>
            ))}
          </fieldset>
          <label className={f.campo}>
            <span className={f.rotulo}>Diária (R$)</span>
            <input name="valorDiaria" defaultValue={centavosParaCampo(a.valorDiaria)} inputMode="decimal" className={f.entrada} />
          </label>
          <button type="submit" className={botaoSecundario}>
            Salvar horário
          </button>
        </Form>
      ))}
    </section>
  );
}
