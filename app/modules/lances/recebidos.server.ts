import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.server';
import { linhas } from '~/utils/linhas.server';
import { rotuloDoLanceRecebido, type RotuloLanceRecebido } from './regras';

/*
 * /admin/lances-recebidos (Acerto, SAC, ADM): every bid the brand received, newest first, searchable by
 * lot number, lot name, client name, e-mail or nickname. Each bid opens `lance-recebido/{uid}`
 * (lance-recebido.server.ts) with its tabs and actions.
 */
type Linha = Record<string, unknown>;

export interface LanceRecebido {
  uid: string;
  data: string;
  valor: number;
  tipo: string;
  /** The spec's back-office label (Recebido, Superado, Vencendo, Vencedor, Cancelado), not the stored code. */
  situacao: RotuloLanceRecebido;
  apelido: string;
  /** As the lot shows it ("007"). */
  loteNumero: string;
  loteNome: string;
  leilao: string | null;
  cliente: string;
  email: string;
}

export async function listarLancesRecebidos({
  db,
  hotsiteId,
  busca,
  pagina,
  porPagina,
}: {
  db: Db;
  hotsiteId: number;
  busca: string | null;
  pagina: number;
  porPagina: number;
}) {
  const termo = busca ? `%${busca.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const onde = sql`la.hotsite_id = ${hotsiteId} ${
    termo
      ? sql`AND (l.numero::text = ${busca} OR l.nome ILIKE ${termo} OR u.nome ILIKE ${termo} OR u.email ILIKE ${termo} OR la.apelido ILIKE ${termo})`
      : sql``
  }`;
  const de = sql`FROM lance la JOIN lote l ON l.id = la.lote_id JOIN usuario u ON u.id = la.usuario_id
                 LEFT JOIN leilao le ON le.id = la.leilao_id AND le.hotsite_id = la.hotsite_id`;
  const [lista, contagem] = await Promise.all([
    db.execute(sql`SELECT la.uid, la.data, la.valor, la.tipo, la.situacao, la.apelido, l.numero, l.nome AS lote_nome, le.nome AS leilao,
                          l.situacao AS lote_situacao, (la.valor = l.ultimo_lance_valor AND la.usuario_id = l.ultimo_lance_usuario_id) AS lider,
                          u.nome AS cliente, u.email ${de} WHERE ${onde} ORDER BY la.id DESC LIMIT ${porPagina} OFFSET ${(pagina - 1) * porPagina}`),
    db.execute(sql`SELECT count(*) AS n ${de} WHERE ${onde}`),
  ]);
  const lances: LanceRecebido[] = linhas<Linha>(lista).map((r) => ({
    uid: String(r.uid),
    data: new Date(r.data as string).toISOString(),
    valor: Number(r.valor),
    tipo: String(r.tipo),
    situacao: rotuloDoLanceRecebido({ situacao: String(r.situacao), lider: r.lider === true, situacaoDoLote: String(r.lote_situacao) }),
    apelido: String(r.apelido),
    loteNumero: String(r.numero),
    loteNome: String(r.lote_nome),
    leilao: (r.leilao as string | null) ?? null,
    cliente: String(r.cliente),
    email: String(r.email),
  }));
  return { lances, total: Number(linhas<Linha>(contagem)[0]?.n ?? 0) };
}
