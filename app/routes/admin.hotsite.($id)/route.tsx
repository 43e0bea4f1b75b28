import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { useMemo } from 'react';
import * as f from '~/components/admin-form.css';
import { ProvedorDeToasts } from '~/components/toast';
import { NOMES_POSICAO } from '~/modules/conteudo/banner-posicoes';
import { listarBanners } from '~/modules/conteudo/banners.server';
import { buscarPagina } from '~/modules/conteudo/content.server';
import { configuracaoPagina, listarPaginas } from '~/modules/conteudo/construtor.server';
import { buscarHotsiteAdmin, listarEditoresMkt, listarHotsites } from '~/modules/hotsites/admin.server';
import { marcaSchema } from '~/modules/hotsites/hotsite.schema';
import { ehAdm, hotsitesEditaveis, MENSAGEM_MARCA_NAO_ATRIBUIDA, podeEditarHotsite } from '~/modules/identidade/permissoes-marca.server';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { ErroHttp } from '~/utils/errors';
import { metaDaPagina } from '~/components/meta';
import { executarAcao, lerFormulario, statusDaResposta, type RespostaAcao } from './acoes.server';
import { Banners } from './banners';
import { Construtor } from './construtor';
import { Editores } from './editores';
import { ProvedorDeEnvio } from './form-acao';
import { FormularioMarca, type DadosMarca } from './formulario-marca';
import { idValido } from '~/utils/id';

/**
 * /admin/hotsite/{id?}: create a brand (ADM), or edit one in tabs: its data with a live preview (ADM),
 * its pages with sections and items (page builder, live preview in the brand's theme), its banners,
 * and which MKT users may edit it (ADM). MKT users reach only the brands assigned to them.
 */
const ABAS = { dados: 'Dados da marca', paginas: 'Páginas', banners: 'Banners', editores: 'Editores (MKT)' } as const;
type Aba = keyof typeof ABAS;

const NOVA: DadosMarca = {
  nome: '',
  descricao: '',
  tipo: 'leilao',
  modoSite: 'leilao',
  telefoneContato: '',
  whatsappContato: null,
  emailContato: null,
  corPrimaria: '#1f4e8c',
  corSecundaria: '#f28c28',
  corGradient1: '#1f4e8c',
  corGradient2: '#2b6cb0',
  corGradient3: '#f28c28',
  fonte: null,
  googleAnalytics: null,
  scriptCabecalho: null,
  domain: null,
  subdomain: null,
  linkCanonico: null,
  apiUrl: null,
  urls: {},
  cadastroInicio: null,
  cadastroFim: null,
  visualizacaoInicio: null,
  visualizacaoFim: null,
  permitirCpf: true,
  permitirCnpj: true,
  manterCondicional: false,
  tipoHabilitacao: 'por-leilao',
  habilitacaoComAprovacao: false,
  loginObrigatorioVisualizar: false,
  endereco: null,
  confirmacoesObrigatorias: ['email'],
  documentosObrigatorios: [],
  redesSociais: {},
  rodape: null,
  logo: null,
  favicon: null,
};

function idDaRota(id: string | undefined): number | null {
  if (id === undefined) return null;
  const n = Number(id);
  if (!idValido(n)) throw new Response('Hotsite não encontrado', { status: 404 });
  return n;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const usuario = (await exigirAcesso(request, context))!;
  const { db } = context;
  const adm = ehAdm(usuario);
  const hotsiteId = idDaRota(params.id);
  const url = new URL(request.url);

  if (hotsiteId === null) {
    if (!adm) {
      // MKT: the brands assigned to them.
      const marcas = await listarHotsites({ db, ids: await hotsitesEditaveis({ db, usuario }) });
      return { modo: 'minhas' as const, marcas: marcas.map((m) => ({ id: m.id, nome: m.nome })) };
    }
    const marca = marcaSchema.parse({ ...NOVA, id: 0, uid: '', chave: '', nome: 'Nova marca' });
    return { modo: 'nova' as const, dados: NOVA, marca };
  }

  if (!(await podeEditarHotsite({ db, usuario, hotsiteId }))) throw new Response(MENSAGEM_MARCA_NAO_ATRIBUIDA, { status: 403 });
  const hotsite = await buscarHotsiteAdmin({ db, hotsiteId }).catch((e) => {
    if (e instanceof ErroHttp) throw new Response(e.mensagem, { status: e.status });
    throw e;
  });
  // The brand's own files (/marca/arquivo/…) are served by the brand's host: on this host they are asked
  // for with the brand named, so the preview shows this brand's logo and images, not the host's.
  const daMarca = <T,>(x: T): T =>
    JSON.parse(JSON.stringify(x).replace(/"(\/marca\/arquivo\/[a-f0-9]{64}\.[a-z]{2,4})"/g, `"$1?marca=${hotsiteId}"`)) as T;
  const marca = daMarca(marcaSchema.parse(hotsite));
  const pedida = url.searchParams.get('aba');
  const aba: Aba =
    pedida && pedida in ABAS && (adm || (pedida !== 'dados' && pedida !== 'editores')) ? (pedida as Aba) : adm ? 'dados' : 'paginas';

  const base = { modo: 'editar' as const, hotsiteId, adm, aba, dados: daMarca(hotsite as DadosMarca), marca };
  if (aba === 'paginas') {
    const paginas = await listarPaginas({ db, hotsiteId });
    const escolhida =
      paginas.find((p) => p.uid === url.searchParams.get('pagina')) ?? paginas.find((p) => p.uri === 'pagina-inicial') ?? paginas[0];
    const pagina = escolhida ? await configuracaoPagina({ db, hotsiteId, uri: escolhida.uri }) : null;
    const previa = escolhida ? daMarca(await buscarPagina({ db, hotsiteId, uri: escolhida.uri })) : null;
    return { ...base, paginas, pagina, previa };
  }
  if (aba === 'banners') return { ...base, banners: await listarBanners({ db, hotsiteId }) };
  if (aba === 'editores') return { ...base, editores: await listarEditoresMkt({ db, hotsiteId }) };
  return base;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const usuario = (await exigirAcesso(request, context))!;
  const hotsiteId = idDaRota(params.id);
  let resposta: RespostaAcao;
  try {
    resposta = await executarAcao(context, usuario, hotsiteId, await lerFormulario(request));
  } catch (erro) {
    if (!(erro instanceof ErroHttp)) throw erro;
    resposta = { ok: false, acao: '', status: erro.status, mensagem: erro.mensagem };
  }
  if (resposta.ok && resposta.redirecionar) return redirect(resposta.redirecionar);
  return json(resposta, { status: statusDaResposta(resposta) });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaDaPagina(matches, data?.modo === 'editar' ? `Hotsite ${data.dados.nome}` : data?.modo === 'nova' ? 'Nova marca' : 'Minhas marcas');

export default function EditarHotsite() {
  const data = useLoaderData<typeof loader>();
  const doPost = useActionData<typeof action>();
  const [params] = useSearchParams();
  const iniciais = useMemo(
    () =>
      doPost?.toast ? [doPost.toast] : doPost && !doPost.ok && doPost.mensagem ? [{ texto: doPost.mensagem, tipo: 'erro' as const }] : [],
    [doPost],
  );

  if (data.modo === 'minhas') {
    return (
      <section>
        <h1>Minhas marcas</h1>
        {data.marcas.length ? (
          <ul>
            {data.marcas.map((m) => (
              <li key={m.id}>
                <Link to={`/admin/hotsite/${m.id}`}>{m.nome}</Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>Nenhuma marca atribuída a você. Peça a um Interno - ADM.</p>
        )}
      </section>
    );
  }

  return (
    <ProvedorDeToasts iniciais={iniciais}>
      <ProvedorDeEnvio>
        <section>
          {data.modo === 'nova' ? (
            <>
              <h1>Nova marca</h1>
              <p>
                A marca começa com uma página para cada conteúdo (modelo em tenants/_template) e responde no domínio assim que for salva.
              </p>
              <FormularioMarca dados={data.dados} marca={data.marca} novo />
            </>
          ) : (
            <>
              <h1>
                {data.dados.nome} <small style={{ fontWeight: 400, fontSize: 16 }}>#{data.hotsiteId}</small>
              </h1>
              <nav className={f.abas} aria-label="Seções do hotsite">
                {(Object.keys(ABAS) as Aba[])
                  .filter((a) => data.adm || (a !== 'dados' && a !== 'editores'))
                  .map((a) => (
                    <Link
                      key={a}
                      className={f.aba}
                      to={`?aba=${a}`}
                      aria-current={data.aba === a ? 'page' : undefined}
                      data-testid={`aba-${a}`}
                    >
                      {ABAS[a]}
                    </Link>
                  ))}
              </nav>
              {data.aba === 'dados' ? <FormularioMarca key={data.hotsiteId} dados={data.dados} marca={data.marca} novo={false} /> : null}
              {'paginas' in data ? (
                <Construtor
                  key={params.get('pagina') ?? ''}
                  hotsiteId={data.hotsiteId}
                  paginas={data.paginas}
                  pagina={data.pagina}
                  previa={data.previa}
                  marca={data.marca}
                />
              ) : null}
              {'banners' in data ? <Banners banners={data.banners} posicoes={NOMES_POSICAO} /> : null}
              {'editores' in data ? <Editores editores={data.editores} /> : null}
            </>
          )}
        </section>
      </ProvedorDeEnvio>
    </ProvedorDeToasts>
  );
}
