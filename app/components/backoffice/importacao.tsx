import { useState } from 'react';
import * as f from '~/components/formulario/formulario.css';
import { useWording } from '~/components/marca';
import { botao } from '~/components/layout.css';
import * as s from './backoffice.css';

/**
 * Sends the preview's valid rows in batches to the page's action and shows a progress bar; each
 * batch is one transaction on the server, so a failure stops at a batch boundary and a re-run of the
 * same file updates what was already imported (matched by chassis or plate).
 */
export function ImportarLinhas({
  acao,
  rotaId,
  linhas,
  tamanho = 250,
}: {
  acao: string;
  rotaId: string;
  linhas: Record<string, string>[];
  tamanho?: number;
}) {
  const t = useWording();
  const [feitas, setFeitas] = useState<number | null>(null);
  const [resultado, setResultado] = useState<{ criados: number; atualizados: number } | null>(null);
  const [erro, setErro] = useState<string | null>(null);

  async function importar() {
    setErro(null);
    setResultado(null);
    setFeitas(0);
    const total = { criados: 0, atualizados: 0 };
    for (let i = 0; i < linhas.length; i += tamanho) {
      const corpo = new URLSearchParams({
        _acao: 'importar',
        primeiraLinha: String(i + 2),
        linhas: JSON.stringify(linhas.slice(i, i + tamanho)),
      });
      const r = await fetch(`${acao}?_data=${encodeURIComponent(rotaId)}`, { method: 'POST', body: corpo });
      const dados = (await r.json().catch(() => null /* not JSON (a proxy's error page): reported below as a failed chunk */)) as {
        ok?: boolean;
        mensagem?: string;
        criados?: number;
        atualizados?: number;
      } | null;
      if (!r.ok || !dados || dados.ok === false) {
        setErro(dados?.mensagem ?? 'Falha na importação');
        return;
      }
      total.criados += dados.criados ?? 0;
      total.atualizados += dados.atualizados ?? 0;
      setFeitas(Math.min(linhas.length, i + tamanho));
    }
    setResultado(total);
  }

  return (
    <div className={f.campo} data-testid="importar-linhas">
      <div className={f.acoes}>
        <button type="button" className={botao} onClick={importar} disabled={feitas !== null && !resultado && !erro}>
          Importar {linhas.length} {linhas.length === 1 ? 'linha válida' : 'linhas válidas'}
        </button>
      </div>
      {feitas !== null ? (
        <>
          <progress className={s.progresso} max={linhas.length} value={feitas} aria-label="Progresso da importação" />
          <span>
            {feitas} de {linhas.length}
          </span>
        </>
      ) : null}
      {resultado ? (
        <p role="status">
          Importação concluída: {t.contar('backoffice.lotes_criados', resultado.criados)},{' '}
          {t.contar('backoffice.lotes_atualizados', resultado.atualizados)}.
        </p>
      ) : null}
      {erro ? (
        <p role="alert" className={f.erro}>
          {erro}
        </p>
      ) : null}
    </div>
  );
}
