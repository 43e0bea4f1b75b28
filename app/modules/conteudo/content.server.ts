import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { hotsitePagina, hotsiteSessao, hotsiteSessaoItem } from '@db/schema';
import { ELEMENTOS_SEM_ITENS, sessoesVisiveis, type ItemSessao, type Sessao } from './blocks';

export interface PaginaPublica {
  uid: string;
  uri: string;
  titulo: string;
  descricao: string;
  keywords: string | null;
  tituloPagina: string | null;
  descricaoPagina: string | null;
  imagemPrincipal: string | null;
  container: string;
  sessoes: Sessao[];
}

/** A brand's page by content key, with what a visitor sees of it right now. Null when absent or inactive. */
/** The items of a page's sections, on this brand only; no query when there is no section. */
export function itensDasSessoes({ db, hotsiteId, sessaoIds }: { db: Db; hotsiteId: number; sessaoIds: number[] }) {
  if (!sessaoIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(hotsiteSessaoItem)
    .where(and(eq(hotsiteSessaoItem.hotsiteId, hotsiteId), inArray(hotsiteSessaoItem.sessaoId, sessaoIds)));
}

export async function buscarPagina({
  db,
  hotsiteId,
  uri,
  agora = new Date(),
}: {
  db: Db;
  hotsiteId: number;
  uri: string;
  agora?: Date;
}): Promise<PaginaPublica | null> {
  const [pagina] = await db
    .select()
    .from(hotsitePagina)
    .where(and(eq(hotsitePagina.hotsiteId, hotsiteId), eq(hotsitePagina.uri, uri), eq(hotsitePagina.ativo, true)));
  if (!pagina) return null;

  const sessoes = await db
    .select()
    .from(hotsiteSessao)
    .where(and(eq(hotsiteSessao.hotsiteId, hotsiteId), eq(hotsiteSessao.paginaId, pagina.id)))
    .orderBy(asc(hotsiteSessao.prioridade));
  const itens = await itensDasSessoes({ db, hotsiteId, sessaoIds: sessoes.map((s) => s.id) });

  const porSessao = new Map<number, ItemSessao[]>();
  for (const i of itens) {
    const lista = porSessao.get(i.sessaoId) ?? [];
    lista.push({
      uid: i.uid,
      titulo: i.titulo,
      subtitulo: i.subtitulo,
      texto: i.texto,
      textoBotao: i.textoBotao,
      imagem: i.imagem,
      imagemMobile: i.imagemMobile,
      icone: i.icone,
      modelo: i.modelo,
      link: i.link,
      prioridade: i.prioridade,
      corTexto: i.corTexto,
      corFundo: i.corFundo,
      dataInicio: i.dataInicio,
      dataFim: i.dataFim,
    });
    porSessao.set(i.sessaoId, lista);
  }

  const completas: Sessao[] = sessoes.map((s) => ({
    uid: s.uid,
    elemento: s.elemento,
    nome: s.nome,
    ativo: s.ativo,
    tamanhoColuna: s.tamanhoColuna,
    margemCabecalho: s.margemCabecalho,
    margemRodape: s.margemRodape,
    container: s.container,
    prioridade: s.prioridade,
    itens: porSessao.get(s.id) ?? [],
  }));

  return {
    uid: pagina.uid,
    uri: pagina.uri,
    titulo: pagina.titulo,
    descricao: pagina.descricao,
    keywords: pagina.keywords,
    tituloPagina: pagina.tituloPagina,
    descricaoPagina: pagina.descricaoPagina,
    imagemPrincipal: pagina.imagemPrincipal,
    container: pagina.container,
    sessoes: sessoesVisiveis(completas, agora, ELEMENTOS_SEM_ITENS),
  };
}
