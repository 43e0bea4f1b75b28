import { useRevalidator } from '@remix-run/react';
import { useState } from 'react';
import * as f from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import * as s from './backoffice.css';

/**
 * Many photos at once with a progress bar: the files go in one multipart POST to the page's action
 * (`?_data=` answers the action's JSON), and XMLHttpRequest reports the upload's progress, which fetch
 * cannot. Without JavaScript the same form posts normally.
 */
export function EnvioDeFotos({ acao, rotaId }: { acao: string; rotaId: string }) {
  const [progresso, setProgresso] = useState<number | null>(null);
  const [mensagem, setMensagem] = useState<{ ok: boolean; texto: string } | null>(null);
  const revalidator = useRevalidator();

  function enviar(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const dados = new FormData(form);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${acao}${acao.includes('?') ? '&' : '?'}_data=${encodeURIComponent(rotaId)}`);
    xhr.upload.onprogress = (ev) => {
      if (ev.lengthComputable) setProgresso(Math.round((ev.loaded / ev.total) * 100));
    };
    xhr.onload = () => {
      setProgresso(100);
      let texto = 'Fotos enviadas';
      let ok = xhr.status < 400;
      try {
        const r = JSON.parse(xhr.responseText) as { mensagem?: string; ok?: boolean };
        texto = r.mensagem ?? texto;
        ok = ok && r.ok !== false;
      } catch {
        if (!ok) texto = xhr.responseText || 'Falha no envio das fotos';
      }
      setMensagem({ ok, texto });
      form.reset();
      revalidator.revalidate();
    };
    xhr.onerror = () => setMensagem({ ok: false, texto: 'Falha de conexão no envio das fotos' });
    setMensagem(null);
    setProgresso(0);
    xhr.send(dados);
  }

  return (
    <form method="post" action={acao} encType="multipart/form-data" onSubmit={enviar} className={f.campo} data-testid="envio-fotos">
      <input type="hidden" name="_acao" value="fotos" />
      <label className={f.rotulo} htmlFor="fotos-arquivos">
        Enviar fotos (JPEG, PNG ou WebP; várias de uma vez)
      </label>
      <input id="fotos-arquivos" type="file" name="fotos" multiple accept="image/jpeg,image/png,image/webp" required />
      <div className={f.acoes}>
        <button type="submit" className={botao} disabled={progresso !== null && progresso < 100}>
          Enviar fotos
        </button>
      </div>
      {progresso !== null ? (
        <progress className={s.progresso} max={100} value={progresso} aria-label="Progresso do envio">
          {progresso}%
        </progress>
      ) : null}
      {mensagem ? (
        <p role={mensagem.ok ? 'status' : 'alert'} className={mensagem.ok ? f.ajuda : f.erro}>
          {mensagem.texto}
        </p>
      ) : null}
    </form>
  );
}
