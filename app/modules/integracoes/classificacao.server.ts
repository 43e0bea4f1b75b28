import '~/utils/zod-pt-br';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { inteiro } from '~/modules/dominio/campos';
import { type Comitentes, filtroComitentes } from '~/modules/comitentes/usuarios-comitente.server';
import { textoLivre } from '~/utils/entrada';
import { contagemDaMarca } from '~/utils/i18n';
import { ErroHttp } from '~/utils/errors';
import { ID_MAXIMO } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';
import { idTagSchema, MENSAGENS_TAG } from './tags.server';

/*
 * Classification tags (`/admin/veiculos-classificacao`; spec vehicle `comitenteIntegracoesVeiculoTags`): staff
 * pick vehicles by checkbox and add or remove one integration tag on all of them at once. Only the brand's
 * vehicles and tags are touched; ids of another brand are refused as not found, never half applied.
 */

export const MENSAGENS_CLASSIFICACAO = {
  nenhumVeiculo: 'Selecione ao menos um veículo',
  veiculoNaoEncontrado: 'Veículo não encontrado',
  adicionada: (n: number) => `Tag aplicada a ${contagemDaMarca('leilao', 'n_veiculos', n)}`,
  removida: (n: number) => `Tag retirada de ${contagemDaMarca('leilao', 'n_veiculos', n)}`,
} as const;

const vazioParaIndefinido = (v: unknown) => (v === '' ? undefined : v);

export const filtroClassificacaoSchema = z.object({
  busca: z.preprocess(vazioParaIndefinido, textoLivre(60).optional()),
  comitenteId: z.preprocess(vazioParaIndefinido, inteiro(1, ID_MAXIMO, 'comitenteId inválido').optional()),
  tagId: z.preprocess(vazioParaIndefinido, inteiro(1, ID_MAXIMO, 'tagId inválido').optional()),
  semTag: z.preprocess(vazioParaIndefinido, z.enum(['true', 'false'], { error: 'semTag deve ser true ou false' }).optional()),
  pagina: inteiro(1, 10_000, 'pagina deve estar entre 1 e 10000').default(1),
  porPagina: inteiro(1, 200, 'porPagina deve estar entre 1 e 200').default(50),
});

/** Add or remove one tag on the checked vehicles (only the checked ids are read). */
export const classificarSchema = z.object({
  operacao: z.enum(['adicionar', 'remover'], { error: 'Operação inválida: use adicionar ou remover' }),
  tagId: idTagSchema,
  veiculoIds: z
    .array(inteiro(1, ID_MAXIMO, 'Veículo inválido'), { error: MENSAGENS_CLASSIFICACAO.nenhumVeiculo })
    .min(1, MENSAGENS_CLASSIFICACAO.nenhumVeiculo)
    .max(500, 'No máximo 500 veículos por vez'),
});

export interface VeiculoClassificado {
  id: number;
  uid: string;
  nome: string;
  placa: string | null;
  chassi: string | null;
  comitenteNome: string | null;
  tags: { id: number; nome: string; chave: string; integradora: string }[];
}

export async function listarClassificacao({
  db,
  hotsiteId,
  comitentes,
  filtro,
}: {
  db: Db;
  hotsiteId: number;
  comitentes: Comitentes;
  filtro: unknown;
}) {
  const f = filtroClassificacaoSchema.parse(filtro);
  const termo = f.busca?.toUpperCase().replace(/[-\s]/g, '');
  const onde = sql.join(
    [
      sql`v.hotsite_id = ${hotsiteId}`,
      filtroComitentes(sql`v.comitente_id`, comitentes),
      f.busca ? sql`(v.placa = ${termo} OR v.chassi = ${termo} OR v.nome ILIKE ${`%${f.busca}%`})` : sql`TRUE`,
      f.comitenteId ? sql`v.comitente_id = ${f.comitenteId}` : sql`TRUE`,
      f.tagId
        ? sql`EXISTS (SELECT 1 FROM comitente_integracao_veiculo_tag vt WHERE vt.veiculo_id = v.id AND vt.tag_id = ${f.tagId})`
        : sql`TRUE`,
      f.semTag === 'true' ? sql`NOT EXISTS (SELECT 1 FROM comitente_integracao_veiculo_tag vt WHERE vt.veiculo_id = v.id)` : sql`TRUE`,
    ],
    sql` AND `,
  );
  const [{ total }] = linhas<{ total: number }>(await db.execute(sql`SELECT count(*)::int AS total FROM veiculo v WHERE ${onde}`));
  const itens = linhas<VeiculoClassificado>(
    await db.execute(sql`SELECT v.id, v.uid, v.nome, v.placa, v.chassi, c.nome_site AS "comitenteNome",
        coalesce((SELECT json_agg(json_build_object('id', t.id, 'nome', t.nome, 'chave', t.chave, 'integradora', t.integradora)
                                  ORDER BY t.integradora, t.nome)
                    FROM comitente_integracao_veiculo_tag vt JOIN comitente_integracao_tag t ON t.id = vt.tag_id AND t.hotsite_id = vt.hotsite_id
                   WHERE vt.veiculo_id = v.id AND vt.hotsite_id = v.hotsite_id), '[]'::json) AS tags
      FROM veiculo v LEFT JOIN comitente c ON c.id = v.comitente_id AND c.hotsite_id = v.hotsite_id
      WHERE ${onde} ORDER BY v.id DESC LIMIT ${f.porPagina} OFFSET ${(f.pagina - 1) * f.porPagina}`),
  ).map((r) => ({ ...r, id: Number(r.id) }));
  return { itens, total: Number(total), pagina: f.pagina, porPagina: f.porPagina };
}

/** Adds or removes the tag on every checked vehicle, in one transaction; answers how many changed. */
export async function classificarVeiculos({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const e = classificarSchema.parse(entrada);
  const ids = [...new Set(e.veiculoIds)];
  const lista = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return db.transaction(async (tx) => {
    const [tag] = linhas(await tx.execute(sql`SELECT 1 FROM comitente_integracao_tag WHERE hotsite_id = ${hotsiteId} AND id = ${e.tagId}`));
    if (!tag) throw new ErroHttp(404, MENSAGENS_TAG.naoEncontrada, { tagId: [MENSAGENS_TAG.naoEncontrada] });
    const [{ n }] = linhas<{ n: number }>(
      await tx.execute(sql`SELECT count(*)::int AS n FROM veiculo WHERE hotsite_id = ${hotsiteId} AND id IN (${lista})`),
    );
    if (Number(n) !== ids.length) {
      throw new ErroHttp(404, MENSAGENS_CLASSIFICACAO.veiculoNaoEncontrado, { veiculoIds: [MENSAGENS_CLASSIFICACAO.veiculoNaoEncontrado] });
    }
    if (e.operacao === 'adicionar') {
      const r = linhas(
        await tx.execute(sql`INSERT INTO comitente_integracao_veiculo_tag (hotsite_id, veiculo_id, tag_id)
                             SELECT ${hotsiteId}, id, ${e.tagId} FROM veiculo WHERE hotsite_id = ${hotsiteId} AND id IN (${lista})
                             ON CONFLICT DO NOTHING RETURNING veiculo_id`),
      );
      return { alterados: r.length, mensagem: MENSAGENS_CLASSIFICACAO.adicionada(ids.length) };
    }
    const r = linhas(
      await tx.execute(sql`DELETE FROM comitente_integracao_veiculo_tag
                           WHERE hotsite_id = ${hotsiteId} AND tag_id = ${e.tagId} AND veiculo_id IN (${lista}) RETURNING veiculo_id`),
    );
    return { alterados: r.length, mensagem: MENSAGENS_CLASSIFICACAO.removida(r.length) };
  });
}
