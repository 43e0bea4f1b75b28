import type { SerializeFrom } from '@remix-run/node';
import { ELEMENTOS_LARGURA_TOTAL } from '~/components/blocks';
import { PaginaDeBlocos } from '~/components/blocks/pagina-de-blocos';
import { InicioPorModo, type DadosInicio } from '~/components/catalogo/inicio-por-modo';
import { container } from '~/components/layout.css';
import type { carregarInicio } from './rota-inicio.server';

/** The home page's body: the content page's blocks around the brand mode's auctions or listings. */
export function PaginaInicial({ dados }: { dados: SerializeFrom<typeof carregarInicio> }) {
  const { pagina, nome, dadosBlocos, inicio } = dados;
  const modo = <InicioPorModo dados={inicio as unknown as DadosInicio} />;
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
