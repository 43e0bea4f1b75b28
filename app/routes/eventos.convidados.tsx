import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Secao, TabelaRolavel } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { convidar, definirPrivado, leiloesParaEventos, listarConvidados } from '~/modules/eventos/convidados.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { formatarDataHora } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Convidados do evento');

const RESPOSTAS: Record<string, string> = { Pendente: 'Aguardando resposta', Aceito: 'Aceito', Recusado: 'Recusado' };

/**
 * /eventos/convidados (Dev, 000 §6): the guests of an exclusive event. Pick an auction, make it private
 * (only guests see it and bid), invite by e-mail or CPF; each invitation shows its hash, answer, date
 * and who invited. The invitation e-mail goes through the outbox with the brand's own link.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const { db, marca } = context;
  const leiloes = await leiloesParaEventos({ db, hotsiteId: marca.id });
  const pedido = new URL(request.url).searchParams.get('leilao');
  // An unknown or malformed ?leilao= opens the first auction of the list, as no choice would.
  const escolhido = leiloes.find((l) => String(l.id) === pedido) ?? leiloes[0] ?? null;
  const convidados = escolhido ? await listarConvidados({ db, hotsiteId: marca.id, leilaoId: escolhido.id }) : [];
  return {
    leiloes: leiloes.map((l) => ({ id: l.id, nome: l.nome, privado: l.privado, data: l.data.toISOString(), convidados: l.convidados })),
    escolhido: escolhido ? { id: escolhido.id, nome: escolhido.nome, privado: escolhido.privado } : null,
    convidados: convidados.map((c) => ({
      ...c,
      respondidoEm: c.respondidoEm?.toISOString() ?? null,
      convidadoEm: c.convidadoEm.toISOString(),
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const usuario = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const { db, marca, hub, urlBase } = context;
  try {
    if (campos._acao === 'privado')
      return json({ ok: true as const, ...(await definirPrivado({ db, hub, hotsiteId: marca.id, entrada: campos })) });
    const r = await convidar({
      db,
      hotsiteId: marca.id,
      entrada: campos,
      autor: { id: usuario.id, nome: usuario.nome },
      urlBase,
      nomeMarca: marca.nome,
    });
    return json({ ok: true as const, mensagem: r.mensagem });
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

type Resposta = { ok: true; mensagem: string } | { ok: false; mensagem: string; erros: Erros; valores: Record<string, string> };

export default function ConvidadosDoEvento() {
  const { leiloes, escolhido, convidados } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as Resposta | undefined;
  return (
    <section>
      <div className={s.titulo}>
        <h1>Convidados do evento</h1>
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      {leiloes.length === 0 ? (
        <p>Nenhum leilão cadastrado.</p>
      ) : (
        <>
          <Form method="get" className={s.filtros}>
            <label className={f.campo}>
              <span className={f.rotulo}>Leilão</span>
              <select name="leilao" defaultValue={escolhido?.id} className={f.entrada}>
                {leiloes.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.nome}
                    {l.privado ? ` — exclusivo (${l.convidados})` : ''}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={botaoSecundario}>
              Abrir
            </button>
          </Form>
          {escolhido ? (
            <>
              <Secao titulo={escolhido.privado ? 'Evento exclusivo: só convidados veem e dão lances' : 'Leilão aberto a todos'}>
                <Form method="post" className={f.acoes}>
                  <input type="hidden" name="_acao" value="privado" />
                  <input type="hidden" name="leilaoId" value={escolhido.id} />
                  <input type="hidden" name="privado" value={escolhido.privado ? 'false' : 'true'} />
                  <button type="submit" className={botaoSecundario} data-testid="alternar-privado">
                    {escolhido.privado ? 'Abrir para todos' : 'Tornar exclusivo para convidados'}
                  </button>
                </Form>
              </Secao>
              <Secao titulo="Convidar">
                {/* A new form after each invitation sent: the field starts empty for the next guest. */}
                <Form method="post" key={convidados.length}>
                  <input type="hidden" name="_acao" value="convidar" />
                  <input type="hidden" name="leilaoId" value={escolhido.id} />
                  <div className={f.grade}>
                    <Campo
                      nome="destino"
                      rotulo="E-mail ou CPF do convidado"
                      obrigatorio
                      valor={r && !r.ok ? (r.valores.destino ?? '') : ''}
                      erros={r && !r.ok ? r.erros : undefined}
                      placeholder="nome@exemplo.com.br ou 000.000.000-00"
                    />
                  </div>
                  <div className={f.acoes}>
                    <button type="submit" className={botao}>
                      Enviar convite
                    </button>
                  </div>
                </Form>
              </Secao>
              <h2>Convidados ({convidados.length})</h2>
              {convidados.length === 0 ? (
                <p>Nenhum convidado ainda.</p>
              ) : (
                <TabelaRolavel rotulo="Convidados">
                  <table className={f.tabela} data-testid="convidados">
                    <thead>
                      <tr>
                        <th scope="col">Convidado</th>
                        <th scope="col">Tipo</th>
                        <th scope="col">Resposta</th>
                        <th scope="col">Data</th>
                        <th scope="col">Convidado por</th>
                        <th scope="col">Hash do convite</th>
                      </tr>
                    </thead>
                    <tbody>
                      {convidados.map((c) => (
                        <tr key={c.uid} data-testid="convidado">
                          <td>
                            {c.destino}
                            {c.clienteNome ? <div className={f.ajuda}>{c.clienteNome}</div> : null}
                          </td>
                          <td>{c.tipo === 'email' ? 'E-mail' : 'CPF'}</td>
                          <td>
                            {RESPOSTAS[c.resposta] ?? c.resposta}
                            {c.respondidoEm ? <div className={f.ajuda}>em {formatarDataHora(c.respondidoEm)}</div> : null}
                          </td>
                          <td>{formatarDataHora(c.convidadoEm)}</td>
                          <td>{c.convidadoPor}</td>
                          <td>
                            <code>{c.hash.slice(0, 10)}…</code>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TabelaRolavel>
              )}
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
