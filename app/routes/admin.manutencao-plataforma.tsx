import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { operacoes } from '~/locales/pt-BR/operacoes';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { agendarManutencao, cancelarManutencao, listarManutencoes } from '~/modules/operacoes/manutencao.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { deCampoDataHora } from '~/utils/campo-data-hora';
import { ErroHttp } from '~/utils/errors';
import { formatarDataHora } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Manutenção da plataforma');

export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const janelas = await listarManutencoes({ db: context.db, hotsiteId: context.marca.id });
  const agora = Date.now();
  return {
    janelas: janelas.map((j) => ({
      ...j,
      inicio: j.inicio.toISOString(),
      fim: j.fim.toISOString(),
      canceladaEm: j.canceladaEm?.toISOString() ?? null,
      situacao: j.canceladaEm
        ? 'Cancelada'
        : j.fim.getTime() <= agora
          ? 'Encerrada'
          : j.inicio.getTime() <= agora
            ? 'Em andamento'
            : 'Agendada',
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const { db, hub, hotsites, marca } = context;
  try {
    if (campos._acao === 'cancelar') {
      await cancelarManutencao({ db, hotsites, hotsiteId: marca.id, id: campos.id });
      return { ok: true as const, mensagem: operacoes.manutencao.cancelada, erros: {}, valores: {} };
    }
    if (campos._acao !== 'agendar') throw new ErroHttp(400, 'Ação desconhecida');
    const r = await agendarManutencao({
      db,
      hub,
      hotsites,
      hotsiteId: marca.id,
      usuarioId: eu.id,
      entrada: { ...campos, inicio: deCampoDataHora(campos.inicio) ?? undefined, fim: deCampoDataHora(campos.fim) ?? undefined },
    });
    return {
      ok: true as const,
      mensagem: operacoes.manutencao.agendada.replace('{lotes}', String(r.lotesMovidos)),
      erros: {},
      valores: {},
    };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

export default function ManutencaoPlataforma() {
  const { janelas } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;
  const v = (c: string) => (r?.ok ? '' : (r?.valores?.[c] ?? ''));
  return (
    <section>
      <div className={s.titulo}>
        <h1>Manutenção da plataforma</h1>
      </div>
      <p>
        Visitantes veem um aviso nas 72 horas anteriores. Durante a janela, o site responde com a página de manutenção a todos, exceto à
        equipe; nenhum lote encerra dentro dela: os encerramentos previstos para a janela são adiados pela duração dela.
      </p>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <Form method="post" data-testid="form-manutencao">
        <input type="hidden" name="_acao" value="agendar" />
        <Secao titulo="Agendar manutenção">
          <div className={f.grade}>
            <Campo nome="inicio" rotulo="Início" tipo="datetime-local" obrigatorio valor={v('inicio')} erros={r?.erros} />
            <Campo nome="fim" rotulo="Fim" tipo="datetime-local" obrigatorio valor={v('fim')} erros={r?.erros} />
            <Campo
              nome="mensagem"
              rotulo="Mensagem aos visitantes"
              valor={v('mensagem')}
              erros={r?.erros}
              placeholder={operacoes.manutencao.mensagemPadrao}
            />
          </div>
          <label>
            <input type="checkbox" name="todas" value="on" defaultChecked={v('todas') === 'on'} /> Para todas as marcas
          </label>
        </Secao>
        <div className={f.acoes}>
          <button type="submit" className={botao}>
            Agendar
          </button>
        </div>
      </Form>
      <h2>Janelas desta marca</h2>
      <TabelaRolavel rotulo="Janelas de manutenção">
        <table className={f.tabela} data-testid="lista-manutencoes">
          <thead>
            <tr>
              <th>Início</th>
              <th>Fim</th>
              <th>Mensagem</th>
              <th>Alcance</th>
              <th>Lotes adiados</th>
              <th>Situação</th>
              <th>Ações</th>
            </tr>
          </thead>
          <tbody>
            {janelas.map((j) => (
              <tr key={j.id}>
                <td>{formatarDataHora(j.inicio)}</td>
                <td>{formatarDataHora(j.fim)}</td>
                <td>{j.mensagem}</td>
                <td>{j.todas ? 'Todas as marcas' : 'Esta marca'}</td>
                <td>{j.lotesMovidos}</td>
                <td>{j.situacao}</td>
                <td>
                  {j.situacao === 'Agendada' || j.situacao === 'Em andamento' ? (
                    <Form method="post">
                      <input type="hidden" name="_acao" value="cancelar" />
                      <input type="hidden" name="id" value={j.id} />
                      <button type="submit" className={botaoSecundario}>
                        Cancelar
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TabelaRolavel>
      {janelas.length === 0 ? <p>Nenhuma manutenção agendada.</p> : null}
    </section>
  );
}
