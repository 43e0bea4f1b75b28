import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { useState, type FormEvent } from 'react';
import { botao, botaoSecundario, container } from '~/components/layout.css';
import { useWording } from '~/components/marca';
import { BlocoTotais, ItensDaVenda, LinhaDoTempo, Selo } from '~/components/vendas/partes';
import * as s from '~/components/vendas/vendas.css';
import { EstadoDaAutorizacao } from '~/components/vendas/autorizacao-terceiro';
import { vendas as textosDeVendas } from '~/locales/pt-BR/vendas';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { alterarMetodoEntrega, COMPROVANTE_MAX_BYTES, enviarComprovante, idDaVenda, MENSAGENS_VENDA } from '~/modules/vendas/acoes.server';
import { buscarVenda, patiosParaRetirada } from '~/modules/vendas/consultas.server';
import { meiosDePagamento } from '~/modules/vendas/meios.server';
import { linhaDaConta, linhaDoFavorecido } from '~/modules/vendas/favorecido';
import { opcoesDeEntrega, salvarMetodoEntrega } from '~/modules/vendas/entrega.server';
import { autorizacoesDaVenda, autorizarTerceiro, revogarAutorizacao } from '~/modules/vendas/retirada-terceiros.server';
import { reaisParaCentavos } from '~/modules/lances/regras';
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
  const [meios, patios, autorizacoes, opcoes] = await Promise.all([
    meiosDePagamento(venda),
    patiosParaRetirada({ db: context.db, hotsiteId: context.marca.id }),
    autorizacoesDaVenda({ db: context.db, hotsiteId: context.marca.id, vendaId: venda.id }),
    opcoesDeEntrega({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id, vendaId: venda.id }),
  ]);
  return { venda, meios, patios, autorizacoes, opcoes };
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
          agendadoHorario: horarioDoFormulario(form.get('data'), form.get('hora')),
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

/** "2026-11-25" and "10" (São Paulo) → an ISO instant; the schema checks the yard's hours. */
function horarioDoFormulario(data: FormDataEntryValue | null, hora: FormDataEntryValue | null) {
  if (typeof data !== 'string' || !data || typeof hora !== 'string' || !hora) return '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(data) || !/^\d{1,2}$/.test(hora)) throw new ErroHttp(400, MENSAGENS_VENDA.horarioInvalido);
  return `${data}T${hora.padStart(2, '0')}:00:00-03:00`;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Compra ${data.venda.id}` : 'Compra' }];

export default function Compra() {
  const { venda: v, meios, patios, autorizacoes, opcoes } = useLoaderData<typeof loader>();
  const resposta = useActionData<typeof action>();
  const t = useWording(textosDeVendas);
  const revalidar = useRevalidator();
  useVendaAlterada((d) => d.vendaId === v.id && revalidar.revalidate());
  const podePagar = v.situacao === 'AguardandoPagamento' || v.situacao === 'AguardandoValidacao';
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
        {v.orientacao} <span className={s.suave}>{v.mensagemCompra}</span>
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
          <article className={s.cartao}>
            <h2>O que você deve</h2>
            <p className={s.suave}>
              {v.leilao ? `${t('vendas.leilao')}: ${v.leilao} · ` : ''}
              {v.comitente ? `Comitente: ${v.comitente} · ` : ''}Pagamento até {formatarData(v.dataPagamento)}
            </p>
            <ItensDaVenda itens={v.itens} />
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
          {v.situacao !== 'Cancelada' && v.situacao !== 'ClienteDesistiu' ? (
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
          {podePagar && meios.valor > 0 ? (
            <article className={s.cartao} data-testid="como-pagar">
              <h2>Como pagar {formatarMoeda(meios.valor)}</h2>
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
          {v.situacao === 'Fechada' || v.metodoEntrega ? <Entrega v={v} patios={patios} opcoes={opcoes} /> : null}
        </div>
        <aside className={s.pagina} style={{ paddingBlock: 0 }}>
          <article className={s.cartao}>
            <h2>Resumo</h2>
            <BlocoTotais v={v} />
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
  const [metodo, setMetodo] = useState(v.metodoEntrega ?? 'Retirada');
  const [patUid, setPatUid] = useState(v.patio?.uid ?? '');
  const patio = patios.find((p) => p.uid === patUid);
  const doc = metodo === 'Sedex' || metodo === 'Carta Registrada' ? opcoes.documentos[metodo] : null;
  return (
    <article className={s.cartao} data-testid="entrega">
      <h2>Retirada ou envio</h2>
      {v.metodoEntrega === 'Retirada' && v.patio ? (
        <p>
          Retirada no pátio {v.patio.nome} ({v.patio.cidade}/{v.patio.estadoUf})
          {v.agendadoHorario ? ` em ${formatarDataHora(v.agendadoHorario)}` : ''}.
        </p>
      ) : v.metodoEntrega ? (
        <p>
          Envio dos documentos por {v.metodoEntrega} ({formatarMoeda(v.valorSedex)}).
        </p>
      ) : null}
      <Form method="post" className={s.formulario} data-testid="entrega-veiculo">
        <input type="hidden" name="_acao" value="entrega-veiculo" />
        <input type="hidden" name="uid" value={v.uid} />
        <input type="hidden" name="patUid" value={patUid} />
        <input type="hidden" name="valor" value={opcoes.veiculo.frete?.valor ?? 0} />
        <p>
          Veículo:{' '}
          {v.entregaVeiculo === 'Frete'
            ? `frete para ${v.ufFrete} (${formatarMoeda(v.valorFrete)})`
            : v.entregaVeiculo === 'Retirada'
              ? 'retirada no pátio'
              : 'escolha retirar no pátio ou receber por frete'}
        </p>
        <div className={s.acoes}>
          <button className={botaoSecundario} type="submit" name="metodo" value="Retirada" disabled={!patUid}>
            Retirar no pátio
          </button>
          {opcoes.veiculo.frete ? (
            <button className={botaoSecundario} type="submit" name="metodo" value="Frete">
              Frete para {opcoes.veiculo.frete.uf}: {formatarMoeda(opcoes.veiculo.frete.valor)} (até{' '}
              {t.contar('n_dias', opcoes.veiculo.frete.prazoDias)})
            </button>
          ) : (
            <span className={s.suave}>{opcoes.veiculo.erro}</span>
          )}
        </div>
      </Form>
      <Form method="post" className={s.formulario}>
        <input type="hidden" name="_acao" value="entrega" />
        <fieldset className={s.acoes}>
          <legend>Como receber</legend>
          {['Retirada', 'Sedex', 'Carta Registrada'].map((m) => (
            <label key={m}>
              <input type="radio" name="metodo" value={m} checked={metodo === m} onChange={() => setMetodo(m as typeof metodo)} /> {m}
              {m !== 'Retirada' && opcoes.documentos[m as 'Sedex'].frete
                ? ` (${formatarMoeda(opcoes.documentos[m as 'Sedex'].frete!.valor)})`
                : ''}
            </label>
          ))}
        </fieldset>
        {metodo === 'Retirada' ? (
          <>
            <label>
              Pátio
              <br />
              <select className={s.campo} name="patUid" value={patUid} onChange={(e) => setPatUid(e.target.value)} required>
                <option value="">Escolha</option>
                {patios.map((p) => (
                  <option key={p.uid} value={p.uid}>
                    {p.nome} — {p.cidade}/{p.estadoUf}
                  </option>
                ))}
              </select>
            </label>
            {v.situacao === 'Fechada' ? (
              <div className={s.acoes}>
                <label>
                  Data
                  <br />
                  <input className={s.campo} type="date" name="data" />
                </label>
                <label>
                  Horário
                  <br />
                  <select className={s.campo} name="hora" defaultValue="">
                    <option value="">—</option>
                    {(patio?.horas ?? [8, 9, 10, 11, 12, 13, 14, 15, 16]).map((h) => (
                      <option key={h} value={h}>
                        {h}h
                      </option>
                    ))}
                  </select>
                </label>
              </div>
            ) : null}
            <p className={s.suave} data-testid="atendimento">
              {patio ? `Atendimento: ${patio.atendimento}.` : 'Atendimento nos dias úteis, das 8h às 17h.'}
              {patio && patio.recessos.length > 0
                ? ` Sem atendimento em: ${patio.recessos.map((d) => d.split('-').reverse().join('/')).join(', ')}.`
                : ''}
            </p>
          </>
        ) : (
          <>
            <input type="hidden" name="valor" value={doc?.frete?.valor ?? 0} />
            {doc?.erro ? <p className={s.suave}>{doc.erro}</p> : null}
          </>
        )}
        <button className={botaoSecundario} type="submit">
          Salvar
        </button>
      </Form>
    </article>
  );
}
