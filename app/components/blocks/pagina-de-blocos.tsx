import type { PaginaPublica } from '~/modules/conteudo/content.server';
import { container, larguraContainer } from '../layout.css';
import * as s from './blocks.css';
import { ELEMENTOS_LARGURA_TOTAL, renderizadorDe } from './index';

type Container = keyof typeof larguraContainer;

/**
 * A content page: its visible sections in priority order. Full-bleed sections break out of the page
 * container; the rest flow in a two-column grid (inteira / metade) with their own margins.
 */
export function PaginaDeBlocos({
  pagina,
  dados,
}: {
  pagina: Pick<PaginaPublica, 'sessoes' | 'container'>;
  dados?: Record<string, unknown>;
}) {
  const grupos: { largo: boolean; sessoes: PaginaPublica['sessoes'] }[] = [];
  for (const sessao of pagina.sessoes) {
    if (!renderizadorDe(sessao.elemento)) continue;
    const largo = sessao.container === 'fluido' || (sessao.container === null && ELEMENTOS_LARGURA_TOTAL.has(sessao.elemento));
    const ultimo = grupos.at(-1);
    if (ultimo && ultimo.largo === largo && !largo) ultimo.sessoes.push(sessao);
    else grupos.push({ largo, sessoes: [sessao] });
  }

  return (
    <>
      {grupos.map((g) =>
        g.largo ? (
          g.sessoes.map((sessao) => <Secao key={sessao.uid} sessao={sessao} dados={dados?.[sessao.uid]} />)
        ) : (
          <div key={g.sessoes[0].uid} className={`${container} ${larguraContainer[pagina.container as Container] ?? ''} ${s.grade}`}>
            {g.sessoes.map((sessao) => (
              <Secao key={sessao.uid} sessao={sessao} dados={dados?.[sessao.uid]} />
            ))}
          </div>
        ),
      )}
    </>
  );
}

function Secao({ sessao, dados }: { sessao: PaginaPublica['sessoes'][number]; dados?: unknown }) {
  const Renderizador = renderizadorDe(sessao.elemento)!;
  return (
    <div
      className={`${s.coluna[sessao.tamanhoColuna]} ${s.margemTopo[sessao.margemCabecalho]} ${s.margemBase[sessao.margemRodape]}`}
      data-elemento={sessao.elemento}
      data-testid={`sessao-${sessao.elemento}`}
    >
      <Renderizador sessao={sessao} dados={dados} />
    </div>
  );
}
