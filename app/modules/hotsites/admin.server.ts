import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import { z } from 'zod';
import { idSchema } from '~/utils/id';
import type { Db } from '@db/client.server';
import { hotsite, usuario, usuarioHotsite, usuarioPapel } from '@db/schema';
import { paginasDoTemplate } from './paginas-do-template';
import { PAPEIS_INTERNOS } from '~/modules/dominio/papeis';
import { ErroHttp, naoEncontrado } from '~/utils/errors';
import { hotsiteInputSchema, type HotsiteInput } from './hotsite-input.schema';
import { onboardHotsite, salvarArquivo } from './onboard.server';
import { registrarAlteracao } from '~/modules/identidade/permissoes-marca.server';
import { slug } from '~/utils/texto';

/** Every stored field except the server-only DNS credentials. */
export type HotsiteAdmin = Omit<typeof hotsite.$inferSelect, 'dnsCredenciais'>;

function semSegredos(linha: typeof hotsite.$inferSelect): HotsiteAdmin {
  const { dnsCredenciais: _omitido, ...resto } = linha;
  return resto;
}

export async function listarHotsites({ db, ids }: { db: Db; ids: number[] | 'todas' }) {
  if (ids !== 'todas' && ids.length === 0) return [];
  const linhas = await db
    .select()
    .from(hotsite)
    .where(ids === 'todas' ? undefined : inArray(hotsite.id, ids))
    .orderBy(asc(hotsite.id));
  return linhas.map(semSegredos);
}

export async function buscarHotsiteAdmin({ db, hotsiteId }: { db: Db; hotsiteId: number }): Promise<HotsiteAdmin> {
  const [linha] = await db.select().from(hotsite).where(eq(hotsite.id, hotsiteId));
  if (!linha) throw naoEncontrado('Hotsite não encontrado');
  return semSegredos(linha);
}

/** Domain and subdomain answer for one brand only: refused with 409 before the unique index would 500. */
async function conferirEnderecosLivres(db: Db, dados: Pick<HotsiteInput, 'domain' | 'subdomain'>, excetoId?: number) {
  const conflitos = [
    dados.domain ? eq(hotsite.domain, dados.domain) : undefined,
    dados.subdomain ? eq(hotsite.subdomain, dados.subdomain) : undefined,
  ].filter(Boolean);
  if (!conflitos.length) return;
  const [outro] = await db
    .select({ id: hotsite.id, domain: hotsite.domain, subdomain: hotsite.subdomain })
    .from(hotsite)
    .where(and(or(...conflitos), excetoId ? ne(hotsite.id, excetoId) : undefined))
    .limit(1);
  if (!outro) return;
  if (dados.domain && outro.domain === dados.domain)
    throw new ErroHttp(409, 'Domínio já usado por outra marca', { domain: ['Domínio já usado por outra marca'] });
  throw new ErroHttp(409, 'Subdomínio já usado por outra marca', { subdomain: ['Subdomínio já usado por outra marca'] });
}

function chaveDoNome(nome: string) {
  return slug(nome).slice(0, 40) || 'marca';
}

async function chaveLivre(db: Db, base: string) {
  for (let n = 1; ; n++) {
    const chave = n === 1 ? base : `${base}-${n}`;
    const [existe] = await db.select({ id: hotsite.id }).from(hotsite).where(eq(hotsite.chave, chave));
    if (!existe) return chave;
  }
}

/**
 * A new brand from the operator's input: its fields plus a page for every content key from
 * tenants/_template. Answers the id. The caller publishes hotsite-alterado after this returns.
 */
export async function criarHotsite({ db, entrada, usuarioId }: { db: Db; entrada: unknown; usuarioId: number | null }) {
  const { id: _ignorado, ...dados } = hotsiteInputSchema.parse(entrada);
  await conferirEnderecosLivres(db, dados);
  const chave = await chaveLivre(db, dados.subdomain ?? chaveDoNome(dados.nome));
  const { id } = await onboardHotsite(db, {
    chave,
    dados: { ...dados, id: null },
    paginas: paginasDoTemplate(dados.nome, dados.tipo),
    usuarioId,
  });
  await registrarAlteracao(db, { hotsiteId: id, usuarioId, entidade: 'hotsite', entidadeId: id, acao: 'criou' });
  return { id };
}

export async function atualizarHotsite({
  db,
  hotsiteId,
  entrada,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  entrada: unknown;
  usuarioId: number | null;
}) {
  const { id: _ignorado, ...dados } = hotsiteInputSchema.parse(entrada);
  await buscarHotsiteAdmin({ db, hotsiteId });
  await conferirEnderecosLivres(db, dados, hotsiteId);
  await db.transaction(async (tx) => {
    await tx
      .update(hotsite)
      .set({ ...dados, updatedBy: usuarioId, updatedAt: new Date() })
      .where(eq(hotsite.id, hotsiteId));
    await registrarAlteracao(tx, { hotsiteId, usuarioId, entidade: 'hotsite', entidadeId: hotsiteId, acao: 'alterou' });
  });
  return { id: hotsiteId };
}

// ── Logo and favicon: the real type is read from the bytes, never trusted from the upload. ──

export const TIPOS_IMAGEM = ['image/png', 'image/jpeg', 'image/webp', 'image/x-icon'] as const;
export const LIMITES_ARQUIVO = { logo: 1_000_000, favicon: 200_000, imagem: 2_000_000 } as const;
export type TipoArquivo = keyof typeof LIMITES_ARQUIVO;

/**
 * Checks an uploaded image by its magic bytes (file-type) and size, and answers its real MIME type.
 * SVG is refused from uploads: it can carry scripts and file-type cannot vouch for it.
 */
export async function conferirImagem(conteudo: Buffer, tipo: TipoArquivo): Promise<(typeof TIPOS_IMAGEM)[number]> {
  if (conteudo.length === 0) throw new ErroHttp(400, 'Arquivo vazio');
  const limite = LIMITES_ARQUIVO[tipo];
  if (conteudo.length > limite) throw new ErroHttp(413, `Arquivo muito grande: o limite é ${limite / 1000} kB`);
  const { fileTypeFromBuffer } = await import('file-type');
  const detectado = await fileTypeFromBuffer(conteudo);
  const mime = detectado?.mime as string | undefined;
  if (!mime || !(TIPOS_IMAGEM as readonly string[]).includes(mime)) {
    throw new ErroHttp(415, 'Formato de imagem não aceito: envie PNG, JPEG, WebP ou ICO');
  }
  return mime as (typeof TIPOS_IMAGEM)[number];
}

/** Stores a checked image for a brand; logo/favicon also become the brand's own. Answers its path. */
export async function enviarImagem({
  db,
  hotsiteId,
  tipo,
  nome,
  conteudo,
  usuarioId,
}: {
  db: Db;
  hotsiteId: number;
  tipo: TipoArquivo;
  nome: string;
  conteudo: Buffer;
  usuarioId: number | null;
}) {
  const contentType = await conferirImagem(conteudo, tipo);
  return db.transaction(async (tx) => {
    const caminho = await salvarArquivo(tx, hotsiteId, { nome: nome.slice(0, 120) || tipo, contentType, conteudo });
    if (tipo !== 'imagem') {
      await tx
        .update(hotsite)
        .set({ [tipo]: caminho, updatedBy: usuarioId, updatedAt: new Date() })
        .where(eq(hotsite.id, hotsiteId));
      await registrarAlteracao(tx, {
        hotsiteId,
        usuarioId,
        entidade: 'hotsite',
        entidadeId: hotsiteId,
        acao: 'alterou',
        detalhes: { [tipo]: caminho },
      });
    }
    return caminho;
  });
}

// ── MKT assignments ──

export async function listarEditoresMkt({ db, hotsiteId }: { db: Db; hotsiteId: number }) {
  const todos = await db
    .select({ id: usuario.id, nome: usuario.nome, email: usuario.email })
    .from(usuario)
    .innerJoin(usuarioPapel, eq(usuarioPapel.usuarioId, usuario.id))
    .where(eq(usuarioPapel.papel, PAPEIS_INTERNOS.MKT))
    .orderBy(asc(usuario.nome));
  const atribuidos = new Set(
    (await db.select({ id: usuarioHotsite.usuarioId }).from(usuarioHotsite).where(eq(usuarioHotsite.hotsiteId, hotsiteId))).map(
      (l) => l.id,
    ),
  );
  return todos.map((u) => ({ ...u, atribuido: atribuidos.has(u.id) }));
}

const atribuicaoSchema = z.object({ usuarioId: idSchema('Usuário inválido'), atribuir: z.boolean() });

/** ADM only (checked by the caller): give or take a MKT user's right to edit this brand. */
export async function atribuirMkt({
  db,
  hotsiteId,
  entrada,
  porUsuarioId,
}: {
  db: Db;
  hotsiteId: number;
  entrada: unknown;
  porUsuarioId: number;
}) {
  const { usuarioId, atribuir } = atribuicaoSchema.parse(entrada);
  const [ehMkt] = await db
    .select({ id: usuarioPapel.usuarioId })
    .from(usuarioPapel)
    .where(and(eq(usuarioPapel.usuarioId, usuarioId), eq(usuarioPapel.papel, PAPEIS_INTERNOS.MKT)));
  if (!ehMkt) throw new ErroHttp(400, 'O usuário não tem o papel Interno - MKT');
  await db.transaction(async (tx) => {
    if (atribuir) await tx.insert(usuarioHotsite).values({ usuarioId, hotsiteId, createdBy: porUsuarioId }).onConflictDoNothing();
    else await tx.delete(usuarioHotsite).where(and(eq(usuarioHotsite.usuarioId, usuarioId), eq(usuarioHotsite.hotsiteId, hotsiteId)));
    await registrarAlteracao(tx, {
      hotsiteId,
      usuarioId: porUsuarioId,
      entidade: 'usuario-hotsite',
      entidadeId: usuarioId,
      acao: atribuir ? 'atribuiu' : 'removeu',
    });
  });
}
