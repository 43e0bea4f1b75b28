import { and, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client.server';
import { cliente, endereco, usuario, usuarioPapel } from '@db/schema';
import { ErroHttp } from '~/utils/errors';
import { zerarTentativas } from './limite.server';
import { revogarSessoesDoUsuario, type AvisoDeSessoes } from './login.server';
import { PAPEIS_INTERNOS, PAPEL_CLIENTE } from '~/modules/dominio/papeis';
import { hashSenha } from './senha.server';
import { emailSchema, senhaNovaSchema } from './validacao';
import { normalizarCnpj } from '~/modules/dominio/documentos-br';

/** Every role a staff screen can grant: the internal ones and the base customer role. */
export const PAPEIS_CONHECIDOS = [...Object.values(PAPEIS_INTERNOS), PAPEL_CLIENTE];

const uidSchema = z.uuid({ error: 'Usuário não encontrado' });
const visivelNaMarca = (hotsiteId: number) => or(isNull(usuario.hotsiteId), eq(usuario.hotsiteId, hotsiteId));

/** /admin/usuarios: staff (platform-wide) and, when asked, this brand's client logins. */
export async function listarUsuarios({
  db,
  hotsiteId,
  busca,
  incluirClientes = false,
}: {
  db: Db;
  hotsiteId: number;
  busca?: string;
  incluirClientes?: boolean;
}) {
  const termo = busca?.trim() ? `%${busca.trim().replace(/[%_]/g, '')}%` : null;
  const linhas = await db
    .select({
      id: usuario.id,
      uid: usuario.uid,
      nome: usuario.nome,
      email: usuario.email,
      hotsiteId: usuario.hotsiteId,
      bloqueado: usuario.bloqueado,
      twoFactorHabilitado: usuario.twoFactorHabilitado,
      twoFactorBloqueado: usuario.twoFactorBloqueado,
      papeis: sql<string[]>`coalesce(array_agg(${usuarioPapel.papel}) filter (where ${usuarioPapel.papel} is not null), '{}')`,
    })
    .from(usuario)
    .leftJoin(usuarioPapel, eq(usuarioPapel.usuarioId, usuario.id))
    .where(
      and(
        incluirClientes ? visivelNaMarca(hotsiteId) : isNull(usuario.hotsiteId),
        termo ? or(ilike(usuario.nome, termo), ilike(usuario.email, termo)) : undefined,
      ),
    )
    .groupBy(usuario.id)
    .orderBy(usuario.nome)
    .limit(200);
  return linhas;
}

export async function obterUsuario({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  const id = uidSchema.safeParse(uid);
  if (!id.success) return null;
  const [u] = await db
    .select()
    .from(usuario)
    .where(and(eq(usuario.uid, id.data), visivelNaMarca(hotsiteId)));
  if (!u) return null;
  const papeis = (await db.select({ papel: usuarioPapel.papel }).from(usuarioPapel).where(eq(usuarioPapel.usuarioId, u.id))).map(
    (p) => p.papel,
  );
  const { senhaHash: _s, twoFactorSegredo: _t, ...resto } = u;
  return { ...resto, papeis };
}

const dadosUsuarioSchema = z.object({
  nome: z.string().trim().min(3, 'Informe o nome'),
  email: emailSchema,
  telefone: z.string().trim().optional(),
  bloqueado: z.preprocess((v) => v === 'on' || v === true, z.boolean()),
  motivoBloqueio: z.string().trim().optional(),
  twoFactorObrigatorio: z.preprocess((v) => v === 'on' || v === true, z.boolean()),
  senha: z.preprocess((v) => (v === '' ? undefined : v), senhaNovaSchema.optional()),
});

/** Staff creates or edits a staff user (general access and registration tabs). */
export async function salvarUsuarioInterno({
  db,
  hub,
  hotsiteId,
  uid,
  entrada,
}: {
  db: Db;
  hub: AvisoDeSessoes;
  hotsiteId: number;
  uid: string | null;
  entrada: unknown;
}) {
  const d = dadosUsuarioSchema.parse(entrada);
  if (d.bloqueado && !d.motivoBloqueio)
    throw new ErroHttp(400, 'Informe o motivo do bloqueio', { motivoBloqueio: ['Informe o motivo do bloqueio'] });
  const valores = {
    nome: d.nome,
    email: d.email,
    telefone: d.telefone || null,
    bloqueado: d.bloqueado,
    motivoBloqueio: d.bloqueado ? d.motivoBloqueio : null,
    twoFactorObrigatorio: d.twoFactorObrigatorio,
    ...(d.senha ? { senhaHash: await hashSenha(d.senha) } : {}),
    updatedAt: new Date(),
  };
  try {
    if (!uid) {
      const [u] = await db
        .insert(usuario)
        .values({ ...valores, hotsiteId: null })
        .returning({ uid: usuario.uid });
      return u;
    }
    const atual = await obterUsuario({ db, hotsiteId, uid });
    if (!atual) throw new ErroHttp(404, 'Usuário não encontrado');
    await db.update(usuario).set(valores).where(eq(usuario.id, atual.id));
    if (d.bloqueado && !atual.bloqueado) await revogarSessoesDoUsuario(db, atual.id, hub);
    return { uid: atual.uid };
  } catch (e) {
    if (
      (e as { code?: string; cause?: { code?: string } }).code === '23505' ||
      (e as { cause?: { code?: string } }).cause?.code === '23505'
    )
      throw new ErroHttp(409, 'Já existe um usuário com este e-mail', { email: ['Já existe um usuário com este e-mail'] });
    throw e;
  }
}

/** Roles and permissions tab: replaces the user's roles with the chosen known ones. */
export async function salvarPapeis({ db, hotsiteId, uid, papeis }: { db: Db; hotsiteId: number; uid: string; papeis: unknown }) {
  const lista = z.array(z.enum(PAPEIS_CONHECIDOS as [string, ...string[]], { error: 'Papel desconhecido' })).parse(papeis);
  const u = await obterUsuario({ db, hotsiteId, uid });
  if (!u) throw new ErroHttp(404, 'Usuário não encontrado');
  await db.transaction(async (tx) => {
    await tx.delete(usuarioPapel).where(eq(usuarioPapel.usuarioId, u.id));
    if (lista.length) await tx.insert(usuarioPapel).values([...new Set(lista)].map((papel) => ({ usuarioId: u.id, papel })));
  });
  return { papeis: lista };
}

/** Copy-permissions dialog: the target gets exactly the source's roles. */
export async function copiarPermissoes({ db, hotsiteId, deUid, paraUid }: { db: Db; hotsiteId: number; deUid: string; paraUid: string }) {
  const origem = await obterUsuario({ db, hotsiteId, uid: deUid });
  if (!origem) throw new ErroHttp(404, 'Usuário de origem não encontrado', { deUid: ['Usuário de origem não encontrado'] });
  return salvarPapeis({ db, hotsiteId, uid: paraUid, papeis: origem.papeis });
}

/** /admin/usuario-bloqueio: users whose two-factor login is blocked. */
export function listarBloqueados2fa({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  return db
    .select({ uid: usuario.uid, nome: usuario.nome, email: usuario.email, hotsiteId: usuario.hotsiteId, updatedAt: usuario.updatedAt })
    .from(usuario)
    .where(and(eq(usuario.twoFactorBloqueado, true), visivelNaMarca(hotsiteId)))
    .orderBy(usuario.nome);
}

/**
 * The 2FA-unblock role clears a blocked user: the secret is dropped so the user registers a new
 * authenticator at the next login (recadastramento).
 */
export async function liberarRecadastramento2fa({ db, hotsiteId, uid }: { db: Db; hotsiteId: number; uid: string }) {
  const u = await obterUsuario({ db, hotsiteId, uid });
  if (!u) throw new ErroHttp(404, 'Usuário não encontrado');
  await db
    .update(usuario)
    .set({
      twoFactorBloqueado: false,
      twoFactorHabilitado: false,
      twoFactorSegredo: null,
      twoFactorUltimoPasso: null,
      updatedAt: new Date(),
    })
    .where(eq(usuario.id, u.id));
  await zerarTentativas(db, { limite: 'codigo2fa', chave: String(u.id) });
  return { mensagem: 'Recadastramento do 2FA liberado' };
}

/** /admin/clientes of this brand. */
export async function listarClientes({ db, hotsiteId, busca }: { db: Db; hotsiteId: number; busca?: string }) {
  const termo = busca?.trim() ? `%${busca.trim().replace(/[%_]/g, '')}%` : null;
  const digitos = busca?.replace(/\D/g, '') ?? '';
  // A CNPJ is stored as its 14 characters, which may include letters (documentos-br.ts).
  const cnpj = normalizarCnpj(busca ?? '');
  return db
    .select({
      id: cliente.id,
      uid: cliente.uid,
      nome: cliente.nome,
      email: cliente.email,
      cpf: cliente.cpf,
      cnpj: cliente.cnpj,
      situacao: cliente.situacao,
      documentoSituacao: cliente.documentoSituacao,
      dataCadastro: cliente.dataCadastro,
      cidade: endereco.cidade,
      estadoSigla: endereco.estadoSigla,
    })
    .from(cliente)
    .leftJoin(endereco, eq(endereco.clienteId, cliente.id))
    .where(
      and(
        eq(cliente.hotsiteId, hotsiteId),
        termo
          ? or(
              ilike(cliente.nome, termo),
              ilike(cliente.email, termo),
              digitos.length >= 3 ? ilike(cliente.cpf, `%${digitos}%`) : undefined,
              cnpj.length >= 3 && /\d/.test(cnpj) ? ilike(cliente.cnpj, `%${cnpj}%`) : undefined,
            )
          : undefined,
      ),
    )
    .orderBy(desc(cliente.id))
    .limit(200);
}

export async function obterClienteAdmin({ db, hotsiteId, id }: { db: Db; hotsiteId: number; id: string }) {
  if (!/^\d{1,9}$/.test(id)) return null;
  const [linha] = await db
    .select({ cliente, endereco, usuario: { uid: usuario.uid, bloqueado: usuario.bloqueado } })
    .from(cliente)
    .innerJoin(usuario, eq(usuario.id, cliente.usuarioId))
    .leftJoin(endereco, eq(endereco.clienteId, cliente.id))
    .where(and(eq(cliente.id, Number(id)), eq(cliente.hotsiteId, hotsiteId)));
  return linha ? { ...linha.cliente, endereco: linha.endereco, usuario: linha.usuario } : null;
}

/** Block (with motivoBloqueio) or unblock a client: the login is blocked and its sessions end. */
export async function bloquearCliente({
  db,
  hub,
  hotsiteId,
  id,
  bloquear,
  motivoBloqueio,
}: {
  db: Db;
  hub: AvisoDeSessoes;
  hotsiteId: number;
  id: number;
  bloquear: boolean;
  motivoBloqueio?: string;
}) {
  const motivo = motivoBloqueio?.trim();
  if (bloquear && !motivo) throw new ErroHttp(400, 'Informe o motivo do bloqueio', { motivoBloqueio: ['Informe o motivo do bloqueio'] });
  const [c] = await db
    .update(cliente)
    .set({ situacao: bloquear ? 'Bloqueado' : 'Ativo', motivoBloqueio: bloquear ? motivo : null, updatedAt: new Date() })
    .where(and(eq(cliente.id, id), eq(cliente.hotsiteId, hotsiteId)))
    .returning({ usuarioId: cliente.usuarioId });
  if (!c) throw new ErroHttp(404, 'Cliente não encontrado');
  await db
    .update(usuario)
    .set({ bloqueado: bloquear, motivoBloqueio: bloquear ? motivo : null })
    .where(eq(usuario.id, c.usuarioId));
  if (bloquear) await revogarSessoesDoUsuario(db, c.usuarioId, hub);
  return { mensagem: bloquear ? 'Cliente bloqueado' : 'Cliente desbloqueado' };
}
