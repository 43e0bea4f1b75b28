import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { useState, type FormEvent } from 'react';
import { botao, botaoSecundario, container } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { AtasDaVenda } from '~/components/confianca/ata-de-lances';
import { SeloDaMarca } from '~/components/confianca/selo';
import { PrazosDaCompra } from '~/components/confianca/prazos';
import { entradaDosPrazos } from '~/modules/confianca/prazos.server';
import { BlocoTotais, ItensDaVenda, LinhaDoTempo, OfertaCondicional, Selo } from '~/components/vendas/partes';
import * as s from '~/components/vendas/vendas.css';
import { EstadoDaAutorizacao } from '~/components/vendas/autorizacao-terceiro';
import { vendas as textosDeVendas } from '~/locales/pt-BR/vendas';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { alterarMetodoEntrega, COMPROVANTE_MAX_BYTES, enviarComprovante, idDaVenda, MENSAGENS_VENDA } from '~/modules/vendas/acoes.server';
import { buscarVenda } from '~/modules/vendas/consultas.server';
import { parcelasDaVenda } from '~/modules/vendas/parcelamento.server';
import { meiosDePagamento } from '~/modules/vendas/meios.server';
import { linhaDaConta, linhaDoFavorecido } from '~/modules/vendas/favorecido';
import { opcoesDeEntrega, patiosDaRetirada, salvarMetodoEntrega } from '~/modules/vendas/entrega.server';
import { autorizacoesDaVenda, autorizarTerceiro, revogarAutorizacao } from '~/modules/vendas/retirada-terceiros.server';
import { reaisParaCentavos } from '~/utils/numeros';
import { useVendaAlterada } from '~/realtime/use-lances';
import { ErroHttp } from '~/utils/errors';
import { formatarData, formatarDataHora, formatarMoeda } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';

/** /cliente/compras/{id}: what is owed and to whom, how to pay, proofs, delivery, and the sale's timeline. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const u = (await exigirAcesso(request, context))!;
  const id = idDaVenda.safeParse(params.id);
  const venda = id.success
    ? await buscarVenda({ db: context.db, hotsiteId: context.marca.id, leitor: { usuarioId: u.id }, id: id.data })
    : null;
  if (!venda) throw new Response(MENSAGENS_VENDA.naoEncontrada, { status: 404 });
  const [meios, patios, autorizacoes, opcoes, prazos, parcelamentos] = await Promise.all([
    meiosDePagamento(venda),
    patiosDaRetirada({ db: context.db, hotsiteId: context.marca.id, vendaId: venda.id }),
    autorizacoesDaVenda({ db: context.db, hotsiteId: context.marca.id, vendaId: venda.id }),
    opcoesDeEntrega({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id, vendaId: venda.id }),
    entradaDosPrazos({ db: context.db, hotsiteId: context.marca.id, vendaId: venda.id }),
    parcelasDaVenda({ db: context.db, hotsiteId: context.marca.id, venda }),
  ]);
  return { venda, meios, patios, autorizacoes, opcoes, prazos, parcelamentos, agora: new Date().toISOString() };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const u = (await exigirAcesso(request, context))!;
  const id = idDaVenda.safeParse(params.id);
  if (!id.success) throw new ErroHttp(404, MENSAGENS_VENDA.naoEncontrada);
  const form = await lerFormulario(request, { arquivos: 1, bytesPorArquivo: COMPROVANTE_MAX_BYTES });
  const comum = {
    db: context.db,
    hub: context.hub,
    hotsiteId: context.marca.id,
    vendaId: id.data,
    autor: u.nome,
    urlBase: context.urlBase,
  };
  switch (form.get('_acao')) {
    case 'comprovante': {
      const f = form.get('arquivo');
      const arquivo = f && typeof f !== 'string' && f.size > 0 ? { nome: f.name, bytes: new Uint8Array(await f.arrayBuffer()) } : null;
      const texto = String(form.get('valor') ?? '').trim();
      let valor: number | undefined;
      if (texto) {
        try {
          valor = reaisParaCentavos(texto);
        } catch {
          throw new ErroHttp(400, MENSAGENS_VENDA.valorInvalido);
        }
      }
      return enviarComprovante({ ...comum, usuarioId: u.id, arquivo, valor });
    }
    case 'entrega':
      return alterarMetodoEntrega({
        ...comum,
        usuarioId: u.id,
        entrada: {
          metodo: form.get('metodo'),
          valor: form.get('valor') ?? '0',
          patUid: form.get('patUid') ?? '',
          agendadoHorario: form.get('horario') ?? '',
        },
      });
    case 'entrega-veiculo':
      return salvarMetodoEntrega({
        db: context.db,
        hub: context.hub,
        hotsiteId: context.marca.id,
        usuarioId: u.id,
        autor: u.nome,
        entrada: { uid: form.get('uid'), metodo: form.get('metodo'), valor: form.get('valor') ?? '0', patUid: form.get('patUid') ?? '' },
      });
    case 'terceiro':
      return autorizarTerceiro({
        db: context.db,
        hotsiteId: context.marca.id,
        usuarioId: u.id,
        vendaId: id.data,
        autor: u.nome,
        entrada: { nome: form.get('nome') ?? '', cpf: form.get('cpf') ?? '' },
      });
    case 'revogar-terceiro':
      return revogarAutorizacao({ ...comum, usuarioId: u.id, entrada: { autorizacao: form.get('autorizacao') } });
    default:
      throw new ErroHttp(400, 'Ação inválida');
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Compra ${data.venda.id}` : 'Compra' }];

export default function Compra() {
  const { venda: v, meios, patios, autorizacoes, opcoes, prazos, parcelamentos, agora } = useLoaderData<typeof loader>();
  const resposta = useActionData<typeof action>();
  const t = useWording(textosDeVendas);
  const revalidar = useRevalidator();
  useVendaAlterada((d) => d.vendaId === v.id && revalidar.revalidate());
  const podePagar = v.situacao === 'AguardandoPagamento' || v.situacao === 'AguardandoValidacao';
  // A conditional win (decision 126) owes nothing and has nothing to pick up until the seller accepts.
  const condicional = v.situacao === 'Condicional';
  const encerrada = v.situacao === 'Cancelada' || v.situacao === 'ClienteDesistiu';
  return (
    <section className={`${container} ${s.pagina}`}>
      <p>
        <Link to="/cliente/compras">← {t('vendas.minhas_compras')}</Link>
      </p>
      <div className={s.linhaItem}>
        <h1>
          {t('vendas.compra')} {v.id}
        </h1>
        <Selo tom={v.tom}>{v.situacaoRotulo}</Selo>
      </div>
      <p className={s.orientacao} data-testid="orientacao">
        {v.orientacao} {v.mensagemCompra ? <span className={s.suave}>{v.mensagemCompra}</span> : null}
      </p>
      {resposta && 'mensagem' in resposta ? (
        <p role="status">
          {resposta.mensagem}
          {'hash' in resposta ? (
            <>
              {' '}
              <a href={`/retirada-por-terceiros/${resposta.hash}`} target="_blank" rel="noreferrer">
                Abrir autorização
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      <div className={s.grade}>
        <div className={s.pagina} style={{ paddingBlock: 0 }}>
          {v.lotesEmCondicional.length > 0 ? <OfertaCondicional lotes={v.lotesEmCondicional} /> : null}
          {prazos && !encerrada && !condicional ? (
            <article className={s.cartao} data-testid="prazos">
              <h2>Seus prazos</h2>
              <PrazosDaCompra entrada={prazos} agoraDoServidor={agora} />
            </article>
          ) : null}
          {condicional && v.itens.length === 0 ? null : (
            <article className={s.cartao}>
              <h2>O que você deve</h2>
              <p className={s.suave}>
                {v.leilao ? `${t('vendas.leilao')}: ${v.leilao} · ` : ''}
                {v.comitente ? `Comitente: ${v.comitente} · ` : ''}Pagamento até {formatarData(v.dataPagamento)}
              </p>
              <ItensDaVenda itens={v.itens} />
              <AtasDaVenda itens={v.itens} />
              <p>
                <a href={`/extrato/${v.hashQrcode}`} target="_blank" rel="noreferrer">
                  {t('vendas.extrato')}
                </a>
                {v.situacao !== 'Cancelada' && v.situacao !== 'ClienteDesistiu' ? (
                  <>
                    {' · '}
                    <a href={`/comprovante-arrematacao/${v.hashQrcode}`} target="_blank" rel="noreferrer">
                      {t('vendas.comprovante_arrematacao')}
                    </a>
                    {' · '}
                    <a href={`/nota/${v.hashQrcode}`} target="_blank" rel="noreferrer">
                      {t('vendas.notaDeVenda')}
                    </a>
                  </>
                ) : null}
              </p>
            </article>
          )}
          {!encerrada && !condicional ? (
            <article className={s.cartao} data-testid="retirada-terceiros">
              <h2>Retirada por terceiros</h2>
              {autorizacoes.length > 0 ? (
                <ul className={s.lista}>
                  {autorizacoes.map((a) => (
                    <li key={a.hash} className={s.linhaItem} data-testid="autorizacao-terceiro">
                      <span>
                        <a href={`/retirada-por-terceiros/${a.hash}`} target="_blank" rel="noreferrer">
                          {a.nome}
                        </a>
                      </span>
                      <EstadoDaAutorizacao autorizacao={a} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className={s.suave}>Outra pessoa pode retirar por você com uma autorização impressa.</p>
              )}
              <Form method="post" className={s.acoes}>
                <input type="hidden" name="_acao" value="terceiro" />
                <label>
                  Nome completo
                  <br />
                  <input className={s.campo} name="nome" required minLength={5} maxLength={120} autoComplete="off" />
                </label>
                <label>
                  CPF
                  <br />
                  <input className={s.campo} name="cpf" required inputMode="numeric" maxLength={14} autoComplete="off" />
                </label>
                <button className={botaoSecundario} type="submit">
                  Autorizar retirada
                </button>
              </Form>
            </article>
          ) : null}
          {parcelamentos.map((p) => (
            <article className={s.cartao} data-testid="parcelamento" key={p.loteId}>
              <h2>
                Parcelamento do {t('vendas.lote').toLowerCase()} {p.loteNumero} (CPC, art. 895)
              </h2>
              <p className={s.suave}>
                {p.loteNome}: proposta de {formatarMoeda(p.total)} aceita. A comissão e as taxas do {t('vendas.lote').toLowerCase()} são
                pagas com a entrada.
              </p>
              <div
                className={s.rolagem}
                role="region"
                aria-label={`Parcelas do ${t('vendas.lote').toLowerCase()} ${p.loteNumero}`}
                tabIndex={0}
              >
                <table className={s.tabela}>
                  <thead>
                    <tr>
                      <th scope="col" className={s.celula}>
                        Parcela
                      </th>
                      <th scope="col" className={s.celula}>
                        Vencimento
                      </th>
                      <th scope="col" className={s.numero}>
                        Valor
                      </th>
                      <th scope="col" className={s.celula}>
                        Situação
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.parcelas.map((x) => (
                      <tr key={x.numero} data-testid="parcela">
                        <td className={s.celula}>{x.numero === 0 ? 'Entrada' : `${x.numero}/${p.parcelas.length - 1}`}</td>
                        <td className={s.celula}>{x.vencimento.split('-').reverse().join('/')}</td>
                        <td className={s.numero}>{formatarMoeda(x.valor)}</td>
                        <td className={s.celula} data-testid="parcela-situacao">
                          {x.rotulo}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row" colSpan={2} className={s.celula}>
                        Total
                      </th>
                      <td className={s.numero} data-testid="parcelamento-total">
                        {formatarMoeda(p.total)}
                      </td>
                      <td className={s.celula} />
                    </tr>
                  </tfoot>
                </table>
              </div>
              {p.parcelas.some((x) => x.meios) ? <SeloDaMarca texto="pagamento" /> : null}
              {p.parcelas.map((x) => (x.meios ? <PagamentoDaParcela key={x.id} linha={x} total={p.parcelas.length - 1} /> : null))}
            </article>
          ))}
          {podePagar && meios.valor > 0 && parcelamentos.length === 0 ? (
            <article className={s.cartao} data-testid="como-pagar">
              <h2>Como pagar {formatarMoeda(meios.valor)}</h2>
              <SeloDaMarca texto="pagamento" />
              {meios.ted ? (
                <section>
                  <h3>TED ou depósito</h3>
                  <p>Transfira o valor total para a conta abaixo e envie o comprovante nesta página.</p>
                  <p className={s.copiavel} data-testid="conta">
                    {linhaDaConta(meios.ted)}
                    <br />
                    <span data-testid="favorecido">{linhaDoFavorecido(meios.ted)}</span>
                  </p>
                </section>
              ) : (
                <p>Os dados para pagamento serão enviados por e-mail.</p>
              )}
              {meios.boleto ? (
                <section>
                  <h3>Boleto</h3>
                  <p>
                    Pague em qualquer banco ou aplicativo até {formatarData(meios.boleto.vencimento)}. A compensação leva até 3 dias úteis.
                  </p>
                  {meios.ted ? <p data-testid="beneficiario-boleto">Beneficiário: {linhaDoFavorecido(meios.ted)}</p> : null}
                  <p className={s.copiavel} data-testid="linha-digitavel">
                    {meios.boleto.linhaDigitavel}
                  </p>
                  <div
                    className={s.barras}
                    role="img"
                    aria-label="Código de barras do boleto"
                    dangerouslySetInnerHTML={{ __html: meios.boleto.barrasSvg }}
                  />
                </section>
              ) : null}
              {meios.pix ? (
                <section>
                  <h3>PIX</h3>
                  <p>Leia o QR code no aplicativo do seu banco ou use o PIX copia e cola. Depois envie o comprovante.</p>
                  {meios.ted ? (
                    <p data-testid="recebedor-pix">
                      Recebedor: {linhaDoFavorecido(meios.ted)}
                      {meios.ted.chavePix ? ` · Chave ${meios.ted.chavePix}` : ''}
                    </p>
                  ) : null}
                  <img src={meios.pix.qrDataUrl} alt="QR code PIX" width={200} height={200} />
                  <p className={s.copiavel} data-testid="pix">
                    {meios.pix.copiaECola}
                  </p>
                </section>
              ) : null}
            </article>
          ) : null}
          {podePagar ? <EnvioDeComprovante vendaId={v.id} /> : null}
          {!encerrada && !condicional && (v.situacao === 'Fechada' || v.metodoEntrega) ? (
            <Entrega v={v} patios={patios} opcoes={opcoes} />
          ) : null}
        </div>
        <aside className={s.pagina} style={{ paddingBlock: 0 }}>
          <article className={s.cartao}>
            <h2>Resumo</h2>
            {condicional ? (
              <p data-testid="resumo-condicional">
                {`${t('condicional.oferta')}: ${formatarMoeda(v.valorCondicional)}`}
                <br />
                <span className={s.suave}>{t('condicional.resumo')}</span>
              </p>
            ) : (
              <BlocoTotais v={v} />
            )}
          </article>
          {v.comprovantes.length ? (
            <article className={s.cartao}>
              <h2>Comprovantes</h2>
              <ul className={s.lista} data-testid="comprovantes">
                {v.comprovantes.map((c) => (
                  <li key={c.uid} className={s.linhaItem}>
                    <span>
                      {c.nomeArquivo}
                      {c.valor != null ? ` · ${formatarMoeda(c.valor)}` : ''}
                      {c.motivo ? <span className={s.suave}> — {c.motivo}</span> : null}
                    </span>
                    <Selo tom={c.tom}>{c.rotulo}</Selo>
                  </li>
                ))}
              </ul>
            </article>
          ) : null}
          <article className={s.cartao}>
            <h2>Histórico</h2>
            <LinhaDoTempo eventos={v.eventos} />
          </article>
        </aside>
      </div>
    </section>
  );
}

/** Proof upload: a plain form without JavaScript; with it, the upload shows its progress. */
function EnvioDeComprovante({ vendaId }: { vendaId: number }) {
  const [progresso, setProgresso] = useState<number | null>(null);
  const [mensagem, setMensagem] = useState<string | null>(null);
  const revalidar = useRevalidator();
  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const dados = new FormData(e.currentTarget);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/cliente/compras/${vendaId}?_data=${encodeURIComponent('routes/cliente.compras.$id')}`);
    xhr.upload.onprogress = (ev) => ev.lengthComputable && setProgresso(Math.round((ev.loaded / ev.total) * 100));
    xhr.onload = () => {
      setProgresso(null);
      let texto = xhr.responseText;
      try {
        texto = (JSON.parse(xhr.responseText) as { mensagem?: string }).mensagem ?? texto;
      } catch {
        /* a plain-text error from the guard */
      }
      setMensagem(texto);
      revalidar.revalidate();
    };
    xhr.onerror = () => {
      setProgresso(null);
      setMensagem('Falha de conexão ao enviar o comprovante');
    };
    setMensagem(null);
    setProgresso(0);
    xhr.send(dados);
  }
  return (
    <article className={s.cartao}>
      <h2>Enviar comprovante</h2>
      <Form method="post" encType="multipart/form-data" className={s.formulario} onSubmit={enviar}>
        <input type="hidden" name="_acao" value="comprovante" />
        <label>
          Arquivo (PDF, JPG ou PNG, até 5 MB)
          <br />
          <input className={s.campo} type="file" name="arquivo" accept="application/pdf,image/jpeg,image/png" required />
        </label>
        <label>
          Valor pago (opcional, R$)
          <br />
          <input className={s.campo} name="valor" inputMode="decimal" placeholder="0,00" />
        </label>
        {progresso != null ? <progress className={s.progresso} max={100} value={progresso} aria-label="Envio do comprovante" /> : null}
        <button className={botao} type="submit" disabled={progresso != null}>
          Enviar comprovante
        </button>
        {mensagem ? <p role="status">{mensagem}</p> : null}
      </Form>
    </article>
  );
}

/**
 * Delivery (decision 125): the vehicle is picked up at its yard or carried by freight (priced by vehicle
 * type for the client's UF); a paid sale books one of the slots the yard offers; the documents go with
 * the vehicle or by Sedex / Carta Registrada, in their own section so no parcel carrier sits next to a car.
 */
function Entrega({
  v,
  patios,
  opcoes,
}: {
  v: ReturnType<typeof useLoaderData<typeof loader>>['venda'];
  patios: ReturnType<typeof useLoaderData<typeof loader>>['patios'];
  opcoes: ReturnType<typeof useLoaderData<typeof loader>>['opcoes'];
}) {
  const t = useWording();
  const [patUid, setPatUid] = useState(patios.find((p) => p.uid === v.patio?.uid)?.uid ?? patios[0]?.uid ?? '');
  const [documentos, setDocumentos] = useState(v.metodoEntrega ?? 'Retirada');
  const patio = patios.find((p) => p.uid === patUid);
  const doc = documentos === 'Sedex' || documentos === 'Carta Registrada' ? opcoes.documentos[documentos] : null;
  const porFrete = v.entregaVeiculo === 'Frete';
  return (
    <article className={s.cartao} data-testid="entrega">
      <h2>Retirada ou envio</h2>
      {v.metodoEntrega === 'Retirada' && v.patio && v.agendadoHorario ? (
        <p role="status" data-testid="retirada-agendada">
          Retirada no pátio {v.patio.nome} ({v.patio.cidade}/{v.patio.estadoUf}) em {formatarDataHora(v.agendadoHorario)}.
        </p>
      ) : null}
      <section>
        <h3>Veículo</h3>
        <Form method="post" className={s.formulario} data-testid="entrega-veiculo">
          <input type="hidden" name="_acao" value="entrega-veiculo" />
          <input type="hidden" name="uid" value={v.uid} />
          <input type="hidden" name="patUid" value={patUid} />
          <input type="hidden" name="valor" value={opcoes.veiculo.frete?.valor ?? 0} />
          <p>
            {porFrete
              ? `Transporte do veículo por frete para ${v.ufFrete} (${formatarMoeda(v.valorFrete)}).`
              : v.entregaVeiculo === 'Retirada'
                ? 'Você retira o veículo no pátio.'
                : 'Escolha retirar o veículo no pátio ou recebê-lo por frete (transporte por caminhão).'}
          </p>
          <div className={s.acoes}>
            <button className={botaoSecundario} type="submit" name="metodo" value="Retirada" disabled={!patUid}>
              Retirar no pátio
            </button>
            {opcoes.veiculo.frete ? (
              <button className={botaoSecundario} type="submit" name="metodo" value="Frete">
                Frete do veículo para {opcoes.veiculo.frete.uf}: {formatarMoeda(opcoes.veiculo.frete.valor)} (até{' '}
                {t.contar('n_dias', opcoes.veiculo.frete.prazoDias)})
              </button>
            ) : (
              <span className={s.suave}>{opcoes.veiculo.erro}</span>
            )}
          </div>
        </Form>
      </section>
      {!porFrete ? (
        <section data-testid="agendamento">
          <h3>Retirada no pátio</h3>
          <Form method="post" className={s.formulario}>
            <input type="hidden" name="_acao" value="entrega" />
            <input type="hidden" name="metodo" value="Retirada" />
            {patios.length > 1 ? (
              <label>
                Pátio
                <br />
                <select className={s.campo} name="patUid" value={patUid} onChange={(e) => setPatUid(e.target.value)} required>
                  {patios.map((p) => (
                    <option key={p.uid} value={p.uid}>
                      {p.nome} — {p.cidade}/{p.estadoUf}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <input type="hidden" name="patUid" value={patUid} />
            )}
            {patio ? (
              <p data-testid="patio-da-retirada">
                <strong>{patio.nome}</strong>
                <br />
                {patio.endereco}
                <br />
                <span className={s.suave} data-testid="atendimento">
                  {`Atendimento: ${patio.atendimento}, exceto feriados nacionais.`}
                  {patio.recessos.length > 0
                    ? ` Sem atendimento em: ${patio.recessos.map((d) => d.split('-').reverse().join('/')).join(', ')}.`
                    : ''}
                </span>
              </p>
            ) : (
              <p className={s.suave}>Nenhum pátio disponível para a retirada; fale com a equipe.</p>
            )}
            {v.situacao === 'Fechada' && patio ? (
              patio.dias.length > 0 ? (
                <>
                  <label>
                    Horário da retirada
                    <br />
                    <select className={s.campo} name="horario" required defaultValue="" key={patio.uid} data-testid="horarios">
                      <option value="" disabled>
                        Escolha o dia e a hora
                      </option>
                      {patio.dias.map((d) => (
                        <optgroup key={d.dia} label={d.rotulo}>
                          {d.horarios.map((h) => (
                            <option key={h.instante} value={h.instante}>
                              {d.rotulo} às {h.hora}h
                            </option>
                          ))}
                        </optgroup>
                      ))}
                    </select>
                  </label>
                  <button className={botao} type="submit">
                    Agendar retirada
                  </button>
                </>
              ) : (
                <p className={s.suave}>O pátio não tem horários livres nos próximos dias; fale com a equipe.</p>
              )
            ) : v.situacao !== 'Fechada' ? (
              <p className={s.suave}>O agendamento abre depois da confirmação do pagamento.</p>
            ) : null}
          </Form>
        </section>
      ) : null}
      <section>
        <h3>Documentos do veículo</h3>
        <Form method="post" className={s.formulario} data-testid="envio-documentos">
          <input type="hidden" name="_acao" value="entrega" />
          <input type="hidden" name="patUid" value={documentos === 'Retirada' ? patUid : ''} />
          <fieldset className={s.acoes}>
            <legend className={s.suave}>Como receber os documentos (CRV/ATPV e nota)</legend>
            {(['Retirada', 'Sedex', 'Carta Registrada'] as const).map((m) => (
              <label key={m}>
                <input type="radio" name="metodo" value={m} checked={documentos === m} onChange={() => setDocumentos(m)} />{' '}
                {m === 'Retirada' ? 'Retirar no pátio' : m}
                {m !== 'Retirada' && opcoes.documentos[m].frete ? ` (${formatarMoeda(opcoes.documentos[m].frete!.valor)})` : ''}
              </label>
            ))}
          </fieldset>
          <input type="hidden" name="valor" value={doc?.frete?.valor ?? 0} />
          {doc?.erro ? <p className={s.suave}>{doc.erro}</p> : null}
          {v.metodoEntrega && v.metodoEntrega !== 'Retirada' ? (
            <p>
              Documentos por {v.metodoEntrega} ({formatarMoeda(v.valorSedex)}).
            </p>
          ) : null}
          <button className={botaoSecundario} type="submit">
            Salvar envio dos documentos
          </button>
        </Form>
      </section>
    </article>
  );
}

/**
 * One line of a CPC 895 schedule paid on its own (decision 288): its boleto and PIX for what is left of it, to
 * the payee the seal lists. The next line to pay comes open with its QR code and barcode.
 */
function PagamentoDaParcela({
  linha: x,
  total,
}: {
  linha: ReturnType<typeof useLoaderData<typeof loader>>['parcelamentos'][number]['parcelas'][number];
  total: number;
}) {
  const m = x.meios!;
  const nome = x.numero === 0 ? 'a entrada' : `a parcela ${x.numero}/${total}`;
  const dia = x.vencimento.split('-').reverse().join('/');
  return (
    <details data-testid="pagar-parcela" open={x.proxima} className={s.detalhesParcela}>
      <summary>
        Pagar {nome}: {formatarMoeda(x.restante)} até {dia}
        {x.situacao === 'vencida' ? ' (vencida)' : ''}
      </summary>
      {x.numero === 0 && x.devido > x.valor ? (
        <p className={s.suave}>Inclui a comissão, as taxas e o restante da compra, pagos com a entrada.</p>
      ) : null}
      {m.ted ? (
        <p data-testid="favorecido-parcela">
          Favorecido: {linhaDoFavorecido(m.ted)}
          <br />
          TED ou depósito: {linhaDaConta(m.ted)}
        </p>
      ) : (
        <p>Os dados para pagamento serão enviados por e-mail.</p>
      )}
      {m.boleto ? (
        <section>
          <h3>Boleto d{nome}</h3>
          <p className={s.copiavel} data-testid="linha-digitavel-parcela">
            {m.boleto.linhaDigitavel}
          </p>
          {m.boleto.barrasSvg ? (
            <div
              className={s.barras}
              role="img"
              aria-label={`Código de barras do boleto d${nome}`}
              dangerouslySetInnerHTML={{ __html: m.boleto.barrasSvg }}
            />
          ) : null}
        </section>
      ) : null}
      {m.pix ? (
        <section>
          <h3>PIX d{nome}</h3>
          {m.pix.qrDataUrl ? <img src={m.pix.qrDataUrl} alt={`QR code PIX d${nome}`} width={200} height={200} /> : null}
          <p className={s.copiavel} data-testid="pix-parcela">
            {m.pix.copiaECola}
          </p>
        </section>
      ) : null}
      <p className={s.suave}>Depois de pagar, envie o comprovante nesta página.</p>
    </details>
  );
}
