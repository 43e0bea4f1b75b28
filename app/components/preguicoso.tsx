import { Suspense, type ComponentType } from 'react';

/**
 * A component whose code the browser fetches only when a page renders it (issue #16: the lot list's
 * JavaScript), for parts that most visits never show (the habilitation box, error pages).
 *
 * The server renders it in place as any component: its module is imported when this file loads (the
 * server build is one file, so the import settles at once, long before a request), and
 * `renderToString` never suspends. In the browser the first render suspends inside its own
 * `<Suspense>` until the chunk arrives: while hydrating, React keeps the server's HTML meanwhile (a
 * plain form still posts); on a client-side navigation it shows nothing for that moment.
 */
export function preguicoso<P extends object>(carregar: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Componente: ComponentType<P> | undefined;
  let promessa: Promise<void> | undefined;
  const iniciar = () =>
    (promessa ??= carregar().then((c) => {
      Componente = c;
    }));
  if (typeof document === 'undefined') void iniciar();
  function Carregado(props: P) {
    if (Componente) return <Componente {...props} />;
    throw iniciar();
  }
  return function SobDemanda(props: P) {
    return (
      <Suspense fallback={null}>
        <Carregado {...props} />
      </Suspense>
    );
  };
}
