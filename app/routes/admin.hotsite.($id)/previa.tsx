import { Cabecalho } from '~/components/cabecalho';
import { PaginaDeBlocos } from '~/components/blocks/pagina-de-blocos';
import { botao, botaoSecundario } from '~/components/layout.css';
import type { PaginaPublica } from '~/modules/conteudo/content.server';
import type { Marca } from '~/modules/hotsites/hotsite.schema';
import { ProvedorDeMarcaDaPrevia } from '~/components/marca';
import { estiloDaMarca } from '@theme/tenant-vars';
import * as s from './route.css';

/**
 * The edited brand drawn in its own theme inside the operator's page: its colours as inline theme
 * variables on a wrapper (as <html> gets them on the brand's site) and its data through the preview
 * brand context, so the real header and block renderers show exactly what visitors will see.
 */
export function TemaDaMarca({ marca, children, testId }: { marca: Marca; children: React.ReactNode; testId?: string }) {
  return (
    <ProvedorDeMarcaDaPrevia value={marca}>
      <div className={s.moldura}>
        <div className={s.previa} style={estiloDaMarca(marca)} data-testid={testId}>
          {children}
        </div>
      </div>
    </ProvedorDeMarcaDaPrevia>
  );
}

export function PreviaDaMarca({ marca }: { marca: Marca }) {
  return (
    <TemaDaMarca marca={marca} testId="previa-marca">
      <Cabecalho />
      <div className={s.previaCorpo}>
        <div className={s.cartoes}>
          {['Lote em destaque', 'Oferta da semana'].map((t, i) => (
            <article key={t} className={s.cartao}>
              <div className={s.cartaoImagem} data-gradiente={i} />
              <h3 style={{ margin: '8px 0 4px' }}>{t}</h3>
              <p style={{ margin: 0 }} className={s.suave}>
                {marca.nome}
              </p>
            </article>
          ))}
        </div>
        <div className={s.botoes}>
          <span className={botao} data-testid="previa-botao">
            Botão principal
          </span>
          <span className={botaoSecundario}>Botão secundário</span>
        </div>
      </div>
    </TemaDaMarca>
  );
}

export function PreviaDaPagina({ marca, pagina }: { marca: Marca; pagina: Pick<PaginaPublica, 'sessoes' | 'container'> | null }) {
  return (
    <TemaDaMarca marca={marca} testId="previa-pagina">
      <Cabecalho />
      {pagina ? <PaginaDeBlocos pagina={pagina} /> : <p className={s.previaCorpo}>Página inativa: visitantes não a veem.</p>}
    </TemaDaMarca>
  );
}
