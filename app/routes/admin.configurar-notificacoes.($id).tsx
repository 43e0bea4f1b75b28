import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/backoffice/backoffice.css';
import { Secao } from '~/components/backoffice/pecas';
import { Campo, type Erros } from '~/components/formulario/campos';
import * as f from '~/components/formulario/formulario.css';
import { botao, botaoSecundario } from '~/components/layout.css';
import { metaDaPagina } from '~/components/meta';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { TODOS_OS_EVENTOS } from '~/modules/notificacoes/eventos';
import { AMOSTRA_DA_PREVIA, configuracaoSchema } from '~/modules/notificacoes/modelos';
import { obterConfiguracao, restaurarConfiguracao, salvarConfiguracao } from '~/modules/notificacoes/modelos.server';
import { CAMPOS_DO_MODELO, textoDaNotificacao, textoDeNotificacoes, type ModeloDeTexto } from '~/modules/notificacoes/texto';
import { comoErroDeFormulario } from '~/paginas/paginas.server';
import { ErroHttp } from '~/utils/errors';
import { lerFormulario } from '~/utils/formulario.server';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Configurar notificação');

type Textos = { tituloLeilao: string | null; textoLeilao: string | null; tituloLoja: string | null; textoLoja: string | null };

/** The notice about the sample lot in both wordings: the brand's text where it wrote one, else the built-in. */
function previa(evento: string, t: Textos) {
  const uma = (tipo: 'leilao' | 'loja', m: ModeloDeTexto) => ({ tipo, ...textoDaNotificacao(tipo, { evento, ...AMOSTRA_DA_PREVIA }, m) });
  return [uma('leilao', { titulo: t.tituloLeilao, texto: t.textoLeilao }), uma('loja', { titulo: t.tituloLoja, texto: t.textoLoja })];
}

/**
 * /admin/configurar-notificacoes/{evento} (ADM with MKT): one notice of the brand: on or off, its title and
 * text in the auction wording and in the shop wording (empty = the built-in text), the channels on until a
 * client chooses, and a preview with a sample lot (decision 209). Without an event: the list to choose from.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const tipo = context.marca.tipo;
  const nomes = TODOS_OS_EVENTOS.map((evento) => ({ evento, nome: textoDaNotificacao(tipo, { evento, dados: {} }).titulo }));
  if (!params.id) return { escolher: nomes, config: null };
  const c = await obterConfiguracao({ db: context.db, hotsiteId: context.marca.id, evento: params.id });
  const textos: Textos = {
    tituloLeilao: c.modelo?.tituloLeilao ?? null,
    textoLeilao: c.modelo?.textoLeilao ?? null,
    tituloLoja: c.modelo?.tituloLoja ?? null,
    textoLoja: c.modelo?.textoLoja ?? null,
  };
  return {
    escolher: null,
    config: {
      evento: c.evento,
      nome: textoDaNotificacao(tipo, { evento: c.evento, dados: {} }).titulo,
      ativo: c.modelo?.ativo ?? true,
      ...textos,
      padroes: previa(c.evento, { tituloLeilao: null, textoLeilao: null, tituloLoja: null, textoLoja: null }),
      canais: c.canaisOferecidos.map((canal) => ({
        canal,
        nome: textoDeNotificacoes(tipo, `canal_${canal}`),
        marcado: c.canaisPadrao.includes(canal),
      })),
      previa: previa(c.evento, textos),
      salvoPor: c.modelo?.updatedPor ?? null,
    },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const eu = (await exigirAcesso(request, context))!;
  const form = await lerFormulario(request);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  campos.canais = form
    .getAll('canais')
    .filter((c) => typeof c === 'string')
    .join(',');
  const entrada = { ...campos, evento: params.id, canais: campos.canais === '' ? [] : campos.canais.split(',') };
  const base = { db: context.db, hotsiteId: context.marca.id };
  try {
    if (!params.id) throw new ErroHttp(404, 'Aviso não encontrado');
    if (campos._acao === 'restaurar') {
      await restaurarConfiguracao({ ...base, evento: params.id });
      return { ok: true as const, mensagem: 'Texto e canais padrão restaurados.', erros: {}, valores: {}, previa: null };
    }
    if (campos._acao === 'previa') {
      const c = configuracaoSchema.parse(entrada);
      return {
        ok: true as const,
        mensagem: 'Pré-visualização abaixo (ainda não salva).',
        erros: {},
        valores: campos,
        previa: previa(c.evento, c),
      };
    }
    if (campos._acao !== 'salvar') throw new ErroHttp(400, 'Ação desconhecida');
    await salvarConfiguracao({ ...base, entrada, autor: eu.nome });
    return { ok: true as const, mensagem: 'Notificação salva.', erros: {}, valores: {}, previa: null };
  } catch (e) {
    return comoErroDeFormulario(e, campos);
  }
}

type Resposta = {
  ok: boolean;
  mensagem: string;
  erros: Erros;
  valores: Record<string, string>;
  previa?: ReturnType<typeof previa> | null;
};

export default function ConfigurarNotificacao() {
  const { escolher, config } = useLoaderData<typeof loader>();
  const r = useActionData<typeof action>() as Resposta | undefined;
  if (!config) {
    return (
      <section>
        <h1>Configurar notificação</h1>
        <p>Escolha o aviso:</p>
        <ul data-testid="escolher-notificacao">
          {escolher?.map((e) => (
            <li key={e.evento}>
              <Link to={`/admin/configurar-notificacoes/${e.evento}`}>{e.nome}</Link>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const mostrarValores = r && (!r.ok || r.previa);
  const v = (c: keyof Textos) => (mostrarValores ? (r.valores[c] ?? '') : (config[c] ?? ''));
  const ativo = mostrarValores ? r.valores.ativo === 'on' : config.ativo;
  const exibida = r?.previa ?? config.previa;
  const padrao = (tipo: 'leilao' | 'loja') => config.padroes.find((p) => p.tipo === tipo)!;
  return (
    <section>
      <div className={s.titulo}>
        <h1>{config.nome}</h1>
        <Link to="/admin/notificacoes">Todas as notificações</Link>
      </div>
      {r ? <Aviso tipo={r.ok ? 'sucesso' : 'erro'}>{r.mensagem}</Aviso> : null}
      <Form method="post" data-testid="form-notificacao" key={r?.ok && !r.previa ? 'salvo' : 'editando'}>
        <Secao titulo="Envio">
          <label className={f.caixa}>
            <input type="checkbox" name="ativo" defaultChecked={ativo} /> Aviso ativo nesta marca
          </label>
          <fieldset>
            <legend className={f.rotulo}>Canais ligados até o cliente escolher (o aviso no site sempre aparece)</legend>
            {config.canais.map((c) => (
              <label key={c.canal} className={f.caixa}>
                <input
                  type="checkbox"
                  name="canais"
                  value={c.canal}
                  defaultChecked={mostrarValores ? (r.valores.canais ?? '').split(',').includes(c.canal) : c.marcado}
                />{' '}
                {c.nome}
              </label>
            ))}
            {r?.erros?.canais ? (
              <p className={f.erro} role="alert">
                {r.erros.canais[0]}
              </p>
            ) : null}
          </fieldset>
        </Secao>
        <Secao titulo="Texto em leilão (lance, lote, leilão)">
          <Campo
            nome="tituloLeilao"
            rotulo="Título"
            valor={v('tituloLeilao')}
            erros={r?.erros}
            placeholder={padrao('leilao').titulo}
            maxLength={120}
          />
          <Campo
            nome="textoLeilao"
            rotulo="Texto"
            valor={v('textoLeilao')}
            erros={r?.erros}
            placeholder={padrao('leilao').texto}
            maxLength={500}
          />
        </Secao>
        <Secao titulo="Texto em loja (oferta, anúncio, evento)">
          <Campo
            nome="tituloLoja"
            rotulo="Título"
            valor={v('tituloLoja')}
            erros={r?.erros}
            placeholder={padrao('loja').titulo}
            maxLength={120}
          />
          <Campo
            nome="textoLoja"
            rotulo="Texto"
            valor={v('textoLoja')}
            erros={r?.erros}
            placeholder={padrao('loja').texto}
            maxLength={500}
          />
        </Secao>
        <p className={f.ajuda}>Campos vazios usam o texto padrão. Pode usar: {CAMPOS_DO_MODELO.map((c) => `{{${c}}}`).join(', ')}.</p>
        <div className={f.acoes}>
          <button type="submit" name="_acao" value="salvar" className={botao}>
            Salvar
          </button>
          <button type="submit" name="_acao" value="previa" className={botaoSecundario}>
            Pré-visualizar
          </button>
          <button type="submit" name="_acao" value="restaurar" className={botaoSecundario} formNoValidate>
            Restaurar padrão
          </button>
        </div>
      </Form>
      <h2>Pré-visualização com um lote de exemplo</h2>
      <div className={s.grade3} data-testid="previa-notificacao">
        {exibida.map((p) => (
          <article key={p.tipo} className={f.cartao} data-redacao={p.tipo}>
            <p className={f.ajuda}>{p.tipo === 'loja' ? 'Marcas de loja' : 'Marcas de leilão'}</p>
            <h3>{p.titulo}</h3>
            <p>{p.texto}</p>
          </article>
        ))}
      </div>
      {config.salvoPor ? <p className={f.ajuda}>Última alteração por {config.salvoPor}.</p> : null}
    </section>
  );
}
