import * as f from '~/components/admin-form.css';
import { paraCampoDataHora } from '~/utils/campo-data-hora';
import { Campo, FormAcao, Marcar } from './form-acao';

export interface BannerEditor {
  id: number;
  posicaoBanner: string;
  leiUid: string | null;
  nome: string;
  categoria: string | null;
  dataInicio: string | Date | null;
  dataFim: string | Date | null;
  imagem: string;
  imagemMobile: string | null;
  urlDestino: string | null;
  ativo: boolean;
  prioridade: number;
}

function CamposBanner({ b, posicoes }: { b?: BannerEditor; posicoes: Record<string, string> }) {
  return (
    <div className={f.grupo}>
      <Campo nome="nome" rotulo="Nome">
        <input className={f.entrada} name="nome" required maxLength={120} defaultValue={b?.nome} />
      </Campo>
      <Campo nome="posicaoBanner" rotulo="Posição">
        <select className={f.entrada} name="posicaoBanner" defaultValue={b?.posicaoBanner ?? 'home'}>
          {Object.entries(posicoes).map(([id, nome]) => (
            <option key={id} value={id}>
              {nome}
            </option>
          ))}
        </select>
      </Campo>
      <Campo nome="leiUid" rotulo="Leilão vinculado (leiUid)">
        <input className={f.entrada} name="leiUid" defaultValue={b?.leiUid ?? ''} placeholder="uid do leilão (opcional)" />
      </Campo>
      <Campo nome="categoria" rotulo="Categoria">
        <input className={f.entrada} name="categoria" maxLength={60} defaultValue={b?.categoria ?? ''} />
      </Campo>
      <Campo nome="dataInicio" rotulo="Exibir de">
        <input className={f.entrada} type="datetime-local" name="dataInicio" defaultValue={paraCampoDataHora(b?.dataInicio)} />
      </Campo>
      <Campo nome="dataFim" rotulo="Exibir até">
        <input className={f.entrada} type="datetime-local" name="dataFim" defaultValue={paraCampoDataHora(b?.dataFim)} />
      </Campo>
      <Campo nome="imagem" rotulo="Imagem desktop (endereço)">
        <input className={f.entrada} name="imagem" defaultValue={b?.imagem ?? ''} />
      </Campo>
      <Campo nome="imagemArquivo" rotulo="ou envie a imagem desktop">
        <input className={f.entrada} type="file" name="imagemArquivo" accept="image/png,image/jpeg,image/webp" />
      </Campo>
      <Campo nome="imagemMobile" rotulo="Imagem mobile (endereço)">
        <input className={f.entrada} name="imagemMobile" defaultValue={b?.imagemMobile ?? ''} />
      </Campo>
      <Campo nome="imagemMobileArquivo" rotulo="ou envie a imagem mobile">
        <input className={f.entrada} type="file" name="imagemMobileArquivo" accept="image/png,image/jpeg,image/webp" />
      </Campo>
      <Campo nome="urlDestino" rotulo="Link de destino">
        <input className={f.entrada} name="urlDestino" defaultValue={b?.urlDestino ?? ''} />
      </Campo>
      <Campo nome="prioridade" rotulo="Prioridade">
        <input className={f.entrada} type="number" name="prioridade" min={0} defaultValue={b?.prioridade ?? 0} />
      </Campo>
      <Marcar nome="ativo" rotulo="Ativo" marcado={b?.ativo ?? true} />
    </div>
  );
}

/** Banners in the four fixed positions (spec: home, lot list, between auctions on home, header). */
export function Banners({ banners, posicoes }: { banners: BannerEditor[]; posicoes: Record<string, string> }) {
  return (
    <div>
      {Object.entries(posicoes).map(([id, nome]) => (
        <section key={id}>
          <h2 style={{ fontSize: 18 }}>{nome}</h2>
          {banners.filter((b) => b.posicaoBanner === id).length === 0 ? <p>Nenhum banner nesta posição.</p> : null}
          {banners
            .filter((b) => b.posicaoBanner === id)
            .map((b) => (
              <details key={b.id} style={{ marginBottom: 8 }}>
                <summary>
                  {b.nome} {b.ativo ? '' : '(inativo)'}
                </summary>
                <img src={b.imagem} alt="" height={60} />
                <FormAcao acao="salvar-banner" alvo={String(b.id)} multipart>
                  <CamposBanner b={b} posicoes={posicoes} />
                  <button type="submit" className={f.botaoPequeno}>
                    Salvar banner
                  </button>
                </FormAcao>
                <FormAcao acao="apagar-banner" alvo={String(b.id)} aguarde="Aguarde, estamos apagando este banner" persistente>
                  <button type="submit" className={f.botaoPerigo}>
                    Apagar banner
                  </button>
                </FormAcao>
              </details>
            ))}
        </section>
      ))}
      <details open={banners.length === 0}>
        <summary>Novo banner</summary>
        <FormAcao acao="salvar-banner" multipart limparAoSalvar testId="novo-banner">
          <CamposBanner posicoes={posicoes} />
          <button type="submit" className={f.botaoPequeno}>
            Adicionar banner
          </button>
        </FormAcao>
      </details>
    </div>
  );
}
