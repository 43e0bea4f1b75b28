import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { decidirFotos, exigirAprovacao, fotosDoLeilao } from '~/modules/backoffice/aprovacao-fotos.server';
import { listarLeiloes } from '~/modules/backoffice/leiloes.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Aprovar fotos do leilão');

/** The auction comes in ?leilao= (uid or id): the spec's path has no parameter. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const db = context.db;
  const hotsiteId = context.marca.id;
  const escolhido = new URL(request.url).searchParams.get('leilao');
  const { itens } = await listarLeiloes({ db, hotsiteId, filtro: { porPagina: 200 } });
  const leiloes = itens.map((l) => ({ uid: l.uid, nome: l.nome, situacao: l.situacao }));
  return { leiloes, dados: escolhido ? await fotosDoLeilao({ db, hotsiteId, leilaoUid: escolhido }) : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request, { campos: 1100 });
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const base = {
    db: context.db,
    hotsiteId: context.marca.id,
    usuarioId: eu.id,
    leilaoUid: new URL(request.url).searchParams.get('leilao') ?? '',
  };
  try {
    if (!base.leilaoUid) throw new ErroHttp(404, 'Leilão não encontrado');
    if (campos._acao === 'exigir') {
      const exigir = campos.exigir === 'true';
      await exigirAprovacao({ ...base, exigir });
      return {
        ok: true as const,
        mensagem: exigir ? 'As novas fotos deste leilão aguardarão aprovação' : 'As novas fotos deste leilão vão direto para o site',
        erros: {},
        valores: {},
      };
    }
    if (campos._acao !== 'aprovar' && campos._acao !== 'reprovar') throw new ErroHttp(400, 'Ação desconhecida');
    const fotoIds = form.getAll('fotoId').filter((x): x is string => typeof x === 'string');
    const r = await decidirFotos({ ...base, hub: context.hub, decisao: campos._acao, fotoIds });
    const n = r.quantidade;
    return {
      ok: true as const,
      mensagem:
        campos._acao === 'aprovar'
          ? `${n} ${n === 1 ? 'foto aprovada' : 'fotos aprovadas'}`
          : `${n} ${n === 1 ? 'foto reprovada e removida' : 'fotos reprovadas e removidas'}`,
      erros: {},
      valores: {},
    };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

export default function AprovarFotosLeilao() {
  const { leiloes, dados } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string } | undefined;
  return (
    <section>
      <div className={s.titulo}>
        <h1>Aprovar fotos do leilão{dados ? `: ${dados.leilao.nome}` : ''}</h1>
        {dados ? <Link to={`/admin/leilao/${dados.leilao.id}`}>Voltar ao leilão</Link> : null}
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <Form method="get" className={s.filtros}>
        <label className={f.campo}>
          <span className={f.rotulo}>Leilão</span>
          <select name="leilao" defaultValue={dados?.leilao.uid ?? ''} className={f.entrada}>
            <option value="">Escolha um leilão</option>
            {leiloes.map((l) => (
              <option key={l.uid} value={l.uid}>
                {l.nome} ({l.situacao})
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={botao}>
          Abrir
        </button>
      </Form>
      {dados ? (
        <>
          <Form method="post" className={f.acoes}>
            <input type="hidden" name="_acao" value="exigir" />
            <input type="hidden" name="exigir" value={dados.leilao.aprovarFotos ? 'false' : 'true'} />
            <span>
              {dados.leilao.aprovarFotos
                ? 'Novas fotos deste leilão aguardam aprovação antes de ir para o site.'
                : 'Novas fotos deste leilão vão direto para o site.'}
            </span>
            <button type="submit" className={botaoSecundario}>
              {dados.leilao.aprovarFotos ? 'Deixar de exigir aprovação' : 'Exigir aprovação das fotos'}
            </button>
          </Form>
          <p>{`${dados.aguardando.length} aguardando aprovação · ${dados.aprovadas} no site`}</p>
          {dados.aguardando.length ? (
            <Form method="post" aria-label="Fotos aguardando aprovação">
              <div className={s.fotos} data-testid="fotos-aguardando">
                {dados.aguardando.map((x) => (
                  <label key={x.id} className={s.foto}>
                    <img src={x.urlMiniatura ?? x.url} alt={`Lote ${x.numero}: foto ${x.ordem}`} className={s.miniatura} loading="lazy" />
                    <span>
                      <input type="checkbox" name="fotoId" value={x.id} defaultChecked /> Lote {x.numero} · {x.nome}
                    </span>
                  </label>
                ))}
              </div>
              <div className={f.acoes}>
                <button type="submit" name="_acao" value="aprovar" className={botao}>
                  Aprovar selecionadas
                </button>
                <button type="submit" name="_acao" value="reprovar" className={botaoSecundario}>
                  Reprovar selecionadas
                </button>
              </div>
            </Form>
          ) : (
            <p>Nenhuma foto aguardando aprovação.</p>
          )}
        </>
      ) : null}
    </section>
  );
}
