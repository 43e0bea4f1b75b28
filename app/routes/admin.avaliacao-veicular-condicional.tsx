import { lerFormulario } from '~/utils/formulario.server';
import { TabelaRolavel } from '~/components/backoffice/pecas';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/formulario/formulario.css';
import { RespostaCondicional } from '~/components/backoffice/resposta-condicional';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { exigirAcesso, type UsuarioLogado } from '~/modules/identidade/guard.server';
import { listarCondicionais } from '~/modules/lances/condicionais.server';
import { recomendacoesDosLotes } from '~/modules/operacoes/avaliacao-condicional.server';
import { responderCondicional } from '~/modules/lances/encerramento.server';
import { rotuloSituacao } from '~/modules/catalogo/regras';
import { reaisParaCentavos } from '~/utils/numeros';
import { comoRespostaDeErro } from '~/utils/errors';
import { formatarDataHora, formatarMoeda } from '~/utils/format';
import { useI18n } from '~/components/marca';
import { metaDaPagina } from '~/components/meta';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Avaliação condicional');

/** Whose lots this user sees and answers: every seller's for ADM/SAC, their own sellers' for a seller user. */
const comitentesDe = (u: UsuarioLogado | null, context: LoaderFunctionArgs['context']) =>
  u ? comitentesDoUsuario({ db: context.db, hotsiteId: context.marca.id, usuario: u }) : Promise.resolve([] as number[]);

/**
 * Conditional sales of this brand waiting for the seller's answer (access table: SAC, ADM, Comitente), each
 * with its vehicle evaluation's state and, once concluded, its recommendation (decision 255).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const u = await exigirAcesso(request, context);
  const lista = await listarCondicionais({ db: context.db, hotsiteId: context.marca.id, comitentes: await comitentesDe(u, context) });
  const avaliacoes = await recomendacoesDosLotes({
    db: context.db,
    hotsiteId: context.marca.id,
    loteIds: lista.aguardando.map((c) => c.loteId),
  });
  return {
    ...lista,
    aguardando: lista.aguardando.map((c) => {
      const a = avaliacoes.get(c.loteId);
      return {
        ...c,
        avaliacao: a
          ? {
              situacao: a.situacao,
              recomendacao: a.situacao === 'Concluída' ? a.recomendacao : null,
              valorSugerido: a.situacao === 'Concluída' ? a.valorSugerido : null,
            }
          : null,
      };
    }),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const u = await exigirAcesso(request, context);
  const comitentes = await comitentesDe(u, context);
  const form = await lerFormulario(request);
  const loteId = Number(form.get('loteId'));
  const resposta = String(form.get('resposta') ?? '');
  const textoValor = String(form.get('novoValor') ?? '').trim();
  try {
    if (!Number.isInteger(loteId) || loteId <= 0)
      return Response.json({ ok: false, loteId: null, mensagem: 'Lote inválido' }, { status: 400 });
    const novoValor = resposta === 'Novo valor' ? reaisParaCentavos(textoValor) : undefined;
    if (resposta === 'Novo valor' && !(Number.isInteger(novoValor) && novoValor! > 0)) {
      return Response.json({ ok: false, loteId, mensagem: 'Informe o novo valor em reais, por exemplo 25.000,00' }, { status: 400 });
    }
    const r = await responderCondicional({
      db: context.db,
      hub: context.hub,
      hotsiteId: context.marca.id,
      loteId,
      entrada: { resposta, novoValor },
      comitentes,
      respondidoPor: u?.nome ?? null,
    });
    const situacao = rotuloSituacao(r.situacao);
    return Response.json({ ok: true, loteId, mensagem: `Resposta registrada: ${r.resposta} (${situacao})` });
  } catch (erro) {
    const { status, corpo } = comoRespostaDeErro(erro);
    if (status >= 500) throw erro;
    return Response.json({ ok: false, loteId, mensagem: corpo.mensagem }, { status });
  }
}

export default function AvaliacaoCondicional() {
  const i18n = useI18n();
  const { aguardando, respondidas } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>();
  return (
    <section>
      <h1>Avaliação condicional</h1>
      <p>
        Lotes arrematados abaixo do valor do comitente aguardam a resposta: Liberada (segue para pagamento), Recusada ou Novo valor
        (contraproposta ao arrematante, que é avisado por e-mail).
      </p>
      {r ? (
        <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="aviso-condicional">
          {r.mensagem}
        </Aviso>
      ) : null}
      <h2>Aguardando resposta ({aguardando.length})</h2>
      {aguardando.length === 0 ? <p>Nenhum lote aguardando resposta.</p> : null}
      {aguardando.length ? (
        <TabelaRolavel rotulo="Avaliação condicional">
          <table className={s.tabela} data-testid="condicionais-aguardando">
            <thead>
              <tr>
                <th>Lote</th>
                <th>Leilão / comitente</th>
                <th>Maior lance</th>
                <th>Valor do comitente</th>
                <th>Arrematante</th>
                <th>Encerrado em</th>
                <th>Avaliação</th>
                <th>Resposta</th>
              </tr>
            </thead>
            <tbody>
              {aguardando.map((c) => (
                <tr key={c.loteId} data-lote={c.loteId}>
                  <td>
                    <strong>{c.numero}</strong> {c.nome}
                  </td>
                  <td>
                    {c.leilaoNome ?? '-'}
                    <br />
                    <small>{c.comitenteNome ?? ''}</small>
                  </td>
                  <td>
                    {c.lance != null ? formatarMoeda(c.lance) : '-'}
                    <br />
                    <small>{i18n.contar('n_lances', c.quantidadeLances)}</small>
                  </td>
                  <td>
                    {c.valorComitente != null ? formatarMoeda(c.valorComitente) : '-'}
                    {c.lance != null && c.valorComitente ? (
                      <>
                        <br />
                        <small>{`${Math.round((c.lance / c.valorComitente) * 100)}% do valor`}</small>
                      </>
                    ) : null}
                  </td>
                  <td>
                    {c.vencedorNome ?? '-'}
                    <br />
                    <small>{c.vencedorEmail ?? ''}</small>
                  </td>
                  <td>{c.encerradoEm ? formatarDataHora(c.encerradoEm) : '-'}</td>
                  <td data-testid="avaliacao-do-lote">
                    <Link to={`/admin/avaliacao-veicular-condicional/${c.loteUid}`}>{c.avaliacao?.situacao ?? 'Avaliar veículo'}</Link>
                    {c.avaliacao?.recomendacao ? (
                      <>
                        <br />
                        <small>
                          {`Recomenda: ${c.avaliacao.recomendacao}${
                            c.avaliacao.recomendacao === 'Novo valor' && c.avaliacao.valorSugerido != null
                              ? ` ${formatarMoeda(c.avaliacao.valorSugerido)}`
                              : ''
                          }`}
                        </small>
                      </>
                    ) : null}
                  </td>
                  <td>
                    <RespostaCondicional loteId={c.loteId} numero={c.numero} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TabelaRolavel>
      ) : null}
      <h2>Respostas recentes</h2>
      {respondidas.length === 0 ? <p>Nenhuma resposta registrada ainda.</p> : null}
      {respondidas.length ? (
        <TabelaRolavel rotulo="Avaliação condicional">
          <table className={s.tabela} data-testid="condicionais-respondidas">
            <thead>
              <tr>
                <th>Lote</th>
                <th>Resposta</th>
                <th>Situação</th>
                <th>Por</th>
                <th>Em</th>
              </tr>
            </thead>
            <tbody>
              {respondidas.map((c) => (
                <tr key={`${c.loteId}-${c.data}`}>
                  <td>
                    <Link to={`/admin/avaliacao-veicular-condicional/${c.loteUid}`}>
                      <strong>{c.numero}</strong> {c.nome}
                    </Link>
                  </td>
                  <td>
                    {c.resposta}
                    {c.novoValor ? `: ${formatarMoeda(c.novoValor)}` : ''}
                  </td>
                  <td>{rotuloSituacao(c.situacao)}</td>
                  <td>{c.respondidoPor ?? '-'}</td>
                  <td>{formatarDataHora(c.data)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TabelaRolavel>
      ) : null}
    </section>
  );
}
