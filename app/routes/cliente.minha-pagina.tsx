import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { ArquivoGrandeDemais, lerFormulario } from '~/utils/formulario.server';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import type { Erros } from '~/components/formulario/campos';
import * as s from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { clienteDoUsuario, consultarSituacao, regrasDeCadastro, rotuloDocumento } from '~/modules/identidade/cliente.server';
import { situacaoDosDocumentos } from '~/modules/identidade/situacao-documentos';
import { DOCUMENTO_MAX_BYTES, enviarDocumento, listarDocumentos, MENSAGENS_DOCUMENTO } from '~/modules/identidade/documentos.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { ErroHttp } from '~/utils/errors';
import { formatarDataHora } from '~/utils/format';
import { formatarBytes } from '~/utils/formatar-bytes';
import { metaDaPagina } from '~/components/meta';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Meus documentos');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const u = (await exigirAcesso(request, context))!;
  const c = await clienteDoUsuario({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id });
  if (!c) return { cliente: false as const };
  const [documentos, regras, situacao] = await Promise.all([
    listarDocumentos({ db: context.db, hotsiteId: context.marca.id, clienteId: c.id }),
    regrasDeCadastro({ db: context.db, hotsiteId: context.marca.id }),
    consultarSituacao({ db: context.db, hotsiteId: context.marca.id, usuarioId: u.id }),
  ]);
  return {
    cliente: true as const,
    situacao,
    tipos: [...regras.documentosObrigatorios, 'outros'].map((t) => ({ valor: t, rotulo: t === 'outros' ? 'Outros' : rotuloDocumento(t) })),
    documentos: documentos.map((d) => ({ ...d, rotulo: rotuloDocumento(d.tipo), createdAt: d.createdAt.toISOString() })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const u = (await exigirAcesso(request, context))!;
  try {
    const form = await lerFormulario(request, { arquivos: 1, bytesPorArquivo: DOCUMENTO_MAX_BYTES });
    const arquivo = form.get('arquivo');
    if (!(arquivo instanceof File) || arquivo.size === 0)
      throw new ErroHttp(400, MENSAGENS_DOCUMENTO.vazio, { arquivo: [MENSAGENS_DOCUMENTO.vazio] });
    const r = await enviarDocumento({
      db: context.db,
      hotsiteId: context.marca.id,
      usuarioId: u.id,
      tipo: form.get('tipo'),
      nome: arquivo.name,
      bytes: new Uint8Array(await arquivo.arrayBuffer()),
    });
    return json({ ok: true, mensagem: r.mensagem, erros: {} as Erros });
  } catch (e) {
    // The refusal is shown beside the field, with the status that says what went wrong.
    if (e instanceof ArquivoGrandeDemais)
      return json(
        { ok: false, mensagem: MENSAGENS_DOCUMENTO.grande, erros: { arquivo: [MENSAGENS_DOCUMENTO.grande] } as Erros },
        { status: 413 },
      );
    if (e instanceof ErroHttp) return json({ ok: false, mensagem: e.mensagem, erros: (e.detalhes ?? {}) as Erros }, { status: e.status });
    throw e;
  }
}

const SIM_NAO = (ok: boolean) => (ok ? 'Ok' : 'Pendente');

export default function MinhaPagina() {
  const d = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>();
  const navegacao = useNavigation();
  if (!d.cliente)
    return (
      <section className={s.pagina}>
        <h1>Meus documentos</h1>
        <Aviso>Esta página é para clientes.</Aviso>
      </section>
    );
  return (
    <section className={s.paginaLarga}>
      <h1>Meus documentos</h1>
      <div className={s.cartao} data-testid="situacao-cadastro">
        <p>
          E-mail: <strong>{SIM_NAO(d.situacao.emailOk)}</strong> {d.situacao.emailOk ? null : <Link to="/email">Confirmar</Link>} ·
          Telefone: <strong>{SIM_NAO(d.situacao.telefoneOk)}</strong> {d.situacao.telefoneOk ? null : <Link to="/telefone">Confirmar</Link>}{' '}
          · Documentos:{' '}
          <strong data-testid="situacao-documentos">{situacaoDosDocumentos(d.situacao.documentoSituacao, d.documentos.length)}</strong>
        </p>
      </div>
      {r ? (
        <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="documento-resposta">
          {r.mensagem}
        </Aviso>
      ) : null}
      <Form method="post" encType="multipart/form-data" className={s.cartao}>
        <h2>Enviar documento</h2>
        <div className={s.grade}>
          <div className={s.campo}>
            <label htmlFor="tipo" className={s.rotulo}>
              Tipo de documento
            </label>
            <select id="tipo" name="tipo" className={s.entrada}>
              {d.tipos.map((t) => (
                <option key={t.valor} value={t.valor}>
                  {t.rotulo}
                </option>
              ))}
            </select>
          </div>
          <div className={s.campo}>
            <label htmlFor="arquivo" className={s.rotulo}>
              Arquivo (PDF, JPG, PNG ou WEBP até 5 MB)
            </label>
            <input
              id="arquivo"
              name="arquivo"
              type="file"
              accept="application/pdf,image/jpeg,image/png,image/webp"
              className={s.entrada}
              aria-invalid={r?.erros.arquivo ? true : undefined}
            />
            {r?.erros.arquivo ? (
              <p className={s.erro} role="alert">
                {r.erros.arquivo[0]}
              </p>
            ) : null}
          </div>
        </div>
        <button type="submit" className={botao} disabled={navegacao.state === 'submitting'}>
          Enviar
        </button>
      </Form>
      <div className={s.cartao}>
        <table className={s.tabela} data-testid="lista-documentos">
          <thead>
            <tr>
              <th>Documento</th>
              <th>Arquivo</th>
              <th>Enviado em</th>
              <th>Situação</th>
            </tr>
          </thead>
          <tbody>
            {d.documentos.length === 0 ? (
              <tr>
                <td colSpan={4}>Nenhum documento enviado.</td>
              </tr>
            ) : (
              d.documentos.map((doc) => (
                <tr key={doc.uid}>
                  <td>{doc.rotulo}</td>
                  <td>
                    {doc.nomeOriginal} ({formatarBytes(doc.tamanho)})
                  </td>
                  <td>{formatarDataHora(doc.createdAt)}</td>
                  <td>
                    <span className={s.selo}>{doc.situacao}</span>
                    {doc.motivo ? <p className={s.ajuda}>{doc.motivo}</p> : null}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
