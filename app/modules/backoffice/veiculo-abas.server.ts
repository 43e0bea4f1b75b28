import '~/utils/zod-pt-br';
import { fileType } from '~/utils/bibliotecas.server';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import type { Hub } from '~/realtime/hub.server';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { linhas } from '~/utils/linhas.server';
import { booleano, textoOpcional } from '~/modules/dominio/campos';
import { depositosDoVeiculo } from './depositos.server';
import { comoPublicado } from './leiloes.server';
import { atualizarCopiaDosLotes } from './lotes.server';
import { publicarLotes } from './publicacao.server';
import { type AbaExtra } from './estoque-rotulos';
import { placaSchema } from './veiculos.server';

/*
 * The vehicle form's other tabs (spec 000 §2 "vehicle form with tabs": yard, removals, direct sale,
 * reports, access, plate import, detran import sync, documents; decision 067). Each reads what the
 * platform stores about the vehicle; removals and documents have their own small tables. The caller has
 * already found the vehicle through `obterVeiculo` (brand and seller-user scope).
 */

export const MENSAGENS_ABAS = {
  arquivoTipo: 'Documento deve ser PDF, JPEG, PNG ou WebP',
  arquivoVazio: 'Escolha o arquivo do documento',
  arquivoNaoEncontrado: 'Documento não encontrado',
  placaRepetida: 'Já existe um veículo com esta placa',
} as const;

export const TIPOS_DOCUMENTO = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export const DOCUMENTO_BYTES_MAXIMO = 10_000_000;

export const placaDoVeiculoSchema = z.object({
  placa: placaSchema,
  placaUfe: z
    .preprocess(
      (v) => (typeof v === 'string' ? (v.trim() ? v.trim().toUpperCase() : null) : v),
      z
        .string()
        .regex(/^[A-Z]{2}$/, 'UF da placa inválida')
        .nullable(),
    )
    .optional(),
  placaCidade: textoOpcional(80),
});

export type VeiculoBase = { id: number; uid: string; patioId: number | null; vendaDireta: boolean; bloquearRemocao: boolean };

/** What one extra tab shows, but removals (their own capability: the page composes that tab, app/paginas/veiculo-abas.server.ts). */
export async function dadosDaAbaDoVeiculo({
  db,
  hotsiteId,
  veiculo,
  aba,
}: {
  db: Db;
  hotsiteId: number;
  veiculo: VeiculoBase;
  aba: Exclude<AbaExtra, 'remocoes'>;
}) {
  const v = veiculo;
  switch (aba) {
    case 'patio': {
      const [patio] = linhas<{
        id: number;
        nome: string;
        cidade: string;
        estadoUf: string;
        telefone: string | null;
        responsavel: string | null;
      }>(
        await db.execute(sql`SELECT id, nome, cidade, estado_uf AS "estadoUf", telefone, responsavel FROM patio
                              WHERE hotsite_id = ${hotsiteId} AND id = ${v.patioId ?? 0}`),
      );
      return { aba, patio: patio ?? null, depositos: await depositosDoVeiculo({ db, hotsiteId, veiculoId: v.id }) };
    }
    case 'venda-direta': {
      const vendas = linhas<{
        id: number;
        situacao: string;
        createdAt: string;
        total: number;
        numero: string;
        tipo: string;
        cliente: string;
      }>(
        await db.execute(sql`SELECT ve.id, ve.situacao, ve.created_at AS "createdAt", vi.total, l.numero, l.tipo, u.nome AS cliente
            FROM venda_item vi JOIN venda ve ON ve.id = vi.venda_id JOIN lote l ON l.id = vi.lote_id JOIN usuario u ON u.id = ve.usuario_id
           WHERE vi.hotsite_id = ${hotsiteId} AND l.veiculo_id = ${v.id} AND vi.ativo ORDER BY ve.id DESC`),
      ).map((r) => ({ ...r, id: Number(r.id), total: Number(r.total), createdAt: new Date(r.createdAt).toISOString() }));
      const compreJa = linhas<{ id: number; numero: string; situacao: string; compreJa: number | null }>(
        await db.execute(sql`SELECT id, numero, situacao, compre_ja AS "compreJa" FROM lote
                              WHERE hotsite_id = ${hotsiteId} AND veiculo_id = ${v.id} AND (tipo = 'Compre Já' OR compre_ja IS NOT NULL) ORDER BY id DESC`),
      ).map((r) => ({ ...r, id: Number(r.id), compreJa: r.compreJa == null ? null : Number(r.compreJa) }));
      return { aba, vendaDireta: v.vendaDireta, vendas, compreJa };
    }
    case 'relatorios': {
      const lotes = linhas<{
        id: number;
        numero: string;
        situacao: string;
        leilao: string | null;
        visualizacoes: number;
        quantidadeLances: number;
        valorAtual: number;
        propostas: number;
      }>(
        await db.execute(sql`SELECT l.id, l.numero, l.situacao, le.nome AS leilao, l.visualizacoes, l.quantidade_lances AS "quantidadeLances",
              l.valor_atual AS "valorAtual",
              (SELECT count(*)::int FROM proposta p WHERE p.lote_id = l.id) AS propostas
            FROM lote l LEFT JOIN leilao le ON le.id = l.leilao_id
           WHERE l.hotsite_id = ${hotsiteId} AND l.veiculo_id = ${v.id} ORDER BY l.id DESC`),
      ).map((r) => ({
        ...r,
        id: Number(r.id),
        visualizacoes: Number(r.visualizacoes),
        quantidadeLances: Number(r.quantidadeLances),
        propostas: Number(r.propostas),
        valorAtual: Number(r.valorAtual),
      }));
      const [{ favoritos }] = linhas<{ favoritos: number }>(
        await db.execute(sql`SELECT count(*)::int AS favoritos FROM favorito WHERE hotsite_id = ${hotsiteId} AND vei_uid = ${v.uid}::uuid`),
      );
      return {
        aba,
        lotes,
        totais: {
          visualizacoes: lotes.reduce((s, l) => s + l.visualizacoes, 0),
          lances: lotes.reduce((s, l) => s + l.quantidadeLances, 0),
          propostas: lotes.reduce((s, l) => s + l.propostas, 0),
          favoritos: Number(favoritos),
        },
      };
    }
    case 'acessos': {
      // The audit trail: who created or changed the vehicle and its tabs, newest first.
      const registros = linhas<{
        id: number;
        acao: string;
        detalhes: string | null;
        createdAt: string;
        usuario: string | null;
        email: string | null;
      }>(
        await db.execute(sql`SELECT a.id, a.acao, a.detalhes::text AS detalhes, a.created_at AS "createdAt", u.nome AS usuario, u.email
            FROM hotsite_alteracao a LEFT JOIN usuario u ON u.id = a.usuario_id
           WHERE a.hotsite_id = ${hotsiteId} AND a.entidade = 'veiculo' AND a.entidade_id = ${v.id} ORDER BY a.id DESC LIMIT 100`),
      ).map((r) => ({ ...r, id: Number(r.id), createdAt: new Date(r.createdAt).toISOString() }));
      return { aba, registros };
    }
    case 'importacao-placa': {
      const [p] = linhas<{ placa: string | null; placaUfe: string | null; placaLocalidade: { nome?: string } | null }>(
        await db.execute(sql`SELECT placa, placa_ufe AS "placaUfe", placa_localidade AS "placaLocalidade" FROM veiculo WHERE id = ${v.id}`),
      );
      return { aba, placa: p };
    }
    case 'detran':
      return { aba };
    case 'documentos': {
      const documentos = linhas<{
        uid: string;
        descricao: string;
        nomeOriginal: string;
        tipoMime: string;
        tamanho: number;
        createdAt: string;
        enviadoPor: string | null;
      }>(
        await db.execute(sql`SELECT a.uid, a.descricao, a.nome_original AS "nomeOriginal", a.tipo_mime AS "tipoMime", a.tamanho,
              a.created_at AS "createdAt", u.nome AS "enviadoPor"
            FROM veiculo_arquivo a LEFT JOIN usuario u ON u.id = a.created_by_id
           WHERE a.hotsite_id = ${hotsiteId} AND a.veiculo_id = ${v.id} ORDER BY a.id DESC`),
      ).map((r) => ({ ...r, tamanho: Number(r.tamanho), createdAt: new Date(r.createdAt).toISOString() }));
      // When the house received the transfer documents (decision 164; staff mark it here, decision 200).
      const [recebidos] = linhas<{ em: string | null }>(
        await db.execute(sql`SELECT documentos_recebidos_em AS em FROM veiculo WHERE id = ${v.id} AND hotsite_id = ${hotsiteId}`),
      );
      return { aba, documentos, documentosRecebidosEm: recebidos?.em ? new Date(recebidos.em).toISOString() : null };
    }
  }
}
export type DadosDaAbaDoVeiculo = Awaited<ReturnType<typeof dadosDaAbaDoVeiculo>>;

/** Direct sale flag (spec Vehicle.vendaDireta). */
export async function marcarVendaDireta({
  db,
  hotsiteId,
  usuarioId,
  veiculo,
  entrada,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  veiculo: VeiculoBase;
  entrada: unknown;
}) {
  const { vendaDireta } = z.object({ vendaDireta: booleano }).parse(entrada);
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE veiculo SET venda_direta = ${vendaDireta}, updated_at = now() WHERE id = ${veiculo.id}`);
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'veiculo',
      entidadeId: veiculo.id,
      acao: 'alterou',
      detalhes: { vendaDireta },
    });
  });
}

/** Plate data typed from the registration document (no external plate service is configured). */
export async function salvarPlaca({
  db,
  hub,
  hotsiteId,
  usuarioId,
  veiculo,
  entrada,
}: {
  db: Db;
  hub?: Hub;
  hotsiteId: number;
  usuarioId: number;
  veiculo: VeiculoBase;
  entrada: unknown;
}) {
  const e = placaDoVeiculoSchema.parse(entrada);
  const publicar = await db.transaction(async (tx) => {
    if (e.placa) {
      const [outro] = linhas(
        await tx.execute(sql`SELECT 1 FROM veiculo WHERE hotsite_id = ${hotsiteId} AND placa = ${e.placa} AND id <> ${veiculo.id}`),
      );
      if (outro) throw new ErroHttp(409, MENSAGENS_ABAS.placaRepetida, { placa: [MENSAGENS_ABAS.placaRepetida] });
    }
    const localidade = e.placaCidade ? JSON.stringify({ nome: e.placaCidade, unidadeFederativa: e.placaUfe ?? null }) : null;
    await tx.execute(sql`UPDATE veiculo SET placa = ${e.placa ?? null}, placa_ufe = ${e.placaUfe ?? null}, placa_localidade = ${localidade}::jsonb,
        updated_at = now() WHERE id = ${veiculo.id}`);
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'veiculo',
      entidadeId: veiculo.id,
      acao: 'alterou',
      detalhes: { placa: e.placa ?? null },
    });
    return atualizarCopiaDosLotes(tx, hotsiteId, veiculo.id);
  });
  await publicarLotes(hub, hotsiteId, publicar.map(comoPublicado));
}

/** Stores a document of the vehicle (PDF or image, checked by its bytes). */
export async function adicionarDocumento({
  db,
  hotsiteId,
  usuarioId,
  veiculo,
  descricao,
  arquivo,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  veiculo: VeiculoBase;
  descricao: unknown;
  arquivo: { nome: string; conteudo: Buffer } | null;
}) {
  const d = z.preprocess((v) => v ?? '', textoLivre(150).pipe(z.string().min(2, 'Informe a descrição do documento'))).parse(descricao);
  if (!arquivo || arquivo.conteudo.length === 0) throw new ErroHttp(400, MENSAGENS_ABAS.arquivoVazio);
  if (arquivo.conteudo.length > DOCUMENTO_BYTES_MAXIMO) throw new ErroHttp(413, 'Documento grande demais: no máximo 10 MB');
  const tipo = (await (await fileType()).fileTypeFromBuffer(arquivo.conteudo))?.mime;
  if (!tipo || !(TIPOS_DOCUMENTO as readonly string[]).includes(tipo)) throw new ErroHttp(415, MENSAGENS_ABAS.arquivoTipo);
  // Path separators and control characters out of the stored name (it goes back in Content-Disposition).
  const nome =
    [...arquivo.nome]
      .map((ch) => (ch === '/' || ch === '\\' || ch.charCodeAt(0) < 32 ? '_' : ch))
      .join('')
      .slice(0, 150) || 'documento';
  await db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO veiculo_arquivo (hotsite_id, veiculo_id, descricao, nome_original, tipo_mime, tamanho, conteudo, created_by_id)
      VALUES (${hotsiteId}, ${veiculo.id}, ${d}, ${nome}, ${tipo}, ${arquivo.conteudo.length}, ${arquivo.conteudo}, ${usuarioId})`);
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'veiculo',
      entidadeId: veiculo.id,
      acao: 'alterou',
      detalhes: { documento: d },
    });
  });
}

export async function apagarDocumento({
  db,
  hotsiteId,
  usuarioId,
  veiculo,
  uid,
}: {
  db: Db;
  hotsiteId: number;
  usuarioId: number;
  veiculo: VeiculoBase;
  uid: unknown;
}) {
  const u = z.uuid({ error: MENSAGENS_ABAS.arquivoNaoEncontrado }).parse(uid);
  await db.transaction(async (tx) => {
    const r = linhas(
      await tx.execute(
        sql`DELETE FROM veiculo_arquivo WHERE hotsite_id = ${hotsiteId} AND veiculo_id = ${veiculo.id} AND uid = ${u}::uuid RETURNING id`,
      ),
    );
    if (!r.length) throw naoEncontrado(MENSAGENS_ABAS.arquivoNaoEncontrado);
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId,
      entidade: 'veiculo',
      entidadeId: veiculo.id,
      acao: 'removeu',
      detalhes: { documento: u },
    });
  });
}

/** The bytes of one document, for the staff download route (the caller checks the vehicle's scope). */
export async function conteudoDoDocumento({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  if (!z.uuid().safeParse(uid).success) throw naoEncontrado(MENSAGENS_ABAS.arquivoNaoEncontrado);
  const [r] = linhas<{ nome: string; tipo: string; conteudo: Buffer | Uint8Array; veiculo_uid: string }>(
    await db.execute(sql`SELECT a.nome_original AS nome, a.tipo_mime AS tipo, a.conteudo, v.uid AS veiculo_uid
                           FROM veiculo_arquivo a JOIN veiculo v ON v.id = a.veiculo_id
                          WHERE a.hotsite_id = ${hotsiteId} AND a.uid = ${uid}::uuid`),
  );
  if (!r) throw naoEncontrado(MENSAGENS_ABAS.arquivoNaoEncontrado);
  return { nome: r.nome, tipo: r.tipo, conteudo: Buffer.from(r.conteudo), veiculoUid: String(r.veiculo_uid) };
}
