import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { container } from '~/components/layout.css';
import * as s from '~/components/vistorias/laudo.css';
import { ROTULO_PNEU } from '~/modules/vistorias/regras';
import { laudoPorHash } from '~/modules/vistorias/vistorias.server';
import { formatarDataHora } from '~/utils/format';

/**
 * laudo-vistoria/{hash}: the buyer's inspection report, printable, opened by the inspection's random hash
 * without login (decision 064, as decision 048 for purchase documents). Only a Realizada inspection of
 * this brand opens; anything else is a 404 that says nothing more. The plate is masked and the chassis and
 * RENAVAM are left out, as on the lot page that links it.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const laudo = await laudoPorHash({ db: context.db, hotsiteId: context.marca.id, hash: params.hash });
  if (!laudo) throw new Response('Laudo não encontrado', { status: 404 });
  // What the buyer reads: no internal ids, no staff names but the inspector's, no hash echoed back.
  const { id: _i, uid: _u, tipoVistoriaId: _t, hash: _h, criadaPor: _c, motivoCancelamento: _m, veiculo, ...publico } = laudo;
  // The lot page links the report, so it shows the vehicle as the lot page does: the plate masked, no
  // chassis nor RENAVAM (docs/api.md; tests/integration/catalogo-privacidade.test.ts).
  const { id: _vi, uid: _vu, placa, chassi: _ch, renavam: _r, ...veiculoPublico } = veiculo;
  const placaMascarada = placa ? `${placa.slice(0, 3)}-****` : null;
  return { laudo: { ...publico, veiculo: { ...veiculoPublico, placaMascarada } }, marca: context.marca.nome };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Laudo de vistoria · ${data.laudo.veiculo.nome}` : 'Laudo de vistoria' },
  { name: 'robots', content: 'noindex' },
];

export default function LaudoVistoria() {
  const { laudo: l, marca } = useLoaderData<typeof loader>();
  const v = l.veiculo;
  const eq = l.equipamentos;
  const dados: [string, string | number | null | undefined][] = [
    ['Veículo', v.nome],
    ['Marca', v.marca],
    ['Modelo', [v.modelo, v.versao].filter(Boolean).join(' ')],
    ['Tipo', v.tipo],
    ['Ano', [v.anoFabricacao, v.anoModelo].filter(Boolean).join('/')],
    ['Cor', v.cor],
    ['Placa', v.placaMascarada],
    ['Combustível', v.combustivel],
    ['Quilometragem', eq?.quilometragem != null ? `${eq.quilometragem.toLocaleString('pt-BR')} km` : null],
    ['Comitente', v.comitente],
    ['Pátio', v.patio],
  ];
  return (
    <section className={`${container} ${s.pagina}`} data-testid="laudo-vistoria">
      <header className={s.cabecalho}>
        <div>
          <h1>Laudo de vistoria</h1>
          <p className={s.rodape}>
            {marca} · {l.tipo} · realizada em {l.realizadaAt ? formatarDataHora(l.realizadaAt) : ''}
            {l.vistoriador ? ` · vistoriador: ${l.vistoriador}` : ''}
          </p>
        </div>
        <button type="button" className={s.imprimir} onClick={() => window.print()}>
          Imprimir
        </button>
      </header>

      <section className={s.caixa}>
        <h2 className={s.titulo}>Veículo</h2>
        <dl className={s.dados}>
          {dados
            .filter(([, valor]) => valor !== null && valor !== undefined && valor !== '')
            .map(([rotulo, valor]) => (
              <div key={rotulo}>
                <dt>{rotulo}</dt>
                <dd>{valor}</dd>
              </div>
            ))}
        </dl>
      </section>

      {l.categorias.map((c) => (
        <section key={c.nome} className={s.caixa}>
          <h2 className={s.titulo}>{c.nome}</h2>
          <table className={s.tabela}>
            <tbody>
              {c.itens.map((i) => (
                <tr key={i.nome}>
                  <th>{i.nome}</th>
                  <td>{i.resposta ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}

      {eq ? (
        <section className={s.caixa} data-testid="laudo-pneus">
          <h2 className={s.titulo}>Pneus{eq.eixos ? ` (${eq.eixos} eixos)` : ''}</h2>
          <table className={s.tabela}>
            <tbody>
              {eq.pneus.map((p) => (
                <tr key={p.posicao}>
                  <th>{p.posicao}</th>
                  <td>
                    <span className={s.pneu[p.condicao]}>{ROTULO_PNEU[p.condicao]}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      {eq ? (
        <section className={s.caixa} data-testid="laudo-equipamentos">
          <h2 className={s.titulo}>Equipamentos</h2>
          <table className={s.tabela}>
            <tbody>
              {(
                [
                  ['Bateria', eq.bateria],
                  ['Chave reserva', eq.chaveReserva],
                  ['Manual do proprietário', eq.manualProprietario],
                  ...Object.entries(eq.itens),
                ] as [string, string | null | undefined][]
              )
                .filter(([, r]) => r)
                .map(([nome, r]) => (
                  <tr key={nome}>
                    <th>{nome}</th>
                    <td>{r}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </section>
      ) : null}

      {l.observacao ? (
        <section className={s.caixa}>
          <h2 className={s.titulo}>Observações</h2>
          <p>{l.observacao}</p>
        </section>
      ) : null}
      <p className={s.rodape}>
        Laudo emitido por {marca}. O veículo é vendido no estado em que se encontra; este laudo registra as condições observadas na data da
        vistoria.
      </p>
    </section>
  );
}
