import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ProvedorDeMarcaDaPrevia } from '~/components/marca';
import { metaDaPagina } from '~/components/meta';
import { exigirAcesso } from '~/modules/identidade/guard.server';
import { buscarMarcaPorChave, listarMarcasAtivas } from '~/modules/hotsites/hotsites.server';
import type { Marca } from '~/modules/hotsites/hotsite.schema';
import { INVENTARIO } from '~/paginas/design-system/inventario';
import * as s from '~/paginas/design-system/design-system.css';
import { Vitrine } from '~/paginas/design-system/vitrine';
import { estiloDaMarca } from '@theme/tenant-vars';

export const meta: MetaFunction = ({ matches }) => metaDaPagina(matches, 'Design system');

/** At most this many brands are drawn (each is four drawings of every component). */
const MARCAS_MAX = 8;

/**
 * /design-system (Dev, spec 000 §6; issue #33, decision 238): the house's components drawn in each active
 * brand's theme, in both wordings (leilão and loja) and at desktop and phone widths, with each one's
 * accessibility state, and the inventory of every component file. The browser suite runs axe on it and
 * takes its screenshots.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await exigirAcesso(request, context);
  const ativas = (await listarMarcasAtivas({ db: context.db })).slice(0, MARCAS_MAX);
  const marcas = await Promise.all(ativas.map((m) => buscarMarcaPorChave({ db: context.db, chave: { tipo: 'id', id: m.id } })));
  return { marcas: marcas.filter((m): m is Marca => m !== null), inventario: INVENTARIO };
}

const WORDINGS = [
  ['leilao', 'Leilão (lance, lote, leilão)'],
  ['loja', 'Loja (oferta, anúncio, evento)'],
] as const;

export default function DesignSystem() {
  const { marcas, inventario } = useLoaderData<typeof loader>();
  return (
    <section className={s.pagina}>
      <h1>Design system</h1>
      <p>
        Os componentes da casa no tema de cada marca ativa ({marcas.length}), nas duas formas de escrita, em largura de computador e de
        celular. Cada exemplo diz seu estado de acessibilidade; o inventário no fim lista todos os arquivos de componentes.
      </p>
      <nav aria-label="Marcas">
        <ul>
          {marcas.map((m) => (
            <li key={m.id}>
              <a href={`#marca-${m.id}`}>
                {m.nome} ({m.tipo})
              </a>
            </li>
          ))}
          <li>
            <a href="#inventario">Inventário</a>
          </li>
        </ul>
      </nav>
      {marcas.map((m) => (
        <section
          key={m.id}
          id={`marca-${m.id}`}
          className={s.marca}
          data-testid="marca-design-system"
          aria-labelledby={`titulo-marca-${m.id}`}
        >
          <h2 id={`titulo-marca-${m.id}`}>
            {m.nome} · h{m.id}
          </h2>
          {WORDINGS.map(([tipo, rotulo]) => {
            const marca: Marca = { ...m, tipo };
            return (
              <ProvedorDeMarcaDaPrevia key={tipo} value={marca}>
                <h3>{rotulo}</h3>
                <div className={s.paineis}>
                  {(['desktop', 'celular'] as const).map((largura) => (
                    <div
                      key={largura}
                      className={s.largura[largura]}
                      style={estiloDaMarca(marca)}
                      data-largura={largura}
                      data-wording={tipo}
                    >
                      <p className={s.tituloDoPainel}>{largura === 'desktop' ? 'Computador' : 'Celular (390 px)'}</p>
                      <Vitrine prefixo={`m${m.id}-${tipo}-${largura}`} />
                    </div>
                  ))}
                </div>
              </ProvedorDeMarcaDaPrevia>
            );
          })}
        </section>
      ))}
      <section id="inventario" aria-labelledby="titulo-inventario">
        <h2 id="titulo-inventario">Inventário de componentes ({inventario.length})</h2>
        <div role="region" aria-label="Inventário de componentes" tabIndex={0} style={{ overflowX: 'auto' }}>
          <table className={s.tabela} data-testid="inventario">
            <thead>
              <tr>
                <th scope="col">Arquivo</th>
                <th scope="col">Componentes</th>
                <th scope="col">Onde ver</th>
                <th scope="col">Acessibilidade</th>
              </tr>
            </thead>
            <tbody>
              {inventario.map((i) => (
                <tr key={i.arquivo}>
                  <td>
                    <code>app/components/{i.arquivo}</code>
                  </td>
                  <td>{i.componentes}</td>
                  <td>{i.exibicao === 'catalogo' ? 'Nesta página' : i.exibicao.tela}</td>
                  <td>{i.acessibilidade}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </section>
  );
}
