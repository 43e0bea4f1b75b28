import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { gradeModelos } from '~/components/operacoes/operacoes.css';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { listarModelos, salvarModelo } from '~/modules/operacoes/modelo-fotos.server';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Modelo de fotos do site');

/**
 * /admin/modelo-fotos-site (ADM, MKT; decision 221): the shots each vehicle type's lots must have on this
 * brand. The vehicle's photo tab names each photo's shot and lists the ones still missing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  return { modelos: await listarModelos({ db: context.db, hotsiteId: context.marca.id }) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  try {
    const r = await salvarModelo({ db: context.db, hotsiteId: context.marca.id, usuarioId: eu.id, entrada: campos });
    const qtd = r.posicoes.length;
    return {
      ok: true as const,
      mensagem: `Modelo de ${r.tipo} salvo: ${qtd === 0 ? 'nenhuma foto obrigatória' : qtd === 1 ? '1 foto obrigatória' : `${qtd} fotos obrigatórias`}`,
      erros: {},
      valores: {},
    };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

export default function ModeloFotosSite() {
  const { modelos } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as { ok: boolean; mensagem: string; valores: Record<string, string> } | undefined;
  return (
    <section>
      <div className={s.titulo}>
        <h1>Modelo de fotos do site</h1>
      </div>
      {r ? (
        <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="aviso-modelo-fotos">
          {r.mensagem}
        </Aviso>
      ) : null}
      <p className={f.ajuda}>
        As fotos que cada tipo de veículo precisa ter, uma por linha, na ordem em que são tiradas. Na aba Fotos do veículo, cada foto recebe
        o seu nome e o envio mostra as que faltam.
      </p>
      <div className={gradeModelos}>
        {modelos.map((m) => {
          const valor = r && !r.ok && r.valores?.veiculoTipoId === String(m.veiculoTipoId) ? r.valores.posicoes : m.posicoes.join('\n');
          return (
            <Form
              key={m.veiculoTipoId}
              method="post"
              className={s.secao}
              aria-label={`Modelo de fotos: ${m.nome}`}
              data-tipo={m.veiculoTipoId}
            >
              <input type="hidden" name="veiculoTipoId" value={m.veiculoTipoId} />
              <div className={f.campo}>
                <label className={f.rotulo} htmlFor={`posicoes-${m.veiculoTipoId}`}>
                  {m.nome} <small>({m.categoria})</small>
                </label>
                <textarea
                  id={`posicoes-${m.veiculoTipoId}`}
                  name="posicoes"
                  rows={Math.min(8, Math.max(2, m.posicoes.length + 1))}
                  className={f.entrada}
                  defaultValue={valor}
                  placeholder="Uma foto por linha, como Frente"
                />
                <span className={f.ajuda}>
                  {m.posicoes.length === 0 ? 'Nenhuma foto obrigatória' : `${m.posicoes.length} foto(s) obrigatória(s)`}
                </span>
              </div>
              <button type="submit" className={botao}>
                Salvar
              </button>
            </Form>
          );
        })}
      </div>
    </section>
  );
}
