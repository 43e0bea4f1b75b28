import type { PaginaPublica } from '~/modules/conteudo/content.server';
import { ELEMENTOS_LARGURA_TOTAL } from '../blocks';
import { PaginaDeBlocos } from '../blocks/pagina-de-blocos';
import { container } from '../layout.css';
import { InicioPorModo, type DadosInicio } from './inicio-por-modo';

/** The home page's body: the content page's blocks around the brand mode's auctions or listings. */
export function PaginaInicial({
  pagina,
  nome,
  dadosBlocos,
  inicio,
}: {
  pagina: Pick<PaginaPublica, 'sessoes' | 'container'> | null;
  nome: string;
  dadosBlocos?: Record<string, unknown>;
  inicio: DadosInicio;
}) {
  const modo = <InicioPorModo dados={inicio} />;
  if (!pagina) {
    return (
      <>
        <section className={container}>
          <h1>{nome}</h1>
        </section>
        {modo}
      </>
    );
  }
  // The mode's data (auctions, listings) sits right after the page's leading full-width blocks.
  const corte = pagina.sessoes.findIndex((s) => !ELEMENTOS_LARGURA_TOTAL.has(s.elemento));
  const n = corte < 0 ? pagina.sessoes.length : corte;
  return (
    <>
      <PaginaDeBlocos pagina={{ ...pagina, sessoes: pagina.sessoes.slice(0, n) }} dados={dadosBlocos} />
      {modo}
      <PaginaDeBlocos pagina={{ ...pagina, sessoes: pagina.sessoes.slice(n) }} dados={dadosBlocos} />
    </>
  );
}
