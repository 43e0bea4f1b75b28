import { Link } from '@remix-run/react';
import type { ItemSessao } from '~/modules/conteudo/blocks';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import * as f from '~/components/admin-form.css';
import { botao } from '~/components/layout.css';
import { CONTAINERS, MARGENS, TAMANHOS_COLUNA } from '~/modules/conteudo/blocks';
import type { PaginaPublica } from '~/modules/conteudo/content.server';
import { ELEMENTOS } from '~/modules/conteudo/elementos';
import type { Marca } from '~/modules/hotsites/hotsite.schema';
import { paraCampoDataHora } from '~/utils/campo-data-hora';
import { Campo, FormAcao, Marcar } from './form-acao';
import { PreviaDaPagina } from './previa';
import { useI18n } from '~/components/marca';
import * as s from './route.css';

/** An item as the editor shows it: the same shape the site renders. */
export type ItemEditor = ItemSessao;
export interface SessaoEditor {
  uid: string;
  elemento: string;
  nome: string;
  ativo: boolean;
  tamanhoColuna: string;
  margemCabecalho: string;
  margemRodape: string;
  container: string | null;
  prioridade: number;
  itens: ItemEditor[];
}
export interface PaginaEditor {
  uid: string;
  uri: string;
  titulo: string;
  descricao: string;
  keywords: string | null;
  tituloPagina: string | null;
  descricaoPagina: string | null;
  imagemPrincipal: string | null;
  modeloPagina: string | null;
  container: string;
  sessoes: SessaoEditor[];
}

/**
 * Unsaved edits shown in the preview as they are typed: item and section fields by uid, merged over
 * the saved page until the next save brings fresh data.
 */
type Rascunhos = Record<string, Record<string, string>>;
const RascunhoContexto = createContext<(uid: string, campos: Record<string, string>) => void>(() => {});

function camposDoForm(e: React.FormEvent<HTMLFormElement>, nomes: readonly string[]) {
  const fd = new FormData(e.currentTarget);
  return Object.fromEntries(nomes.map((n) => [n, typeof fd.get(n) === 'string' ? (fd.get(n) as string) : ''])) as Record<string, string>;
}
const CAMPOS_ITEM_PREVIA = ['titulo', 'subtitulo', 'texto', 'textoBotao', 'link', 'icone'] as const;
const CAMPOS_SESSAO_PREVIA = ['nome', 'tamanhoColuna', 'margemCabecalho', 'margemRodape'] as const;

function comRascunhos(previa: Pick<PaginaPublica, 'sessoes' | 'container'> | null, r: Rascunhos) {
  if (!previa || Object.keys(r).length === 0) return previa;
  return {
    ...previa,
    sessoes: previa.sessoes.map((s) => ({
      ...s,
      ...(r[s.uid] as Partial<typeof s>),
      itens: s.itens.map((i) => {
        const d = r[i.uid];
        if (!d) return i;
        // Empty fields read as absent, as they will once saved.
        return { ...i, ...Object.fromEntries(Object.entries(d).map(([k, v]) => [k, v === '' ? null : v])) };
      }),
    })),
  };
}

const ROTULOS_MARGEM: Record<string, string> = { zero: 'Zero', pequena: 'Pequena', media: 'Média', grande: 'Grande' };

function CamposPagina({ p }: { p?: PaginaEditor }) {
  return (
    <>
      <Campo nome="uri" rotulo="URI">
        <input className={f.entrada} name="uri" required defaultValue={p?.uri} pattern="[a-z0-9\-]+(/[a-z0-9\-]+)*" />
      </Campo>
      <Campo nome="titulo" rotulo="Título">
        <input className={f.entrada} name="titulo" required defaultValue={p?.titulo} />
      </Campo>
      <Campo nome="descricao" rotulo="Descrição">
        <input className={f.entrada} name="descricao" required defaultValue={p?.descricao} />
      </Campo>
      <Campo nome="keywords" rotulo="Palavras-chave">
        <input className={f.entrada} name="keywords" defaultValue={p?.keywords ?? ''} />
      </Campo>
      <Campo nome="tituloPagina" rotulo="Título da aba (SEO)">
        <input className={f.entrada} name="tituloPagina" defaultValue={p?.tituloPagina ?? ''} />
      </Campo>
      <Campo nome="descricaoPagina" rotulo="Descrição (SEO)">
        <input className={f.entrada} name="descricaoPagina" defaultValue={p?.descricaoPagina ?? ''} />
      </Campo>
      <Campo nome="imagemPrincipal" rotulo="Imagem principal (arquivo ou https)">
        <input className={f.entrada} name="imagemPrincipal" defaultValue={p?.imagemPrincipal ?? ''} />
      </Campo>
      <Campo nome="modeloPagina" rotulo="Modelo">
        <input className={f.entrada} name="modeloPagina" defaultValue={p?.modeloPagina ?? ''} />
      </Campo>
      <Campo nome="container" rotulo="Container">
        <select className={f.entrada} name="container" defaultValue={p?.container ?? '1140'}>
          {CONTAINERS.map((c) => (
            <option key={c} value={c}>
              {c === 'fluido' ? 'Largura total' : `${c} px`}
            </option>
          ))}
        </select>
      </Campo>
    </>
  );
}

function CamposSessao({ sessao }: { sessao?: SessaoEditor }) {
  return (
    <>
      <Campo nome="nome" rotulo="Nome">
        <input className={f.entrada} name="nome" required maxLength={120} defaultValue={sessao?.nome} />
      </Campo>
      <Campo nome="elemento" rotulo="Elemento">
        <select className={f.entrada} name="elemento" defaultValue={sessao?.elemento ?? 'texto'}>
          {Object.entries(ELEMENTOS).map(([id, descricao]) => (
            <option key={id} value={id}>
              {id} · {descricao}
            </option>
          ))}
        </select>
      </Campo>
      <Campo nome="tamanhoColuna" rotulo="Coluna">
        <select className={f.entrada} name="tamanhoColuna" defaultValue={sessao?.tamanhoColuna ?? 'inteira'}>
          {TAMANHOS_COLUNA.map((t) => (
            <option key={t} value={t}>
              {t === 'inteira' ? 'Inteira' : 'Metade'}
            </option>
          ))}
        </select>
      </Campo>
      <CampoMargem nome="margemCabecalho" rotulo="Margem acima" valor={sessao?.margemCabecalho} />
      <CampoMargem nome="margemRodape" rotulo="Margem abaixo" valor={sessao?.margemRodape} />
      <Campo nome="container" rotulo="Container">
        <select className={f.entrada} name="container" defaultValue={sessao?.container ?? ''}>
          <option value="">Padrão do elemento</option>
          {CONTAINERS.map((c) => (
            <option key={c} value={c}>
              {c === 'fluido' ? 'Largura total' : `${c} px`}
            </option>
          ))}
        </select>
      </Campo>
    </>
  );
}

const hex7 = (v: string | null, padrao: string) => (v && /^#[0-9a-f]{6}/i.test(v) ? v.slice(0, 7) : padrao);

function CamposItem({ item }: { item?: ItemEditor }) {
  return (
    <>
      <Campo nome="titulo" rotulo="Título">
        <input className={f.entrada} name="titulo" maxLength={200} defaultValue={item?.titulo ?? ''} />
      </Campo>
      <Campo nome="subtitulo" rotulo="Subtítulo">
        <input className={f.entrada} name="subtitulo" maxLength={300} defaultValue={item?.subtitulo ?? ''} />
      </Campo>
      <Campo nome="texto" rotulo="Texto" largo>
        <textarea className={f.entrada} name="texto" rows={3} maxLength={5000} defaultValue={item?.texto ?? ''} />
      </Campo>
      <Campo nome="textoBotao" rotulo="Texto do botão">
        <input className={f.entrada} name="textoBotao" maxLength={60} defaultValue={item?.textoBotao ?? ''} />
      </Campo>
      <Campo nome="link" rotulo="Link">
        <input className={f.entrada} name="link" maxLength={500} defaultValue={item?.link ?? ''} placeholder="/leilao ou https://..." />
      </Campo>
      <Campo nome="imagem" rotulo="Imagem (endereço)">
        <input className={f.entrada} name="imagem" maxLength={500} defaultValue={item?.imagem ?? ''} />
      </Campo>
      <Campo nome="imagemArquivo" rotulo="ou envie a imagem">
        <input className={f.entrada} type="file" name="imagemArquivo" accept="image/png,image/jpeg,image/webp" />
      </Campo>
      <Campo nome="imagemMobile" rotulo="Imagem mobile (endereço)">
        <input className={f.entrada} name="imagemMobile" maxLength={500} defaultValue={item?.imagemMobile ?? ''} />
      </Campo>
      <Campo nome="imagemMobileArquivo" rotulo="ou envie a imagem mobile">
        <input className={f.entrada} type="file" name="imagemMobileArquivo" accept="image/png,image/jpeg,image/webp" />
      </Campo>
      <Campo nome="icone" rotulo="Ícone">
        <input className={f.entrada} name="icone" maxLength={40} defaultValue={item?.icone ?? ''} />
      </Campo>
      <Campo nome="modelo" rotulo="Modelo">
        <input className={f.entrada} name="modelo" maxLength={40} defaultValue={item?.modelo ?? ''} />
      </Campo>
      <Campo nome="prioridade" rotulo="Prioridade">
        <input className={f.entrada} type="number" name="prioridade" min={0} max={10000} defaultValue={item?.prioridade ?? 0} />
      </Campo>
      <div className={f.campo}>
        <Marcar nome="usarCorTexto" rotulo="Cor do texto" marcado={Boolean(item?.corTexto)} />
        <input
          className={f.cor}
          type="color"
          name="corTexto"
          aria-label="Cor do texto"
          defaultValue={hex7(item?.corTexto ?? null, '#1d2330')}
        />
      </div>
      <div className={f.campo}>
        <Marcar nome="usarCorFundo" rotulo="Cor de fundo" marcado={Boolean(item?.corFundo)} />
        <input
          className={f.cor}
          type="color"
          name="corFundo"
          aria-label="Cor de fundo"
          defaultValue={hex7(item?.corFundo ?? null, '#ffffff')}
        />
      </div>
      <Campo nome="dataInicio" rotulo="Exibir de">
        <input className={f.entrada} type="datetime-local" name="dataInicio" defaultValue={paraCampoDataHora(item?.dataInicio)} />
      </Campo>
      <Campo nome="dataFim" rotulo="Exibir até">
        <input className={f.entrada} type="datetime-local" name="dataFim" defaultValue={paraCampoDataHora(item?.dataFim)} />
      </Campo>
    </>
  );
}

function Item({ item, n }: { item: ItemEditor; n: number }) {
  const rascunho = useContext(RascunhoContexto);
  return (
    <div className={s.item} data-testid={`item-${item.uid}`}>
      <FormAcao acao="salvar-item" alvo={item.uid} multipart onChange={(e) => rascunho(item.uid, camposDoForm(e, CAMPOS_ITEM_PREVIA))}>
        <strong>
          Item {n}: {item.titulo ?? item.texto?.slice(0, 40) ?? '(sem título)'}
        </strong>
        <div className={f.grupo} style={{ marginTop: 8 }}>
          <CamposItem item={item} />
        </div>
        <button type="submit" className={f.botaoPequeno}>
          Salvar item
        </button>
      </FormAcao>
      <div className={f.acoes} style={{ marginTop: 6 }}>
        <FormAcao acao="duplicar-item" alvo={item.uid} aguarde="Aguarde, estamos duplicando este item">
          <button type="submit" className={f.botaoPequeno} data-testid="duplicar-item">
            Duplicar item
          </button>
        </FormAcao>
        <FormAcao acao="apagar-item" alvo={item.uid} aguarde="Aguarde, estamos apagando este item" persistente>
          <button type="submit" className={f.botaoPerigo} data-testid="apagar-item">
            Apagar item
          </button>
        </FormAcao>
      </div>
    </div>
  );
}

function Sessao({ sessao, primeira, ultima }: { sessao: SessaoEditor; primeira: boolean; ultima: boolean }) {
  const i18n = useI18n();
  const rascunho = useContext(RascunhoContexto);
  return (
    <details className={`${s.sessao} ${sessao.ativo ? '' : s.inativa}`} data-testid={`sessao-${sessao.nome}`}>
      <summary>
        <span className={s.etiqueta}>#{sessao.prioridade}</span>
        {sessao.nome}
        <span className={s.etiqueta}>{sessao.elemento}</span>
        {sessao.ativo ? null : <span className={s.etiqueta}>inativa</span>}
        <span className={s.etiqueta}>{i18n.contar('n_itens', sessao.itens.length)}</span>
      </summary>
      <div className={s.sessaoCorpo}>
        <div className={f.acoes}>
          <FormAcao acao="prioridade-sessao" alvo={sessao.uid}>
            <input type="hidden" name="prioridade" value="aumentar" />
            <button type="submit" className={f.botaoPequeno} disabled={primeira} aria-label={`Subir ${sessao.nome}`}>
              ↑ Subir
            </button>
          </FormAcao>
          <FormAcao acao="prioridade-sessao" alvo={sessao.uid}>
            <input type="hidden" name="prioridade" value="diminuir" />
            <button type="submit" className={f.botaoPequeno} disabled={ultima} aria-label={`Descer ${sessao.nome}`}>
              ↓ Descer
            </button>
          </FormAcao>
          <FormAcao acao="apagar-sessao" alvo={sessao.uid} aguarde="Aguarde, estamos apagando esta seção" persistente>
            <button type="submit" className={f.botaoPerigo}>
              Apagar seção
            </button>
          </FormAcao>
        </div>
        <FormAcao acao="salvar-sessao" alvo={sessao.uid} onChange={(e) => rascunho(sessao.uid, camposDoForm(e, CAMPOS_SESSAO_PREVIA))}>
          <div className={f.grupo} style={{ marginTop: 10 }}>
            <CamposSessao sessao={sessao} />
            <Marcar nome="ativo" rotulo="Ativa" marcado={sessao.ativo} />
          </div>
          <button type="submit" className={f.botaoPequeno}>
            Salvar seção
          </button>
        </FormAcao>
        {sessao.itens.map((i, n) => (
          <Item key={i.uid} item={i} n={n + 1} />
        ))}
        <details className={s.item}>
          <summary>Novo item</summary>
          <FormAcao acao="novo-item" alvo={sessao.uid} multipart testId={`novo-item-${sessao.nome}`} limparAoSalvar>
            <div className={f.grupo} style={{ marginTop: 8 }}>
              <CamposItem />
            </div>
            <button type="submit" className={f.botaoPequeno}>
              Adicionar item
            </button>
          </FormAcao>
        </details>
      </div>
    </details>
  );
}

export function Construtor({
  hotsiteId,
  paginas,
  pagina,
  previa,
  marca,
}: {
  hotsiteId: number;
  paginas: { uid: string; uri: string; titulo: string }[];
  pagina: PaginaEditor | null;
  previa: Pick<PaginaPublica, 'sessoes' | 'container'> | null;
  marca: Marca;
}) {
  const [rascunhos, setRascunhos] = useState<Rascunhos>({});
  // Fresh data from the server (after any save) replaces the drafts.
  useEffect(() => setRascunhos({}), [previa]);
  const atualizar = useMemo(() => (uid: string, campos: Record<string, string>) => setRascunhos((r) => ({ ...r, [uid]: campos })), []);
  const paginaNaPrevia = comRascunhos(previa, rascunhos);
  return (
    <RascunhoContexto.Provider value={atualizar}>
      <div>
        <ul className={s.listaPaginas} aria-label="Páginas">
          {paginas.map((p) => (
            <li key={p.uid}>
              <Link
                className={s.paginaLink}
                to={`/admin/hotsite/${hotsiteId}?aba=paginas&pagina=${p.uid}`}
                aria-current={pagina?.uid === p.uid ? 'page' : undefined}
                preventScrollReset
              >
                {p.uri}
              </Link>
            </li>
          ))}
        </ul>
        <details style={{ marginBottom: 16 }}>
          <summary>Nova página</summary>
          <FormAcao acao="nova-pagina">
            <fieldset className={f.grupo}>
              <CamposPagina />
            </fieldset>
            <button type="submit" className={botao}>
              Criar página
            </button>
          </FormAcao>
        </details>
        {pagina ? (
          <div className={s.lado}>
            <div>
              <FormAcao acao="salvar-pagina" alvo={pagina.uid}>
                <fieldset className={f.grupo}>
                  <legend>Página {pagina.uri}</legend>
                  <CamposPagina p={pagina} />
                </fieldset>
                <button type="submit" className={f.botaoPequeno}>
                  Salvar página
                </button>
              </FormAcao>
              <h2 style={{ fontSize: 18 }}>Seções</h2>
              {pagina.sessoes.map((sessao, i) => (
                <Sessao key={sessao.uid} sessao={sessao} primeira={i === 0} ultima={i === pagina.sessoes.length - 1} />
              ))}
              <details className={s.sessao} data-testid="nova-sessao">
                <summary>Nova seção</summary>
                <div className={s.sessaoCorpo}>
                  <FormAcao acao="nova-sessao" alvo={pagina.uid} limparAoSalvar>
                    <div className={f.grupo}>
                      <CamposSessao />
                    </div>
                    <button type="submit" className={f.botaoPequeno}>
                      Adicionar seção
                    </button>
                  </FormAcao>
                </div>
              </details>
            </div>
            <aside className={s.colunaPrevia} aria-label="Prévia da página">
              <h2 style={{ marginTop: 0, fontSize: 16 }}>Prévia no tema da marca</h2>
              <PreviaDaPagina marca={marca} pagina={paginaNaPrevia} />
            </aside>
          </div>
        ) : (
          <p>Escolha uma página.</p>
        )}
      </div>
    </RascunhoContexto.Provider>
  );
}

function CampoMargem({ nome, rotulo, valor }: { nome: 'margemCabecalho' | 'margemRodape'; rotulo: string; valor?: string }) {
  return (
    <Campo nome={nome} rotulo={rotulo}>
      <select className={f.entrada} name={nome} defaultValue={valor ?? 'media'}>
        {MARGENS.map((m) => (
          <option key={m} value={m}>
            {ROTULOS_MARGEM[m]}
          </option>
        ))}
      </select>
    </Campo>
  );
}
