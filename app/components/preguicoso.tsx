import { useNavigation } from '@remix-run/react';
import { memo, Suspense, useMemo, useSyncExternalStore, type ComponentType } from 'react';

/**
 * A component whose code the browser fetches only when a page renders it (issue #16: the lot list's
 * JavaScript), for parts that most visits never show (the habilitation box, error pages).
 *
 * The server renders it in place as any component: its module is imported when this file loads (the
 * server build is one file, so the import settles at once, long before a request), and
 * `renderToString` never suspends. In the browser the first render suspends inside its own
 * `<Suspense>` until the chunk arrives: while hydrating, React keeps the server's HTML meanwhile (a
 * plain form still posts); on a client-side navigation it shows nothing for that moment.
 *
 * `aoInteragir` (a CSS selector; decision 091): for a part every visit shows but whose HTML works
 * without JavaScript (links, GET forms). While the page hydrates, its chunk is not fetched at all: the
 * server's HTML stays as it is (unhydrated) until the pointer passes over, a finger touches, or the
 * focus enters an element that matches the selector, or `carregar()` is called (e.g. when the page
 * navigates); then the chunk arrives and React hydrates the part. The component is memoised, so a
 * re-render of its parent with the same props leaves the unhydrated HTML alone (React would otherwise
 * drop it and render the fallback). A later client-side render (new props, a page reached by a
 * client-side navigation) fetches the chunk at once, as above; so does any update that reaches the
 * unhydrated part (a context above it changing, e.g. Remix's router state on a fetcher's submit),
 * since React holds that update until the part hydrates.
 */
export function preguicoso<P extends object>(
  carregar: () => Promise<ComponentType<P>>,
  opcoes: { aoInteragir?: string } = {},
): ComponentType<P> & { carregar: () => void } {
  let Componente: ComponentType<P> | undefined;
  let promessa: Promise<void> | undefined;
  const iniciar = () =>
    (promessa ??= carregar().then((c) => {
      Componente = c;
    }));
  if (typeof document === 'undefined') void iniciar();

  // What a hydrating render waits on (aoInteragir): the chunk, asked for by the first interaction
  // with an element matching the selector, by an update that reaches the part, or by `carregar()`;
  // asked before the wait began, the wait ends at once.
  let pedido = false;
  let liberar: (() => void) | undefined;
  const pedir = () => {
    pedido = true;
    void iniciar();
    liberar?.();
  };
  let espera: Promise<void> | undefined;
  const esperarInteracao = (seletor: string) => {
    if (espera) return espera;
    const ouvir = (e: Event) => {
      if ((e.target as Element).closest?.(seletor)) pedir();
    };
    for (const ev of EVENTOS) document.addEventListener(ev, ouvir, { capture: true, passive: true });
    return (espera = new Promise<void>((r) => {
      liberar = r;
      if (pedido) r();
    }).then(() => {
      for (const ev of EVENTOS) document.removeEventListener(ev, ouvir, true);
      // Chunk unavailable (offline, a new deploy): the server's HTML stays, working as plain HTML.
      return iniciar().catch(() => new Promise<void>(() => {}));
    }));
  };

  function Carregado(props: P) {
    // True only while React hydrates the server's HTML (getServerSnapshot), false in later renders.
    const hidratando = useSyncExternalStore(assinarNada, falso, verdadeiro);
    if (Componente) return <Componente {...props} />;
    if (!opcoes.aoInteragir || (!hidratando && !espera)) throw iniciar();
    // A second render while the part is still unhydrated means an update reached its boundary: a
    // context above it that changes (Remix's router state, on every fetcher, revalidation or
    // navigation) marks every unhydrated boundary below as updated, React being unable to tell
    // whether the server's HTML reads it, and React holds that whole update (a transition) until the
    // boundary hydrates. So the chunk comes now, and every render throws the same promise: the
    // hydration attempt React waits on must be the one that resolves (decision 091).
    if (espera) pedir();
    throw esperarInteracao(opcoes.aoInteragir);
  }
  function SobDemanda(props: P) {
    return (
      <Suspense fallback={null}>
        <Carregado {...props} />
      </Suspense>
    );
  }
  /**
   * The part's wrapper hydrates with the page; it reads the router's state, so every router update
   * (navigation, revalidation, fetcher, route discovery) renders it, and a render after hydration asks
   * for the chunk. React holds such an update until the part below has hydrated, and it may try that
   * hydration once, before the part ever rendered (a page that navigates as it mounts, e.g. the
   * comparison opened from the browser's list): the part itself cannot tell that render from the
   * idle one, so the wrapper asks.
   */
  function AoInteragir(props: P) {
    useNavigation();
    if (!useSyncExternalStore(assinarNada, falso, verdadeiro)) pedir();
    return useMemo(() => <SobDemanda {...props} />, [props]);
  }
  const componente = opcoes.aoInteragir ? memo(AoInteragir) : SobDemanda;
  return Object.assign(componente as ComponentType<P>, { carregar: () => pedir() });
}

const EVENTOS = ['pointerover', 'touchstart', 'focusin'] as const;
const assinarNada = () => () => {};
const falso = () => false;
const verdadeiro = () => true;
