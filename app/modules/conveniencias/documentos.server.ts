import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { leilaoDocumento } from '@db/schema';
import { listarLeiloesSite } from '~/modules/catalogo/leiloes.server';
import { regrasDeCadastro, rotuloDocumento } from '~/modules/identidade/cliente.server';

/**
 * /documentos (issue #33, decision 259): the brand's public documents in one place. What a client must
 * send to be approved (the brand's own list), and each upcoming auction's notice, rules and other PDFs
 * with its visiting and entry orders. Read through `listarLeiloesSite`, so a private auction shows only
 * to its accepted guests and another brand's auction never does.
 */
export async function documentosDaMarca({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number | null }) {
  const [regras, leiloes] = await Promise.all([regrasDeCadastro({ db, hotsiteId }), listarLeiloesSite({ db, hotsiteId, usuarioId })]);
  const ids = leiloes.map((l) => l.id);
  const arquivos = ids.length
    ? await db
        .select({
          leilaoId: leilaoDocumento.leilaoId,
          uid: leilaoDocumento.uid,
          tipo: leilaoDocumento.tipo,
          descricao: leilaoDocumento.descricao,
          tamanho: leilaoDocumento.tamanho,
        })
        .from(leilaoDocumento)
        .where(and(eq(leilaoDocumento.hotsiteId, hotsiteId), inArray(leilaoDocumento.leilaoId, ids)))
        .orderBy(asc(leilaoDocumento.tipo), desc(leilaoDocumento.id))
    : [];
  const porLeilao = new Map<number, DocumentoPublico[]>();
  for (const a of arquivos) {
    const lista = porLeilao.get(a.leilaoId) ?? [];
    lista.push({ tipo: a.tipo, descricao: a.descricao ?? ROTULO_TIPO[a.tipo], url: `/leilao-documento/${a.uid}.pdf`, tamanho: a.tamanho });
    porLeilao.set(a.leilaoId, lista);
  }
  return {
    cadastro: {
      documentos: regras.documentosObrigatorios.map((chave) => ({ chave, rotulo: rotuloDocumento(chave) })),
      confirmacoes: regras.confirmacoesObrigatorias,
      permitirCpf: regras.permitirCpf,
      permitirCnpj: regras.permitirCnpj,
    },
    leiloes: leiloes.map((l) => {
      // The auction's own links (set on the auction form) come after its uploaded PDFs.
      const links: DocumentoPublico[] = [
        l.editalUrl ? { tipo: 'EDITAL' as const, descricao: 'Edital', url: l.editalUrl, tamanho: null } : null,
        l.ordemVisitacaoUrl ? { tipo: 'OUTRO' as const, descricao: 'Ordem de visitação', url: l.ordemVisitacaoUrl, tamanho: null } : null,
        l.ordemEntradaUrl ? { tipo: 'OUTRO' as const, descricao: 'Ordem de entrada', url: l.ordemEntradaUrl, tamanho: null } : null,
      ].filter((d) => d !== null);
      return {
        id: l.id,
        uid: l.uid,
        nome: l.nomeSemData,
        data: l.data.toISOString(),
        cidade: l.cidade,
        estadoUf: l.estadoUf,
        documentos: [...(porLeilao.get(l.id) ?? []), ...links],
      };
    }),
  };
}

const ROTULO_TIPO = { EDITAL: 'Edital', REGULAMENTO: 'Regulamento', OUTRO: 'Documento' } as const;

interface DocumentoPublico {
  tipo: keyof typeof ROTULO_TIPO;
  descricao: string;
  url: string;
  tamanho: number | null;
}
