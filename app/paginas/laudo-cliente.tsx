import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario, container } from '~/components/layout.css';
import * as s from '~/components/vistorias/laudo.css';
import { formatarDataHora } from '~/utils/format';
import type { acaoLaudoCliente, carregarLaudoCliente } from './laudos-cliente.server';

/** The spec's check types (000 §4) as staff read them. */
const TIPOS: Record<string, string> = {
  Procob_CPF_CNPJ: 'Procob (CPF/CNPJ)',
  Manual: 'Resposta da equipe',
  CPF_CNPJ_Restritos: 'Listas restritivas',
  CPF_CNPJ_Restritos_Bradesco: 'Listas restritivas (Bradesco)',
  Procob_Inscricao_Estadual: 'Inscrição estadual',
};

/** laudo-procob and laudo-habilitacoes (issue #31): one screen, the habilitations report adds the auctions. */
export function PaginaLaudoCliente({ modo }: { modo: 'procob' | 'habilitacoes' }) {
  const d = useLoaderData<typeof carregarLaudoCliente>();
  const r = useActionData<typeof acaoLaudoCliente>() as { ok: boolean; mensagem: string } | undefined;
  const base = modo === 'procob' ? '/laudo-procob' : '/laudo-habilitacoes';
  const titulo = modo === 'procob' ? 'Laudo Procob' : 'Laudo de habilitações';
  if (!d.cliente) {
    return (
      <section className={`${container} ${s.pagina}`} data-testid={`laudo-${modo}`}>
        <header className={s.cabecalho}>
          <h1>{titulo}</h1>
        </header>
        <section className={s.caixa}>
          <h2 className={s.titulo}>Habilitações para sucata</h2>
          {d.lista.length === 0 ? (
            <p>Nenhum cliente consultado ainda.</p>
          ) : (
            <div className={s.rolavel}>
              <table className={s.tabela}>
                <thead>
                  <tr>
                    <th>Cliente</th>
                    <th>Documento</th>
                    <th>Situação</th>
                    <th>Autorização</th>
                    <th>Atualizado</th>
                  </tr>
                </thead>
                <tbody>
                  {d.lista.map((c) => (
                    <tr key={c.usuarioUid}>
                      <td>
                        <Link to={`${base}/${c.usuarioUid}`}>{c.nome}</Link>
                      </td>
                      <td>{c.documento}</td>
                      <td>{c.situacao}</td>
                      <td>{c.tipoAutorizacao}</td>
                      <td>{formatarDataHora(c.atualizadoAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </section>
    );
  }
  const c = d.cliente;
  return (
    <section className={`${container} ${s.pagina}`} data-testid={`laudo-${modo}`}>
      <header className={s.cabecalho}>
        <div>
          <h1>{titulo}</h1>
          <p className={s.rodape}>
            {c.nome} · {c.cnpj ?? c.cpf ?? 'sem documento'} · {c.email}
          </p>
        </div>
        <button type="button" className={s.imprimir} onClick={() => window.print()}>
          Imprimir
        </button>
      </header>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <section className={s.caixa}>
        <h2 className={s.titulo}>Habilitação para sucata</h2>
        <dl className={s.dados}>
          <div>
            <dt>Situação</dt>
            <dd data-testid="situacao-sucata">{d.situacao?.situacao}</dd>
          </div>
          <div>
            <dt>Autorização</dt>
            <dd>{d.situacao?.tipoAutorizacao ?? 'Nenhuma'}</dd>
          </div>
          <div>
            <dt>Motivo</dt>
            <dd>{d.situacao?.motivo ?? ''}</dd>
          </div>
        </dl>
        <div className={f.acoes}>
          <Form method="post">
            <input type="hidden" name="_acao" value="consultar" />
            <button type="submit" className={botaoSecundario}>
              Consultar na Procob agora
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="_acao" value="consultar-listas" />
            <button type="submit" className={botaoSecundario}>
              Consultar listas restritivas e inscrição estadual
            </button>
          </Form>
        </div>
        <Form method="post" aria-label="Responder a habilitação">
          <input type="hidden" name="_acao" value="responder" />
          <div className={f.grade}>
            <label className={f.campo}>
              <span className={f.rotulo}>Resposta da equipe</span>
              <select name="situacao" className={f.entrada} defaultValue="Autorizado">
                <option value="Autorizado">Autorizado</option>
                <option value="Falha">Falha</option>
              </select>
            </label>
            <label className={f.campo}>
              <span className={f.rotulo}>Observação</span>
              <input name="observacao" className={f.entrada} maxLength={500} />
            </label>
          </div>
          <button type="submit" className={botao}>
            Responder
          </button>
        </Form>
      </section>
      {modo === 'habilitacoes' ? (
        <section className={s.caixa}>
          <h2 className={s.titulo}>Habilitações em leilões</h2>
          {d.leiloes.length === 0 ? (
            <p>Nenhuma habilitação em leilões.</p>
          ) : (
            <div className={s.rolavel}>
              <table className={s.tabela}>
                <thead>
                  <tr>
                    <th>Leilão</th>
                    <th>Situação</th>
                    <th>Pedido em</th>
                    <th>Decidido</th>
                  </tr>
                </thead>
                <tbody>
                  {d.leiloes.map((h) => (
                    <tr key={h.id}>
                      <td>{h.leilaoNome ?? 'Todos os leilões'}</td>
                      <td>{h.situacao}</td>
                      <td>{formatarDataHora(h.pedidoEm)}</td>
                      <td>{h.decididoEm ? `${formatarDataHora(h.decididoEm)}${h.decididoPor ? ` · ${h.decididoPor}` : ''}` : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}
      <section className={s.caixa}>
        <h2 className={s.titulo}>Consultas</h2>
        {d.consultas.length === 0 ? (
          <p>Nenhuma consulta.</p>
        ) : (
          <div className={s.rolavel}>
            <table className={s.tabela} data-testid="consultas-cliente">
              <thead>
                <tr>
                  <th>Data</th>
                  <th>Tipo</th>
                  <th>Resultado</th>
                  <th>Fonte</th>
                  <th>Resposta</th>
                </tr>
              </thead>
              <tbody>
                {d.consultas.map((x) => (
                  <tr key={x.uid}>
                    <td>{formatarDataHora(x.consultadoAt)}</td>
                    <td>{TIPOS[x.tipo] ?? x.tipo}</td>
                    <td>{x.situacao}</td>
                    <td>{x.respondidoPor ? `${x.fonte} (${x.respondidoPor})` : x.fonte}</td>
                    <td>{x.resposta}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}
