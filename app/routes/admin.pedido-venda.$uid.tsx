import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { SITUACOES_PEDIDO_VENDA } from '@db/schema/conveniencias';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, Secao } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import * as o from '~/components/operacoes/operacoes.css';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import {
  atribuirPedidoVenda,
  comentarPedidoVenda,
  MENSAGENS_PEDIDO_VENDA as m,
  mudarSituacaoPedidoVenda,
  obterPedidoVenda,
  responsaveisDosPedidos,
} from '~/modules/conveniencias/pedidos-venda.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { formatarDataHora, formatarMoeda, formatarNumero } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Pedido "Vender seu carro"');

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const [p, responsaveis] = await Promise.all([
    obterPedidoVenda({ db: context.db, hotsiteId: context.marca.id, uid: params.uid! }),
    responsaveisDosPedidos({ db: context.db }),
  ]);
  return {
    pedido: {
      ...p,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
      comentarios: p.comentarios.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    },
    responsaveis: responsaveis.map((r) => ({ valor: String(r.id), nome: r.nome })),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const base = { db: context.db, hotsiteId: context.marca.id, uid: params.uid! };
  try {
    switch (campos._acao) {
      case 'atribuir':
        await atribuirPedidoVenda({ ...base, responsavelId: campos.responsavelId });
        return { ok: true as const, mensagem: m.atribuido, erros: {}, valores: {} };
      case 'situacao':
        await mudarSituacaoPedidoVenda({ ...base, usuarioId: eu.id, entrada: campos });
        return { ok: true as const, mensagem: m.situacaoAlterada, erros: {}, valores: {} };
      case 'comentar':
        await comentarPedidoVenda({ ...base, usuarioId: eu.id, entrada: campos });
        return { ok: true as const, mensagem: m.comentado, erros: {}, valores: {} };
      default:
        throw new ErroHttp(400, 'Ação desconhecida');
    }
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

type Resposta = { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;

export default function PedidoVenda() {
  const { pedido: p, responsaveis } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as Resposta;
  const falhou = r && !r.ok;
  // After a refusal, each form gets back what was typed in it (the two forms share the "texto" field).
  const v = (c: string, atual: string, acao = 'situacao') => (falhou && r.valores?._acao === acao ? (r.valores?.[c] ?? '') : atual);
  return (
    <section>
      <p>
        <Link to="/admin/pedidos-venda">← Pedidos &quot;Vender seu carro&quot;</Link>
      </p>
      <div className={s.titulo}>
        <h1>{`${p.marcaModelo} ${p.anoModelo}`}</h1>
        <span data-testid="situacao-pedido">{p.situacao}</span>
      </div>
      {r ? (
        <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="aviso-pedido">
          {r.mensagem}
        </Aviso>
      ) : null}
      <dl className={o.detalhes}>
        <dt>Recebido em</dt>
        <dd>{formatarDataHora(p.createdAt)}</dd>
        <dt>Nome</dt>
        <dd>{p.nome}</dd>
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${p.email}`}>{p.email}</a>
        </dd>
        <dt>Telefone</dt>
        <dd>
          <a href={`tel:${p.telefone.replace(/[^\d+]/g, '')}`}>{p.telefone}</a>
        </dd>
        <dt>Km</dt>
        <dd>{p.km != null ? formatarNumero(p.km) : 'não informado'}</dd>
        <dt>Valor pretendido</dt>
        <dd>{p.valorPretendido != null ? formatarMoeda(p.valorPretendido) : 'não informado'}</dd>
        <dt>Local</dt>
        <dd>{`${p.cidade}/${p.uf}`}</dd>
        <dt>Responsável</dt>
        <dd data-testid="responsavel-pedido">{p.responsavel ?? '—'}</dd>
        {p.loteId ? (
          <>
            <dt>Virou o lote</dt>
            <dd>
              <Link to={`/admin/lotes/${p.loteId}`}>{p.lote ?? p.loteId}</Link>
            </dd>
          </>
        ) : null}
      </dl>
      {p.observacao ? <p className={o.texto}>{p.observacao}</p> : null}

      <Form method="post" className={s.filtros} data-testid="form-atribuir-pedido">
        <input type="hidden" name="_acao" value="atribuir" />
        <Escolha
          nome="responsavelId"
          rotulo="Responsável"
          opcoes={responsaveis}
          vazio="—"
          valor={p.responsavelId ? String(p.responsavelId) : ''}
          obrigatorio
          erros={r?.erros}
        />
        <button type="submit" className={botao}>
          Atribuir
        </button>
      </Form>

      <Form method="post" data-testid="form-situacao-pedido">
        <input type="hidden" name="_acao" value="situacao" />
        <Secao titulo="Situação">
          <div className={f.grade}>
            <Escolha
              nome="situacao"
              rotulo="Situação"
              opcoes={SITUACOES_PEDIDO_VENDA.map((x) => ({ valor: x, nome: x }))}
              valor={v('situacao', p.situacao)}
              obrigatorio
              erros={r?.erros}
            />
            <Campo
              nome="loteId"
              rotulo="Lote (código), quando virou lote"
              inputMode="numeric"
              valor={v('loteId', p.loteId ? String(p.loteId) : '')}
              erros={r?.erros}
            />
          </div>
          <label className={f.campo}>
            <span className={f.rotulo}>Comentário (obrigatório ao recusar)</span>
            <textarea name="texto" rows={2} defaultValue={v('texto', '')} className={f.entrada} />
            {falhou && r.valores?._acao === 'situacao' && r.erros?.texto ? (
              <span className={f.erro} role="alert">
                {r.erros.texto[0]}
              </span>
            ) : null}
          </label>
        </Secao>
        <div className={f.acoes}>
          <button type="submit" className={botao}>
            Atualizar situação
          </button>
        </div>
      </Form>

      <h2>Comentários</h2>
      <ol data-testid="comentarios-pedido">
        {p.comentarios.map((c) => (
          <li key={c.id}>
            <strong>{c.autor ?? '—'}</strong> · {formatarDataHora(c.createdAt)}
            <p className={o.texto}>{c.texto}</p>
          </li>
        ))}
      </ol>
      {p.comentarios.length === 0 ? <p>Nenhum comentário.</p> : null}
      <Form method="post" data-testid="form-comentar-pedido" key={p.comentarios.length}>
        <input type="hidden" name="_acao" value="comentar" />
        <label className={f.campo}>
          <span className={f.rotulo}>Comentário</span>
          <textarea name="texto" rows={3} defaultValue={v('texto', '', 'comentar')} className={f.entrada} />
          {falhou && r.valores?._acao === 'comentar' && r.erros?.texto ? (
            <span className={f.erro} role="alert">
              {r.erros.texto[0]}
            </span>
          ) : null}
        </label>
        <div className={f.acoes}>
          <button type="submit" className={botao}>
            Comentar
          </button>
        </div>
      </Form>
    </section>
  );
}
