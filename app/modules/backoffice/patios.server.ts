import '~/utils/zod-pt-br';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { usuarioPorEmail } from '~/modules/comitentes/comitentes.server';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { ID_MAXIMO } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';
import { inteiro } from '~/modules/dominio/campos';

/*
 * Yards in the back office (spec 000 §2 `/admin/patio-usuario`, `/admin/patio-recesso`; decision 057):
 * which staff users work at which yard, and the days a yard is closed. Every query filters by hotsiteId
 * and every yard named must be the brand's.
 */

export const MENSAGENS_PATIO = {
  patioNaoEncontrado: 'Pátio não encontrado',
  vinculoNaoEncontrado: 'Vínculo entre usuário e pátio não encontrado',
  recessoNaoEncontrado: 'Recesso não encontrado',
  recessoRepetido: 'Este pátio já tem recesso nesse dia',
} as const;

const vazioParaIndefinido = (v: unknown) => (v === '' ? undefined : v);
const idPatio = inteiro(1, ID_MAXIMO, 'Escolha o pátio');

export const filtroPatioSchema = z.object({
  patioId: z.preprocess(vazioParaIndefinido, idPatio.optional()),
  pagina: inteiro(1, 10_000, 'pagina deve estar entre 1 e 10000').default(1),
  porPagina: inteiro(1, 200, 'porPagina deve estar entre 1 e 200').default(25),
});

/** A calendar day, YYYY-MM-DD, that exists. */
const diaSchema = z
  .string({ error: 'Informe o dia (AAAA-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Informe o dia (AAAA-MM-DD)')
  .refine((d) => {
    const t = new Date(`${d}T12:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d && d >= '2000-01-01' && d <= '2100-12-31';
  }, 'Dia inválido');

export const recessoSchema = z.object({
  patioId: idPatio,
  dia: diaSchema,
  descricao: z.preprocess((v) => v ?? '', textoLivre(200).pipe(z.string().min(1, 'Informe o motivo do recesso'))),
});

async function conferirPatio(db: Db, hotsiteId: number, patioId: number) {
  const [p] = linhas(await db.execute(sql`SELECT 1 FROM patio WHERE hotsite_id = ${hotsiteId} AND id = ${patioId}`));
  if (!p) throw naoEncontrado(MENSAGENS_PATIO.patioNaoEncontrado);
}

const pagina = (f: { pagina: number; porPagina: number }) => sql`LIMIT ${f.porPagina} OFFSET ${(f.pagina - 1) * f.porPagina}`;

/** Users tied to the brand's yards, by yard. */
export async function listarUsuariosDePatio({ db, hotsiteId, filtro }: { db: Db; hotsiteId: number; filtro: unknown }) {
  const f = filtroPatioSchema.parse(filtro);
  const onde = sql`pu.hotsite_id = ${hotsiteId} AND ${f.patioId ? sql`pu.patio_id = ${f.patioId}` : sql`TRUE`}`;
  const [{ total }] = linhas<{ total: number }>(await db.execute(sql`SELECT count(*)::int AS total FROM patio_usuario pu WHERE ${onde}`));
  const itens = linhas<{ patioId: number; patioNome: string; usuarioId: number; nome: string; email: string }>(
    await db.execute(sql`SELECT pu.patio_id AS "patioId", p.nome AS "patioNome", u.id AS "usuarioId", u.nome, u.email
                           FROM patio_usuario pu JOIN patio p ON p.id = pu.patio_id JOIN usuario u ON u.id = pu.usuario_id
                          WHERE ${onde} ORDER BY p.nome, u.nome, u.id ${pagina(f)}`),
  ).map((r) => ({ ...r, patioId: Number(r.patioId), usuarioId: Number(r.usuarioId) }));
  return { itens, total: Number(total), pagina: f.pagina, porPagina: f.porPagina };
}

export const vincularPatioSchema = z.object({ patioId: idPatio, email: z.unknown() });

/** Ties a user (by e-mail) to one of the brand's yards; tying twice is harmless. */
export async function vincularUsuarioPatio({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const e = vincularPatioSchema.parse(entrada);
  await conferirPatio(db, hotsiteId, e.patioId);
  const u = await usuarioPorEmail({ db, hotsiteId, entrada: { email: e.email } });
  await db.execute(sql`INSERT INTO patio_usuario (hotsite_id, patio_id, usuario_id) VALUES (${hotsiteId}, ${e.patioId}, ${u.id})
                       ON CONFLICT DO NOTHING`);
}

export async function desvincularUsuarioPatio({
  db,
  hotsiteId,
  patioId,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  patioId: number;
  usuarioId: number;
}) {
  const r = linhas(
    await db.execute(
      sql`DELETE FROM patio_usuario WHERE hotsite_id = ${hotsiteId} AND patio_id = ${patioId} AND usuario_id = ${usuarioId} RETURNING patio_id`,
    ),
  );
  if (r.length === 0) throw naoEncontrado(MENSAGENS_PATIO.vinculoNaoEncontrado);
}

/** The brand's yard closures, newest day first. */
export async function listarRecessos({ db, hotsiteId, filtro }: { db: Db; hotsiteId: number; filtro: unknown }) {
  const f = filtroPatioSchema.parse(filtro);
  const onde = sql`r.hotsite_id = ${hotsiteId} AND ${f.patioId ? sql`r.patio_id = ${f.patioId}` : sql`TRUE`}`;
  const [{ total }] = linhas<{ total: number }>(await db.execute(sql`SELECT count(*)::int AS total FROM patio_recesso r WHERE ${onde}`));
  const itens = linhas<{ id: number; patioId: number; patioNome: string; dia: string; descricao: string }>(
    await db.execute(sql`SELECT r.id, r.patio_id AS "patioId", p.nome AS "patioNome", to_char(r.dia, 'YYYY-MM-DD') AS dia, r.descricao
                           FROM patio_recesso r JOIN patio p ON p.id = r.patio_id
                          WHERE ${onde} ORDER BY r.dia DESC, p.nome, r.id ${pagina(f)}`),
  ).map((r) => ({ ...r, id: Number(r.id), patioId: Number(r.patioId) }));
  return { itens, total: Number(total), pagina: f.pagina, porPagina: f.porPagina };
}

export async function criarRecesso({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const e = recessoSchema.parse(entrada);
  await conferirPatio(db, hotsiteId, e.patioId);
  const [novo] = linhas<{ id: number }>(
    await db.execute(sql`INSERT INTO patio_recesso (hotsite_id, patio_id, dia, descricao) VALUES (${hotsiteId}, ${e.patioId}, ${e.dia}, ${e.descricao})
                         ON CONFLICT (patio_id, dia) DO NOTHING RETURNING id`),
  );
  if (!novo) throw new ErroHttp(409, MENSAGENS_PATIO.recessoRepetido);
  return { id: Number(novo.id) };
}

export async function apagarRecesso({ db, hotsiteId, id }: { db: Db; hotsiteId: number; id: number }) {
  const r = linhas(await db.execute(sql`DELETE FROM patio_recesso WHERE hotsite_id = ${hotsiteId} AND id = ${id} RETURNING id`));
  if (r.length === 0) throw naoEncontrado(MENSAGENS_PATIO.recessoNaoEncontrado);
}

/* ---------- opening hours for pickup (decision 072) ---------- */

export const atendimentoSchema = z
  .object({
    patioId: idPatio,
    horaAbertura: inteiro(0, 23, 'Hora de abertura entre 0 e 23'),
    horaFechamento: inteiro(1, 24, 'Hora de fechamento entre 1 e 24'),
    /** ISO weekdays, as checkboxes ('1'…'7') or a string '12345'. */
    diasAtendimento: z.preprocess(
      (v) => (Array.isArray(v) ? v.join('') : v),
      z
        .string({ error: 'Escolha ao menos um dia de atendimento' })
        .regex(/^[1-7]{1,7}$/, 'Escolha ao menos um dia de atendimento')
        .transform((d) => [...new Set(d.split(''))].sort().join('')),
    ),
    valorDiaria: inteiro(0, 100_000_00, 'Diária inválida: informe até R$ 100.000,00, por exemplo 150,00').default(0),
  })
  .refine((a) => a.horaFechamento > a.horaAbertura, { message: 'O fechamento deve ser depois da abertura', path: ['horaFechamento'] });

/** The brand's yards with their pickup hours and daily storage fee. */
export async function listarAtendimentos({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  return linhas<{ id: number; nome: string; horaAbertura: number; horaFechamento: number; diasAtendimento: string; valorDiaria: number }>(
    await db.execute(sql`SELECT id, nome, hora_abertura AS "horaAbertura", hora_fechamento AS "horaFechamento",
                                dias_atendimento AS "diasAtendimento", valor_diaria AS "valorDiaria"
                           FROM patio WHERE hotsite_id = ${hotsiteId} AND ativo ORDER BY nome, id`),
  ).map((r) => ({
    ...r,
    id: Number(r.id),
    horaAbertura: Number(r.horaAbertura),
    horaFechamento: Number(r.horaFechamento),
    valorDiaria: Number(r.valorDiaria),
  }));
}

export async function salvarAtendimento({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const e = atendimentoSchema.parse(entrada);
  const r = linhas(
    await db.execute(sql`UPDATE patio SET hora_abertura = ${e.horaAbertura}, hora_fechamento = ${e.horaFechamento},
                           dias_atendimento = ${e.diasAtendimento}, valor_diaria = ${e.valorDiaria}, updated_at = now()
                          WHERE hotsite_id = ${hotsiteId} AND id = ${e.patioId} RETURNING id`),
  );
  if (r.length === 0) throw naoEncontrado(MENSAGENS_PATIO.patioNaoEncontrado);
  return e;
}
