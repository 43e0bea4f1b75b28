import { cssBundleHref } from '@remix-run/css-bundle';
import type { LinksFunction, MetaFunction } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { carregarCasca } from '~/paginas/casca.server';
import '@theme/global.css';
import {
  CabecalhoSobDemanda as Cabecalho,
  PaginaNaoEncontradaSobDemanda as PaginaNaoEncontrada,
  RodapeSobDemanda as Rodape,
} from './components/sob-demanda';
import { ProvedorDeTraducao } from './components/marca';
import { criarI18n, IDIOMA } from './utils/i18n';
import { Aviso } from './components/aviso';
import { faixaDeManutencao } from './components/faixa-de-manutencao.css';
import { useNonce } from './utils/nonce';
import { seguirSessaoDoSocket } from './realtime/sessao-do-socket';

const i18n = criarI18n();

export const links: LinksFunction = () => (cssBundleHref ? [{ rel: 'stylesheet', href: cssBundleHref }] : []);

export { carregarCasca as loader } from '~/paginas/casca.server';

export const meta: MetaFunction<typeof carregarCasca> = ({ data }) =>
  data ? [{ title: data.marca.nome }, { name: 'description', content: data.marca.descricao }] : [];

/** The brand's analytics snippet. The id was validated (G-/UA-/GT-/AW-) before it got here. */
function Analytics({ id }: { id: string }) {
  const nonce = useNonce();
  return (
    <>
      <script async nonce={nonce} suppressHydrationWarning src={`https://www.googletagmanager.com/gtag/js?id=${id}`} />
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{
          __html: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${JSON.stringify(id)});`,
        }}
      />
    </>
  );
}

/** The brand's header script: the fixed Google Tag Manager loader for a validated GTM-id, never raw HTML. */
function TagManager({ id }: { id: string }) {
  const nonce = useNonce();
  return (
    <>
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{
          __html: `window.dataLayer=window.dataLayer||[];dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});`,
        }}
      />
      <script async nonce={nonce} suppressHydrationWarning src={`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`} />
    </>
  );
}

function Documento({ children }: { children: React.ReactNode }) {
  const dados = useRouteLoaderData<typeof carregarCasca>('root');
  const nonce = useNonce();
  return (
    <html lang={IDIOMA} style={dados?.estilo}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {dados?.marca.favicon ? <link rel="icon" href={dados.marca.favicon} /> : null}
        {dados?.canonico ? <link rel="canonical" href={dados.canonico} /> : null}
        <meta name="theme-color" content={dados?.estilo ? dados.marca.corPrimaria : '#1f4e8c'} />
        <Links />
        {dados?.marca.googleAnalytics ? <Analytics id={dados.marca.googleAnalytics} /> : null}
        {dados?.marca.scriptCabecalho ? <TagManager id={dados.marca.scriptCabecalho} /> : null}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

type ModuloSessao = typeof import('./components/identidade/sessao-logada');

/**
 * The logged-in-only features (inactivity logout, outbid toasts), fetched in the browser the first
 * time the root says someone is logged in: anonymous visitors never download them. They render
 * nothing on the server and on the first client render, so hydration matches.
 */
function SessaoLogadaSobDemanda({ logado }: { logado: boolean }) {
  const [modulo, setModulo] = useState<ModuloSessao | null>(null);
  useEffect(() => {
    if (!logado || modulo) return;
    let vivo = true;
    import('./components/identidade/sessao-logada').then(
      (m) => vivo && setModulo(m),
      () => {
        /* chunk unavailable (offline, new deploy): the page works without these extras */
      },
    );
    return () => {
      vivo = false;
    };
  }, [logado, modulo]);
  return modulo ? <modulo.SessaoLogada /> : null;
}

/** The previous page of this tab: the next view's referrer (the first one's is document.referrer). */
let paginaAnterior: string | null = null;

/**
 * Visitor page views (decision 074): one per page change (the path, not the query), sent over the
 * shared socket by a module loaded after the page is up (no socket client in the first bundle).
 */
function useVisitasDePagina() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const pagina = matches.at(-1)?.id ?? '';
  useEffect(() => {
    const referrer = paginaAnterior ?? document.referrer;
    paginaAnterior = window.location.href;
    import('./realtime/visitas').then(
      (m) => m.registrarVisita(pathname, pagina, referrer),
      () => {
        /* chunk unavailable: the view is not counted */
      },
    );
  }, [pathname, pagina]);
}

/**
 * A route that dresses itself (the staff area: `handle.cascaPropria`) gets no public header and
 * footer; an error page always has them, so a refused deep link still leads somewhere.
 */
function useCascaPropria() {
  const matches = useMatches();
  return matches.some((m) => (m.handle as { cascaPropria?: boolean } | undefined)?.cascaPropria === true);
}

function Casca({ children, publica = false }: { children: React.ReactNode; publica?: boolean }) {
  const dados = useRouteLoaderData<typeof carregarCasca>('root');
  const usuarioId = dados?.usuario?.id ?? null;
  useEffect(() => seguirSessaoDoSocket(usuarioId), [usuarioId]);
  useVisitasDePagina();
  const propria = useCascaPropria() && !publica;
  return (
    <ProvedorDeTraducao value={i18n}>
      {dados?.manutencao ? (
        <div className={faixaDeManutencao} role="status" data-testid="aviso-manutencao" data-tipo={dados.manutencao.tipo}>
          {dados.manutencao.texto}
        </div>
      ) : null}
      {propria ? null : <Cabecalho />}
      {dados?.aviso ? (
        <div style={{ maxWidth: 1140, margin: '12px auto 0', padding: '0 20px' }}>
          <Aviso tipo="sucesso" testId="aviso-global">
            {dados.aviso}
          </Aviso>
        </div>
      ) : null}
      <SessaoLogadaSobDemanda logado={Boolean(dados?.usuario)} />
      {propria ? children : <main id="conteudo">{children}</main>}
      {propria ? null : <Rodape />}
    </ProvedorDeTraducao>
  );
}

export default function App() {
  return (
    <Documento>
      <Casca>
        <Outlet />
      </Casca>
    </Documento>
  );
}

export function ErrorBoundary() {
  const erro = useRouteError();
  // The root loader may itself have failed: then there is no brand to dress the page with.
  const dados = useRouteLoaderData<typeof carregarCasca>('root');
  const marca = dados?.marca;
  const requestId = dados?.requestId;
  const conteudo = !isRouteErrorResponse(erro) ? (
    <PaginaNaoEncontrada erro requestId={requestId} />
  ) : erro.status === 404 ? (
    <PaginaNaoEncontrada />
  ) : erro.status === 403 ? (
    <PaginaNaoEncontrada acessoNegado={typeof erro.data === 'string' ? erro.data : undefined} />
  ) : erro.status < 500 && typeof erro.data === 'string' && erro.data ? (
    <PaginaNaoEncontrada recusa={erro.data} />
  ) : (
    <PaginaNaoEncontrada erro requestId={requestId} />
  );
  return (
    <Documento>{marca ? <Casca publica>{conteudo}</Casca> : <ProvedorDeTraducao value={i18n}>{conteudo}</ProvedorDeTraducao>}</Documento>
  );
}
