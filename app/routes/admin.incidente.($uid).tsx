import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Escolha, Secao } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import * as o from '~/components/operacoes/operacoes.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { operacoes } from '~/locales/pt-BR/operacoes';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import {
  abrirIncidente,
  atribuirIncidente,
  comentarIncidente,
  fecharIncidente,
  obterIncidente,
  responsaveisPossiveis,
} from '~/modules/operacoes/incidentes.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { formatarDataHora } from '~/utils/format';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches, params }) => metaDaPagina(matches, params.uid ? 'Incidente' : 'Novo incidente');

const m = operacoes.incidente;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const { db, marca } = context;
  if (!params.uid) {
    // Opened from a client's, lot's or sale's screen: the reference comes in the query.
    const q = new URL(request.url).searchParams;
    const ref = (n: string) => (/^\d{1,10}$/.test(q.get(n) ?? '') ? q.get(n)! : '');
    return { novo: true as const, referencia: { clienteId: ref('clienteId'), loteId: ref('loteId'), vendaId: ref('vendaId') } };
  }
  const [i, responsaveis] = await Promise.all([
    obterIncidente({ db, hotsiteId: marca.id, uid: params.uid }),
    responsaveisPossiveis({ db }),
  ]);
  return {
    novo: false as const,
    incidente: {
      ...i,
      createdAt: i.createdAt.toISOString(),
      fechadoEm: i.fechadoEm?.toISOString() ?? null,
      comentarios: i.comentarios.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    },
    responsaveis: responsaveis.map((r) => ({ valor: String(r.id), nome: r.nome })),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const base = { db: context.db, hotsiteId: context.marca.id };
  try {
    if (!params.uid) {
      const { uid } = await abrirIncidente({ ...base, usuarioId: eu.id, entrada: campos });
      return redirect(`/admin/incidente/${uid}`);
    }
    const uid = params.uid;
    switch (campos._acao) {
      case 'atribuir':
        await atribuirIncidente({ ...base, uid, responsavelId: campos.responsavelId });
        return { ok: true as const, mensagem: m.atribuido, erros: {}, valores: {} };
      case 'comentar':
        await comentarIncidente({ ...base, uid, usuarioId: eu.id, entrada: campos });
        return { ok: true as const, mensagem: m.comentado, erros: {}, valores: {} };
      case 'fechar':
        await fecharIncidente({ ...base, uid, usuarioId: eu.id, comentario: campos.texto });
        return { ok: true as const, mensagem: m.fechado, erros: {}, valores: {} };
      case 'reabrir':
        await fecharIncidente({ ...base, uid, usuarioId: eu.id, reabrir: true });
        return { ok: true as const, mensagem: m.reaberto, erros: {}, valores: {} };
      default:
        throw new ErroHttp(400, 'Ação desconhecida');
    }
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

type Resposta = { ok: boolean; mensagem: string; erros: Erros; valores: Record<string, string> } | undefined;

export default function Incidente() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as Resposta;
  return (
    <section>
      <p>
        <Link to="/admin/incidentes">← Incidentes</Link>
      </p>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      {d.novo ? <NovoIncidente referencia={d.referencia} r={r} /> : <DetalheDoIncidente i={d.incidente} responsaveis={d.responsaveis} />}
    </section>
  );
}

function NovoIncidente({ referencia, r }: { referencia: Record<'clienteId' | 'loteId' | 'vendaId', string>; r: Resposta }) {
  const v = (c: string) => r?.valores?.[c] ?? '';
  const ref = (c: 'clienteId' | 'loteId' | 'vendaId') => v(c) || referencia[c];
  return (
    <>
      <div className={s.titulo}>
        <h1>Novo incidente</h1>
      </div>
      <Form method="post" data-testid="form-incidente">
        <Secao titulo="Incidente">
          <div className={f.grade}>
            <Campo
              nome="titulo"
              rotulo="Título"
              obrigatorio
              valor={v('titulo')}
              erros={r?.erros}
              placeholder="Cliente não recebeu o boleto"
            />
            <Campo nome="clienteId" rotulo="Cliente (código)" inputMode="numeric" valor={ref('clienteId')} erros={r?.erros} />
            <Campo nome="loteId" rotulo="Lote (código)" inputMode="numeric" valor={ref('loteId')} erros={r?.erros} />
            <Campo nome="vendaId" rotulo="Venda (código)" inputMode="numeric" valor={ref('vendaId')} erros={r?.erros} />
          </div>
          <label className={f.campo}>
            <span className={f.rotulo}>Descrição</span>
            <textarea name="descricao" required rows={5} defaultValue={v('descricao')} className={f.entrada} />
            {r?.erros?.descricao ? (
              <span className={f.erro} role="alert">
                {r.erros.descricao[0]}
              </span>
            ) : null}
          </label>
        </Secao>
        <div className={f.acoes}>
          <button type="submit" className={botao}>
            Abrir incidente
          </button>
        </div>
      </Form>
    </>
  );
}

interface DadosDoIncidente {
  uid: string;
  titulo: string;
  descricao: string;
  situacao: string;
  createdAt: string;
  fechadoEm: string | null;
  abertoPor: string | null;
  responsavel: string | null;
  responsavelId: number | null;
  cliente: string | null;
  clienteId: number | null;
  lote: string | null;
  loteId: number | null;
  vendaId: number | null;
  comentarios: { id: number; texto: string; autor: string | null; createdAt: string }[];
}

function DetalheDoIncidente({ i, responsaveis }: { i: DadosDoIncidente; responsaveis: { valor: string; nome: string }[] }) {
  const fechado = i.situacao === 'Fechado';
  return (
    <>
      <div className={s.titulo}>
        <h1>{i.titulo}</h1>
        <span data-testid="situacao-incidente">{i.situacao}</span>
      </div>
      <dl className={o.detalhes}>
        <dt>Aberto em</dt>
        <dd>
          {formatarDataHora(i.createdAt)} por {i.abertoPor ?? '—'}
        </dd>
        <dt>Cliente</dt>
        <dd>{i.clienteId ? <Link to={`/admin/cliente/${i.clienteId}`}>{i.cliente}</Link> : '—'}</dd>
        <dt>Lote</dt>
        <dd>{i.loteId ? <Link to={`/admin/lotes/${i.loteId}`}>{i.lote}</Link> : '—'}</dd>
        <dt>Venda</dt>
        <dd>{i.vendaId ? <Link to={`/admin/compras/${i.vendaId}`}>{i.vendaId}</Link> : '—'}</dd>
        <dt>Responsável</dt>
        <dd data-testid="responsavel-incidente">{i.responsavel ?? '—'}</dd>
        {i.fechadoEm ? (
          <>
            <dt>Fechado em</dt>
            <dd>{formatarDataHora(i.fechadoEm)}</dd>
          </>
        ) : null}
      </dl>
      <p className={o.texto}>{i.descricao}</p>
      {fechado ? (
        <Form method="post">
          <input type="hidden" name="_acao" value="reabrir" />
          <button type="submit" className={botaoSecundario}>
            Reabrir
          </button>
        </Form>
      ) : (
        <Form method="post" className={s.filtros} data-testid="form-atribuir">
          <input type="hidden" name="_acao" value="atribuir" />
          <Escolha
            nome="responsavelId"
            rotulo="Responsável"
            opcoes={responsaveis}
            vazio="—"
            valor={i.responsavelId ? String(i.responsavelId) : ''}
            obrigatorio
          />
          <button type="submit" className={botao}>
            Atribuir
          </button>
        </Form>
      )}
      <h2>Comentários</h2>
      <ol data-testid="comentarios-incidente">
        {i.comentarios.map((c) => (
          <li key={c.id}>
            <strong>{c.autor ?? '—'}</strong> · {formatarDataHora(c.createdAt)}
            <p className={o.texto}>{c.texto}</p>
          </li>
        ))}
      </ol>
      {i.comentarios.length === 0 ? <p>Nenhum comentário.</p> : null}
      <Form method="post" data-testid="form-comentar" key={i.comentarios.length}>
        <label className={f.campo}>
          <span className={f.rotulo}>Comentário</span>
          <textarea name="texto" rows={3} className={f.entrada} />
        </label>
        <div className={f.acoes}>
          <button type="submit" name="_acao" value="comentar" className={botao}>
            Comentar
          </button>
          {fechado ? null : (
            <button type="submit" name="_acao" value="fechar" className={botaoSecundario}>
              Fechar incidente
            </button>
          )}
        </div>
      </Form>
    </>
  );
}
