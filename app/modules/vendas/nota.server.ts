import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { leilao, venda } from '@db/schema';
import { comitentesDoUsuario, filtroComitentes, type Comitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { ACESSOS } from '~/modules/dominio/acessos';
import { formatarCnpj, formatarCpf } from '~/modules/dominio/documentos-br';
import { PAPEIS_INTERNOS, temAlgumPapel } from '~/modules/dominio/papeis';
import { ErroHttp } from '~/utils/errors';
import { idSchema } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';
import { buscarVenda, type VendaDto } from './consultas.server';
import {
  cabecalhoComum,
  documentoParaOLeitor,
  hashValido,
  type CabecalhoDocumento,
  type VendaDoDocumento,
  type VendaVista,
} from './documentos';

export type { CabecalhoDocumento, VendaDoDocumento, VendaVista };
import { MENSAGENS_VENDA } from './acoes.server';

/*
 * The purchase statement and the purchase note of one or more sales (spec 001 §7: extrato-compra,
 * nota-fiscal, nota-fiscal/auth; pages nota/{hash}, nota-leilao; decision 070). Sales are named by
 * their document hash (anyone holding the paper) or by their uid (a logged-in reader: the buyer reads
 * their own, staff the brand's, a seller user its sellers'), narrowed by auction, seller and auctioneer.
 */
type Linha = Record<string, unknown>;

export const MENSAGENS_NOTA = {
  hashsOuUids: 'Informe hashs ou uids',
  hash: 'hash inválido',
  uid: 'uid inválido',
  muitos: 'Informe no máximo 50 hashs ou uids',
  uidsSemLogin: 'Necessário fazer login para consultar por uids',
} as const;

const MAXIMO = 50;
/** A list from a query string: a single string is wrapped into an array (spec 000 §5). */
const lista = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(item).max(MAXIMO, MENSAGENS_NOTA.muitos)).optional();

export const consultaDocumentosSchema = z
  .object({
    hashs: lista(z.string().regex(/^[0-9a-f]{40}$/, MENSAGENS_NOTA.hash)).meta({
      description: 'Hash(es) dos documentos da venda (o mesmo do extrato/{hash}); um texto vira uma lista',
    }),
    uids: lista(z.uuid(MENSAGENS_NOTA.uid)).meta({ description: 'uid(s) das vendas; exige login. Um texto vira uma lista' }),
    leiId: idSchema('leiId inválido').optional().meta({ description: 'Só as vendas deste leilão (id)' }),
    comId: idSchema('comId inválido').optional().meta({ description: 'Só as vendas deste comitente (id)' }),
    carId: idSchema('carId inválido')
      .optional()
      .meta({ description: 'Carteira: aceito e validado; não há carteiras de comitente nesta plataforma, então não filtra (decisão 070)' }),
    leoId: idSchema('leoId inválido').optional().meta({ description: 'Só as vendas de leilões deste leiloeiro (id)' }),
  })
  .superRefine((q, ctx) => {
    if (!q.hashs?.length && !q.uids?.length) ctx.addIssue({ code: 'custom', message: MENSAGENS_NOTA.hashsOuUids, path: ['hashs'] });
  });
export type ConsultaDocumentos = z.infer<typeof consultaDocumentosSchema>;

/**
 * Who reads by uid, and who reads a document whole (decision 109): the buyer (own sales), a seller user
 * (its sellers' sales), sales staff (every sale of the brand); null for a visitor.
 */
export type LeitorDeUids = { usuarioId: number } | { comitentes: Comitentes } | null;

/** Sales staff: the roles of the staff sales pages (spec 000 §6: Acerto, SAC, ADM). */
const EQUIPE_DE_VENDAS = ACESSOS['/admin/compras'] as readonly string[];

/** The reader a logged-in user is (null when nobody is logged in). */
export async function leitorDoUsuario({
  db,
  hotsiteId,
  usuario,
}: {
  db: Db;
  hotsiteId: number;
  usuario: { id: number; papeis: readonly string[] } | null;
}): Promise<LeitorDeUids> {
  if (!usuario) return null;
  if (temAlgumPapel(usuario.papeis, EQUIPE_DE_VENDAS)) return { comitentes: 'todos' };
  if (usuario.papeis.includes(PAPEIS_INTERNOS.COMITENTE)) return { comitentes: await comitentesDoUsuario({ db, hotsiteId, usuario }) };
  return { usuarioId: usuario.id };
}

/** A sale as the API answers it: the hash only to who already holds it (see documentosDeCompra). */
export type VendaDaConsulta = Omit<VendaVista, 'hashQrcode'> & { hashQrcode?: string };

const emLista = (coluna: SQL, valores: readonly string[]) =>
  valores.length === 0
    ? sql`false`
    : sql`${coluna} IN (${sql.join(
        valores.map((v) => sql`${v}`),
        sql`, `,
      )})`;

function doLeitor(leitor: LeitorDeUids): SQL {
  if (!leitor) return sql`false`;
  if ('usuarioId' in leitor) return sql`v.usuario_id = ${leitor.usuarioId}`;
  return filtroComitentes(sql`v.comitente_id`, leitor.comitentes);
}

/** The buyer's document and address as a note prints them, and the city a hash holder reads. */
async function arrematantes(db: Db, hotsiteId: number, usuarioIds: number[]) {
  if (usuarioIds.length === 0) return new Map<number, VendaDoDocumento['arrematante']>();
  const rs = linhas<Linha>(
    await db.execute(sql`
      SELECT c.usuario_id, c.nome, c.razao_social, c.cpf, c.cnpj,
             e.logradouro, e.numero, e.complemento, e.bairro, e.cidade, e.estado_sigla, e.cep
        FROM cliente c LEFT JOIN endereco e ON e.cliente_id = c.id AND e.hotsite_id = c.hotsite_id
       WHERE c.hotsite_id = ${hotsiteId} AND c.usuario_id IN (${sql.join(
         usuarioIds.map((id) => sql`${id}`),
         sql`, `,
       )})`),
  );
  return new Map(
    rs.map((r) => [
      Number(r.usuario_id),
      {
        nome: String(r.razao_social ?? r.nome),
        documento: r.cnpj ? formatarCnpj(String(r.cnpj)) : r.cpf ? formatarCpf(String(r.cpf)) : null,
        endereco: r.logradouro
          ? `${String(r.logradouro)}, ${String(r.numero)}${r.complemento ? ` ${String(r.complemento)}` : ''} — ${String(r.bairro)}, ${String(r.cidade)}/${String(r.estado_sigla)}, CEP ${String(r.cep)}`
          : null,
        cidade: r.cidade ? `${String(r.cidade)}/${String(r.estado_sigla)}` : null,
      },
    ]),
  );
}

/** The sales of a set of ids as documents print them (cancelled ones included: the statement tells). */
export async function vendasDoDocumento({ db, hotsiteId, ids }: { db: Db; hotsiteId: number; ids: number[] }) {
  const vendas = (await Promise.all(ids.map((id) => buscarVenda({ db, hotsiteId, leitor: 'equipe', id })))).filter(
    (v): v is VendaDto => v != null,
  );
  const docs = await arrematantes(
    db,
    hotsiteId,
    [...new Set(vendas.map((v) => v.cliente.id))].filter((id) => Number.isSafeInteger(id)),
  );
  return vendas.map(({ eventos: _e, comprovantes: _c, ...v }): VendaDoDocumento => {
    void _e;
    void _c;
    return {
      ...v,
      numeroNota: v.id,
      arrematante: docs.get(v.cliente.id) ?? { nome: v.cliente.nome, documento: null, endereco: null, cidade: null },
    };
  });
}

/**
 * extrato-compra / nota-fiscal: the sales the query names, in this brand, that the reader may read
 * (hashs: anyone holding them; uids: `leitor`), narrowed by the filters. None → 404, without saying
 * which name was wrong. Each sale is answered whole only to who may read it whole (the buyer, sales
 * staff, its seller's users); named by hash alone, it is answered as its paper shows it (decision 109).
 */
export async function documentosDeCompra({
  db,
  hotsiteId,
  marca,
  consulta,
  leitor,
}: {
  db: Db;
  hotsiteId: number;
  marca: string;
  consulta: ConsultaDocumentos;
  leitor: LeitorDeUids;
}): Promise<{ vendas: VendaDaConsulta[]; cabecalho: CabecalhoDocumento }> {
  const hashs = consulta.hashs ?? [];
  const uids = consulta.uids ?? [];
  if (uids.length > 0 && !leitor) throw new ErroHttp(401, MENSAGENS_NOTA.uidsSemLogin);
  const rs = linhas<Linha>(
    await db.execute(sql`
      SELECT v.id, ${doLeitor(leitor)} AS completa
        FROM venda v LEFT JOIN leilao le ON le.id = v.leilao_id AND le.hotsite_id = v.hotsite_id
       WHERE v.hotsite_id = ${hotsiteId}
         AND (${emLista(sql`v.hash_qrcode`, hashs)} OR (${emLista(sql`v.uid::text`, uids)} AND ${doLeitor(leitor)}))
         ${consulta.leiId ? sql`AND v.leilao_id = ${consulta.leiId}` : sql``}
         ${consulta.comId ? sql`AND v.comitente_id = ${consulta.comId}` : sql``}
         ${consulta.leoId ? sql`AND le.leiloeiro_id = ${consulta.leoId}` : sql``}
       ORDER BY v.id LIMIT ${MAXIMO * 2}`),
  );
  if (rs.length === 0) throw new ErroHttp(404, MENSAGENS_VENDA.naoEncontrada);
  const completas = new Set(rs.filter((r) => r.completa === true).map((r) => Number(r.id)));
  const todas = await vendasDoDocumento({ db, hotsiteId, ids: rs.map((r) => Number(r.id)) });
  // The hash opens the documents without login (decision 048): it goes back only to who named it or
  // to the buyer, never to staff or a seller user reading by uid.
  const vendas = todas.map((doc): VendaDaConsulta => {
    const { hashQrcode, ...v } = documentoParaOLeitor(doc, completas.has(doc.id) ? 'completa' : 'impressa');
    const conhecido = hashs.includes(hashQrcode) || (leitor != null && 'usuarioId' in leitor && leitor.usuarioId === doc.cliente.id);
    return conhecido ? { ...v, hashQrcode } : v;
  });
  return { vendas, cabecalho: cabecalhoComum(vendas, marca) };
}

/**
 * extrato/{hash}, nota/{hash}, comprovante-arrematacao/{hash} and their PDFs and QR pages: the sale this
 * hash opens, in this brand, as this reader may see it (decision 109); null (→ 404) for anything else.
 * A cancelled or given-up sale comes back too: the statement tells it, the note and receipt refuse it.
 */
export async function documentoPorHash({
  db,
  hotsiteId,
  hash,
  leitor,
}: {
  db: Db;
  hotsiteId: number;
  hash: string | undefined;
  leitor: LeitorDeUids;
}): Promise<VendaVista | null> {
  if (!hashValido(hash)) return null;
  const [r] = linhas<Linha>(
    await db.execute(
      sql`SELECT v.id, ${doLeitor(leitor)} AS completa FROM venda v WHERE v.hotsite_id = ${hotsiteId} AND v.hash_qrcode = ${hash}`,
    ),
  );
  if (!r) return null;
  const [v] = await vendasDoDocumento({ db, hotsiteId, ids: [Number(r.id)] });
  return v ? documentoParaOLeitor(v, r.completa === true ? 'completa' : 'impressa') : null;
}

/** A sale that was cancelled or given up: it has no note and no receipt. */
export const semNota = (v: { situacao: string }) => v.situacao === 'Cancelada' || v.situacao === 'ClienteDesistiu';

/**
 * The bare `/comprovante-arrematacao` (decision 222): the buyer's own receipts on this brand, newest first,
 * each by the hash of its page. Cancelled and given-up sales have none (`semNota`).
 */
export async function comprovantesDoCliente({ db, hotsiteId, usuarioId }: { db: Db; hotsiteId: number; usuarioId: number }) {
  const linhas = await db
    .select({
      id: venda.id,
      hashQrcode: venda.hashQrcode,
      situacao: venda.situacao,
      createdAt: venda.createdAt,
      leilao: leilao.nome,
      lotes: sql<string>`(select string_agg(l.numero, ', ' order by l.numero) from venda_item vi join lote l on l.id = vi.lote_id where vi.venda_id = ${venda.id} and vi.ativo)`,
    })
    .from(venda)
    .leftJoin(leilao, and(eq(leilao.id, venda.leilaoId), eq(leilao.hotsiteId, hotsiteId)))
    .where(and(eq(venda.hotsiteId, hotsiteId), eq(venda.usuarioId, usuarioId)))
    .orderBy(desc(venda.createdAt), desc(venda.id))
    .limit(200);
  return linhas.filter((v) => !semNota(v));
}
