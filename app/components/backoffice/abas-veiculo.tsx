import type { SerializeFrom } from '@remix-run/node';
import { Form, Link } from '@remix-run/react';
import type { itensDoVeiculo } from '~/modules/consultas/detran.server';
import type { HistoricoDoLote } from '~/modules/consultas/historico.server';
import { HistoricoVerificado } from '~/components/consultas/historico-verificado';
import type { DadosDaAbaDoVeiculo } from '~/modules/backoffice/veiculo-abas.server';
import type { remocoesDoVeiculo } from '~/modules/remocoes/remocoes.server';
import type { OpcoesDeTransporte } from '~/modules/remocoes/cadastros.server';
import { ACAO_SITUACAO_REMOCAO, rotuloSituacaoRemocao } from '~/modules/remocoes/regras';
import { Caixa, Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario, semQuebra } from '~/components/layout.css';
import { formatarData, formatarDataHora, formatarMoeda } from '~/utils/format';
import * as s from './backoffice.css';
import { CamposDeTransporte } from './campos-de-transporte';
import { Escolha, Secao, TabelaRolavel } from './pecas';

/** What one tab shows: the back office's tabs and the removals tab (composed by app/paginas/veiculo-abas.server.ts). */
type DadosDaAba =
  | DadosDaAbaDoVeiculo
  | { aba: 'remocoes'; remocoes: Awaited<ReturnType<typeof remocoesDoVeiculo>>; transporte: OpcoesDeTransporte; bloquearRemocao: boolean }
  | SerializeFrom<{ aba: 'detran'; itensDetran: Awaited<ReturnType<typeof itensDoVeiculo>>; historico: HistoricoDoLote }>;

/*
 * The vehicle form's tabs beyond details, lots and photos (decision 067). Data comes from `dadosDaAba`;
 * each form posts an `_acao` the vehicle route hands to the tab's use case.
 */

const dia = (d: string | null | undefined) => (d ? formatarData(`${d}T12:00:00Z`) : '');
const t = (v: unknown) => (v == null ? '' : String(v));

export function AbaDoVeiculo({
  dados,
  erros,
  patios,
  podeRemover,
  podeAbrirRemocao = false,
  podeVendaDireta,
  podeMarcarDocumentos = false,
}: {
  dados: DadosDaAba;
  erros?: Erros;
  patios: readonly { id: number; nome: string }[];
  podeRemover: boolean;
  podeAbrirRemocao?: boolean;
  podeVendaDireta: boolean;
  podeMarcarDocumentos?: boolean;
}) {
  switch (dados.aba) {
    case 'patio': {
      const p = dados.patio;
      return (
        <>
          <Secao titulo="Pátio atual">
            {p ? (
              <p data-testid="patio-atual">
                <strong>{t(p.nome)}</strong> — {t(p.cidade)}/{t(p.estadoUf)}
                {p.telefone ? ` · ${t(p.telefone)}` : ''}
                {p.responsavel ? ` · Responsável: ${t(p.responsavel)}` : ''}
              </p>
            ) : (
              <p>Este veículo não está em nenhum pátio.</p>
            )}
          </Secao>
          <Secao titulo="Depósitos">
            <table className={f.tabela} data-testid="depositos-do-veiculo">
              <thead>
                <tr>
                  <th>Data</th>
                  <th>Pátio</th>
                  <th>Entregue por</th>
                  <th>Vaga</th>
                  <th>Estado na entrada</th>
                </tr>
              </thead>
              <tbody>
                {dados.depositos.map((d) => (
                  <tr key={d.id}>
                    <td>{dia(d.data)}</td>
                    <td>{d.patioNome}</td>
                    <td>{d.entreguePor}</td>
                    <td>{d.vaga ?? ''}</td>
                    <td>{d.observacao ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {dados.depositos.length === 0 ? <p>Nenhum depósito registrado para este veículo.</p> : null}
          </Secao>
        </>
      );
    }
    case 'remocoes':
      return (
        <>
          {/* Scrolls sideways on a phone instead of pushing the page wider. */}
          <TabelaRolavel rotulo="Remoções do veículo">
            <table className={f.tabela} data-testid="remocoes-do-veiculo">
              <thead>
                <tr>
                  <th>Solicitada em</th>
                  <th>Situação</th>
                  <th>Local de remoção</th>
                  <th>Destino</th>
                  <th>Previsão</th>
                  <th>Transportadora</th>
                  <th>Valor sugerido</th>
                  <th>Ações</th>
                </tr>
              </thead>
              <tbody>
                {dados.remocoes.map((r) => (
                  <tr key={r.id}>
                    <td>
                      {podeAbrirRemocao ? (
                        <Link to={`/admin/remocao/${r.uid}`}>{formatarDataHora(r.dataSolicitacao)}</Link>
                      ) : (
                        formatarDataHora(r.dataSolicitacao)
                      )}
                    </td>
                    <td>{rotuloSituacaoRemocao(r.situacao)}</td>
                    <td>{t(r.localRemocao)}</td>
                    <td>{t(r.patioNome)}</td>
                    <td>{[dia(r.diaInicioPrevisto as string), dia(r.diaFimPrevisto as string)].filter(Boolean).join(' a ')}</td>
                    <td>{[t(r.transportadora), t(r.motorista)].filter(Boolean).join(' · ')}</td>
                    <td className={semQuebra}>{r.valorSugerido == null ? '' : formatarMoeda(r.valorSugerido)}</td>
                    <td>
                      {podeRemover
                        ? r.proximas.map((p) => (
                            <Form method="post" key={p} style={{ display: 'inline' }}>
                              <input type="hidden" name="remocaoId" value={r.id} />
                              <input type="hidden" name="situacao" value={p} />
                              {p === 'CANCELADA' ? (
                                <input name="motivo" aria-label="Motivo do cancelamento" placeholder="Motivo" required maxLength={500} />
                              ) : null}
                              <button type="submit" name="_acao" value="remocao-situacao" className={botaoSecundario}>
                                {ACAO_SITUACAO_REMOCAO[p]}
                              </button>
                            </Form>
                          ))
                        : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TabelaRolavel>
          {dados.remocoes.length === 0 ? <p>Nenhuma remoção para este veículo.</p> : null}
          {dados.bloquearRemocao ? <p className={s.perigo}>Remoção bloqueada para este veículo.</p> : null}
          {podeRemover && !dados.bloquearRemocao ? (
            // A request made empties the form (the removals' count is its key), so it is not sent twice by
            // mistake; a refused one keeps what was typed.
            <Form method="post" key={dados.remocoes.length}>
              <input type="hidden" name="_acao" value="remocao-nova" />
              <Secao titulo="Solicitar remoção">
                <div className={s.grade3}>
                  <Campo nome="localRemocao" rotulo="Local de remoção" obrigatorio erros={erros} />
                  <Escolha
                    nome="patioId"
                    rotulo="Pátio de destino"
                    opcoes={patios.map((p) => ({ valor: p.id, nome: p.nome }))}
                    vazio="—"
                    erros={erros}
                  />
                  <Campo nome="diaInicioPrevisto" rotulo="Início previsto" tipo="date" erros={erros} />
                  <Campo nome="diaFimPrevisto" rotulo="Fim previsto" tipo="date" erros={erros} />
                  <CamposDeTransporte opcoes={dados.transporte} transportadoraId="" motoristaId="" erros={erros} />
                  <Campo nome="valorSugerido" rotulo="Valor sugerido (R$)" erros={erros} inputMode="decimal" />
                </div>
                <label className={f.campo}>
                  <span className={f.rotulo}>Observação</span>
                  <textarea name="observacao" rows={2} className={f.entrada} />
                </label>
              </Secao>
              <button type="submit" className={botao}>
                Solicitar remoção
              </button>
            </Form>
          ) : null}
        </>
      );
    case 'venda-direta':
      return (
        <>
          <Secao titulo="Venda direta">
            {podeVendaDireta ? (
              <Form method="post">
                <input type="hidden" name="_acao" value="venda-direta" />
                <Caixa nome="vendaDireta" rotulo="Disponível para venda direta" marcado={dados.vendaDireta} />
                <button type="submit" className={botao}>
                  Salvar
                </button>
              </Form>
            ) : (
              <p>{dados.vendaDireta ? 'Disponível para venda direta.' : 'Não disponível para venda direta.'}</p>
            )}
          </Secao>
          <Secao titulo="Lotes com Compre Já">
            {dados.compreJa.length ? (
              <ul>
                {dados.compreJa.map((l) => (
                  <li key={l.id}>
                    Lote {t(l.numero)} · {t(l.situacao)}
                    {l.compreJa != null ? ` · Compre Já ${formatarMoeda(l.compreJa)}` : ''}
                  </li>
                ))}
              </ul>
            ) : (
              <p>Nenhum lote deste veículo com Compre Já.</p>
            )}
          </Secao>
          <Secao titulo="Vendas">
            <table className={f.tabela} data-testid="vendas-do-veiculo">
              <thead>
                <tr>
                  <th>Venda</th>
                  <th>Lote</th>
                  <th>Cliente</th>
                  <th>Situação</th>
                  <th>Total</th>
                  <th>Data</th>
                </tr>
              </thead>
              <tbody>
                {dados.vendas.map((v) => (
                  <tr key={v.id}>
                    <td>
                      <Link to={`/admin/compras/${v.id}`}>{v.id}</Link>
                    </td>
                    <td>{t(v.numero)}</td>
                    <td>{t(v.cliente)}</td>
                    <td>{t(v.situacao)}</td>
                    <td className={semQuebra}>{formatarMoeda(v.total)}</td>
                    <td>{formatarDataHora(v.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {dados.vendas.length === 0 ? <p>Nenhuma venda deste veículo.</p> : null}
          </Secao>
        </>
      );
    case 'relatorios':
      return (
        <>
          <ul data-testid="totais-do-veiculo">
            <li>{`Visualizações: ${dados.totais.visualizacoes}`}</li>
            <li>{`Lances: ${dados.totais.lances}`}</li>
            <li>{`Propostas: ${dados.totais.propostas}`}</li>
            <li>{`Favoritos: ${dados.totais.favoritos}`}</li>
          </ul>
          <table className={f.tabela}>
            <thead>
              <tr>
                <th>Lote</th>
                <th>Leilão</th>
                <th>Situação</th>
                <th>Visualizações</th>
                <th>Lances</th>
                <th>Propostas</th>
                <th>Valor atual</th>
              </tr>
            </thead>
            <tbody>
              {dados.lotes.map((l) => (
                <tr key={l.id}>
                  <td>{t(l.numero)}</td>
                  <td>{t(l.leilao)}</td>
                  <td>{t(l.situacao)}</td>
                  <td>{l.visualizacoes}</td>
                  <td>{l.quantidadeLances}</td>
                  <td>{l.propostas}</td>
                  <td className={semQuebra}>{formatarMoeda(l.valorAtual)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {dados.lotes.length === 0 ? <p>Este veículo ainda não está em nenhum lote.</p> : null}
        </>
      );
    case 'acessos':
      return (
        <>
          <p>Quem cadastrou ou alterou este veículo, do mais recente ao mais antigo.</p>
          <table className={f.tabela} data-testid="acessos-do-veiculo">
            <thead>
              <tr>
                <th>Quando</th>
                <th>Usuário</th>
                <th>Ação</th>
                <th>Detalhe</th>
              </tr>
            </thead>
            <tbody>
              {dados.registros.map((a) => (
                <tr key={a.id}>
                  <td>{formatarDataHora(a.createdAt)}</td>
                  <td>{t(a.usuario) || t(a.email)}</td>
                  <td>{t(a.acao)}</td>
                  <td>{a.detalhes ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {dados.registros.length === 0 ? <p>Nenhum registro.</p> : null}
        </>
      );
    case 'importacao-placa': {
      const p = dados.placa ?? { placa: null, placaUfe: null, placaLocalidade: null };
      const local = p.placaLocalidade;
      return (
        <Form method="post">
          <input type="hidden" name="_acao" value="placa" />
          <p className={f.ajuda}>
            Nenhuma consulta automática de placa está configurada para esta marca: informe os dados conforme o documento do veículo.
          </p>
          <Secao titulo="Placa">
            <div className={s.grade3}>
              <Campo nome="placa" rotulo="Placa" valor={t(p.placa)} erros={erros} />
              <Campo nome="placaUfe" rotulo="UF da placa" valor={t(p.placaUfe)} erros={erros} maxLength={2} />
              <Campo nome="placaCidade" rotulo="Município da placa" valor={t(local?.nome)} erros={erros} />
            </div>
          </Secao>
          <button type="submit" className={botao}>
            Salvar placa
          </button>
        </Form>
      );
    }
    case 'detran': {
      if (!('itensDetran' in dados)) return null;
      return (
        <>
          <Secao titulo="Sincronização com o Detran">
            {dados.itensDetran.length === 0 ? (
              <p data-testid="estado-detran">Não sincronizado: nenhuma importação do Detran foi feita para este veículo.</p>
            ) : (
              <table className={f.tabela} data-testid="itens-detran-do-veiculo">
                <thead>
                  <tr>
                    <th>Leilão</th>
                    <th>Placa</th>
                    <th>Condição</th>
                    <th>Valor inicial</th>
                    <th>Cadastro no Detran</th>
                  </tr>
                </thead>
                <tbody>
                  {dados.itensDetran.map((i) => (
                    <tr key={i.uid}>
                      <td>{i.leilaoNome}</td>
                      <td className={semQuebra}>{t(i.placa)}</td>
                      <td>{t(i.condicao)}</td>
                      <td className={semQuebra}>{i.valorUnitarioInicial == null ? '' : formatarMoeda(i.valorUnitarioInicial)}</td>
                      <td>
                        {i.cadastroDetranOK === null ? 'Aguardando envio' : i.cadastroDetranOK ? 'Cadastrado' : 'Recusado'}
                        {i.cadastroDetranResponse ? ` · ${i.cadastroDetranResponse}` : ''}
                        {i.cadastroDetranData ? ` · ${formatarDataHora(i.cadastroDetranData)}` : ''}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {dados.itensDetran.length ? (
              <p>
                <Link to={`/laudo-detran/${dados.itensDetran[0].veiculoId}`}>Laudo do Detran</Link>
              </p>
            ) : null}
            <Form method="post">
              <input type="hidden" name="_acao" value="detran-sincronizar" />
              <button type="submit" className={botaoSecundario} disabled={dados.itensDetran.length === 0}>
                Sincronizar com o Detran
              </button>
            </Form>
          </Secao>
          <HistoricoVerificado historico={dados.historico} className={s.secao} />
          <Form method="post">
            <input type="hidden" name="_acao" value="consultas-atualizar" />
            <button type="submit" className={botao}>
              Consultar agora
            </button>
          </Form>
        </>
      );
    }
    case 'documentos':
      return (
        <>
          <Secao titulo="Documentos de transferência (CRV/ATPV)">
            <p data-testid="documentos-recebidos">
              {dados.documentosRecebidosEm
                ? `Recebidos em ${formatarDataHora(dados.documentosRecebidosEm)}`
                : 'Pendentes: ainda não recebidos'}
            </p>
            {podeMarcarDocumentos ? (
              <Form method="post">
                <input type="hidden" name="_acao" value="documentos-recebidos" />
                <button
                  type="submit"
                  name="recebidos"
                  value={dados.documentosRecebidosEm ? 'nao' : 'sim'}
                  className={dados.documentosRecebidosEm ? botaoSecundario : botao}
                >
                  {dados.documentosRecebidosEm ? 'Desfazer: documentos não recebidos' : 'Marcar documentos como recebidos'}
                </button>
              </Form>
            ) : null}
          </Secao>
          <table className={f.tabela} data-testid="documentos-do-veiculo">
            <thead>
              <tr>
                <th>Descrição</th>
                <th>Arquivo</th>
                <th>Tamanho</th>
                <th>Enviado</th>
                <th>Ações</th>
              </tr>
            </thead>
            <tbody>
              {dados.documentos.map((d) => (
                <tr key={t(d.uid)}>
                  <td>{t(d.descricao)}</td>
                  <td>
                    <a href={`/admin/veiculo-arquivo/${t(d.uid)}`}>{t(d.nomeOriginal)}</a>
                  </td>
                  <td>{Math.max(1, Math.round(d.tamanho / 1000))} kB</td>
                  <td>
                    {formatarDataHora(d.createdAt)} {d.enviadoPor ? `· ${t(d.enviadoPor)}` : ''}
                  </td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="uid" value={t(d.uid)} />
                      <button type="submit" name="_acao" value="documento-apagar" className={botaoSecundario}>
                        Apagar
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {dados.documentos.length === 0 ? <p>Nenhum documento enviado.</p> : null}
          <Form method="post" encType="multipart/form-data">
            <input type="hidden" name="_acao" value="documento" />
            <Secao titulo="Enviar documento (PDF, JPEG, PNG ou WebP, até 10 MB)">
              <div className={s.grade3}>
                <Campo nome="descricao" rotulo="Descrição" obrigatorio erros={erros} placeholder="CRLV" />
                <label className={f.campo}>
                  <span className={f.rotulo}>Arquivo *</span>
                  <input type="file" name="documento" accept="application/pdf,image/jpeg,image/png,image/webp" required />
                </label>
              </div>
            </Secao>
            <button type="submit" className={botao}>
              Enviar documento
            </button>
          </Form>
        </>
      );
  }
}
