import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { BlocoTotais, ItensDaVenda, LinhaDoTempo, OfertasSegundoColocado, Selo } from '~/components/vendas/partes';
import * as s from '~/components/vendas/vendas.css';
import { EstadoDaAutorizacao } from '~/components/vendas/autorizacao-terceiro';
import { CondicionalDaVenda } from '~/components/backoffice/resposta-condicional';
import { comitentesDoUsuario } from '~/modules/comitentes/usuarios-comitente.server';
import { responderCondicional } from '~/modules/lances/encerramento.server';
import { rotuloSituacao } from '~/modules/catalogo/regras';
import { idSchema } from '~/utils/id';
import { FORMAS_PAGAMENTO } from '@db/schema/vendas';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { reaisParaCentavos } from '~/utils/numeros';
import {
  cancelarVenda,
  darDesconto,
  estadiaDevida,
  idDaVenda,
  marcarEntrega,
  MENSAGENS_VENDA,
  registrarPagamento,
  responderComprovante,
} from '~/modules/vendas/acoes.server';
import { buscarVenda } from '~/modules/vendas/consultas.server';
import { ofertasDaVenda } from '~/modules/vendas/segundo-colocado.server';
import { autorizacoesDaVenda, revogarAutorizacao } from '~/modules/vendas/retirada-terceiros.server';
import { mascararDocumento } from '~/modules/dominio/documentos-br';
import { FORMA_PAGAMENTO } from '~/modules/vendas/regras';
import { ErroHttp } from '~/utils/errors';
import { formatarData, formatarDataHora, formatarMoeda } from '~/utils/format';
import { formatarBytes } from '~/utils/formatar-bytes';
import { lerFormulario } from '~/utils/formulario.server';

/** /admin/compras/{id} (Acerto, SAC, ADM): one sale; validate proofs, register payments, discount, cancel, delivery. */
export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Venda');

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const eu = await exigirAcesso(request, context);
  if (params.id == null) return { venda: null, ofertas: [], autorizacoes: [], estadia: null, podeResponder: false };
  const id = idDaVenda.safeParse(params.id);
  const venda = id.success ? await buscarVenda({ db: context.db, hotsiteId: context.marca.id, leitor: 'equipe', id: id.data }) : null;
  if (!venda) throw new Response(MENSAGENS_VENDA.naoEncontrada, { status: 404 });
  const [ofertas, autorizacoes, estadia] = await Promise.all([
    ofertasDaVenda({ db: context.db, hotsiteId: context.marca.id, vendaId: venda.id }),
    autorizacoesDaVenda({ db: context.db, hotsiteId: context.marca.id, vendaId: venda.id }),
    estadiaDevida({ db: context.db, hotsiteId: context.marca.id, vendaId: venda.id }),
  ]);
  // A conditional lot is answered here by whoever answers it on /admin/avaliacao-veicular-condicional
  // (ADM and SAC for every seller, a seller's user for theirs); the answer itself checks it again.
  const comitentes =
    eu && venda.lotesEmCondicional.length > 0
      ? await comitentesDoUsuario({ db: context.db, hotsiteId: context.marca.id, usuario: eu })
      : [];
  // Staff see who is authorised (CPF masked), not the document's hash.
  return {
    venda,
    ofertas,
    estadia,
    podeResponder: comitentes === 'todos' || comitentes.length > 0,
    autorizacoes: autorizacoes.map(({ hash: _h, cpf, ...a }) => (void _h, { ...a, cpf: mascararDocumento(cpf) })),
  };
}

const centavos = (v: FormDataEntryValue | null) => {
  try {
    return reaisParaCentavos(String(v ?? ''));
  } catch {
    throw new ErroHttp(400, MENSAGENS_VENDA.valorInvalido);
  }
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const id = idDaVenda.safeParse(params.id);
  if (!id.success) throw new ErroHttp(404, MENSAGENS_VENDA.naoEncontrada);
  const form = await lerFormulario(request);
  const comum = {
    db: context.db,
    hub: context.hub,
    hotsiteId: context.marca.id,
    vendaId: id.data,
    autor: eu.nome,
    urlBase: context.urlBase,
  };
  switch (form.get('_acao')) {
    case 'comprovante':
      return responderComprovante({
        ...comum,
        entrada: { resultado: form.get('resultado'), comprovanteUid: form.get('comprovanteUid'), motivo: form.get('motivo') ?? '' },
      });
    case 'pagamento':
      return registrarPagamento({ ...comum, entrada: { tipo: form.get('tipo'), valor: centavos(form.get('valor')) } });
    case 'desconto':
      return darDesconto({ ...comum, entrada: { valor: String(form.get('valor') ?? '').trim() === '' ? 0 : centavos(form.get('valor')) } });
    case 'cancelar':
      return cancelarVenda({ ...comum, entrada: { motivo: form.get('motivo') ?? '', desistencia: form.get('desistencia') ?? false } });
    case 'entrega':
      return marcarEntrega({ ...comum, entrada: { entrega: form.get('entrega') } });
    case 'revogar-terceiro':
      return revogarAutorizacao({ ...comum, entrada: { autorizacao: form.get('autorizacao') } });
    case 'condicional': {
      // Only a lot of this sale that waits for the seller; the answer checks whose seller it is.
      const loteId = idSchema('Lote inválido').safeParse(form.get('loteId'));
      const venda = await buscarVenda({ db: context.db, hotsiteId: context.marca.id, leitor: 'equipe', id: id.data });
      if (!loteId.success || !venda?.lotesEmCondicional.some((l) => l.loteId === loteId.data))
        throw new ErroHttp(404, 'Lote não encontrado nesta venda');
      const resposta = String(form.get('resposta') ?? '');
      const r = await responderCondicional({
        db: context.db,
        hub: context.hub,
        hotsiteId: context.marca.id,
        loteId: loteId.data,
        entrada: { resposta, novoValor: resposta === 'Novo valor' ? centavos(form.get('novoValor')) : undefined },
        comitentes: await comitentesDoUsuario({ db: context.db, hotsiteId: context.marca.id, usuario: eu }),
        respondidoPor: eu.nome,
      });
      return { mensagem: `Resposta registrada: ${r.resposta} (${rotuloSituacao(r.situacao)})` };
    }
    default:
      throw new ErroHttp(400, 'Ação inválida');
  }
}

export default function AdminCompra() {
  const { venda: v, ofertas, autorizacoes, estadia, podeResponder } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>();
  if (!v) {
    return (
      <section className={s.pagina}>
        <h1>Venda</h1>
        <Form method="get" action="/admin/vendas" className={s.acoes}>
          <input className={s.campo} name="busca" placeholder="Nº da venda ou cliente" aria-label="Buscar venda" />
          <button className={botao} type="submit">
            Buscar
          </button>
        </Form>
      </section>
    );
  }
  const aberta = v.situacao !== 'Cancelada' && v.situacao !== 'ClienteDesistiu';
  // A conditional win (decision 155): nothing is owed until the seller answers, so no items, totals,
  // payment nor discount; the offer and the seller's deadline instead.
  const condicional = v.situacao === 'Condicional';
  return (
    <section className={s.pagina}>
      <p>
        <Link to="/admin/vendas">← Vendas</Link>
      </p>
      <div className={s.linhaItem}>
        <h1>Venda {v.id}</h1>
        <Selo tom={v.tom}>{v.situacaoRotulo}</Selo>
      </div>
      {r ? <p role="status">{r.mensagem}</p> : null}
      <p className={s.orientacao}>
        {v.cliente.nome} ({v.cliente.email}) · {v.leilao ?? 'Sem leilão'} · {v.comitente ?? 'Sem comitente'} ·{' '}
        {condicional ? 'aguardando a resposta do comitente' : `pagamento até ${formatarData(v.dataPagamento)}`}
        {v.mensagemCompra ? ` · ${v.mensagemCompra}` : ''}
        {v.motivoCancelada ? ` · Motivo: ${v.motivoCancelada}` : ''}
      </p>
      <div className={s.grade}>
        <div className={s.pagina} style={{ paddingBlock: 0 }}>
          {v.lotesEmCondicional.length > 0 ? <CondicionalDaVenda lotes={v.lotesEmCondicional} podeResponder={podeResponder} /> : null}
          {condicional && v.itens.length === 0 ? null : (
            <article className={s.cartao}>
              <h2>Itens</h2>
              <ItensDaVenda itens={v.itens} />
              <p>
                <a href={`/extrato/${v.hashQrcode}`} target="_blank" rel="noreferrer">
                  Extrato
                </a>
                {v.situacao !== 'Cancelada' && v.situacao !== 'ClienteDesistiu' ? (
                  <>
                    {' · '}
                    <a href={`/nota/${v.hashQrcode}`} target="_blank" rel="noreferrer">
                      Nota de venda
                    </a>
                  </>
                ) : null}
              </p>
            </article>
          )}
          {condicional && v.comprovantes.length === 0 ? null : (
            <article className={s.cartao}>
              <h2>Comprovantes</h2>
              {v.comprovantes.length === 0 ? <p className={s.suave}>Nenhum comprovante enviado</p> : null}
              <ul className={s.lista} data-testid="comprovantes-admin">
                {v.comprovantes.map((c) => (
                  <li key={c.uid} className={s.cartao}>
                    <div className={s.linhaItem}>
                      <a href={`/admin/comprovante/${c.uid}`} target="_blank" rel="noreferrer">
                        {c.nomeArquivo} ({formatarBytes(c.tamanho)})
                      </a>
                      <Selo tom={c.tom}>{c.rotulo}</Selo>
                    </div>
                    <span className={s.suave}>
                      {formatarDataHora(c.data)}
                      {c.valor != null ? ` · ${formatarMoeda(c.valor)}` : ''}
                      {c.motivo ? ` · ${c.motivo}` : ''}
                    </span>
                    {c.situacao === 'AG_COMPENSACAO' ? (
                      <Form method="post" className={s.acoes}>
                        <input type="hidden" name="_acao" value="comprovante" />
                        <input type="hidden" name="comprovanteUid" value={c.uid} />
                        <button className={botao} type="submit" name="resultado" value="aprovado">
                          Aprovar
                        </button>
                        <input className={s.campo} name="motivo" placeholder="Motivo da divergência" aria-label="Motivo da divergência" />
                        <button className={botaoSecundario} type="submit" name="resultado" value="divergente">
                          Divergente
                        </button>
                      </Form>
                    ) : null}
                  </li>
                ))}
              </ul>
            </article>
          )}
          {condicional && v.pagamentos.length === 0 ? null : (
            <article className={s.cartao}>
              <h2>Pagamentos</h2>
              {v.pagamentos.length === 0 ? <p className={s.suave}>Nenhum pagamento registrado</p> : null}
              <div className={s.rolagem} role="region" aria-label="Venda" tabIndex={0}>
                <table className={s.tabela}>
                  <tbody>
                    {v.pagamentos.map((p) => (
                      <tr key={p.uid}>
                        <td className={s.celula}>{formatarDataHora(p.data)}</td>
                        <td className={s.celula}>{p.tipoRotulo}</td>
                        <td className={s.celula}>
                          {p.situacaoRotulo}
                          {p.motivo ? ` — ${p.motivo}` : ''}
                        </td>
                        <td className={s.numero}>{formatarMoeda(p.valor)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {aberta && !condicional ? (
                <Form method="post" className={s.acoes}>
                  <input type="hidden" name="_acao" value="pagamento" />
                  <label>
                    Forma
                    <br />
                    <select className={s.campo} name="tipo">
                      {FORMAS_PAGAMENTO.map((f) => (
                        <option key={f} value={f}>
                          {FORMA_PAGAMENTO[f]}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label>
                    Valor (R$)
                    <br />
                    <input className={s.campo} name="valor" inputMode="decimal" required />
                  </label>
                  <button className={botao} type="submit">
                    Registrar pagamento
                  </button>
                </Form>
              ) : null}
            </article>
          )}
          {aberta && !condicional ? (
            <article className={s.cartao}>
              <h2>Desconto e cancelamento</h2>
              <Form method="post" className={s.acoes}>
                <input type="hidden" name="_acao" value="desconto" />
                <label>
                  Desconto (R$)
                  <br />
                  <input
                    className={s.campo}
                    name="valor"
                    inputMode="decimal"
                    defaultValue={v.valorDesconto ? (v.valorDesconto / 100).toFixed(2).replace('.', ',') : ''}
                  />
                </label>
                <button className={botaoSecundario} type="submit">
                  Aplicar desconto
                </button>
              </Form>
              <Form method="post" className={s.acoes}>
                <input type="hidden" name="_acao" value="cancelar" />
                <input className={s.campo} name="motivo" placeholder="Motivo" aria-label="Motivo do cancelamento" required />
                <label>
                  <input type="checkbox" name="desistencia" /> Cliente desistiu
                </label>
                <button className={botaoSecundario} type="submit">
                  Cancelar venda
                </button>
              </Form>
            </article>
          ) : null}
          {autorizacoes.length > 0 ? (
            <article className={s.cartao} data-testid="retirada-terceiros">
              <h2>Retirada por terceiros</h2>
              <ul className={s.lista}>
                {autorizacoes.map((a) => (
                  <li key={a.id} className={s.linhaItem} data-testid="autorizacao-terceiro">
                    <span>
                      {a.nome} · CPF {a.cpf}
                    </span>
                    <EstadoDaAutorizacao autorizacao={a} mostrarQuem />
                  </li>
                ))}
              </ul>
            </article>
          ) : null}
          {ofertas.length > 0 ? (
            <article className={s.cartao}>
              <h2>Segundo colocado</h2>
              <OfertasSegundoColocado ofertas={ofertas} />
            </article>
          ) : null}
          {v.situacao === 'Fechada' ? (
            <article className={s.cartao}>
              <h2>Entrega</h2>
              <p>
                {v.metodoEntrega ?? 'Método não escolhido'}
                {v.patio ? ` · ${v.patio.nome}` : ''}
                {v.agendadoHorario ? ` · ${formatarDataHora(v.agendadoHorario)}` : ''}
              </p>
              {estadia && v.situacaoEntrega !== 'entregue' && estadia.estadia.valor > estadia.cobrada ? (
                <p className={s.suave} data-testid="estadia-a-cobrar">
                  Estadia no pátio hoje: {estadia.estadia.diarias} {estadia.estadia.diarias === 1 ? 'diária' : 'diárias'} (
                  {formatarMoeda(estadia.estadia.valor)}). &quot;Marcar entregue&quot; inclui na venda o que falta cobrar (
                  {formatarMoeda(estadia.estadia.valor - estadia.cobrada)}) e a venda volta a Aguardando Pagamento.
                </p>
              ) : null}
              <Form method="post" className={s.acoes}>
                <input type="hidden" name="_acao" value="entrega" />
                <button className={botao} type="submit" name="entrega" value="entregue">
                  Marcar entregue
                </button>
                <button className={botaoSecundario} type="submit" name="entrega" value="nao_compareceu">
                  Não compareceu
                </button>
                <button className={botaoSecundario} type="submit" name="entrega" value="agendamento_cancelado">
                  Cancelar agendamento
                </button>
              </Form>
            </article>
          ) : null}
        </div>
        <aside className={s.pagina} style={{ paddingBlock: 0 }}>
          <article className={s.cartao}>
            <h2>Totais</h2>
            {condicional ? <p data-testid="nada-a-pagar">Nada a pagar até a resposta do comitente</p> : <BlocoTotais v={v} />}
          </article>
          <article className={s.cartao}>
            <h2>Histórico</h2>
            <LinhaDoTempo eventos={v.eventos} />
          </article>
        </aside>
      </div>
    </section>
  );
}
