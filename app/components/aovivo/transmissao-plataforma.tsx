import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { Aviso } from '~/components/aviso';
import * as s from '~/components/formulario/formulario.css';
import { botao } from '~/components/layout.css';
import { formatarDataHora } from '~/utils/format';

export interface DadosDaPlataforma {
  plataforma: 'youtube' | 'instagram';
  nomePlataforma: string;
  exemplo: string;
  leilao: { id: number; uid: string; nome: string; transmissaoUrl: string | null };
  canais: { canalTransmissaoUid: string; nome: string; disponivel: boolean }[];
  transmissoes: {
    uid: string;
    urlRmtp: string;
    videoAtivo: boolean;
    audioAtivo: boolean;
    dataInicio: string;
    dataPublicacao: string | null;
  }[];
}

/** The start form's channel: only the channels marked available can be picked. */
export function CampoCanal({ canais }: { canais: { canalTransmissaoUid: string; nome: string; disponivel: boolean }[] }) {
  return (
    <label className={s.campo}>
      <span className={s.rotulo}>Canal</span>
      <select className={s.entrada} name="canalTransmissaoUid">
        <option value="">Sem canal</option>
        {canais
          .filter((c) => c.disponivel)
          .map((c) => (
            <option key={c.canalTransmissaoUid} value={c.canalTransmissaoUid}>
              {c.nome}
            </option>
          ))}
      </select>
    </label>
  );
}

/** The start form's video and audio switches (spec 000 §5: `videoAtivo`, `audioAtivo`), on by default. */
export function CaixasVideoAudio() {
  return (
    <>
      <label className={s.caixa}>
        <input type="checkbox" name="videoAtivo" defaultChecked /> Vídeo ativo
      </label>
      <label className={s.caixa}>
        <input type="checkbox" name="audioAtivo" defaultChecked /> Áudio ativo
      </label>
    </>
  );
}

/** The broadcast page of one platform (YouTube or Instagram): start a broadcast there, publish it to the auditorium. */
export function TransmissaoNaPlataforma({ d }: { d: DadosDaPlataforma }) {
  const r = useActionData<{ ok: boolean; mensagem: string }>();
  const enviando = useNavigation().state !== 'idle';
  const acao = `/admin/transmissao/${d.plataforma}/${d.leilao.id}`;
  return (
    <section data-testid={`transmissao-${d.plataforma}`}>
      <h1>
        Transmissão no {d.nomePlataforma} · {d.leilao.nome}
      </h1>
      <nav className={s.abas} aria-label="Plataformas">
        <Link to={`/admin/transmissao/${d.leilao.uid}`} className={s.aba}>
          Todas
        </Link>
        <Link
          to={`/admin/transmissao/youtube/${d.leilao.id}`}
          className={s.aba}
          aria-current={d.plataforma === 'youtube' ? 'page' : undefined}
        >
          YouTube
        </Link>
        <Link
          to={`/admin/transmissao/instagram/${d.leilao.id}`}
          className={s.aba}
          aria-current={d.plataforma === 'instagram' ? 'page' : undefined}
        >
          Instagram
        </Link>
      </nav>
      {r ? (
        <Aviso tipo={r.ok ? 'sucesso' : 'erro'} testId="transmissao-aviso">
          {r.mensagem}
        </Aviso>
      ) : null}
      <p>Vídeo atual do auditório: {d.leilao.transmissaoUrl ?? 'nenhum'}</p>
      {d.plataforma === 'instagram' ? (
        <p className={s.ajuda}>
          O Instagram não permite incorporar a live: o auditório mostra &quot;sem vídeo&quot; para este endereço. Use-o para registrar o
          destino da transmissão.
        </p>
      ) : null}

      <h2>Iniciar transmissão</h2>
      <Form method="post" action={acao} className={s.cartao}>
        <input type="hidden" name="intencao" value="iniciar" />
        <label className={s.campo}>
          <span className={s.rotulo}>Endereço no {d.nomePlataforma}</span>
          <input className={s.entrada} name="urlRmtp" required maxLength={2000} placeholder={d.exemplo} />
        </label>
        <CampoCanal canais={d.canais} />
        <CaixasVideoAudio />
        <label className={s.caixa}>
          <input type="checkbox" name="publicar" defaultChecked={d.plataforma === 'youtube'} /> Publicar no auditório agora
        </label>
        <button className={botao} disabled={enviando}>
          Iniciar transmissão
        </button>
      </Form>

      <h2>Transmissões no {d.nomePlataforma}</h2>
      <table className={s.tabela} data-testid="transmissoes">
        <thead>
          <tr>
            <th>Início</th>
            <th>Endereço</th>
            <th>Publicada</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {d.transmissoes.length === 0 ? (
            <tr>
              <td colSpan={4}>Nenhuma transmissão no {d.nomePlataforma} ainda.</td>
            </tr>
          ) : null}
          {d.transmissoes.map((t) => (
            <tr key={t.uid}>
              <td>{formatarDataHora(t.dataInicio)}</td>
              <td>{t.urlRmtp}</td>
              <td>{t.dataPublicacao ? formatarDataHora(t.dataPublicacao) : 'Não'}</td>
              <td>
                <Form method="post" action={acao}>
                  <input type="hidden" name="intencao" value="publicar" />
                  <input type="hidden" name="transmissaoUid" value={t.uid} />
                  <button className={botao} disabled={enviando}>
                    Publicar no auditório
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
