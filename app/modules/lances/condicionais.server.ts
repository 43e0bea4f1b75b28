import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { filtroComitentes, type Comitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { linhas, numeroOuNulo as num } from '~/utils/linhas.server';

/*
 * Back-office view of conditional sales (/admin/avaliacao-veicular-condicional): the lots of the brand
 * waiting for the seller's answer, with the winning bid against the seller's value, and the latest
 * answers given. Staff see the bidder's name and e-mail; the public never sees the seller's value.
 * A seller user sees only the lots of the sellers they are tied to (`comitentesDoUsuario`, decision 011).
 */

export interface Condicional {
  loteId: number;
  /** The lot's uid: its conditional evaluation is /admin/avaliacao-veicular-condicional/{uid}. */
  loteUid: string;
  numero: string;
  nome: string;
  leilaoNome: string | null;
  comitenteNome: string | null;
  lance: number | null;
  valorComitente: number | null;
  encerradoEm: string | null;
  vencedorNome: string | null;
  vencedorEmail: string | null;
  quantidadeLances: number;
}

export interface RespostaDada {
  loteId: number;
  loteUid: string;
  numero: string;
  nome: string;
  situacao: string;
  resposta: string;
  novoValor: number | null;
  data: string;
  respondidoPor: string | null;
}

type Linha = Record<string, unknown>;
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

export async function listarCondicionais({
  db,
  hotsiteId,
  comitentes,
}: {
  db: Db;
  hotsiteId: number;
  /** Whose lots: 'todos' for ADM/SAC, else the user's sellers (see comitentesDoUsuario). */
  comitentes: Comitentes;
}): Promise<{ aguardando: Condicional[]; respondidas: RespostaDada[] }> {
  const [aguardando, respondidas] = await Promise.all([
    db.execute(sql`
      SELECT l.id, l.uid, l.numero, l.nome, le.nome AS leilao_nome, c.nome_site AS comitente_nome, l.ultimo_lance_valor, l.valor_comitente,
             coalesce(e.encerrado_em, l.data_fim) AS encerrado_em, u.nome AS vencedor_nome, u.email AS vencedor_email, l.quantidade_lances
        FROM lote l
        LEFT JOIN leilao le ON le.id = l.leilao_id AND le.hotsite_id = l.hotsite_id
        LEFT JOIN comitente c ON c.id = l.comitente_id AND c.hotsite_id = l.hotsite_id
        LEFT JOIN lote_encerramento e ON e.lote_id = l.id
        LEFT JOIN usuario u ON u.id = l.ultimo_lance_usuario_id AND u.hotsite_id = l.hotsite_id
       WHERE l.hotsite_id = ${hotsiteId} AND l.situacao = 'CONDICIONAL' AND ${filtroComitentes(sql`l.comitente_id`, comitentes)}
       ORDER BY coalesce(e.encerrado_em, l.data_fim) ASC NULLS LAST, l.id
       LIMIT 200`),
    db.execute(sql`
      SELECT l.id, l.uid, l.numero, l.nome, ll.situacao, ll.resposta_condicional
        FROM leilao_lote ll JOIN lote l ON l.id = ll.lote_id
       WHERE l.hotsite_id = ${hotsiteId} AND ll.resposta_condicional IS NOT NULL AND ${filtroComitentes(sql`l.comitente_id`, comitentes)}
       ORDER BY ll.resposta_condicional::jsonb ->> 'data' DESC
       LIMIT 20`),
  ]);
  return {
    aguardando: linhas<Linha>(aguardando).map((r) => ({
      loteId: Number(r.id),
      loteUid: String(r.uid),
      numero: String(r.numero),
      nome: String(r.nome),
      leilaoNome: (r.leilao_nome as string | null) ?? null,
      comitenteNome: (r.comitente_nome as string | null) ?? null,
      lance: num(r.ultimo_lance_valor),
      valorComitente: num(r.valor_comitente),
      encerradoEm: iso(r.encerrado_em),
      vencedorNome: (r.vencedor_nome as string | null) ?? null,
      vencedorEmail: (r.vencedor_email as string | null) ?? null,
      quantidadeLances: Number(r.quantidade_lances),
    })),
    respondidas: linhas<Linha>(respondidas).map((r) => {
      const j = JSON.parse(String(r.resposta_condicional)) as {
        resposta: string;
        novoValor: number | null;
        data: string;
        respondidoPor?: string | null;
      };
      return {
        loteId: Number(r.id),
        loteUid: String(r.uid),
        numero: String(r.numero),
        nome: String(r.nome),
        situacao: String(r.situacao),
        resposta: j.resposta,
        novoValor: j.novoValor,
        data: j.data,
        respondidoPor: j.respondidoPor ?? null,
      };
    }),
  };
}
