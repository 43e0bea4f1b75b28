import '~/utils/zod-pt-br';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@db/client.server';
import { textoOpcional } from '~/modules/dominio/campos';
import { cnpjValido, cpfValido, formatarCnpj, formatarCpf } from '~/modules/dominio/documentos-br';
import { textoLivre } from '~/utils/entrada';
import { ErroHttp } from '~/utils/errors';
import { ID_MAXIMO } from '~/utils/id';
import { linhas } from '~/utils/linhas.server';

/*
 * The removal registers (spec 001 §3 "Driver", "Removal location", the removal's transportadora; §7
 * `/remocoes/consulta/transportadoras`, `motoristas`, `locais-remocoes`; decision 173): carriers, drivers and
 * the places vehicles are picked up, per brand. A removal keeps the names as text too, so a register renamed
 * later does not rewrite what was scheduled.
 */

const nome = (m: string) => z.preprocess((v) => v ?? '', textoLivre(200).pipe(z.string().min(2, m)));
const email = z.preprocess((v) => (v === '' || v == null ? null : v), z.email({ error: 'E-mail inválido' }).max(200).nullable()).optional();

/** A CPF or CNPJ (numeric or alphanumeric) as typed, kept formatted; blank is none. */
const documento = (valido: (v: string) => boolean, formatar: (v: string) => string, mensagem: string) =>
  z
    .preprocess(
      (v) => (v === '' || v == null || (typeof v === 'string' && !v.trim()) ? null : v),
      z.string({ error: mensagem }).max(20, mensagem).refine(valido, mensagem).transform(formatar).nullable(),
    )
    .optional();

export const transportadoraSchema = z.object({
  nome: nome('Informe o nome da transportadora'),
  cnpj: documento(cnpjValido, formatarCnpj, 'CNPJ inválido'),
  telefone: textoOpcional(30),
  email,
});
export const motoristaSchema = z.object({
  nome: nome('Informe o nome do motorista'),
  cpf: documento(cpfValido, formatarCpf, 'CPF inválido'),
  telefone: textoOpcional(30),
  email,
  transportadoraId: z
    .preprocess(
      (v) => (v === '' || v == null ? null : typeof v === 'string' ? Number(v) : v),
      z.number().int().min(1).max(ID_MAXIMO).nullable(),
    )
    .optional(),
});
export const localRemocaoSchema = z.object({
  nome: nome('Informe o nome do local'),
  endereco: z
    .object({
      logradouro: textoOpcional(200),
      numero: textoOpcional(20),
      bairro: textoOpcional(120),
      cidade: textoOpcional(120),
      estadoSigla: textoOpcional(2),
      cep: textoOpcional(10),
    })
    .nullable()
    .optional(),
  contatoNome: textoOpcional(200),
  contatoEmail: email,
  contatoTelefone: textoOpcional(30),
  contatoTelefone2: textoOpcional(30),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
});

export const buscaCadastroSchema = z.object({
  busca: z.preprocess((v) => (v === '' ? undefined : v), textoLivre(100).optional()),
});
const termo = (b?: string) => (b ? `%${b.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null);

export async function listarTransportadoras({ db, hotsiteId, filtro }: { db: Db; hotsiteId: number; filtro: unknown }) {
  const t = termo(buscaCadastroSchema.parse(filtro).busca);
  return linhas<{ id: number; uid: string; nome: string; cnpj: string | null; telefone: string | null; email: string | null }>(
    await db.execute(sql`SELECT id, uid, nome, cnpj, telefone, email FROM transportadora
        WHERE hotsite_id = ${hotsiteId} AND ativo ${t ? sql`AND nome ILIKE ${t}` : sql``} ORDER BY nome LIMIT 500`),
  ).map((x) => ({ ...x, id: Number(x.id) }));
}

export async function listarMotoristas({ db, hotsiteId, filtro }: { db: Db; hotsiteId: number; filtro: unknown }) {
  const t = termo(buscaCadastroSchema.parse(filtro).busca);
  return linhas<{
    id: number;
    uid: string;
    nome: string;
    cpf: string | null;
    telefone: string | null;
    email: string | null;
    transportadora: string | null;
  }>(
    await db.execute(sql`SELECT m.id, m.uid, m.nome, m.cpf, m.telefone, m.email, t.nome AS transportadora
        FROM motorista m LEFT JOIN transportadora t ON t.id = m.transportadora_id
        WHERE m.hotsite_id = ${hotsiteId} AND m.ativo ${t ? sql`AND m.nome ILIKE ${t}` : sql``} ORDER BY m.nome LIMIT 500`),
  ).map((x) => ({ ...x, id: Number(x.id) }));
}

export async function listarLocaisRemocao({ db, hotsiteId, filtro }: { db: Db; hotsiteId: number; filtro: unknown }) {
  const t = termo(buscaCadastroSchema.parse(filtro).busca);
  return linhas<{
    id: number;
    uid: string;
    nome: string;
    endereco: unknown;
    contatoNome: string | null;
    contatoEmail: string | null;
    contatoTelefone: string | null;
    contatoTelefone2: string | null;
    latitude: number | null;
    longitude: number | null;
  }>(
    await db.execute(sql`SELECT id, uid, nome, endereco, contato_nome AS "contatoNome", contato_email AS "contatoEmail",
          contato_telefone AS "contatoTelefone", contato_telefone2 AS "contatoTelefone2", latitude, longitude
        FROM local_remocao WHERE hotsite_id = ${hotsiteId} ${t ? sql`AND nome ILIKE ${t}` : sql``} ORDER BY nome LIMIT 500`),
  ).map((x) => ({
    ...x,
    id: Number(x.id),
    localizacao: x.latitude == null || x.longitude == null ? null : { latitude: x.latitude, longitude: x.longitude },
  }));
}

const JA_EXISTE = 'Já existe uma transportadora com este nome';

export async function criarTransportadora({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const e = transportadoraSchema.parse(entrada);
  const [r] = linhas<{ id: number; uid: string }>(
    await db.execute(sql`INSERT INTO transportadora (hotsite_id, nome, cnpj, telefone, email)
        VALUES (${hotsiteId}, ${e.nome}, ${e.cnpj ?? null}, ${e.telefone ?? null}, ${e.email ?? null})
        ON CONFLICT (hotsite_id, nome) DO NOTHING RETURNING id, uid`),
  );
  if (!r) throw new ErroHttp(409, JA_EXISTE, { nome: [JA_EXISTE] });
  return { id: Number(r.id), uid: String(r.uid) };
}

export async function criarMotorista({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const e = motoristaSchema.parse(entrada);
  if (e.transportadoraId) {
    const [t] = linhas(await db.execute(sql`SELECT 1 FROM transportadora WHERE hotsite_id = ${hotsiteId} AND id = ${e.transportadoraId}`));
    if (!t) throw new ErroHttp(400, 'Transportadora não encontrada', { transportadoraId: ['Transportadora não encontrada'] });
  }
  const [r] = linhas<{ id: number; uid: string }>(
    await db.execute(sql`INSERT INTO motorista (hotsite_id, transportadora_id, nome, cpf, telefone, email)
        VALUES (${hotsiteId}, ${e.transportadoraId ?? null}, ${e.nome}, ${e.cpf ?? null}, ${e.telefone ?? null}, ${e.email ?? null})
        RETURNING id, uid`),
  );
  return { id: Number(r.id), uid: String(r.uid) };
}

export async function criarLocalRemocao({ db, hotsiteId, entrada }: { db: Db; hotsiteId: number; entrada: unknown }) {
  const e = localRemocaoSchema.parse(entrada);
  const [r] = linhas<{ id: number; uid: string }>(
    await db.execute(sql`INSERT INTO local_remocao (hotsite_id, nome, endereco, contato_nome, contato_email, contato_telefone, contato_telefone2,
          latitude, longitude)
        VALUES (${hotsiteId}, ${e.nome}, ${e.endereco ? JSON.stringify(e.endereco) : null}::jsonb, ${e.contatoNome ?? null},
          ${e.contatoEmail ?? null}, ${e.contatoTelefone ?? null}, ${e.contatoTelefone2 ?? null}, ${e.latitude ?? null}, ${e.longitude ?? null})
        RETURNING id, uid`),
  );
  return { id: Number(r.id), uid: String(r.uid) };
}

/*
 * Editing a register (the staff screens /admin/transportadoras, /admin/motoristas, /admin/locais-remocao and
 * PUT /remocoes/consulta/<register>/{uid}): found by uid within the brand, every field rewritten from the
 * same schema as the creation. The removals keep the names they were scheduled with.
 */
export const MENSAGENS_CADASTROS = {
  transportadora: 'Transportadora não encontrada',
  motorista: 'Motorista não encontrado',
  local: 'Local de remoção não encontrado',
} as const;

const violouUnico = (e: unknown) =>
  (e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505';

export async function obterTransportadora({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  const [r] = linhas<{ id: number; uid: string; nome: string; cnpj: string | null; telefone: string | null; email: string | null }>(
    await db.execute(sql`SELECT id, uid, nome, cnpj, telefone, email FROM transportadora WHERE hotsite_id = ${hotsiteId} AND uid = ${uid}`),
  );
  return r ? { ...r, id: Number(r.id) } : null;
}

export async function obterMotorista({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  const [r] = linhas<{
    id: number;
    uid: string;
    nome: string;
    cpf: string | null;
    telefone: string | null;
    email: string | null;
    transportadoraId: number | null;
  }>(
    await db.execute(sql`SELECT id, uid, nome, cpf, telefone, email, transportadora_id AS "transportadoraId"
        FROM motorista WHERE hotsite_id = ${hotsiteId} AND uid = ${uid}`),
  );
  return r ? { ...r, id: Number(r.id), transportadoraId: r.transportadoraId == null ? null : Number(r.transportadoraId) } : null;
}

export async function obterLocalRemocao({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  const [r] = linhas<{
    id: number;
    uid: string;
    nome: string;
    endereco: Record<string, string | null> | null;
    contatoNome: string | null;
    contatoEmail: string | null;
    contatoTelefone: string | null;
    contatoTelefone2: string | null;
    latitude: number | null;
    longitude: number | null;
  }>(
    await db.execute(sql`SELECT id, uid, nome, endereco, contato_nome AS "contatoNome", contato_email AS "contatoEmail",
          contato_telefone AS "contatoTelefone", contato_telefone2 AS "contatoTelefone2", latitude, longitude
        FROM local_remocao WHERE hotsite_id = ${hotsiteId} AND uid = ${uid}`),
  );
  return r ? { ...r, id: Number(r.id) } : null;
}

/** Rewrites a carrier of this brand; false when the uid is not one. A name taken by another carrier is 409. */
export async function editarTransportadora({ db, hotsiteId, uid, entrada }: { db: Db; hotsiteId: number; uid: string; entrada: unknown }) {
  const e = transportadoraSchema.parse(entrada);
  try {
    const r = linhas(
      await db.execute(sql`UPDATE transportadora SET nome = ${e.nome}, cnpj = ${e.cnpj ?? null}, telefone = ${e.telefone ?? null},
            email = ${e.email ?? null}, updated_at = now()
          WHERE hotsite_id = ${hotsiteId} AND uid = ${uid} RETURNING id`),
    );
    return r.length > 0;
  } catch (erro) {
    if (violouUnico(erro)) throw new ErroHttp(409, JA_EXISTE, { nome: [JA_EXISTE] });
    throw erro;
  }
}

export async function editarMotorista({ db, hotsiteId, uid, entrada }: { db: Db; hotsiteId: number; uid: string; entrada: unknown }) {
  const e = motoristaSchema.parse(entrada);
  if (e.transportadoraId) {
    const [t] = linhas(await db.execute(sql`SELECT 1 FROM transportadora WHERE hotsite_id = ${hotsiteId} AND id = ${e.transportadoraId}`));
    if (!t) throw new ErroHttp(400, 'Transportadora não encontrada', { transportadoraId: ['Transportadora não encontrada'] });
  }
  const r = linhas(
    await db.execute(sql`UPDATE motorista SET nome = ${e.nome}, cpf = ${e.cpf ?? null}, telefone = ${e.telefone ?? null},
          email = ${e.email ?? null}, transportadora_id = ${e.transportadoraId ?? null}, updated_at = now()
        WHERE hotsite_id = ${hotsiteId} AND uid = ${uid} RETURNING id`),
  );
  return r.length > 0;
}

export async function editarLocalRemocao({ db, hotsiteId, uid, entrada }: { db: Db; hotsiteId: number; uid: string; entrada: unknown }) {
  const e = localRemocaoSchema.parse(entrada);
  const r = linhas(
    await db.execute(sql`UPDATE local_remocao SET nome = ${e.nome}, endereco = ${e.endereco ? JSON.stringify(e.endereco) : null}::jsonb,
          contato_nome = ${e.contatoNome ?? null}, contato_email = ${e.contatoEmail ?? null},
          contato_telefone = ${e.contatoTelefone ?? null}, contato_telefone2 = ${e.contatoTelefone2 ?? null},
          latitude = ${e.latitude ?? null}, longitude = ${e.longitude ?? null}, updated_at = now()
        WHERE hotsite_id = ${hotsiteId} AND uid = ${uid} RETURNING id`),
  );
  return r.length > 0;
}

/** `/veiculos/qb/remocoes`: the brand's vehicles that have removals, with their latest one. */
export async function veiculosComRemocoes({ db, hotsiteId, filtro }: { db: Db; hotsiteId: number; filtro: unknown }) {
  const t = termo(buscaCadastroSchema.parse(filtro).busca);
  const placa = t?.toUpperCase().replace(/[-\s]/g, '') ?? null;
  return linhas<Record<string, unknown>>(
    await db.execute(sql`SELECT v.id, v.uid, v.nome, v.placa, v.chassi, v.patio_id AS "patioId", p.nome AS patio,
          r.uid AS "remocaoUid", r.situacao AS "remocaoSituacao", r.etapa AS "remocaoEtapa", r.integradora, r.protocolo
        FROM veiculo v
        JOIN LATERAL (SELECT * FROM remocao x WHERE x.veiculo_id = v.id AND x.hotsite_id = ${hotsiteId} ORDER BY x.data_solicitacao DESC, x.id DESC LIMIT 1) r ON TRUE
        LEFT JOIN patio p ON p.id = v.patio_id
       WHERE v.hotsite_id = ${hotsiteId} ${t ? sql`AND (v.nome ILIKE ${t} OR v.placa ILIKE ${placa} OR v.chassi ILIKE ${placa})` : sql``}
       ORDER BY r.data_solicitacao DESC, v.id DESC LIMIT 500`),
  ).map((x) => ({ ...x, id: Number(x.id), patioId: x.patioId == null ? null : Number(x.patioId) }));
}

/** The removal form's choices (decision 270): the brand's active carriers, and their active drivers. */
export async function opcoesDeTransporte({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  const [transportadoras, motoristas] = await Promise.all([
    db.execute(sql`SELECT id, nome FROM transportadora WHERE hotsite_id = ${hotsiteId} AND ativo ORDER BY nome LIMIT 500`),
    db.execute(sql`SELECT m.id, m.nome, m.transportadora_id AS "transportadoraId" FROM motorista m
        JOIN transportadora t ON t.id = m.transportadora_id AND t.hotsite_id = m.hotsite_id AND t.ativo
        WHERE m.hotsite_id = ${hotsiteId} AND m.ativo ORDER BY m.nome LIMIT 2000`),
  ]);
  return {
    transportadoras: linhas<{ id: number; nome: string }>(transportadoras).map((t) => ({ id: Number(t.id), nome: t.nome })),
    motoristas: linhas<{ id: number; nome: string; transportadoraId: number }>(motoristas).map((m) => ({
      id: Number(m.id),
      nome: m.nome,
      transportadoraId: Number(m.transportadoraId),
    })),
  };
}
export type OpcoesDeTransporte = Awaited<ReturnType<typeof opcoesDeTransporte>>;

export const MENSAGENS_TRANSPORTE = {
  transportadora: 'Transportadora não encontrada nesta marca',
  transportadoraInativa: 'Esta transportadora está inativa: escolha outra',
  motorista: 'Motorista não encontrado nesta marca',
  motoristaInativo: 'Este motorista está inativo: escolha outro',
  semTransportadora: 'Escolha a transportadora do motorista',
  deOutraTransportadora: 'O motorista escolhido não é da transportadora escolhida',
} as const;

/**
 * The removal's carrier and driver picked from the registers: the carrier must be the brand's and active, the
 * driver the brand's, active and of that carrier. The removal's own current choice stays valid after being
 * deactivated (`atual`), so an old removal can still be saved. Answers the names the removal keeps beside the ids.
 */
export async function conferirTransporte(
  db: Db | Tx,
  hotsiteId: number,
  escolha: { transportadoraId?: number | null; motoristaId?: number | null },
  atual: { transportadoraId: number | null; motoristaId: number | null } = { transportadoraId: null, motoristaId: null },
) {
  const erro = (campo: string, m: string) => new ErroHttp(400, m, { [campo]: [m] });
  const tId = escolha.transportadoraId ?? null;
  const mId = escolha.motoristaId ?? null;
  let transportadora: string | null = null;
  let motorista: string | null = null;
  if (tId !== null) {
    const [t] = linhas<{ nome: string; ativo: boolean }>(
      await db.execute(sql`SELECT nome, ativo FROM transportadora WHERE hotsite_id = ${hotsiteId} AND id = ${tId}`),
    );
    if (!t) throw erro('transportadoraId', MENSAGENS_TRANSPORTE.transportadora);
    if (!t.ativo && tId !== atual.transportadoraId) throw erro('transportadoraId', MENSAGENS_TRANSPORTE.transportadoraInativa);
    transportadora = t.nome;
  }
  if (mId !== null) {
    const [m] = linhas<{ nome: string; ativo: boolean; transportadora_id: number | null }>(
      await db.execute(sql`SELECT nome, ativo, transportadora_id FROM motorista WHERE hotsite_id = ${hotsiteId} AND id = ${mId}`),
    );
    if (!m) throw erro('motoristaId', MENSAGENS_TRANSPORTE.motorista);
    if (tId === null) throw erro('motoristaId', MENSAGENS_TRANSPORTE.semTransportadora);
    if (m.transportadora_id == null || Number(m.transportadora_id) !== tId)
      throw erro('motoristaId', MENSAGENS_TRANSPORTE.deOutraTransportadora);
    if (!m.ativo && mId !== atual.motoristaId) throw erro('motoristaId', MENSAGENS_TRANSPORTE.motoristaInativo);
    motorista = m.nome;
  }
  return { transportadoraId: tId, motoristaId: mId, transportadora, motorista };
}
